package ai_test

import (
	"context"
	"fmt"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// A search of the start position to a fixed depth with the hand-made
// heuristic. Deterministic (one thread) and a depth limit make the result the
// same on every machine; a game would set Limits.MoveTime instead.
func ExampleSearcher_Search() {
	s := ai.NewSearcher(ai.NewHeuristic(), ai.Options{TTSizeMB: 4, Deterministic: true})
	pos := game.StartPosition()
	res := s.Search(context.Background(), pos, nil, ai.Limits{Depth: 4}, nil)
	fmt.Println("move:", res.Move)
	fmt.Println("depth:", res.Depth)
	fmt.Println("score for White:", res.Score)
	fmt.Println("expected line:", res.PV)
	// Output:
	// move: e3-f3
	// depth: 4
	// score for White: -260
	// expected line: [e3-f3 d1-d3 e4-f4 e2-e4]
}

// The progress callback sees every completed iteration of iterative
// deepening, from the calling goroutine.
func ExampleSearcher_Search_progress() {
	s := ai.NewSearcher(ai.NewHeuristic(), ai.Options{TTSizeMB: 4, Deterministic: true})
	s.Search(context.Background(), game.StartPosition(), nil, ai.Limits{Depth: 3}, func(info ai.Info) {
		fmt.Println("depth", info.Depth, "best", info.PV[0])
	})
	// Output:
	// depth 1 best e3-f3
	// depth 2 best e3-f3
	// depth 3 best e3-f3
}

// Search techniques are switched off by name, to measure what each one earns
// (the -off flag of the tablut commands reads the same names).
func ExampleParseFeatures() {
	off, err := ai.ParseFeatures("futility, lmr")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(off)
	_ = ai.NewSearcher(ai.NewHeuristic(), ai.Options{Off: off, Threads: 1})

	_, err = ai.ParseFeatures("nullmove")
	fmt.Println(err)
	// Output:
	// lmr,futility
	// unknown search technique "nullmove" (known: tt, ordering, threats, quiescence, pvs, lmr, lazy, lmp, defer, futility)
}

// The heuristic's score is a weighted sum; Terms lists its terms.
func ExampleHeuristic_Terms() {
	h := ai.NewHeuristic()
	pos := game.StartPosition()
	for _, t := range h.Terms(&pos) {
		fmt.Printf("%-30s %5d x %2d = %6d\n", t.Name, t.Weight, t.Count, t.Value)
	}
	fmt.Println("score:", h.Evaluate(&pos))
	// Output:
	// white pawns                      150 x  8 =   1200
	// black pawns                      -75 x 16 =  -1200
	// blocked king lines               -30 x  4 =   -120
	// black pawns next to the king     -60 x  0 =      0
	// open lines to an escape          400 x  0 =      0
	// squares that open a line          40 x  0 =      0
	// king's distance to the edge      -20 x  4 =    -80
	// score: -200
}
