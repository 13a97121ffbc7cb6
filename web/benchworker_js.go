//go:build js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
)

// benchRun is one way of searching the bench positions to one depth.
type benchRun struct {
	Nodes   int64
	Seconds float64
	NPS     float64
}

// benchWorkers (?bench=worker) searches each bench position to a fixed
// depth (?depth=, default 4) with the champion network (?spec=): in the
// page on one thread as before the workers, then in a pool of one worker
// and in a pool of two, and shows the nodes, the time and the nodes per
// second of each. The same depth makes the times comparable where the
// nodes are not (a shared search expands more nodes for the same depth).
func benchWorkers(q url.Values) error {
	depth := 4
	if v := q.Get("depth"); v != "" {
		d, err := strconv.Atoi(v)
		if err != nil || d < 1 || d > 12 {
			return fmt.Errorf("bad depth %q", v)
		}
		depth = d
	}
	spec := "cnn:champion"
	if v := q.Get("spec"); v != "" {
		spec = v
	}
	s, err := player.ParseSpec(spec)
	if err != nil {
		return err
	}
	positions, err := ai.BenchPositions()
	if err != nil {
		return err
	}
	out := map[string]benchRun{}
	add := func(name string, nodes int64, el time.Duration) {
		r := benchRun{Nodes: nodes, Seconds: el.Seconds()}
		if el > 0 {
			r.NPS = float64(nodes) / el.Seconds()
		}
		out[name] = r
	}
	pageReport("progress", "page, one thread")
	eval, err := player.NewEvaluator(s)
	if err != nil {
		return err
	}
	var nodes int64
	var el time.Duration
	for _, p := range positions {
		srch := ai.NewSearcher(eval, ai.Options{TTSizeMB: 8, Threads: 1, Seed: 1})
		start := time.Now()
		r := srch.Search(context.Background(), p.Pos, []uint64{p.Pos.Hash()}, ai.Limits{Depth: depth}, nil)
		el += time.Since(start)
		nodes += r.Nodes
	}
	add("page", nodes, el)
	for _, n := range []int{1, 2} {
		pool, err := newPool(n)
		if err != nil {
			return err
		}
		for pool.ready.Load() < int32(n) {
			time.Sleep(20 * time.Millisecond)
		}
		pageReport("progress", fmt.Sprintf("%d worker(s)", n))
		// One engine per worker for all the positions, made (its network
		// loaded, as the page's evaluator above) before the clock runs.
		first := positions[0].Pos
		if _, err := pool.search(context.Background(), spec, 1, 0, ai.Limits{Depth: 1}, first, []uint64{first.Hash()}, nil); err != nil {
			return err
		}
		nodes, el = 0, 0
		for _, p := range positions {
			start := time.Now()
			r, err := pool.search(context.Background(), spec, 1, 0, ai.Limits{Depth: depth}, p.Pos, []uint64{p.Pos.Hash()}, nil)
			if err != nil {
				return err
			}
			el += time.Since(start)
			nodes += r.Nodes
		}
		add(fmt.Sprintf("workers-%d", n), nodes, el)
		for _, w := range pool.workers {
			w.Call("terminate")
		}
	}
	b, _ := json.Marshal(map[string]any{"spec": spec, "depth": depth, "runs": out})
	pageReport("bench", string(b))
	return nil
}
