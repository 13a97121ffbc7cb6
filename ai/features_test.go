package ai

import (
	"context"
	"flag"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// measureDepth overrides the fixed depth of BenchmarkFeatures and
// BenchmarkThreads, e.g. go test -run '^$' -bench Features ./ai/ -args
// -measure.depth 8.
var measureDepth = flag.Int("measure.depth", 0, "search depth of BenchmarkFeatures and BenchmarkThreads (0: each evaluator's default)")

// measuredEval is an evaluator the measurement benchmarks search with, and the
// depth they search it to by default: deep enough for the pruning techniques
// to matter, shallow enough for one pass over the bench positions to take
// about a second.
type measuredEval struct {
	name  string
	eval  func(testing.TB) Evaluator
	depth int
}

var measuredEvals = []measuredEval{
	{"heuristic", func(testing.TB) Evaluator { return NewHeuristic() }, 6},
	{"champion", champion, 6},
}

// searchDepth is the depth to search: -measure.depth when set.
func (m measuredEval) searchDepth() int {
	if *measureDepth > 0 {
		return *measureDepth
	}
	return m.depth
}

// BenchmarkFeatures measures what each search technique earns: one operation
// searches every bench position to a fixed depth with one thread, from a
// cleared table, with the technique switched off (all: none off). Compare the
// sub-benchmarks with benchstat:
//
//	go test -run '^$' -bench Features -count 5 ./ai/ > features.txt && benchstat features.txt
//
// Besides the time per operation it reports the nodes and evaluations per
// operation, the depth, and the processor time per operation (less sensitive
// than wall time to other programs on the machine). Lazy evaluation is
// measured only for an evaluator that has it (a BoundedEvaluator), and
// deferral belongs to BenchmarkThreads.
func BenchmarkFeatures(b *testing.B) {
	ps := benchPositions(b)
	for _, me := range measuredEvals {
		b.Run(me.name, func(b *testing.B) {
			eval := me.eval(b)
			_, lazy := eval.(BoundedEvaluator)
			cases := []struct {
				name string
				off  Feature
			}{{"all", 0}}
			for _, n := range featureNames {
				if n.f == featDefer || (n.f == featLazy && !lazy) {
					continue
				}
				cases = append(cases, struct {
					name string
					off  Feature
				}{"no-" + n.name, n.f})
			}
			depth := me.searchDepth()
			for _, c := range cases {
				b.Run(c.name, func(b *testing.B) {
					counted, evals := countEvals(eval)
					s := NewSearcher(counted, Options{TTSizeMB: 16, Deterministic: true, Off: c.off})
					var nodes int64
					cpu := newCPUClock()
					for b.Loop() {
						for _, np := range ps {
							s.Clear()
							nodes += s.Search(context.Background(), np.Pos, nil, Limits{Depth: depth}, nil).Nodes
						}
					}
					per := func(v int64) float64 { return float64(v) / float64(b.N) }
					b.ReportMetric(per(nodes), "nodes/op")
					b.ReportMetric(per(*evals), "evals/op")
					b.ReportMetric(float64(depth), "depth")
					if d, ok := cpu.since(); ok {
						b.ReportMetric(per(d.Nanoseconds()), "cpu-ns/op")
					}
				})
			}
		})
	}
}

// BenchmarkThreads measures the threads' speed-up: one operation searches
// every bench position to a fixed depth from a cleared 64 MB table with one
// thread, two threads, and two threads without deferral (plain Lazy SMP). The
// time per operation is the figure to compare; the node counts of two threads
// vary from run to run, as the threads race.
//
//	go test -run '^$' -bench Threads -count 5 ./ai/ > threads.txt && benchstat threads.txt
func BenchmarkThreads(b *testing.B) {
	ps := benchPositions(b)
	for _, me := range measuredEvals {
		b.Run(me.name, func(b *testing.B) {
			eval := me.eval(b)
			depth := me.searchDepth()
			for _, c := range []struct {
				name    string
				threads int
				off     Feature
			}{{"threads-1", 1, 0}, {"threads-2", 2, 0}, {"threads-2-no-defer", 2, featDefer}} {
				b.Run(c.name, func(b *testing.B) {
					s := NewSearcher(eval, Options{TTSizeMB: 64, Threads: c.threads, Off: c.off})
					var nodes int64
					for b.Loop() {
						for _, np := range ps {
							s.Clear()
							nodes += s.Search(context.Background(), np.Pos, nil, Limits{Depth: depth}, nil).Nodes
						}
					}
					b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
					b.ReportMetric(float64(depth), "depth")
				})
			}
		})
	}
}

// TestLateMovePruning: late move pruning leaves part of the tree out. With
// the champion network over the bench positions at depth 5, the search without
// it visits markedly more nodes, and both find the same kind of result for
// every position (a proven win or loss either way). Futility pruning is off in
// both searches: it prunes many of the same quiet moves, and this checks what
// late move pruning alone leaves out. (What it earns is measured by
// BenchmarkFeatures; see docs/measurements.md, section Search techniques.)
func TestLateMovePruning(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("searches the bench positions twice, on one thread: run without -short and -race")
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

// countedBounded is counted for a BoundedEvaluator, so that wrapping it keeps
// lazy evaluation; a lazy evaluation counts as one.
type countedBounded struct {
	*counted
	bounded BoundedEvaluator
}

func (c countedBounded) EvaluateBounded(p *game.Position, lo, hi int32) int32 {
	c.n++
	return c.bounded.EvaluateBounded(p, lo, hi)
}

// countEvals wraps e in an evaluator that counts its evaluations (one
// goroutine at a time) and returns it with the count.
func countEvals(e Evaluator) (Evaluator, *int64) {
	c := &counted{Evaluator: e}
	if b, ok := e.(BoundedEvaluator); ok {
		return countedBounded{counted: c, bounded: b}, &c.n
	}
	return c, &c.n
}

// TestFutilityPruning: futility pruning spares evaluations at the frontier.
// With the champion network over the bench positions at depth 6, the search
// with it evaluates markedly fewer positions than without it, even counting
// the evaluations of the nodes it judges, and both find the same kind of
// result for every position. (What it earns is measured by
// BenchmarkFeatures; see docs/measurements.md, section Search techniques.)
func TestFutilityPruning(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("searches the bench positions twice, on one thread: run without -short and -race")
	}
	ps := benchPositions(t)
	var evals [2]int64
	for _, np := range ps {
		var rs [2]Result
		for i, f := range []Feature{0, featFutility} {
			eval, n := countEvals(champion(t))
			s := NewSearcher(eval, Options{TTSizeMB: 4, Deterministic: true, Off: f})
			rs[i] = s.Search(context.Background(), np.Pos, nil, Limits{Depth: 6}, nil)
			evals[i] += *n
		}
		assert.Equal(t, rs[1].Score > winBound, rs[0].Score > winBound, "%s: a win with and without futility pruning", np.Name)
		assert.Equal(t, rs[1].Score < -winBound, rs[0].Score < -winBound, "%s: a loss with and without futility pruning", np.Name)
	}
	t.Logf("depth 6: %d evaluations, %d without futility pruning", evals[0], evals[1])
	assert.Less(t, evals[0]*5, evals[1]*4, "with futility pruning: at least 20%% fewer evaluations")
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
