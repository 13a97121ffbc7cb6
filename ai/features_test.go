package ai

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// TestMeasureFeatures prints what each technique earns: nodes and time to reach a
// fixed depth over the bench positions, one thread, with the technique switched
// off. It is a measurement, not a check: run with TABLUT_MEASURE=depth, and
// TABLUT_MEASURE_EVAL=champion to search with the champion network instead of
// the heuristic.
func TestMeasureFeatures(t *testing.T) {
	depth, ps, eval := measureSetup(t, "TABLUT_MEASURE")
	for _, c := range []struct {
		name string
		off  Feature
	}{
		{"warm-up (all on)", 0},
		{"all on", 0},
		{"no TT cut-offs", featTTCut},
		{"no killers/history", featOrdering},
		{"no threat filter", featThreats},
		{"no quiescence", featQuiesce},
		{"no PVS", featPVS},
		{"no LMR", featLMR},
		{"no LMP", featLMP},
		{"no futility", featFutility},
		{"all on again", 0},
	} {
		var nodes int64
		start, cpu0 := time.Now(), cpuTime()
		for _, np := range ps {
			s := NewSearcher(eval, Options{TTSizeMB: 16, Deterministic: true, Off: c.off})
			nodes += s.Search(context.Background(), np.Pos, nil, Limits{Depth: depth}, nil).Nodes
		}
		t.Logf("%-20s depth %d: %11d nodes %7.2fs wall %7.2fs cpu", c.name, depth, nodes,
			time.Since(start).Seconds(), (cpuTime() - cpu0).Seconds())
	}
}

// measureSetup reads a measurement's depth from the environment variable
// name (skipping the test when it is unset) and returns it with the bench
// positions and the evaluator: the heuristic, or the champion network when
// TABLUT_MEASURE_EVAL=champion.
func measureSetup(t *testing.T, name string) (int, []NamedPosition, Evaluator) {
	t.Helper()
	depth, _ := strconv.Atoi(os.Getenv(name))
	if depth == 0 {
		t.Skip("set " + name + "=depth to measure")
	}
	var eval Evaluator = NewHeuristic()
	if os.Getenv("TABLUT_MEASURE_EVAL") == "champion" {
		eval = champion(t)
	}
	return depth, benchPositions(t), eval
}

// TestLateMovePruning: late move pruning leaves part of the tree out. With
// the champion network over the bench positions at depth 5, the search without
// it visits more nodes (nearly twice as many today), and both find the same
// kind of result for every position (a proven win or loss either way).
// Futility pruning is off in both searches: it prunes many of the same quiet
// moves, and this measures what late move pruning alone leaves out.
func TestLateMovePruning(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the bench positions twice")
	}
	eval := champion(t)
	ps := benchPositions(t)
	var on, off int64
	for _, np := range ps {
		var rs [2]Result
		for i, f := range []Feature{featFutility, featFutility | featLMP} {
			s := NewSearcher(eval, Options{TTSizeMB: 4, Deterministic: true, Off: f})
			rs[i] = s.Search(context.Background(), np.Pos, nil, Limits{Depth: 5}, nil)
		}
		on, off = on+rs[0].Nodes, off+rs[1].Nodes
		assert.Equal(t, rs[1].Score > winBound, rs[0].Score > winBound, "%s: a win with and without LMP", np.Name)
		assert.Equal(t, rs[1].Score < -winBound, rs[0].Score < -winBound, "%s: a loss with and without LMP", np.Name)
	}
	t.Logf("depth 5: %d nodes, %d without LMP", on, off)
	assert.Greater(t, off, on*6/5, "without LMP: at least 20%% more nodes")
}

// counted counts the evaluations of the evaluator it wraps.
type counted struct {
	Evaluator
	n int64
}

func (c *counted) Evaluate(p *game.Position) int32 {
	c.n++
	return c.Evaluator.Evaluate(p)
}

// TestFutilityPruning: futility pruning spares evaluations at the frontier.
// With the champion network over the bench positions at depth 6, the search
// with it evaluates markedly fewer positions (45% fewer today)
// than without it, even counting the evaluations of the nodes it judges, and
// both find the same kind of result for every position.
func TestFutilityPruning(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the bench positions twice")
	}
	ps := benchPositions(t)
	var evals [2]int64
	for _, np := range ps {
		var rs [2]Result
		for i, f := range []Feature{0, featFutility} {
			eval := &counted{Evaluator: champion(t)}
			s := NewSearcher(eval, Options{TTSizeMB: 4, Deterministic: true, Off: f})
			rs[i] = s.Search(context.Background(), np.Pos, nil, Limits{Depth: 6}, nil)
			evals[i] += eval.n
		}
		assert.Equal(t, rs[1].Score > winBound, rs[0].Score > winBound, "%s: a win with and without futility pruning", np.Name)
		assert.Equal(t, rs[1].Score < -winBound, rs[0].Score < -winBound, "%s: a loss with and without futility pruning", np.Name)
	}
	t.Logf("depth 6: %d evaluations, %d without futility pruning", evals[0], evals[1])
	assert.Less(t, evals[0]*5, evals[1]*4, "with futility pruning: at least 20%% fewer evaluations")
}

// cpuTime is the process's user+system CPU time: less sensitive than wall time to
// other programs loading the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestParseFeatures: names round-trip through Feature.String, "none" and the
// empty string are the empty set, and an unknown name is refused with the
// known ones listed.
func TestParseFeatures(t *testing.T) {
	f, err := ParseFeatures("lmr, tt")
	require.NoError(t, err)
	assert.Equal(t, featLMR|featTTCut, f)
	assert.Equal(t, "tt,lmr", f.String())
	for _, s := range []string{"", "none"} {
		f, err := ParseFeatures(s)
		require.NoError(t, err)
		assert.Zero(t, f)
	}
	all, err := ParseFeatures(strings.Join(FeatureNames(), ","))
	require.NoError(t, err)
	assert.Equal(t, strings.Join(FeatureNames(), ","), all.String())
	_, err = ParseFeatures("lmr,nullmove")
	require.ErrorContains(t, err, `unknown search technique "nullmove"`)
	require.ErrorContains(t, err, "quiescence")
}

// TestMeasureThreads prints the threads' effective speed-up: the time to reach
// a fixed depth over the bench positions with 1 thread, 2 threads, and 2
// threads without deferral (plain Lazy SMP), twice each in turn, 64 MB table.
// A measurement, not a check: run with TABLUT_MEASURE_THREADS=depth, and
// TABLUT_MEASURE_EVAL=champion for the champion network instead of the
// heuristic.
func TestMeasureThreads(t *testing.T) {
	depth, ps, eval := measureSetup(t, "TABLUT_MEASURE_THREADS")
	for _, c := range []struct {
		threads int
		off     Feature
	}{{1, 0}, {2, 0}, {2, featDefer}, {1, 0}, {2, 0}, {2, featDefer}} {
		threads := c.threads
		var nodes int64
		start := time.Now()
		for _, np := range ps {
			s := NewSearcher(eval, Options{TTSizeMB: 64, Threads: threads, Off: c.off})
			nodes += s.Search(context.Background(), np.Pos, nil, Limits{Depth: depth}, nil).Nodes
		}
		t.Logf("%d thread(s), off %-6s depth %d: %11d nodes %7.2fs wall", threads, c.off, depth, nodes, time.Since(start).Seconds())
	}
}
