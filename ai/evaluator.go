package ai

import (
	"math"

	"github.com/tablut-ai/tablut/game"
)

// Evaluator scores a position whose game is not over, from White's point of view, in
// the open range (-MaxEval, MaxEval). Implementations must be safe for concurrent use:
// parallel search calls them from several goroutines.
type Evaluator interface {
	Evaluate(p *game.Position) int32
	// Name identifies the evaluator, e.g. "heuristic" or "cnn:champion".
	Name() string
}

// BoundedEvaluator is an Evaluator that can save work when the search only needs
// to know how a score compares with a window (lo, hi), both from White's point of
// view. EvaluateBounded returns Evaluate(p) when that lies strictly inside the
// window; otherwise it may instead return a bound on the same side of the window:
// some v <= lo with v >= Evaluate(p), or some v >= hi with v <= Evaluate(p). The
// searcher's fail-soft alpha-beta treats such values exactly as it treats a
// subtree that failed low or high, so the move chosen is unchanged.
type BoundedEvaluator interface {
	Evaluator
	EvaluateBounded(p *game.Position, lo, hi int32) int32
}

// SidedEvaluator is an Evaluator whose judgement depends on the side the
// engine plays: ForSide returns the evaluator an engine playing c uses for its
// whole search (every position of the tree, whoever is to move there, is
// scored by it from White's point of view). An evolved residual network with
// separate heuristic weights for each side is one (see Residual).
type SidedEvaluator interface {
	Evaluator
	ForSide(c game.Color) Evaluator
}

// MaxEval bounds every evaluator's score; scores beyond it are wins and losses.
const MaxEval = 10000

// WinScore is the score of a win at the root; a win n plies away scores WinScore-n,
// so the winner takes the fastest win and the loser resists longest.
const WinScore = 1_000_000

// shareScale is the score at which WhiteShare is 88% (0.5+0.5*tanh(1)): the
// evaluators' scores lie in (-MaxEval, MaxEval), and most positions that are
// clearly won score a few thousand.
const shareScale = MaxEval / 4

// WhiteShare maps a score (White's view) to White's estimated chance, in [0,
// 1]: 0.5 is level, squashed with tanh so that small advantages show and big
// ones saturate; a proven win or loss is 1 or 0. Every evaluator is read on
// this one scale, so it is an estimate read off the score, not a frequency
// measured over games. The window's evaluation bar and the analysis of games
// (tablut analyse) use it.
func WhiteShare(score int32) float64 {
	switch {
	case score >= MaxEval:
		return 1
	case score <= -MaxEval:
		return 0
	}
	return 0.5 + 0.5*math.Tanh(float64(score)/shareScale)
}

// ProvenWin reads a score (White's point of view): when it proves a forced
// win (it lies beyond MaxEval) it returns the side that wins and in how many of
// that side's own moves (-1 when the score carries no distance), with ok true.
func ProvenWin(score int32) (side game.Color, moves int64, ok bool) {
	s := int64(score)
	if s < MaxEval && s > -MaxEval {
		return game.White, 0, false
	}
	side = game.White
	if s < 0 {
		side, s = game.Black, -s
	}
	moves = -1
	if plies := WinScore - s; s > WinScore-1000 && plies >= 0 {
		moves = (plies + 1) / 2
	}
	return side, moves, true
}
