package puzzle

import (
	"context"
	"errors"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/pageturn"
)

// The prover answers one question: can the side to move (the solver) force a
// win, the king's escape or its capture (or the opponent left without a legal
// move, as the rules say), within k of its own moves, against every defence?
// It is a plain AND-OR search: at the solver's nodes one winning move is
// enough, at the defender's nodes every legal move is tried. Nothing is
// pruned that could hide a defence; the speed comes from sound means only:
//
//   - A table keyed by the Zobrist hash holds, per position with the solver
//     to move, the smallest k proven to win and the largest k proven to fail
//     (a win within k is a win within k+1, a failure within k a failure
//     within k-1), for the game with repetition left out.
//   - Repetition is put back exactly: a draw by repetition only ever takes a
//     win away from the solver (the solver needs a win; a defender may use the
//     draw), so a failure without repetition is a failure with it. And a win
//     without repetition is a win with it when no position of the history can
//     come back within the moves left: the strategy that always takes the
//     fastest win never repeats a position of its own line (the distance to
//     the win falls at every ply), so only the history before the node could
//     repeat, and reachable tells when none can. Only where one can is the
//     node searched again move by move against the real history (winReal).
//   - Cheap move ordering: at the solver's nodes the king's moves (White) or
//     moves next to the king (Black) and the move that won in a sibling first;
//     at the defender's nodes the move that refuted in a sibling, then blocks
//     on the king's lines or king moves. Order changes speed, never results.

// errBudget is returned when a search ran out of its node budget.
var errBudget = errors.New("puzzle: node budget exhausted")

// ttEntry bounds what is known of one position with the solver to move: won
// within win moves (0: not known to win), and no win within fail moves.
type ttEntry struct{ win, fail int8 }

// prover holds one search's state. It is not safe for concurrent use.
type prover struct {
	ctx     context.Context
	tt      map[uint64]ttEntry
	nodes   int64
	budget  int64 // 0 = none
	err     error
	killers [2][maxDepth + 1]game.Move // [0]: solver's winning move, [1]: defender's refutation, per k
}

// maxDepth is the deepest win the package handles (the puzzles' 1..5).
const maxDepth = 5

func newProver(ctx context.Context, budget int64) *prover {
	if ctx == nil {
		ctx = context.Background()
	}
	return &prover{ctx: ctx, tt: make(map[uint64]ttEntry, 1<<12), budget: budget}
}

// tick counts a node and checks, every few thousand nodes, the context and the
// budget. Once stopped, every answer is false and nothing is stored.
func (pr *prover) tick() bool {
	pr.nodes++
	if pr.err != nil {
		return false
	}
	if pr.budget > 0 && pr.nodes > pr.budget {
		pr.err = errBudget
		return false
	}
	if pr.nodes&4095 == 0 {
		// In a browser the proof runs on the page's one thread, which Go
		// does not pre-empt: the page gets its turn here (package pageturn;
		// nothing elsewhere).
		pageturn.Give()
		if err := pr.ctx.Err(); err != nil {
			pr.err = err
			return false
		}
	}
	return true
}

// solverWon reports whether the position after the solver's move is won for
// the solver: the game says so, or the defender has no legal move left.
func solverWon(q *game.Position, solver game.Color) bool {
	switch q.Status() {
	case game.WinFor(solver):
		return true
	case game.Ongoing:
		return !hasMove(q)
	}
	return false
}

// hasMove reports whether the side to move in q has a legal move. A piece
// with an empty neighbour that is neither the throne nor a camp can always
// step there, which answers at once in almost every position; the move
// generator decides the rest.
func hasMove(q *game.Position) bool {
	side := q.SideToMove()
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := q.At(s)
		if pc == game.Empty || pc.Color() != side {
			continue
		}
		for _, t := range neighbours[s] {
			if t != game.NoSquare && q.At(t) == game.Empty && t != game.Throne && !game.IsCamp(t) {
				return true
			}
		}
	}
	var buf [game.MaxMoves]game.Move
	return len(q.GenerateMoves(buf[:0])) > 0
}

// neighbours[s] lists the up to four squares next to s (NoSquare off the board).
var neighbours [game.NumSquares][4]game.Square

func init() {
	for s := game.Square(0); s < game.NumSquares; s++ {
		f, r := s.File(), s.Rank()
		n := [4]game.Square{game.NoSquare, game.NoSquare, game.NoSquare, game.NoSquare}
		if r < 8 {
			n[0] = s + 9
		}
		if r > 0 {
			n[1] = s - 9
		}
		if f < 8 {
			n[2] = s + 1
		}
		if f > 0 {
			n[3] = s - 1
		}
		neighbours[s] = n
	}
}

// adjacent reports whether squares a and b touch along a rank or file.
func adjacent(a, b game.Square) bool {
	for _, n := range neighbours[a] {
		if n == b {
			return true
		}
	}
	return false
}

// winsNow reports whether the solver, to move in p, wins with one move, and
// returns such a move.
func winsNow(p *game.Position) (game.Move, bool) {
	solver := p.SideToMove()
	var buf [game.MaxMoves]game.Move
	moves := p.GenerateMoves(buf[:0])
	k := p.King()
	// The moves that can end the game by the rules themselves first.
	for _, m := range moves {
		if solver == game.White && m.From() != k || solver == game.Black && !adjacent(m.To(), k) {
			continue
		}
		q := *p
		q.Make(m)
		if q.Status() == game.WinFor(solver) {
			return m, true
		}
	}
	// Then a move that leaves the defender without a legal move.
	if defenderMayBeStuck(p) {
		for _, m := range moves {
			q := *p
			q.Make(m)
			if q.Status() == game.Ongoing && !hasMove(&q) {
				return m, true
			}
		}
	}
	return game.NoMove, false
}

// defenderMayBeStuck reports whether one move of the side to move in p could
// leave the other side without a legal move. It answers no when two of the
// other side's pieces each have a free neighbour square (empty, neither throne
// nor camp) and no single move can both fill or capture around the first and
// around the second: a move fills one square and captures only next to it.
func defenderMayBeStuck(p *game.Position) bool {
	def := p.SideToMove().Other()
	type pair struct{ piece, free game.Square }
	var found []pair
	kills := func(x pair, to game.Square) bool { return to == x.free || adjacent(to, x.piece) }
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := p.At(s)
		if pc == game.Empty || pc.Color() != def {
			continue
		}
		for _, t := range neighbours[s] {
			if t == game.NoSquare || p.At(t) != game.Empty || t == game.Throne || game.IsCamp(t) {
				continue
			}
			x := pair{s, t}
			for _, y := range found {
				// Some square kills both only if it is y's or x's free
				// square or next to both pieces; check every candidate.
				both := false
				for to := game.Square(0); to < game.NumSquares && !both; to++ {
					both = kills(x, to) && kills(y, to)
				}
				if !both {
					return false
				}
			}
			found = append(found, x)
			if len(found) > 6 {
				break
			}
		}
	}
	return true
}

// win1 reports whether the solver, to move in p, forces a win within k of its
// moves in the game without repetition (see the file comment).
func (pr *prover) win1(p *game.Position, k int) bool {
	if !pr.tick() {
		return false
	}
	h := p.Hash()
	e := pr.tt[h]
	if e.win > 0 && int(e.win) <= k {
		return true
	}
	if int(e.fail) >= k {
		return false
	}
	if e.fail < 1 {
		if _, ok := winsNow(p); ok {
			e.win = 1
			pr.tt[h] = e
			return true
		}
		e.fail = 1
	}
	won := k > 1 && pr.winBySearch(p, k)
	if pr.err != nil {
		return false
	}
	if won {
		// The exact distance may be shorter; k is an upper bound.
		if e.win == 0 || int(e.win) > k {
			e.win = int8(k)
		}
	} else if int(e.fail) < k {
		e.fail = int8(k)
	}
	pr.tt[h] = e
	return won
}

// winBySearch tries the solver's moves in p (k >= 2, no win in one).
func (pr *prover) winBySearch(p *game.Position, k int) bool {
	var buf [game.MaxMoves]game.Move
	moves := orderSolver(p, p.GenerateMoves(buf[:0]), pr.killers[0][k])
	for _, m := range moves {
		q := *p
		q.Make(m)
		if pr.defended(&q, k-1) {
			if pr.err == nil {
				pr.killers[0][k] = m
				return true
			}
			return false
		}
		if pr.err != nil {
			return false
		}
	}
	return false
}

// defended reports whether the solver wins within k more moves against every
// defence in q (the defender to move), without repetition.
func (pr *prover) defended(q *game.Position, k int) bool {
	if !pr.tick() {
		return false
	}
	var buf [game.MaxMoves]game.Move
	moves := q.GenerateMoves(buf[:0])
	if len(moves) == 0 {
		return true // the defender cannot move and loses
	}
	moves = orderDefender(q, moves, pr.killers[1][k])
	for _, d := range moves {
		r := *q
		r.Make(d)
		if r.Status() != game.Ongoing {
			return false // the defender won (escape or capture)
		}
		if !pr.win1(&r, k) {
			if pr.err == nil {
				pr.killers[1][k] = d
			}
			return false
		}
	}
	return pr.err == nil
}

// orderSolver puts first, in place, the killer, then the moves most likely to
// win: the king's moves for White, moves landing next to the king for Black.
func orderSolver(p *game.Position, moves []game.Move, killer game.Move) []game.Move {
	k := p.King()
	white := p.SideToMove() == game.White
	score := func(m game.Move) int {
		switch {
		case m == killer:
			return 3
		case white && m.From() == k, !white && adjacent(m.To(), k):
			return 2
		case sameLine(m.To(), k):
			return 1
		}
		return 0
	}
	return bucketSort(moves, score)
}

// orderDefender puts first the killer, then the moves most likely to stop the
// solver: Black's blocks on the king's rank or file, White's king moves and
// moves next to the king.
func orderDefender(q *game.Position, moves []game.Move, killer game.Move) []game.Move {
	k := q.King()
	white := q.SideToMove() == game.White
	score := func(m game.Move) int {
		switch {
		case m == killer:
			return 3
		case white && m.From() == k, !white && sameLine(m.To(), k):
			return 2
		case adjacent(m.To(), k) || adjacent(m.From(), k):
			return 1
		}
		return 0
	}
	return bucketSort(moves, score)
}

// bucketSort orders moves by score 3..0, stable within a score, in place.
func bucketSort(moves []game.Move, score func(game.Move) int) []game.Move {
	var tmp [game.MaxMoves]game.Move
	var sc [game.MaxMoves]int8
	for i, m := range moves {
		sc[i] = int8(score(m))
	}
	n := 0
	for want := int8(3); want >= 0; want-- {
		for i, m := range moves {
			if sc[i] == want {
				tmp[n] = m
				n++
			}
		}
	}
	copy(moves, tmp[:n])
	return moves
}

// sameLine reports whether a and b share a rank or a file.
func sameLine(a, b game.Square) bool {
	return b != game.NoSquare && (a.File() == b.File() || a.Rank() == b.Rank())
}

// history is the list of positions since the last capture that a position
// could repeat, oldest first, the current position not included.
type history []game.Position

// repeats reports whether q occurred in h.
func (h history) repeats(q *game.Position) bool {
	for i := range h {
		if h[i].Hash() == q.Hash() && h[i] == *q {
			return true
		}
	}
	return false
}

// after returns the history after a move from p that captured c pieces: a
// capture forgets everything before it.
func (h history) after(p *game.Position, c int) history {
	if c > 0 {
		return nil
	}
	out := make(history, len(h), len(h)+1)
	copy(out, h)
	return append(out, *p)
}

// reachable reports whether some position of h could occur again within plies
// more plies from p (p's side to move first, no capture on the way: a capture
// makes every earlier position unreachable anyway). A move of one side puts at
// most one of its pieces back on a square it held, so a side with d pieces
// away from an old position needs d moves to get back there.
func (h history) reachable(p *game.Position, plies int) bool {
	for i := range h {
		old := &h[i]
		var away [2]int
		for s := game.Square(0); s < game.NumSquares; s++ {
			if pc := old.At(s); pc != game.Empty && p.At(s) != pc {
				away[pc.Color()]++
			}
		}
		mover := p.SideToMove()
		for j := 1; j <= plies; j++ {
			// After j plies the side to move must be old's.
			if (j%2 == 1) != (old.SideToMove() != mover) {
				continue
			}
			moverMoves, otherMoves := (j+1)/2, j/2
			if away[mover] <= moverMoves && away[mover.Other()] <= otherMoves {
				return true
			}
		}
	}
	return false
}

// winReal reports whether the solver, to move in p, forces a win within k
// moves under the real rules, with h the positions since the last capture
// before p.
func (pr *prover) winReal(p *game.Position, k int, h history) bool {
	if !pr.win1(p, k) {
		return false
	}
	if !h.reachable(p, 2*k-1) {
		return true
	}
	solver := p.SideToMove()
	var buf [game.MaxMoves]game.Move
	for _, m := range orderSolver(p, p.GenerateMoves(buf[:0]), game.NoMove) {
		q := *p
		c := q.Make(m)
		if solverWon(&q, solver) {
			return true
		}
		h2 := h.after(p, c)
		if k == 1 || h2.repeats(&q) {
			continue
		}
		if pr.defendedReal(&q, k-1, h2) {
			return pr.err == nil
		}
		if pr.err != nil {
			return false
		}
	}
	return false
}

// defendedReal is defended under the real rules with history h before q.
func (pr *prover) defendedReal(q *game.Position, k int, h history) bool {
	if !pr.tick() {
		return false
	}
	var buf [game.MaxMoves]game.Move
	moves := q.GenerateMoves(buf[:0])
	if len(moves) == 0 {
		return true
	}
	for _, d := range orderDefender(q, moves, game.NoMove) {
		r := *q
		c := r.Make(d)
		if r.Status() != game.Ongoing {
			return false
		}
		h2 := h.after(q, c)
		if h2.repeats(&r) || !pr.winReal(&r, k, h2) {
			return false
		}
	}
	return pr.err == nil
}

// shortest returns the smallest k <= n with which the solver, to move in p,
// wins under the real rules, or 0 when it does not win within n.
func (pr *prover) shortest(p *game.Position, n int, h history) int {
	for k := 1; k <= n; k++ {
		if pr.winReal(p, k, h) {
			return k
		}
		if pr.err != nil {
			return 0
		}
	}
	return 0
}

// moveWins reports whether the solver's move m from p wins within k moves
// (counting m) under the real rules.
func (pr *prover) moveWins(p *game.Position, m game.Move, k int, h history) bool {
	q := *p
	c := q.Make(m)
	if solverWon(&q, p.SideToMove()) {
		return true
	}
	h2 := h.after(p, c)
	if k == 1 || h2.repeats(&q) {
		return false
	}
	return pr.defendedReal(&q, k-1, h2)
}

// defenceLength returns, for the defence d in q (the defender to move, the
// solver having k moves left), how many moves the solver then needs at
// least: 0 when d itself ends the game or repeats (the solver does not win),
// k+1 when the solver does not win within k.
func (pr *prover) defenceLength(q *game.Position, d game.Move, k int, h history) int {
	r := *q
	c := r.Make(d)
	if r.Status() != game.Ongoing {
		return k + 1
	}
	h2 := h.after(q, c)
	if h2.repeats(&r) {
		return k + 1
	}
	if s := pr.shortest(&r, k, h2); s > 0 {
		return s
	}
	return k + 1
}
