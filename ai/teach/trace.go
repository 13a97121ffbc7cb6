package teach

import (
	"context"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// Teaching helpers for the window's classroom view: how much each piece matters
// to an evaluator, and an alpha-beta search that records every step it takes
// so that it can be replayed node by node (the picture of alpha-beta in the
// checkers report, figure 4, on the real game).

// PieceImpact measures how much each pawn matters to eval in p: for every
// square holding a pawn, the evaluation of p minus the evaluation of p
// without that pawn (White's point of view: positive when the pawn helps
// White). The king and empty squares have ok false. A ai.SidedEvaluator is asked
// for the side to move's evaluator, as a search from p would be.
func PieceImpact(eval ai.Evaluator, p game.Position) (base int32, impact [game.NumSquares]int32, ok [game.NumSquares]bool) {
	if se, sided := eval.(ai.SidedEvaluator); sided {
		eval = se.ForSide(p.SideToMove())
	}
	base = eval.Evaluate(&p)
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.WhitePawn && pc != game.BlackPawn {
			continue
		}
		q := p.Without(s)
		impact[s], ok[s] = base-eval.Evaluate(&q), true
	}
	return base, impact, ok
}

// StepKind says what a step of a traced search did.
type StepKind uint8

const (
	// StepEnter: the search tries a move and enters the position after it,
	// with the window (Alpha, Beta) it inherits.
	StepEnter StepKind = iota
	// StepLeaf: the node is a leaf (depth reached or game over); Value is its
	// evaluation or its result.
	StepLeaf
	// StepBackUp: a node's search finished; Value is the value it backs up to
	// its parent, and Alpha and Beta are the parent's window after it.
	StepBackUp
	// StepCutoff: at the node of Path, alpha met beta: the Pruned moves left
	// there are not searched.
	StepCutoff
)

// TraceStep is one step of a traced search. Scores are from White's point of
// view: White's nodes maximise and raise alpha, Black's minimise and lower beta.
type TraceStep struct {
	Kind StepKind
	// Path is the line of moves from the root to the node the step is about
	// (for StepBackUp, to the node that backs up its value).
	Path        []game.Move
	Alpha, Beta int32
	Value       int32
	// Best is the best value found so far at the node's parent (StepBackUp),
	// or at the node itself (StepCutoff).
	Best   int32
	Pruned int    // StepCutoff: moves not searched
	Why    string // StepLeaf: "evaluation", "king escapes", "draw by repetition", ...
}

// Trace is a recorded alpha-beta search of a small depth.
type Trace struct {
	Depth int
	Value int32     // the root's value, White's point of view
	Best  game.Move // the first root move reaching Value
	Nodes int64     // positions visited below the root
	Steps []TraceStep
	// Complete is false when the search stopped at the step limit.
	Complete bool
	// RootMoves, RootValue and RootExact: the root's moves in the order
	// searched, the values they backed up, and whether each is exact or a
	// bound; RootExact tells an exact value from a bound (a move refuted
	// by a cutoff in its subtree is known only to be no better).
	RootMoves []game.Move
	RootValue []int32
	RootExact []bool
}

// TraceAlphaBeta searches pos to depth plies with plain fail-soft alpha-beta
// in the minimax form (White maximises, Black minimises), recording each step,
// and stops recording after maxSteps steps (0: no limit). The tree is the
// engine's (Searcher) with its refinements switched off: the moves are the
// legal moves in the engine's static order, a move that ends the game wins,
// White to move with an open line to an escape square wins at once, a
// position repeated since the last capture is a draw (history as for
// Searcher.Search), a side without moves loses, and the leaves are scored by
// eval. Win scores count the plies, as in the engine, so the root value is the
// engine's at that depth with no table, no reductions and no quiescence.
//
// A cancelled ctx stops the search at once; the trace is then incomplete.
func TraceAlphaBeta(ctx context.Context, pos game.Position, history []uint64, eval ai.Evaluator, depth, maxSteps int) Trace {
	if se, sided := eval.(ai.SidedEvaluator); sided {
		eval = se.ForSide(pos.SideToMove())
	}
	t := &tracer{eval: eval, max: maxSteps, order: ai.NewOrderer(), ctx: ctx}
	t.line = append(t.line, history...)
	if n := len(t.line); n == 0 || t.line[n-1] != pos.Hash() {
		t.line = append(t.line, pos.Hash())
	}
	tr := &t.tr
	tr.Depth = max(1, depth)
	tr.Value = t.search(&pos, tr.Depth, 0, -inf, inf)
	tr.Complete = !t.stopped && (maxSteps <= 0 || len(tr.Steps) < maxSteps)
	return *tr
}

// tracer is one traced search.
type tracer struct {
	eval  ai.Evaluator
	max   int
	order *ai.Orderer // the engine's static move ordering (no tables)
	path  []game.Move
	line  []uint64 // hashes since the last capture, as the engine keeps them
	floor int
	tr    Trace
	bufs  plyBufs
	slab  []game.Move // where the steps' paths are kept, a chunk at a time
	ctx   context.Context
	// stopped: ctx was cancelled (checked every 1024 nodes).
	stopped bool
}

// record appends a step, until the step limit.
func (t *tracer) record(s TraceStep) {
	if t.max > 0 && len(t.tr.Steps) >= t.max {
		return
	}
	n := len(t.path)
	if cap(t.slab)-len(t.slab) < n {
		t.slab = make([]game.Move, 0, 4096)
	}
	s.Path = append(t.slab, t.path...)[len(t.slab) : len(t.slab)+n : len(t.slab)+n]
	t.slab = t.slab[:len(t.slab)+n]
	t.tr.Steps = append(t.tr.Steps, s)
}

// repeats reports whether h occurred an even number of plies ago since the
// last capture: the engine's repetition rule, on the tracer's line.
func (t *tracer) repeats(h uint64) bool {
	for i := len(t.line) - 2; i >= t.floor; i -= 2 {
		if t.line[i] == h {
			return true
		}
	}
	return false
}

// win is a win for c found ply plies below the root, White's point of view.
func win(c game.Color, ply int) int32 {
	if c == game.White {
		return ai.WinScore - int32(ply)
	}
	return -(ai.WinScore - int32(ply))
}

// search returns the value of p (White's view), searched to depth with the
// window (alpha, beta).
func (t *tracer) search(p *game.Position, depth, ply int, alpha, beta int32) int32 {
	us := p.SideToMove()
	if ply > 0 {
		if us == game.White && ai.OpenLines(p) > 0 {
			v := win(game.White, ply+1)
			t.record(TraceStep{Kind: StepLeaf, Alpha: alpha, Beta: beta, Value: v, Why: "the king escapes next move"})
			return v
		}
		if depth <= 0 {
			v := t.eval.Evaluate(p)
			t.record(TraceStep{Kind: StepLeaf, Alpha: alpha, Beta: beta, Value: v, Why: "evaluation"})
			return v
		}
	}
	buf, scores, child := t.bufs.at(ply)
	moves := p.GenerateMoves(buf)
	if len(moves) == 0 {
		v := win(us.Other(), ply)
		t.record(TraceStep{Kind: StepLeaf, Alpha: alpha, Beta: beta, Value: v, Why: "no legal move: a loss"})
		return v
	}
	scores = scores[:len(moves)]
	t.order.Score(p, moves, scores, ply)
	best := inf
	if us == game.White {
		best = -inf
	}
	for i := range moves {
		ai.PickNext(moves, scores, i)
		m := moves[i]
		*child = *p
		captured := child.Make(m)
		if t.tr.Nodes++; t.tr.Nodes&checkMask == 0 && backgroundCheck(t.ctx) {
			t.stopped = true
		}
		if t.stopped {
			return 0
		}
		t.path = append(t.path, m)
		t.record(TraceStep{Kind: StepEnter, Alpha: alpha, Beta: beta})
		var v int32
		switch {
		case child.Status() != game.Ongoing:
			v = win(us, ply+1)
			why := "the king is captured"
			if child.Status() == game.WhiteWins {
				why = "the king escapes"
			}
			t.record(TraceStep{Kind: StepLeaf, Alpha: alpha, Beta: beta, Value: v, Why: why})
		case captured == 0 && t.repeats(child.Hash()):
			t.record(TraceStep{Kind: StepLeaf, Alpha: alpha, Beta: beta, Value: 0, Why: "draw by repetition"})
		default:
			floor := t.floor
			t.line = append(t.line, child.Hash())
			if captured > 0 {
				t.floor = len(t.line) - 1
			}
			v = t.search(child, depth-1, ply+1, alpha, beta)
			t.line, t.floor = t.line[:len(t.line)-1], floor
		}
		exact := alpha < v && v < beta
		if ply == 0 && (us == game.White && v > best || us == game.Black && v < best) {
			t.tr.Best = m
		}
		if us == game.White {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		t.record(TraceStep{Kind: StepBackUp, Alpha: alpha, Beta: beta, Value: v, Best: best})
		t.path = t.path[:len(t.path)-1]
		if ply == 0 {
			t.tr.RootMoves = append(t.tr.RootMoves, m)
			t.tr.RootValue = append(t.tr.RootValue, v)
			t.tr.RootExact = append(t.tr.RootExact, exact)
		}
		if alpha >= beta && i+1 < len(moves) {
			t.record(TraceStep{Kind: StepCutoff, Alpha: alpha, Beta: beta, Value: v, Best: best, Pruned: len(moves) - i - 1})
			break
		}
	}
	return best
}
