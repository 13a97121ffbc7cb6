package cli

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
)

func init() { registerBench("search", runBenchSearch) }

// runBenchSearch times the searcher on the start position and ten mid-game
// positions, and with -stats prints the minimax versus alpha-beta node table.
func runBenchSearch(args []string) error {
	fs := flag.NewFlagSet("bench search", flag.ContinueOnError)
	moveTime := fs.Duration("movetime", 2*time.Second, "time per position")
	threads := fs.Int("threads", runtime.NumCPU(), "search threads (Lazy SMP)")
	evalName := fs.String("eval", "heuristic", "evaluator: heuristic, random, cnn:NAME or cnn:PATH")
	stats := fs.Bool("stats", false, "also count minimax and alpha-beta nodes per depth")
	mmDepth := fs.Int("statsdepth", 4, "deepest minimax for -stats (alpha-beta goes two plies further)")
	ttMB := fs.Int("tt", 64, "transposition table size in MB")
	rowPatches := fs.Int("row-patches", cnn.DefaultRowPatchLimit, fmt.Sprintf("patches whose layer-2 rows the network keeps (the game window keeps %d)", player.WindowRowPatches))
	depth := fs.Int("depth", 0, "search every position to this depth instead of for -movetime (0 = use -movetime); with -threads 1 the node counts repeat exactly")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut bench search [-movetime 2s | -depth N] [-threads N] [-eval heuristic|random|cnn:NAME] [-stats]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := firstError(
		positiveDuration("movetime", *moveTime),
		intIn("threads", *threads, 1, maxThreads),
		intIn("statsdepth", *mmDepth, 1, 8),
		intIn("tt", *ttMB, 1, ai.MaxTTSizeMB),
		intIn("depth", *depth, 0, ai.MaxDepth),
		intIn("row-patches", *rowPatches, 0, cnn.Patches),
	); err != nil {
		return err
	}
	player.SetRowPatchLimit(*rowPatches)
	eval, err := benchEvaluator(*evalName)
	if err != nil {
		return err
	}
	positions, err := ai.BenchPositions()
	if err != nil {
		return err
	}
	if *stats {
		printTreeStats(positions[0].Pos, eval, *mmDepth)
	}
	limits := ai.Limits{MoveTime: *moveTime}
	if *depth > 0 {
		limits = ai.Limits{Depth: *depth}
	}
	fmt.Printf("search bench: eval=%s %s threads=%d tt=%dMB\n", eval.Name(), limitText(limits), *threads, *ttMB)
	fmt.Printf("%-10s %-6s %5s %12s %10s %8s %9s  %s\n", "position", "move", "depth", "nodes", "nps", "wall_s", "score", "pv")
	s := ai.NewSearcher(eval, ai.Options{TTSizeMB: *ttMB, Threads: *threads})
	var maxWall time.Duration
	var depths []int
	for _, np := range positions {
		s.Clear()
		start := time.Now()
		r := s.Search(context.Background(), np.Pos, nil, limits, nil)
		wall := time.Since(start)
		maxWall = max(maxWall, wall)
		depths = append(depths, r.Depth)
		pv := ""
		for i, m := range r.PV {
			if i == 6 {
				pv += " ..."
				break
			}
			pv += " " + m.String()
		}
		fmt.Printf("%-10s %-6v %5d %12d %10d %8.3f %9d %s\n", np.Name, r.Move, r.Depth, r.Nodes,
			int64(float64(r.Nodes)/wall.Seconds()), wall.Seconds(), r.Score, pv)
	}
	slices.Sort(depths)
	fmt.Printf("max_wall_s=%.3f median_depth=%d\n", maxWall.Seconds(), depths[len(depths)/2])
	if n, flushes := player.EvaluatorRows(eval); n > 0 || flushes > 0 {
		fmt.Printf("network: layer-2 rows of %d patches kept, %.1f MB; dropped %d times at the limit of %d patches\n",
			n, float64(n)*cnn.PatchRowBytes/1e6, flushes, *rowPatches)
	}
	return nil
}

// printTreeStats prints the checkers report's Table 2 for pos: nodes visited by
// plain minimax and by alpha-beta (generation order, and with move ordering) at
// each depth, and the share of minimax's nodes alpha-beta pruned.
func printTreeStats(pos game.Position, eval ai.Evaluator, mmDepth int) {
	fmt.Printf("nodes visited from the start position (eval=%s)\n", eval.Name())
	fmt.Printf("%-5s %14s %14s %8s %14s %8s\n", "depth", "minimax", "alphabeta", "pruned", "ab+ordering", "pruned")
	for d := 1; d <= mmDepth+2; d++ {
		row, _ := teach.CountTree(context.Background(), pos, eval, d, d <= mmDepth)
		cell := func(n int64) string {
			if n == 0 {
				return "-"
			}
			return fmt.Sprint(n)
		}
		share := func(n int64) string {
			if p := row.Pruned(n); p >= 0 {
				return fmt.Sprintf("%.3f", p)
			}
			return "-"
		}
		fmt.Printf("%-5d %14s %14d %8s %14d %8s\n", d, cell(row.Minimax), row.AlphaBeta, share(row.AlphaBeta), row.Ordered, share(row.Ordered))
	}
	fmt.Println()
}

// limitText names what bounds each search of the bench.
func limitText(l ai.Limits) string {
	if l.Depth > 0 {
		return fmt.Sprintf("depth=%d", l.Depth)
	}
	return fmt.Sprintf("movetime=%v", l.MoveTime)
}

// benchEvaluator returns the evaluator an -eval flag of the bench commands
// names (heuristic, random, cnn:NAME or cnn:PATH), saying which kernel path a
// network runs on.
func benchEvaluator(name string) (ai.Evaluator, error) {
	switch name {
	case "heuristic":
		return ai.NewHeuristic(), nil
	case "random":
		return ai.Random{Seed: 1}, nil
	}
	spec, err := player.ParseSpec(name)
	if err != nil || spec.Kind != player.CNN {
		return nil, fmt.Errorf("unknown evaluator %q: want heuristic, random, cnn:NAME or cnn:PATH", name)
	}
	eval, err := player.NewEvaluator(spec)
	if err != nil {
		return nil, err
	}
	fmt.Printf("network path: %s (set %s=float, auto or an integer kernel to change it)\n", player.EvaluatorPath(eval), player.PathEnv)
	return eval, nil
}
