package session

import (
	"math"

	"github.com/tablut-ai/tablut/ai"
)

// evalScale is the score at which the bar stands at 88% (0.5+0.5*tanh(1)): the
// evaluators' scores lie in (-ai.MaxEval, ai.MaxEval), and most positions that are
// clearly won score a few thousand.
const evalScale = ai.MaxEval / 4

// WhiteShare maps a score (White's view) to the share of the evaluation bar that
// is White's, in [0, 1]: 0.5 is level, squashed with tanh so that small advantages
// are visible and big ones saturate; a proven win or loss fills the bar.
func WhiteShare(score int32) float64 {
	switch {
	case score >= ai.MaxEval:
		return 1
	case score <= -ai.MaxEval:
		return 0
	}
	return 0.5 + 0.5*math.Tanh(float64(score)/evalScale)
}
