package evolve

import (
	"slices"
	"sync/atomic"
	"testing"
)

// TestHooks: Game reports every game once, with the tournament's games at
// their places (their scores add up to the generation's scores), and
// GenDone every generation with the record History keeps, its
// learning-curve points and the population bred for the next one; Worker
// runs on each game goroutine.
func TestHooks(t *testing.T) {
	tr, err := start(tinyConfig(2), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cfg := tr.Config()
	type key struct{ gen, w, b int }
	seen := map[key]float64{}
	var evalGames int
	var workers atomic.Int32
	var recs []GenRecord
	var evals []EvalPoint
	tr.Worker = func() { workers.Add(1) }
	tr.Game = func(g GameReport) {
		switch g.Kind {
		case "tournament":
			k := key{g.Gen, g.White, g.Black}
			if _, dup := seen[k]; dup || g.White == g.Black || g.White < 0 || g.Black < 0 {
				t.Errorf("game %+v reported twice or out of the table", g)
			}
			seen[k] = g.WhiteScore
		default:
			evalGames++
		}
	}
	tr.GenDone = func(r GenRecord, e []EvalPoint, next []*Individual) {
		recs = append(recs, r)
		evals = append(evals, e...)
		if len(next) != cfg.Population || next[0].Origin[:len("parent")] != "parent" {
			t.Errorf("generation %d: bred %d, first %q", r.Gen, len(next), next[0].Origin)
		}
	}
	run(t, tr)
	n := cfg.Population
	if len(seen) != cfg.Generations*n*(n-1) || evalGames != cfg.Generations*2*cfg.EvalGames {
		t.Fatalf("%d tournament and %d other games reported", len(seen), evalGames)
	}
	if workers.Load() == 0 {
		t.Error("Worker never ran")
	}
	if !slices.EqualFunc(recs, tr.History(), func(a, b GenRecord) bool { return a.Gen == b.Gen && slices.Equal(a.Scores, b.Scores) }) {
		t.Fatalf("GenDone's records %v differ from History", recs)
	}
	if len(evals) != len(tr.Evals()) {
		t.Fatalf("GenDone gave %d learning-curve points, Evals %d", len(evals), len(tr.Evals()))
	}
	for _, r := range recs {
		score := make([]float64, n)
		for k, ws := range seen {
			if k.gen == r.Gen {
				score[k.w] += ws
				score[k.b] += 1 - ws
			}
		}
		if !slices.Equal(score, r.Scores) {
			t.Errorf("generation %d: scores from the reported games %v, the record's %v", r.Gen, score, r.Scores)
		}
	}
}
