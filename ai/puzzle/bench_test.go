package puzzle

import (
	"context"
	"testing"

	"github.com/tablut-ai/tablut/game"
)

// BenchmarkJudgeFirstMove judges the first move of the deepest shipped
// puzzles (the heaviest call the window and the page make: the move, its
// longest defence and every other first move proven not to win), and reports
// the prover's nodes per call.
func BenchmarkJudgeFirstMove(b *testing.B) {
	var deep []Puzzle
	most := 0
	for _, p := range Shipped() {
		most = max(most, p.Depth)
	}
	for _, p := range Shipped() {
		if p.Depth == most && len(deep) < 5 {
			deep = append(deep, p)
		}
	}
	ctx := context.Background()
	i := 0
	for b.Loop() {
		p := deep[i%len(deep)]
		i++
		if _, err := Judge(ctx, game.NewGame(p.Start), p.Line[0], p.Depth); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(most), "depth")
}

// BenchmarkSolve proves the deepest shipped puzzles from scratch, as the
// generator does (shortest win, line, uniqueness and the other winning moves
// at each step).
func BenchmarkSolve(b *testing.B) {
	var deep []Puzzle
	for _, p := range Shipped() {
		if p.Depth >= 3 && len(deep) < 5 {
			deep = append(deep, p)
		}
	}
	var nodes int64
	i := 0
	for b.Loop() {
		p := deep[i%len(deep)]
		i++
		sol, err := Solve(context.Background(), p.Start, maxDepth-1, 0)
		if err != nil {
			b.Fatal(err)
		}
		nodes += sol.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
