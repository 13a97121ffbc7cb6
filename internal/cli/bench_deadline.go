package cli

import (
	"context"
	"flag"
	"fmt"
	"math"
	"runtime"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai"
)

func init() { registerBench("deadline", runBenchDeadline) }

// runBenchDeadline measures how well the searcher keeps its move limit: it runs
// -searches searches of -movetime each, cycling over the bench positions, and
// prints the wall time from the call to the returned move (median, 99th
// percentile, maximum) and how many went over the limit. Run it on a loaded
// machine (for example with busy loops beside it) to see the worst case.
func runBenchDeadline(args []string) error {
	fs := flag.NewFlagSet("bench deadline", flag.ContinueOnError)
	moveTime := fs.Duration("movetime", 2*time.Second, "time per search")
	searches := fs.Int("searches", 200, "number of searches")
	threads := fs.Int("threads", runtime.NumCPU(), "search threads (Lazy SMP)")
	ttMB := fs.Int("tt", 64, "transposition table size in MB")
	evalName := fs.String("eval", "heuristic", "evaluator: heuristic, random, cnn:NAME or cnn:PATH")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut bench deadline [-movetime 2s] [-searches 200] [-threads N] [-tt 64] [-eval heuristic|cnn:NAME]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := firstError(
		positiveDuration("movetime", *moveTime),
		intIn("searches", *searches, 1, 1_000_000),
		intIn("threads", *threads, 1, maxThreads),
		intIn("tt", *ttMB, 1, ai.MaxTTSizeMB),
	); err != nil {
		return err
	}
	eval, err := benchEvaluator(*evalName)
	if err != nil {
		return err
	}
	positions, err := ai.BenchPositions()
	if err != nil {
		return err
	}
	s := ai.NewSearcher(eval, ai.Options{TTSizeMB: *ttMB, Threads: *threads})
	walls := make([]time.Duration, 0, *searches)
	over := 0
	for i := range *searches {
		np := positions[i%len(positions)]
		start := time.Now()
		r := s.Search(context.Background(), np.Pos, nil, ai.Limits{MoveTime: *moveTime}, nil)
		wall := time.Since(start)
		if !np.Pos.IsLegal(r.Move) {
			return fmt.Errorf("search %d on %s returned the illegal move %v", i+1, np.Name, r.Move)
		}
		walls = append(walls, wall)
		if wall > *moveTime {
			over++
		}
	}
	slices.Sort(walls)
	// Nearest-rank percentile: the smallest wall time at or above a share p.
	q := func(p float64) time.Duration { return walls[int(math.Ceil(p*float64(len(walls))))-1] }
	fmt.Printf("deadline bench: %d searches of %v, eval=%s threads=%d: median %.3fs, p99 %.3fs, max %.3fs, %d over the limit\n",
		len(walls), *moveTime, eval.Name(), *threads, q(0.5).Seconds(), q(0.99).Seconds(), walls[len(walls)-1].Seconds(), over)
	return nil
}
