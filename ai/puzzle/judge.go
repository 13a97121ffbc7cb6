package puzzle

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/tablut-ai/tablut/game"
)

// ErrBudget is returned by Solve when the proof needs more nodes than its
// budget allowed.
var ErrBudget = errBudget

// Verdict is what a solver's move does at one step of a puzzle (Judge).
type Verdict struct {
	Wins  bool      // m wins in at most n solver moves against every defence
	Final bool      // m ends the game at once (king escape or capture)
	Reply game.Move // when Wins && !Final: the longest defence (the engine plays it)
	// Others is how many other solver moves also win in n at this step
	// (0 at a unique step).
	Others int
	// Refute, when !Wins: a defence showing what m allows, the defender's
	// answer first (empty when m itself draws by repetition, or when the
	// puzzle's last move simply fails to end the game and the defender has no
	// win of its own to show).
	Refute []game.Move
	Why    string // when !Wins: one sentence for people
	// Needs, when Wins: the solver moves m needs at most against the best
	// defence, m included (1 when Final; at most n).
	Needs int
}

// Judge says what the solver's move m does at a step of a puzzle: g is the
// puzzle's game from its Start (its history counts for repetition: a repeated
// position is a draw, so a successful defence), the solver to move, with n
// solver moves left (n >= 1, including m). The search is exhaustive; ctx
// cancels it; g is not changed.
func Judge(ctx context.Context, g *game.Game, m game.Move, n int) (Verdict, error) {
	if g.Outcome() != game.Ongoing {
		return Verdict{}, errors.New("puzzle: the game is over, there is no move to judge")
	}
	if n < 1 || n > maxDepth {
		return Verdict{}, fmt.Errorf("puzzle: %d moves left is out of range 1..%d", n, maxDepth)
	}
	p := g.Position()
	if !p.IsLegal(m) {
		return Verdict{}, fmt.Errorf("puzzle: %v is not a legal move for %v here", m, p.SideToMove())
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if err := ctx.Err(); err != nil {
		return Verdict{}, err
	}
	h := gameHistory(g)
	pr := newProver(ctx, 0)
	v := judge(pr, &p, m, n, h)
	if pr.err != nil {
		return Verdict{}, pr.err
	}
	return v, nil
}

// gameHistory returns the positions of g since its last capture, the current
// one left out.
func gameHistory(g *game.Game) history {
	first := 0
	for i := g.Ply() - 1; i >= 0; i-- {
		if g.Captures(i) > 0 {
			first = i + 1
			break
		}
	}
	var h history
	for i := first; i < g.Ply(); i++ {
		h = append(h, g.PositionAt(i))
	}
	return h
}

func judge(pr *prover, p *game.Position, m game.Move, n int, h history) Verdict {
	var v Verdict
	solver := p.SideToMove()
	for _, o := range legalMoves(p) {
		if o != m && pr.moveWins(p, o, n, h) {
			v.Others++
		}
	}
	q := *p
	c := q.Make(m)
	if solverWon(&q, solver) {
		v.Wins, v.Final, v.Needs = true, true, 1
		return v
	}
	h2 := h.after(p, c)
	if h2.repeats(&q) {
		v.Why = fmt.Sprintf("%v repeats an earlier position: a draw.", m)
		return v
	}
	if n > 1 && pr.defendedReal(&q, n-1, h2) {
		v.Wins = true
		v.Reply, v.Needs = longestDefence(pr, &q, n-1, h2)
		v.Needs++
		return v
	}
	if pr.err != nil {
		return v
	}
	d, kind := refutation(pr, &q, n-1, h2)
	defender := solver.Other()
	switch {
	case kind == refWins && solver == game.White:
		v.Refute = []game.Move{d}
		v.Why = fmt.Sprintf("After %v, Black plays %v and captures the king.", m, d)
	case kind == refWins:
		v.Refute = []game.Move{d}
		v.Why = fmt.Sprintf("After %v, White plays %v and the king escapes.", m, d)
	case n == 1 && solver == game.White:
		v.Why = fmt.Sprintf("%v does not win: the king is not on the edge.", m)
	case n == 1:
		v.Why = fmt.Sprintf("%v does not capture the king.", m)
	case kind == refRepeats:
		v.Refute = []game.Move{d}
		v.Why = fmt.Sprintf("After %v, %v plays %v, which repeats an earlier position: a draw.", m, defender, d)
	case solver == game.White:
		v.Refute = []game.Move{d}
		v.Why = fmt.Sprintf("After %v, Black plays %v and the king has no way out in %s.", m, d, moves(n-1))
	default:
		v.Refute = []game.Move{d}
		v.Why = fmt.Sprintf("After %v, White plays %v and the king cannot be captured in %s.", m, d, moves(n-1))
	}
	return v
}

// moves says "1 move" or "n moves".
func moves(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

// legalMoves returns the legal moves of the side to move in p, in the move
// generator's order (the order every choice here breaks ties by).
func legalMoves(p *game.Position) []game.Move {
	return p.GenerateMoves(make([]game.Move, 0, 96))
}

// Kinds of refutation, the most telling first.
const (
	refWins    = iota // the defender wins at once
	refRepeats        // the defender repeats a position: a draw
	refHolds          // the solver has no win in the moves left
	refNone
)

// refutation returns the defender's best answer in q to a solver move that
// does not win within k more solver moves: a win of its own if it has one,
// else a repetition, else the first move (in generator order) after which the
// solver has no win within k.
func refutation(pr *prover, q *game.Position, k int, h history) (game.Move, int) {
	if d, ok := winsNow(q); ok && q.Status() == game.Ongoing {
		r := *q
		r.Make(d)
		if r.Status() != game.Ongoing {
			return d, refWins
		}
	}
	best, kind := game.NoMove, refNone
	for _, d := range legalMoves(q) {
		r := *q
		c := r.Make(d)
		h2 := h.after(q, c)
		switch {
		case h2.repeats(&r):
			if kind > refRepeats {
				best, kind = d, refRepeats
			}
		case kind > refHolds && (k == 0 || !pr.winReal(&r, k, h2)):
			best, kind = d, refHolds
		}
	}
	return best, kind
}

// longestDefence returns the defence in q after which the solver (with at most
// k moves left, and winning against every defence) needs the most moves, and
// that number; ties go to the first in generator order.
func longestDefence(pr *prover, q *game.Position, k int, h history) (game.Move, int) {
	best, most := game.NoMove, 0
	for _, d := range legalMoves(q) {
		if l := pr.defenceLength(q, d, k, h); l > most {
			best, most = d, l
		}
		if pr.err != nil {
			break
		}
	}
	return best, most
}

// Solution is what Solve proved about a position.
type Solution struct {
	// Depth is the fewest solver moves with which the side to move forces a
	// win (0: none within the depth asked).
	Depth int
	// Line is a first winning move, the longest defence, a winning reply, ...:
	// 2*Depth-1 moves.
	Line []game.Move
	// Others[i] counts the other solver moves that also win in Depth-i at the
	// solver's i-th step of Line; Others[0] == 0 means the first move is unique.
	Others []int
	Nodes  int64 // positions the prover visited
}

// Solve proves the shortest forced win of start's side to move within
// maxDepth moves (start taken without history, as a puzzle starts), and the
// line a puzzle plays: at each solver step the first winning move in generator
// order, at each defender step the longest defence. budget bounds the nodes
// (0: none); past it Solve returns ErrBudget.
func Solve(ctx context.Context, start game.Position, maxDepthAsked int, budget int64) (Solution, error) {
	if maxDepthAsked < 1 || maxDepthAsked > maxDepth {
		return Solution{}, fmt.Errorf("puzzle: depth %d is out of range 1..%d", maxDepthAsked, maxDepth)
	}
	if start.Status() != game.Ongoing {
		return Solution{}, errors.New("puzzle: the game is already over in this position")
	}
	pr := newProver(ctx, budget)
	var sol Solution
	d := pr.shortest(&start, maxDepthAsked, nil)
	if pr.err != nil {
		return Solution{Nodes: pr.nodes}, pr.err
	}
	if d == 0 {
		return Solution{Nodes: pr.nodes}, nil
	}
	sol.Depth = d
	p := start
	var h history
	for k := d; k >= 1; k-- {
		var wins []game.Move
		for _, m := range legalMoves(&p) {
			if pr.moveWins(&p, m, k, h) {
				wins = append(wins, m)
			}
		}
		if pr.err != nil {
			return Solution{Nodes: pr.nodes}, pr.err
		}
		if len(wins) == 0 {
			return Solution{Nodes: pr.nodes}, fmt.Errorf("puzzle: internal error: no winning move at %v with %d left", p.String(), k)
		}
		sol.Others = append(sol.Others, len(wins)-1)
		m := wins[0]
		sol.Line = append(sol.Line, m)
		q := p
		c := q.Make(m)
		h = h.after(&p, c)
		if k == 1 {
			break
		}
		reply, _ := longestDefence(pr, &q, k-1, h)
		if pr.err != nil {
			return Solution{Nodes: pr.nodes}, pr.err
		}
		sol.Line = append(sol.Line, reply)
		p = q
		c = p.Make(reply)
		h = h.after(&q, c)
	}
	sol.Nodes = pr.nodes
	return sol, nil
}

// Defence is one defender answer in the proof of a winning solver move, for
// the classroom's proof tree: the tree is shown collapsed, and each defence
// opens on demand (call Defences again after Reply).
type Defence struct {
	Move  game.Move // the defender's answer
	Needs int       // the fewest solver moves that still win after it
	Reply game.Move // the first solver move (in generator order) that wins in Needs
}

// Defences lists every defence to the solver's move m in g, which must win
// within n solver moves (n counting m), the longest first (ties in generator
// order). It is empty when m ends the game at once. Like Judge, it is
// exhaustive, honours g's history and does not change g.
func Defences(ctx context.Context, g *game.Game, m game.Move, n int) ([]Defence, error) {
	v, err := Judge(ctx, g, m, n)
	if err != nil {
		return nil, err
	}
	if !v.Wins {
		return nil, fmt.Errorf("puzzle: %v does not win in %s", m, moves(n))
	}
	if v.Final {
		return nil, nil
	}
	p := g.Position()
	h := gameHistory(g)
	pr := newProver(ctx, 0)
	q := p
	c := q.Make(m)
	h2 := h.after(&p, c)
	var out []Defence
	for _, d := range legalMoves(&q) {
		r := q
		c := r.Make(d)
		h3 := h2.after(&q, c)
		k := pr.shortest(&r, n-1, h3)
		if pr.err != nil {
			return nil, pr.err
		}
		def := Defence{Move: d, Needs: k}
		for _, s := range legalMoves(&r) {
			if pr.moveWins(&r, s, k, h3) {
				def.Reply = s
				break
			}
		}
		out = append(out, def)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Needs > out[j].Needs })
	return out, pr.err
}
