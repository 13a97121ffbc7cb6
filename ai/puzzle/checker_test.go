package puzzle

// The independent checker. It shares no code with the prover (prove.go,
// judge.go): a plain minimax with alpha-beta and nothing else (no table, no
// move ordering, no other pruning), on copies of game.Position, with its own
// repetition list. It re-proves every shipped puzzle: the depth is the
// shortest win, the first move the only one that wins in that many moves,
// each solver move of the line wins in the moves left, each defence of the
// line is a longest one, and the count of other winning moves at each step
// equals the generator's.

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// Values of the checker's minimax, from the solver's side.
const (
	solverFails = 0
	solverWins  = 1
)

// plainSeen is the checker's repetition list: the positions since the last
// capture, the current one last. Each ply pushes one position (a capture
// starts a new list by moving first past the old ones); a return pops it.
type plainSeen struct {
	pos   []game.Position
	first []int // per pushed position: where its list starts
}

// push adds q, reached by a move that captured c pieces.
func (s *plainSeen) push(q game.Position, c int) {
	f := 0
	if n := len(s.first); n > 0 {
		f = s.first[n-1]
	}
	if c > 0 {
		f = len(s.pos)
	}
	s.pos = append(s.pos, q)
	s.first = append(s.first, f)
}

func (s *plainSeen) pop() {
	s.pos = s.pos[:len(s.pos)-1]
	s.first = s.first[:len(s.first)-1]
}

// drawn reports whether the last position stood earlier since the last capture.
func (s *plainSeen) drawn() bool {
	n := len(s.pos) - 1
	for i := s.first[n]; i < n; i++ {
		if s.pos[i] == s.pos[n] {
			return true
		}
	}
	return false
}

// plainSolver is the minimax value with the solver to move in p (the last
// position of s), k solver moves left, searched in the window (alpha, beta).
func plainSolver(p game.Position, s *plainSeen, k, alpha, beta int) int {
	var buf [game.MaxMoves]game.Move
	best := solverFails
	for _, m := range p.GenerateMoves(buf[:0]) {
		q := p
		c := q.Make(m)
		s.push(q, c)
		v := plainDefender(q, s, k, alpha, beta)
		s.pop()
		if v > best {
			best = v
		}
		if best > alpha {
			alpha = best
		}
		if alpha >= beta {
			break
		}
	}
	return best // no legal move: the solver loses
}

// plainDefender is the value after the solver's move (the defender to move in
// q, the last position of s), the solver having had k moves counting the last
// one.
func plainDefender(q game.Position, s *plainSeen, k, alpha, beta int) int {
	solver := q.SideToMove().Other()
	if q.Status() == game.WinFor(solver) {
		return solverWins
	}
	if s.drawn() {
		return solverFails
	}
	if k == 1 {
		if plainCanMove(&q) {
			return solverFails
		}
		return solverWins
	}
	var buf [game.MaxMoves]game.Move
	moves := q.GenerateMoves(buf[:0])
	if len(moves) == 0 {
		return solverWins
	}
	best := solverWins
	for _, d := range moves {
		r := q
		c := r.Make(d)
		s.push(r, c)
		var v int
		switch {
		case r.Status() != game.Ongoing: // the defender escaped or captured
			v = solverFails
		case s.drawn():
			v = solverFails
		default:
			v = plainSolver(r, s, k-1, alpha, beta)
		}
		s.pop()
		if v < best {
			best = v
		}
		if best < beta {
			beta = best
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// plainCanMove reports whether the side to move in q has a legal move: a
// one-square step onto an empty square that is neither the throne nor a camp
// is always legal; failing one, the move generator decides.
func plainCanMove(q *game.Position) bool {
	side := q.SideToMove()
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := q.At(s); pc == game.Empty || pc.Color() != side {
			continue
		}
		f, r := s.File(), s.Rank()
		for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			nf, nr := f+d[0], r+d[1]
			if nf < 0 || nf > 8 || nr < 0 || nr > 8 {
				continue
			}
			n := game.Sq(nf, nr)
			if n != game.Throne && !game.IsCamp(n) && q.At(n) == game.Empty {
				return true
			}
		}
	}
	var buf [game.MaxMoves]game.Move
	return len(q.GenerateMoves(buf[:0])) > 0
}

// plainSeenOf returns the checker's list for the game g.
func plainSeenOf(g *game.Game) *plainSeen {
	s := &plainSeen{}
	for i := 0; i <= g.Ply(); i++ {
		c := 0
		if i > 0 {
			c = g.Captures(i - 1)
		}
		s.push(g.PositionAt(i), c)
	}
	return s
}

// plainWins: the solver, to move in g, wins within k moves (k = 0: never).
func plainWins(g *game.Game, k int) bool {
	if k <= 0 || g.Outcome() != game.Ongoing {
		return false
	}
	return plainSolver(g.Position(), plainSeenOf(g), k, solverFails, solverWins) == solverWins
}

// plainMoveWins: the solver's move m in g wins within k moves (m counted;
// k = 0: never).
func plainMoveWins(g *game.Game, m game.Move, k int) bool {
	if k <= 0 {
		return false
	}
	q := g.Position()
	c := q.Make(m)
	s := plainSeenOf(g)
	s.push(q, c)
	return plainDefender(q, s, k, solverFails, solverWins) == solverWins
}

// checkPuzzle re-proves p with the plain minimax and returns what disagrees.
func checkPuzzle(p Puzzle) error {
	g := game.NewGame(p.Start)
	// The depth is the shortest when the first move does not win in one
	// move fewer: every other move is proven below not to win even in Depth.
	if plainMoveWins(g, p.Line[0], p.Depth-1) {
		return fmt.Errorf("puzzle %d: %v wins in %d, not the shortest", p.ID, p.Line[0], p.Depth-1)
	}
	for step := 0; step < p.Depth; step++ {
		k := p.Depth - step
		m := p.Line[2*step]
		if g.Outcome() != game.Ongoing {
			return fmt.Errorf("puzzle %d step %d: the game is over", p.ID, step)
		}
		others := 0
		for _, o := range g.LegalMoves() {
			if o != m && plainMoveWins(g, o, k) {
				others++
			}
		}
		if !plainMoveWins(g, m, k) {
			return fmt.Errorf("puzzle %d step %d: %v does not win in %d", p.ID, step, m, k)
		}
		if others != p.Others[step] {
			return fmt.Errorf("puzzle %d step %d: %d other winning moves, the puzzle says %d", p.ID, step, others, p.Others[step])
		}
		if err := g.Play(m); err != nil {
			return fmt.Errorf("puzzle %d step %d: %v", p.ID, step, err)
		}
		if k == 1 {
			if w, ok := g.Outcome().Winner(); !ok || w != p.Solver() {
				return fmt.Errorf("puzzle %d: the last move %v does not win", p.ID, m)
			}
			break
		}
		d := p.Line[2*step+1]
		if err := g.Play(d); err != nil {
			return fmt.Errorf("puzzle %d step %d: defence %v: %v", p.ID, step, d, err)
		}
		// The longest defence leaves the solver exactly k-1 moves.
		if !plainWins(g, k-1) || plainWins(g, k-2) {
			return fmt.Errorf("puzzle %d step %d: the defence %v is not a longest one", p.ID, step, d)
		}
	}
	return nil
}

// checkAll checks ps, one puzzle per processor at a time (each search is the
// plain one; only whole puzzles run side by side), reports the time, and
// fails with the errors in ID order.
func checkAll(t *testing.T, ps []Puzzle) {
	t.Helper()
	start := time.Now()
	depths := map[int]int{}
	errs := make([]error, len(ps))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = checkPuzzle(ps[i])
			}
		}()
	}
	for i, p := range ps {
		next <- i
		depths[p.Depth]++
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	t.Logf("the plain minimax re-proved %d puzzles (per depth %v) in %v", len(ps), depths, time.Since(start).Round(time.Millisecond))
}

// TestCheckerRejects: the checker can fail. A position whose first winning
// move is not unique, a line with a defence that gives up too soon, a wrong
// count of other winning moves and a line one move too long are each refused.
func TestCheckerRejects(t *testing.T) {
	// White to move: c2-d2 and three other moves win in 2 (the prover found
	// four; the checker must see more than one).
	notUnique := Puzzle{ID: 1, Depth: 2, Others: []int{0, 0},
		Start: game.MustParsePosition("......B../.W......./..B...W.B/..K....../..W....B./..B.B..../........./....B..../....B.... W")}
	// The position two plies later, after b2-c2 g1-g2.
	for _, m := range []string{"b2-c2", "g1-g2"} {
		mv, _ := game.ParseMove(m)
		notUnique.Start.Make(mv)
	}
	sol := solveForTest(t, notUnique.Start, 3)
	notUnique.Line, notUnique.Depth, notUnique.Others = sol.Line, sol.Depth, append([]int{0}, sol.Others[1:]...)
	if sol.Others[0] == 0 {
		t.Fatalf("the test position's first move became unique: %+v", sol)
	}
	if err := checkPuzzle(notUnique); err == nil {
		t.Error("a puzzle whose first move is not unique passed the checker")
	}

	p := findDepth(t, 3)
	if err := checkPuzzle(p); err != nil {
		t.Fatalf("the unchanged puzzle fails: %v", err)
	}
	wrongCount := p
	wrongCount.Others = append([]int(nil), p.Others...)
	wrongCount.Others[1]++
	if err := checkPuzzle(wrongCount); err == nil {
		t.Error("a wrong count of other winning moves passed the checker")
	}

	// Replace a puzzle's first defence with one after which the solver wins
	// sooner (the rest of the line stays: the checker stops at the defence).
	for _, p := range Shipped() {
		if p.Depth < 2 {
			continue
		}
		g := game.NewGame(p.Start)
		g.Play(p.Line[0])
		for _, d := range g.LegalMoves() {
			g.Play(d)
			quick := g.Outcome() == game.Ongoing && plainWins(g, p.Depth-2)
			g.Undo()
			if !quick {
				continue
			}
			short := p
			short.Line = append([]game.Move(nil), p.Line...)
			short.Line[1] = d
			if err := checkPuzzle(short); err == nil {
				t.Errorf("puzzle %d with the defence %v, which loses sooner, passed the checker", p.ID, d)
			}
			return
		}
	}
	t.Error("no shipped puzzle has a defence that loses sooner")
}

// solveForTest runs the prover on a position (the checker's own tests use it
// only to build their cases).
func solveForTest(t *testing.T, start game.Position, depth int) Solution {
	t.Helper()
	sol, err := Solve(t.Context(), start, depth, 0)
	if err != nil || sol.Depth == 0 {
		t.Fatalf("no solution: %v %+v", err, sol)
	}
	return sol
}

// TestCheckerShipped: the plain minimax agrees with the generator on every
// shipped puzzle. Under the race detector, or with -short, it checks the
// deterministic subset checkerSubset; CI runs the whole set in a step of its
// own without the race detector (.ci/run, "puzzle checker").
func TestCheckerShipped(t *testing.T) {
	ps := Shipped()
	if raceEnabled || testing.Short() {
		ps = checkerSubset(ps)
	}
	checkAll(t, ps)
}

// checkerSubset is every puzzle of depth 1 and 2 and every tenth puzzle of
// depth 3 by ID: the shallow ones cost little, and the depth-4 ones, whose
// uniqueness proofs by plain minimax take seconds to minutes each, are left
// to the whole-set step.
func checkerSubset(ps []Puzzle) []Puzzle {
	var out []Puzzle
	for _, p := range ps {
		if p.Depth <= 2 || p.Depth == 3 && p.ID%10 == 0 {
			out = append(out, p)
		}
	}
	return out
}

// TestProverAgreesWithChecker: on positions of real games, taken with the
// games' own history (so draws by repetition count), the prover and the plain
// minimax give the same verdict for every move at depths 1 and 2, and for the
// position at depth 3.
func TestProverAgreesWithChecker(t *testing.T) {
	files, err := filepath.Glob("../../docs/runs/w2s-champion/game-00[0-9]*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("records: %v", err)
	}
	n := 4
	if raceEnabled || testing.Short() {
		n = 1
	}
	files = files[:min(n, len(files))]
	compared, drawn := 0, 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := game.ReadRecord(fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		moves := g.Moves()
		replay := game.NewGame(g.Start())
		for i, m := range moves {
			// The last plies, where wins are near, and every seventh one.
			if (i >= len(moves)-8 || i%7 == 0) && replay.Outcome() == game.Ongoing {
				p := replay.Position()
				h := gameHistory(replay)
				pr := newProver(t.Context(), 0)
				for k := 1; k <= 2; k++ {
					for _, o := range replay.LegalMoves() {
						if a, b := pr.moveWins(&p, o, k, h), plainMoveWins(replay, o, k); a != b {
							t.Fatalf("%s ply %d, %v in %d: prover %v, checker %v\n%s", f, i, o, k, a, b, p.Diagram())
						}
						compared++
					}
				}
				if a, b := pr.winReal(&p, 3, h), plainWins(replay, 3); a != b {
					t.Fatalf("%s ply %d, win in 3: prover %v, checker %v\n%s", f, i, a, b, p.Diagram())
				}
				for k := 2; k <= 3; k++ {
					if pr.win1(&p, k) && !pr.winReal(&p, k, h) {
						drawn++ // repetition took a win away: the exact path ran
					}
				}
			}
			if err := replay.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d move verdicts agree (%d positions where repetition took a win away)", compared, drawn)
}
