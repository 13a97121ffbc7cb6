package ai

import (
	"github.com/tablut-ai/tablut/game"
)

// rootMove is a root move with the score of its latest search.
type rootMove struct {
	move  game.Move
	score int32
	exact bool // score is exact, not a bound from a null-window search
}

// worker is one search thread with its own stacks and ordering tables.
type worker struct {
	off      Feature
	id       int
	eval     Evaluator
	lazy     BoundedEvaluator // eval, when it can evaluate lazily
	tt       *table
	ctl      *control
	nodes    int64 // nodes not yet flushed to ctl
	total    int64 // nodes of this search
	moves    [maxPly][]game.Move
	scores   [maxPly][]int32
	killers  [maxPly][2]game.Move
	history  historyTable
	pv       [maxPly + 1][maxPly]game.Move
	pvLen    [maxPly + 1]int
	line     []uint64 // hashes since the last capture: game history then search line
	floor    int      // index in line of the first position after the last capture
	floors   [maxPly + 1]int
	root     []rootMove
	depth    int  // the iteration being searched
	abort    bool // another thread completed depth: leave the iteration
	rootSide game.Color
	contempt int32 // a draw's score for rootSide is -contempt
	// rootDone is the root list of the last completed iteration (Info.Root).
	rootDone []RootScore
	// searching holds the positions the threads are searching, shared for
	// deferral (nil: one thread, or deferral off).
	searching *searchingTable
	// deferred[ply] lists the moves (indices in moves[ply]) put off at ply.
	deferred [maxPly][]int
	// deferrals counts the moves put off because another thread was on them
	// (for tests).
	deferrals int64
	// child holds the position after the move being searched at each ply
	// (child[ply+1] below ply): a local copy whose address is passed down
	// the recursion would escape to the heap, an allocation per node.
	child [maxPly + 1]game.Position
	// onNode is Options.OnNode on the main thread (nil elsewhere), for
	// nodes of at least onNodeMin remaining depth.
	onNode    func(Node)
	onNodeMin int
}

func newWorker(id int, eval Evaluator, tt *table) *worker {
	w := &worker{id: id, tt: tt}
	w.setEval(eval)
	for i := range w.moves {
		w.moves[i] = make([]game.Move, 0, game.MaxMoves)
		w.scores[i] = make([]int32, game.MaxMoves)
		w.deferred[i] = make([]int, 0, game.MaxMoves)
	}
	return w
}

// setEval makes eval the worker's evaluator.
func (w *worker) setEval(eval Evaluator) {
	w.eval = eval
	w.lazy, _ = eval.(BoundedEvaluator)
}

// prepare readies a worker for a new search.
func (w *worker) prepare(ctl *control, eval Evaluator, pos *game.Position, history []uint64, root []rootMove, contempt int32) {
	w.ctl = ctl
	w.rootSide, w.contempt = pos.SideToMove(), contempt
	w.depth, w.abort = 0, false
	w.setEval(eval)
	w.nodes, w.total = 0, 0
	w.line = append(w.line[:0], history...)
	if n := len(w.line); n == 0 || w.line[n-1] != pos.Hash() {
		w.line = append(w.line, pos.Hash())
	}
	w.floor = 0
	w.root = append(w.root[:0], root...)
	w.history.age()
	w.killers = [maxPly][2]game.Move{}
}

// stopped reports whether the thread must leave its iteration: the search is
// stopping, or another thread completed the depth (abort, checked every
// pollInterval nodes in count).
func (w *worker) stopped() bool { return w.abort || w.ctl.stopped() }

// setPV makes m followed by the child's PV the PV at ply.
func (w *worker) setPV(ply int, m game.Move) {
	w.pv[ply][ply] = m
	n := w.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = n
}

// push enters a child position on the search line. After a capture the history
// before it is forgotten (RULES.md), so the repetition floor moves up.
func (w *worker) push(h uint64, captured bool, ply int) {
	w.floors[ply] = w.floor
	w.line = append(w.line, h)
	if captured {
		w.floor = len(w.line) - 1
	}
}

// pop leaves the child entered by push at the same ply.
func (w *worker) pop(ply int) {
	w.line = w.line[:len(w.line)-1]
	w.floor = w.floors[ply]
}

// repeats reports whether the position with key h, reached by a move from the
// last position of the line without a capture, occurred since the last capture.
// Only positions with the same side to move can match: every other one is scanned.
func (w *worker) repeats(h uint64) bool {
	for i := len(w.line) - 2; i >= w.floor; i -= 2 {
		if w.line[i] == h {
			return true
		}
	}
	return false
}

// drawScore is the score of a draw by repetition for the side mover, who
// played the move that repeats: contempt below zero for the side the engine
// plays (the root's side to move), as far above zero for its opponent. A
// draw is then taken only when the engine judges its position worse than
// -contempt; at zero contempt it is taken as soon as it looks worse than even.
func (w *worker) drawScore(mover game.Color) int32 {
	if mover == w.rootSide {
		return -w.contempt
	}
	return w.contempt
}

// count counts a node and, every pollInterval nodes, checks the limits.
func (w *worker) count() {
	w.nodes++
	w.total++
	if w.nodes >= pollInterval {
		w.ctl.poll(w.nodes)
		w.nodes = 0
		w.yieldPage()
		if int(w.ctl.done.Load()) >= w.depth {
			w.abort = true
		}
	}
}

// evaluate scores pos for the side to move, where only how the score compares
// with the window (alpha, beta) matters: a lazy evaluator may return a bound
// outside the window instead of the exact score (see BoundedEvaluator).
func (w *worker) evaluate(pos *game.Position, alpha, beta int32) int32 {
	black := pos.SideToMove() == game.Black
	var e int32
	switch {
	case w.lazy == nil || w.off&featLazy != 0:
		e = w.eval.Evaluate(pos)
	case black:
		e = w.lazy.EvaluateBounded(pos, -clampWindow(beta), -clampWindow(alpha))
	default:
		e = w.lazy.EvaluateBounded(pos, clampWindow(alpha), clampWindow(beta))
	}
	if black {
		return -e
	}
	return e
}

// clampWindow brings a window bound (which may be a win score) into the int32
// range that evaluators can negate safely.
func clampWindow(v int32) int32 { return max(-WinScore, min(WinScore, v)) }
