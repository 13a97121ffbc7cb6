package ai

import (
	"github.com/tablut-ai/tablut/game"
)

// Bound says what a reported search value (Node.Score) tells of the
// position's value at the searched depth, from White's point of view.
type Bound uint8

const (
	// ExactValue: the search found the value itself (inside its window).
	ExactValue Bound = iota
	// LowerBound: the value is at least Node.Score (White did at least this
	// well before the search stopped looking: a fail-high of White, or a
	// fail-low of Black).
	LowerBound
	// UpperBound: the value is at most Node.Score.
	UpperBound
)

func (b Bound) String() string {
	switch b {
	case ExactValue:
		return "exact"
	case LowerBound:
		return "lower"
	case UpperBound:
		return "upper"
	}
	return "bound?"
}

// Node is a position the search has finished searching, as reported to
// Options.OnNode: the learning signal of TreeStrap (Veness, Silver, Uther
// and Blair 2009, "Bootstrapping from game tree search"), where every
// searched position's static value moves towards its searched value, or
// only towards a bound that lies on the far side of it.
type Node struct {
	Pos   game.Position // a copy: the search's own stays untouched
	Depth int           // remaining depth of the search below Pos, at least 1
	Ply   int           // distance from the root (0 is the root)
	// Score is the searched value, White's point of view, in evaluator units
	// within [-MaxEval, MaxEval]: a proven win or loss is cut to the edge
	// (where it still says what it said, the position is as good as won or
	// lost), and a bound that a win score makes empty (at most a win, at
	// least a loss) is not reported at all.
	Score int32
	Bound Bound
}

// report calls the OnNode hook for pos, searched to depth at ply with the
// result best (side to move's view) of bound b (the table's sense: boundUpper
// for a fail-low), if pos is quiet.
func (w *worker) report(pos *game.Position, depth, ply int, best int32, b bound) {
	if best <= -inf || best >= inf || !quiet(pos) {
		return // (no move searched cannot happen with one thread; kept safe)
	}
	score, kind := best, ExactValue
	switch b {
	case boundLower:
		kind = LowerBound
	case boundUpper:
		kind = UpperBound
	}
	if pos.SideToMove() == game.Black {
		score = -score
		switch kind {
		case LowerBound:
			kind = UpperBound
		case UpperBound:
			kind = LowerBound
		}
	}
	if kind == UpperBound && score >= MaxEval || kind == LowerBound && score <= -MaxEval {
		return // "at most a win" or "at least a loss": nothing learnt
	}
	score = max(-MaxEval, min(MaxEval, score))
	w.onNode(Node{Pos: *pos, Depth: depth, Ply: ply, Score: score, Bound: kind})
}

// quiet reports whether pos is a position whose static value a searched one
// can teach: nothing the quiescence search would still resolve (White to
// move with an open line wins at once, and one with a king move to a square
// with two open lines all but wins; Black to move must not face an open
// line), and no move of the side to move captures a
// piece or ends the game (the king's capture included). The values of the
// others hang on the next move, which a static evaluation cannot be
// expected to see.
func quiet(pos *game.Position) bool {
	if pos.SideToMove() == game.Black {
		var mark [game.NumSquares]bool
		if onOpenLine(pos, &mark) > 0 {
			return false
		}
	} else if openLines(pos) > 0 || doubleThreat(pos) {
		return false
	}
	var buf [game.MaxMoves]game.Move
	for _, m := range pos.GenerateMoves(buf[:0]) {
		child := *pos
		if child.Make(m) > 0 || child.Status() != game.Ongoing {
			return false
		}
	}
	return true
}

// doubleThreat reports whether the king (White to move in pos) can move to
// a square with two open lines to escape squares, as quiesce tries.
func doubleThreat(pos *game.Position) bool {
	k := pos.King()
	for d := 0; d < numDirs; d++ {
		for _, s := range rays[d][k] {
			if kingBlocked[s] || pos.At(s) != game.Empty {
				break
			}
			if openLinesFrom(pos, s, k) >= 2 {
				return true
			}
		}
	}
	return false
}
