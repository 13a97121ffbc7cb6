// Package nps measures how many positions per second one search thread
// expands, the same way in a browser page (the web build's ?bench=1 mode)
// and in a native test, so that the two can be compared in one run
// (docs/measurements.md, section Web build).
//
//   - nps.go: Measure, one fixed-time search of each bench position
//     (ai.BenchPositions) with an evaluator named by a player spec.
package nps

import (
	"context"
	"fmt"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
)

// Result is what Measure counted.
type Result struct {
	Spec    string
	Nodes   int64
	Elapsed time.Duration
}

// NPS is the nodes expanded per second.
func (r Result) NPS() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Nodes) / r.Elapsed.Seconds()
}

// Measure searches each bench position for moveTime with the evaluator of
// spec (e.g. "heuristic" or "cnn:champion") on one thread with a cleared
// 16 MB table, and adds up the nodes and the time taken.
func Measure(spec string, moveTime time.Duration) (Result, error) {
	s, err := player.ParseSpec(spec)
	if err != nil {
		return Result{}, err
	}
	eval, err := player.NewEvaluator(s)
	if err != nil {
		return Result{}, err
	}
	positions, err := ai.BenchPositions()
	if err != nil {
		return Result{}, err
	}
	r := Result{Spec: spec}
	for _, p := range positions {
		srch := ai.NewSearcher(eval, ai.Options{TTSizeMB: 16, Threads: 1})
		start := time.Now()
		res := srch.Search(context.Background(), p.Pos, []uint64{p.Pos.Hash()}, ai.Limits{MoveTime: moveTime}, nil)
		r.Elapsed += time.Since(start)
		r.Nodes += res.Nodes
	}
	if r.Nodes == 0 {
		return r, fmt.Errorf("nps: the %s searches expanded no node", spec)
	}
	return r, nil
}
