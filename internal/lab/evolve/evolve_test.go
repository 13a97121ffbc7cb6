package evolve

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
)

// tinyConfig is a configuration small enough for a unit test.
func tinyConfig(gens int) Config {
	cfg := DefaultConfig()
	cfg.Population = 4
	cfg.Generations = gens
	cfg.Depth = 1
	cfg.MaxPlies = 12
	cfg.Threads = 2
	cfg.EvalEvery = 1
	cfg.EvalGames = 2
	cfg.Seed = 7
	return cfg
}

// run runs tr to its end and releases its folder, as the command does.
func run(t *testing.T, tr *Trainer) {
	t.Helper()
	defer tr.Close()
	if err := tr.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// populationBytes returns the weights of the population as raw bits.
func populationBytes(tr *Trainer) []uint32 {
	var out []uint32
	for _, ind := range tr.Population() {
		for _, w := range ind.Net.W {
			for _, x := range w {
				out = append(out, math.Float32bits(x))
			}
		}
		out = append(out, uint32(math.Float64bits(ind.Sigma)), uint32(math.Float64bits(ind.Sigma)>>32))
	}
	return out
}

func TestTinyRun(t *testing.T) {
	dir := t.TempDir()
	tr, err := start(tinyConfig(2), dir)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	tr.Out = &out
	games := 0
	tr.Progress = func(p Progress) { games = p.Done }
	run(t, tr)
	cfg := tr.Config()
	if want := cfg.TotalGames(0); games != want {
		t.Errorf("progress counted %d games, want %d", games, want)
	}
	for _, want := range []string{"Match results (1=white, 0=black, 0.5=draw)", "P\tS\tW\tT\tL", "Generation 1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed tables lack %q:\n%s", want, out.String())
		}
	}
	if h := tr.History(); len(h) != 2 || h[0].Games != 12 {
		t.Fatalf("history = %+v, want 2 generations of 12 games", h)
	}
	for _, f := range []string{"state.json", "games.jsonl", "generations.jsonl", "evals.jsonl", "tables.txt",
		"champion.tnn", "runner-up.tnn", "gen0-champion.tnn", "scores.png", "learning.png", "filters.png"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing output: %v", err)
		}
	}
	// Every score sums to the number of games: each game hands out 1 point.
	for _, r := range tr.History() {
		sum := 0.0
		for _, s := range r.Scores {
			sum += s
		}
		if sum != float64(r.Games) {
			t.Errorf("generation %d: scores sum to %v over %d games", r.Gen, sum, r.Games)
		}
	}
	// The champion is the first parent, relabelled for the next generation.
	if got := tr.Champion().Label; got != "g002-0" {
		t.Errorf("champion label = %q, want g002-0", got)
	}
}

// TestResumeMatchesUninterrupted proves the checkpoint holds everything: a run
// of 3 generations equals, bit for bit, a run of 1 generation resumed to 3, and
// a run killed in the middle of a generation and resumed; the thread count
// does not matter either.
func TestResumeMatchesUninterrupted(t *testing.T) {
	cfg := tinyConfig(3)
	cfg.SelfAdaptive = true // sigmas must survive the checkpoint too
	cfg.HeuristicGames = 2
	cfg.ResidualScale = 2000 // residual networks, whose kind must survive too
	cfg.HeuristicNodes = 300
	cfg.EvolveBase, cfg.BaseSigma = true, 0.15 // and their heuristic weights

	full, err := start(cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	run(t, full)
	want := populationBytes(full)

	// 1 generation, then resume to 3 with another thread count.
	short := cfg
	short.Generations = 1
	short.Threads = 1
	dir := t.TempDir()
	tr, err := start(short, dir)
	if err != nil {
		t.Fatal(err)
	}
	run(t, tr)
	tr, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.SetGenerations(3); err != nil {
		t.Fatal(err)
	}
	tr.SetThreads(3)
	run(t, tr)
	if !slices.Equal(populationBytes(tr), want) {
		t.Fatal("1 generation + resume to 3 differs from 3 uninterrupted generations")
	}
	for _, ind := range tr.Population() {
		if ind.Net.Base != cnn.BaseHeuristic || ind.Net.Scale != 2000 || len(ind.Net.BaseParams) != ai.NumWeights-1 {
			t.Fatalf("resumed individual %s: base %q scale %v, want a residual network", ind.Net.Label, ind.Net.Base, ind.Net.Scale)
		}
	}

	// Killed in the middle of generation 1 (after a few of its games), resumed.
	dir = t.TempDir()
	tr, err = start(cfg, dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	perGen := cfg.gamesPerGeneration() + 2*cfg.EvalGames
	tr.Progress = func(p Progress) {
		if p.Done == perGen+5 {
			cancel()
		}
	}
	if err := tr.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run returned %v, want context.Canceled", err)
	}
	tr.Close()
	tr, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Generation() != 1 {
		t.Fatalf("resumed at generation %d, want 1", tr.Generation())
	}
	run(t, tr)
	if !slices.Equal(populationBytes(tr), want) {
		t.Fatal("a run interrupted mid-generation and resumed differs from an uninterrupted run")
	}
	// The logs hold each generation once.
	b, err := os.ReadFile(filepath.Join(dir, gensLog))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n != 3 {
		t.Errorf("%s has %d lines after the resume, want 3", gensLog, n)
	}
	b, _ = os.ReadFile(filepath.Join(dir, gamesLog))
	if n, want := strings.Count(string(b), "\n"), cfg.TotalGames(0); n != want {
		t.Errorf("%s has %d lines after the resume, want %d", gamesLog, n, want)
	}
}

func TestRank(t *testing.T) {
	st := []standing{
		{Player: 0, Score: 3, Wins: 1},
		{Player: 1, Score: 3, Wins: 2},
		{Player: 2, Score: 4},
		{Player: 3, Score: 3, Wins: 2},
	}
	var got []int
	for _, s := range rank(st) {
		got = append(got, s.Player)
	}
	if want := []int{2, 1, 3, 0}; !equalInts(got, want) {
		t.Errorf("rank = %v, want %v", got, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestBreed(t *testing.T) {
	cfg := DefaultConfig()
	pop := initialPopulation(&cfg, nil)
	next := breed(&cfg, 0, pop[:2])
	if len(next) != 8 {
		t.Fatalf("next generation has %d members, want 8", len(next))
	}
	same := func(a, b *cnn.Network, l int) bool { return equalFloats(a.W[l], b.W[l]) }
	for i := 0; i < 2; i++ {
		for l := 0; l < 4; l++ {
			if !same(next[i].Net, pop[i].Net, l) {
				t.Errorf("parent %d changed in layer %d", i, l)
			}
		}
	}
	// Crossover children take every layer from one parent, complementarily.
	for l := 0; l < 4; l++ {
		a0, b1 := same(next[2].Net, pop[0].Net, l), same(next[3].Net, pop[1].Net, l)
		if a0 != b1 || (!a0 && !same(next[2].Net, pop[1].Net, l)) {
			t.Errorf("crossover children are not complementary in layer %d", l)
		}
	}
	// Mutants change about MutationProb of their parent's weights.
	changed := 0
	for l := 0; l < 4; l++ {
		for i, w := range next[4].Net.W[l] {
			if w != pop[0].Net.W[l][i] {
				changed++
			}
		}
	}
	if f := float64(changed) / cnn.NumParams; math.Abs(f-cfg.MutationProb) > 0.02 {
		t.Errorf("mutant changed %.3f of its weights, want about %v", f, cfg.MutationProb)
	}
}

// TestBreedBase: with EvolveBase the heuristic weights start at the defaults
// (individual 0) or near them, keep their signs, cross over whole and mutate.
func TestBreedBase(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ResidualScale, cfg.EvolveBase, cfg.BaseSigma = 50, true, 0.15
	pop := initialPopulation(&cfg, nil)
	def := ai.DefaultWeights.Params()[:ai.NumWeights-1] // no Capture weight without CaptureWeight
	if !slices.Equal(pop[0].Net.BaseParams, def) {
		t.Fatalf("individual 0 has weights %v, want the defaults %v", pop[0].Net.BaseParams, def)
	}
	differ := 0
	for _, ind := range pop[1:] {
		for i, v := range ind.Net.BaseParams {
			if (v > 0) != (def[i] > 0) || v == 0 {
				t.Fatalf("weight %d changed sign: %d from %d", i, v, def[i])
			}
		}
		if !slices.Equal(ind.Net.BaseParams, def) {
			differ++
		}
	}
	if differ < 6 {
		t.Errorf("only %d of 7 perturbed individuals differ from the defaults", differ)
	}
	next := breed(&cfg, 0, pop[:2])
	for i := 0; i < 2; i++ {
		if !slices.Equal(next[i].Net.BaseParams, pop[i].Net.BaseParams) {
			t.Errorf("parent %d's weights changed", i)
		}
	}
	for _, c := range next[2:4] {
		if !slices.Equal(c.Net.BaseParams, pop[0].Net.BaseParams) && !slices.Equal(c.Net.BaseParams, pop[1].Net.BaseParams) {
			t.Errorf("crossover child %s has weights %v from neither parent", c.Net.Label, c.Net.BaseParams)
		}
	}
	mutated := 0
	for _, c := range next[4:] {
		if !slices.Equal(c.Net.BaseParams, pop[0].Net.BaseParams) && !slices.Equal(c.Net.BaseParams, pop[1].Net.BaseParams) {
			mutated++
		}
	}
	if mutated == 0 {
		t.Error("no mutant has new heuristic weights")
	}
	bad := cfg
	bad.ResidualScale = 0
	if err := bad.Validate(); err == nil {
		t.Error("EvolveBase without residual networks was accepted")
	}
}

func equalFloats(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestStartRefusesExistingRun(t *testing.T) {
	dir := t.TempDir()
	if tr, err := start(tinyConfig(1), dir); err != nil {
		t.Fatal(err)
	} else if err := tr.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := start(tinyConfig(1), dir); err == nil {
		t.Fatal("Start over an existing run succeeded")
	}
	if _, err := Open(t.TempDir()); err == nil {
		t.Fatal("Open of an empty directory succeeded")
	}
}

// TestSidedBaseAndInit: with SidedBase every network carries a set of
// heuristic weights for each side, crossover takes each set whole from one
// parent, and -init breeds generation 0 from a given network.
func TestSidedBaseAndInit(t *testing.T) {
	cfg := DefaultConfig()
	cfg.ResidualScale, cfg.EvolveBase, cfg.BaseSigma, cfg.SidedBase = 30, true, 0.15, true
	init := cnn.NewRandom(newRand(9), 0.1)
	init.Label = "init"
	init.BaseParams = []int32{140, -150, -25, -65, 340, 45, -15}
	pop := initialPopulation(&cfg, init)
	if want := append(slices.Clone(init.BaseParams), init.BaseParams...); !slices.Equal(pop[0].Net.BaseParams, want) {
		t.Fatalf("individual 0 has weights %v, want the init network's for both sides %v", pop[0].Net.BaseParams, want)
	}
	for l := range init.W {
		if !equalFloats(pop[0].Net.W[l], init.W[l]) {
			t.Fatalf("individual 0's layer %d differs from the init network's", l)
		}
		if equalFloats(pop[1].Net.W[l], init.W[l]) {
			t.Errorf("individual 1's layer %d is not mutated", l)
		}
	}
	for _, ind := range pop {
		if len(ind.Net.BaseParams) != 2*(ai.NumWeights-1) || ind.Net.Base != cnn.BaseHeuristic || ind.Net.Scale != 30 {
			t.Fatalf("%s: %d weights, base %q, scale %v", ind.Net.Label, len(ind.Net.BaseParams), ind.Net.Base, ind.Net.Scale)
		}
	}
	half := func(n *cnn.Network, side int) []int32 {
		w, b, _ := ai.SplitSides(n.BaseParams)
		return [][]int32{w, b}[side]
	}
	mixed := false
	for g := range 5 {
		next := breed(&cfg, g, pop[:2])
		for _, c := range next[2:4] {
			from := [2]int{-1, -1}
			for side := range 2 {
				for p := range 2 {
					if slices.Equal(half(c.Net, side), half(pop[p].Net, side)) {
						from[side] = p
					}
				}
				if from[side] < 0 {
					t.Fatalf("crossover child %s: side %d's weights come from neither parent", c.Net.Label, side)
				}
			}
			if from[0] != from[1] {
				mixed = true
			}
		}
	}
	if !mixed {
		t.Error("no crossover child took its two sets from different parents")
	}
	if _, err := ai.NewResidual(pop[3].Net, pop[3].Net.Scale, pop[3].Net.BaseParams); err != nil {
		t.Error(err)
	}
	def := ai.DefaultWeights.Params()[:ai.NumWeights-1]
	if rnd := initialPopulation(&cfg, nil); !slices.Equal(rnd[0].Net.BaseParams, append(slices.Clone(def), def...)) {
		t.Errorf("random individual 0 has weights %v, want the defaults twice", rnd[0].Net.BaseParams)
	}
	// With CaptureWeight each set gains the Capture weight at that start value.
	cfg.CaptureWeight = 40
	for _, ind := range initialPopulation(&cfg, init) {
		w, b, sided := ai.SplitSides(ind.Net.BaseParams)
		if !sided || len(w) != ai.NumWeights || w[ai.NumWeights-1] <= 0 || b[ai.NumWeights-1] <= 0 {
			t.Fatalf("%s with a capture weight: %v", ind.Net.Label, ind.Net.BaseParams)
		}
	}
	if p := initialPopulation(&cfg, init)[0].Net.BaseParams; p[ai.NumWeights-1] != 40 {
		t.Errorf("individual 0's capture weight %d, want 40", p[ai.NumWeights-1])
	}
	bad := cfg
	bad.EvolveBase = false
	if err := bad.Validate(); err == nil {
		t.Error("SidedBase without EvolveBase was accepted")
	}
}

// TestResumeDropsLinesAfterTheCheckpoint: a run killed after appending a
// generation's log lines but before its checkpoint (the narrow window in which
// kill -9 can leave logs ahead of state.json, a half-written line included)
// resumes with those lines cut, so the logs equal an uninterrupted run's.
func TestResumeDropsLinesAfterTheCheckpoint(t *testing.T) {
	cfg := tinyConfig(2)
	full, err := start(cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	run(t, full)

	short := cfg
	short.Generations = 1
	dir := t.TempDir()
	tr, err := start(short, dir)
	if err != nil {
		t.Fatal(err)
	}
	run(t, tr)
	for _, name := range logFiles {
		if _, err := appendLog(dir, name, []byte("{\"gen\":1,\"half a line")); err != nil {
			t.Fatal(err)
		}
	}
	if tr, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	if err := tr.SetGenerations(2); err != nil {
		t.Fatal(err)
	}
	run(t, tr)
	for _, name := range []string{gamesLog, evalsLog} {
		want, _ := os.ReadFile(filepath.Join(full.Dir(), name))
		got, _ := os.ReadFile(filepath.Join(dir, name))
		if !bytes.Equal(got, want) {
			t.Errorf("%s after the resume differs from the uninterrupted run's:\n%s", name, got)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, tables))
	if strings.Contains(string(b), "half a line") {
		t.Errorf("%s kept the lines written after the checkpoint", tables)
	}
}
