package player

import "github.com/tablut-ai/tablut/ai"

// newHeuristic returns the hand-made evaluator.
func newHeuristic() ai.Evaluator { return ai.NewHeuristic() }

// newRandomEval returns the random evaluator seeded with seed.
func newRandomEval(seed uint64) ai.Evaluator { return ai.Random{Seed: seed} }
