package teach

import (
	"context"
	"runtime"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// Teaching statistics: the textbook searches, with nothing but the algorithm, so
// their node counts can be compared (the `-stats` table of `tablut bench search`,
// shaped like Table 2 of the checkers report: nodes visited by minimax and by
// alpha-beta at each depth, and the share alpha-beta prunes).
//
// Both count a node for every position they visit below the root, evaluate at the
// depth limit, score wins as ±(ai.WinScore - ply) and ignore repetition. Both return
// the same score for the same position and depth, which the tests check.

// maxPly bounds the depth of the teaching searches (the engine's own limit).
const maxPly = ai.MaxPly

// inf is beyond every score.
const inf int32 = ai.WinScore + 1

// Minimax searches pos to depth plies with plain minimax (Russell and Norvig,
// figure 5.3) and returns its score for White and the number of nodes visited.
func Minimax(pos game.Position, eval ai.Evaluator, depth int) (score int32, nodes int64) {
	t := newPlainTree(eval, false, nil)
	score = t.minimax(&pos, depth, 0)
	return score, t.nodes
}

// AlphaBeta searches pos to depth plies with plain alpha-beta (figure 5.7); with
// ordered it tries captures and king moves first (the orderer of the real search
// without its tables). It returns the score for White and the nodes visited.
func AlphaBeta(pos game.Position, eval ai.Evaluator, depth int, ordered bool) (score int32, nodes int64) {
	t := newPlainTree(eval, ordered, nil)
	score = t.alphaBeta(&pos, depth, 0, -inf, inf)
	return score, t.nodes
}

type plainTree struct {
	eval    ai.Evaluator
	ordered bool
	w       *ai.Orderer // move ordering only
	nodes   int64
	ctx     context.Context // nil: never stopped
	stopped bool
	bufs    plyBufs
}

// plyBufs are a recursive search's move lists, move scores and child
// positions, one of each per ply, made once: a fresh list, or a local
// position whose address goes down the recursion, would be a heap
// allocation per node (and garbage collections that slow the window
// drawing beside the classroom view's counts).
type plyBufs struct {
	moves  [][]game.Move
	scores [][]int32
	child  [maxPly + 1]game.Position
}

// at returns the buffers of ply: an empty move list, a score list and the
// child position.
func (b *plyBufs) at(ply int) ([]game.Move, []int32, *game.Position) {
	for len(b.moves) <= ply {
		b.moves = append(b.moves, make([]game.Move, 0, game.MaxMoves))
		b.scores = append(b.scores, make([]int32, game.MaxMoves))
	}
	return b.moves[ply][:0], b.scores[ply], &b.child[ply]
}

// newPlainTree returns a tree search with eval at the leaves, the move
// ordering if ordered, stopped by ctx (nil: never).
func newPlainTree(eval ai.Evaluator, ordered bool, ctx context.Context) *plainTree {
	t := &plainTree{eval: eval, ordered: ordered, ctx: ctx}
	if ordered {
		t.w = ai.NewOrderer()
	}
	return t
}

// visit counts a node and reports whether the search must stop (its context
// was cancelled; checked every checkMask+1 nodes). A stopped tree's score and
// node count are meaningless.
func (t *plainTree) visit() bool {
	t.nodes++
	if t.ctx != nil && t.nodes&checkMask == 0 {
		t.stopped = backgroundCheck(t.ctx)
	}
	return t.stopped
}

// backgroundCheck is the periodic check of a teaching search run in the
// background (with a context): it reports whether ctx is cancelled, and
// yields the thread. A long count must not hold one of the GOMAXPROCS
// threads for its whole time slice: with the engine's search on the others,
// a window's drawing would wait for the scheduler to preempt it.
// In a browser it also gives the page its turn (page_js.go).
func backgroundCheck(ctx context.Context) bool {
	runtime.Gosched()
	givePage()
	return ctx.Err() != nil
}

// TreeRow is one line of the teaching table: the nodes plain minimax and
// alpha-beta (in generation order, and with the move ordering) visit to Depth
// plies from one position. Minimax is 0 when it was not counted.
type TreeRow struct {
	Depth                       int
	Minimax, AlphaBeta, Ordered int64
}

// Pruned returns the share of minimax's nodes that a search visiting n nodes
// did not visit, or -1 when minimax was not counted.
func (r TreeRow) Pruned(n int64) float64 {
	if r.Minimax == 0 {
		return -1
	}
	return 1 - float64(n)/float64(r.Minimax)
}

// CountTree counts the nodes of the three searches to depth plies from pos
// (minimax only when withMinimax, as it grows fastest). It returns ctx's
// error, and no row, when ctx is cancelled first.
func CountTree(ctx context.Context, pos game.Position, eval ai.Evaluator, depth int, withMinimax bool) (TreeRow, error) {
	row := TreeRow{Depth: depth}
	if withMinimax {
		t := newPlainTree(eval, false, ctx)
		t.minimax(&pos, depth, 0)
		row.Minimax = t.nodes
		if t.stopped {
			return TreeRow{}, ctx.Err()
		}
	}
	for _, ordered := range []bool{false, true} {
		t := newPlainTree(eval, ordered, ctx)
		t.alphaBeta(&pos, depth, 0, -inf, inf)
		if t.stopped {
			return TreeRow{}, ctx.Err()
		}
		if ordered {
			row.Ordered = t.nodes
		} else {
			row.AlphaBeta = t.nodes
		}
	}
	return row, nil
}

// terminal scores a finished game or returns ok=false.
func terminalScore(p *game.Position, ply int) (int32, bool) {
	switch p.Status() {
	case game.WhiteWins:
		return ai.WinScore - int32(ply), true
	case game.BlackWins:
		return -(ai.WinScore - int32(ply)), true
	}
	return 0, false
}

func (t *plainTree) minimax(p *game.Position, depth, ply int) int32 {
	if s, ok := terminalScore(p, ply); ok {
		return s
	}
	if depth == 0 {
		return t.eval.Evaluate(p)
	}
	buf, _, child := t.bufs.at(ply)
	moves := p.GenerateMoves(buf)
	white := p.SideToMove() == game.White
	if len(moves) == 0 {
		if white {
			return -(ai.WinScore - int32(ply))
		}
		return ai.WinScore - int32(ply)
	}
	best := inf
	if white {
		best = -inf
	}
	for _, m := range moves {
		*child = *p
		child.Make(m)
		if t.visit() {
			return 0
		}
		s := t.minimax(child, depth-1, ply+1)
		if white {
			best = max(best, s)
		} else {
			best = min(best, s)
		}
	}
	return best
}

func (t *plainTree) alphaBeta(p *game.Position, depth, ply int, alpha, beta int32) int32 {
	if s, ok := terminalScore(p, ply); ok {
		return s
	}
	if depth == 0 {
		return t.eval.Evaluate(p)
	}
	buf, scores, child := t.bufs.at(ply)
	moves := p.GenerateMoves(buf)
	white := p.SideToMove() == game.White
	if len(moves) == 0 {
		if white {
			return -(ai.WinScore - int32(ply))
		}
		return ai.WinScore - int32(ply)
	}
	if t.ordered {
		scores = scores[:len(moves)]
		t.w.Score(p, moves, scores, ply)
	}
	best := inf
	if white {
		best = -inf
	}
	for i := range moves {
		if t.ordered {
			ai.PickNext(moves, scores, i)
		}
		*child = *p
		child.Make(moves[i])
		if t.visit() {
			return 0
		}
		s := t.alphaBeta(child, depth-1, ply+1, alpha, beta)
		if white {
			best = max(best, s)
			alpha = max(alpha, s)
		} else {
			best = min(best, s)
			beta = min(beta, s)
		}
		if alpha >= beta {
			break
		}
	}
	return best
}
