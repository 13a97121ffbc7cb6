package cli

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/lab/puzzles"
)

func init() {
	register("puzzles", "make proven puzzles (win in 1 to 5, unique first move) from game records", runPuzzles)
}

const puzzlesHelp = `usage: tablut puzzles -o DIR [-depth 4] [-per-cell 60] [-max 0] [-budget 3000000] [-window 0] [-seed 1] [-seeds 3] [-levels L,...] [-threads 1] INPUT...
       tablut puzzles -resume DIR [-threads N]

Makes puzzles from game records (INPUT: record files, or folders searched for
game-*.txt). The positions of each decisive game's last plies with the
winner to move are proved by an exhaustive search: a puzzle is a position
where the side to move forces a win in 1 to -depth moves, the fewest that
win, with only one first move that wins that fast. Its line plays the
longest defence at each step; each later step records how many other solver
moves also win. Each puzzle gets themes and a rating from how often each
level (Beginner to Master, -seeds searches each) finds the first move,
combined with the depth. Positions seen before are skipped. The puzzles go to
DIR/puzzles.txt (the format is in docs/puzzles.md), saved with a checkpoint
after every record: an interrupted run continues with -resume DIR. The
result depends on the flags only.

`

func runPuzzles(args []string) error {
	def := puzzles.DefaultConfig()
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	out := fs.String("o", "", "run folder: puzzles.txt and the checkpoint go there")
	resume := fs.String("resume", "", "continue the run in this folder (its settings are kept)")
	depth := fs.Int("depth", def.MaxDepth, "deepest win looked for, in the solver's moves (1..5)")
	perCell := fs.Int("per-cell", def.PerCell, "most puzzles per side to move and depth (0: no cap); the run stops when all are full")
	most := fs.Int("max", def.Max, "most puzzles in all (0: no cap)")
	budget := fs.Int64("budget", def.Budget, "prover nodes per position; a position that needs more is skipped")
	window := fs.Int("window", def.Window, "plies before a decisive game's end whose positions are tried (0: twice -depth)")
	seed := fs.Uint64("seed", def.Seed, "seed of the records' order and of the levels' searches")
	seeds := fs.Int("seeds", def.Seeds, "searches per level with noise for the rating (levels without noise run twice)")
	threads := fs.Int("threads", 1, "records proved at once (the puzzles do not depend on it; may be given with -resume)")
	levels := fs.String("levels", "", "levels that rate the puzzles, comma-separated (default: all, beginner to master)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), puzzlesHelp)
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if err := intIn("threads", *threads, 1, maxThreads); err != nil {
		return err
	}
	var run *puzzles.Run
	var err error
	if *resume != "" {
		bad := ""
		fs.Visit(func(f *flag.Flag) {
			if f.Name != "resume" && f.Name != "threads" && bad == "" {
				bad = f.Name
			}
		})
		if bad != "" || fs.NArg() > 0 {
			return fmt.Errorf("a resumed run keeps its settings: give -resume DIR alone (found %s)", firstNonEmpty("-"+bad, strings.Join(fs.Args(), " ")))
		}
		if run, err = puzzles.Open(*resume); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "puzzles: resuming %s with %d puzzles\n", printable(*resume), len(run.Puzzles()))
	} else {
		if *out == "" {
			return fmt.Errorf("puzzles needs a run folder: -o DIR (or -resume DIR); see tablut puzzles -h")
		}
		if err := firstError(
			intIn("depth", *depth, 1, 5),
			intIn("per-cell", *perCell, 0, 100_000),
			intIn("max", *most, 0, 1_000_000),
			intIn("budget", *budget, 1, math.MaxInt64),
			intIn("window", *window, 0, 1000),
			intIn("seeds", *seeds, 1, 20),
		); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			return fmt.Errorf("puzzles needs game records: name record files or folders of game-*.txt, e.g. docs/runs")
		}
		cfg := puzzles.Config{Inputs: fs.Args(), MaxDepth: *depth, Window: *window, PerCell: *perCell, Max: *most,
			Budget: *budget, Seed: *seed, Seeds: *seeds}
		if *levels != "" {
			cfg.Levels = strings.Split(*levels, ",")
		}
		if err := cfg.Check(); err != nil {
			return fmt.Errorf("puzzles: %v", err)
		}
		if _, err := puzzles.Records(cfg.Inputs, cfg.Seed); err != nil {
			return err
		}
		if run, err = puzzles.Create(*out, cfg); err != nil {
			return err
		}
	}
	defer run.Close()
	c := run.Config()
	dir := firstNonEmpty(*resume, *out)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	last := time.Time{}
	err = run.Generate(ctx, *threads, func(done, total int, st puzzles.Stats, ps []puzzle.Puzzle) {
		if time.Since(last) < 20*time.Second && done != total {
			return
		}
		last = time.Now()
		fmt.Fprintf(os.Stderr, "puzzles: %d/%d records, %d positions proved, %d puzzles (%s), %v\n",
			done, total, st.Positions, len(ps), cells(ps, c.MaxDepth), time.Since(start).Round(time.Second))
	})
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("puzzles interrupted; continue with: tablut puzzles -resume %s", printable(dir))
		}
		return err
	}
	st, ps := run.Stats(), run.Puzzles()
	fmt.Fprintf(os.Stderr, "puzzles: %d records (%d other files skipped), %d positions proved (%d without a win in %d, %d not unique, %d over budget, %d duplicates), %d puzzles (%s) in %v\n",
		st.Games, st.NotRecords, st.Positions, st.NoWin, c.MaxDepth, st.NotUnique, st.OverBudget, st.Duplicates, len(ps), cells(ps, c.MaxDepth), time.Since(start).Round(time.Second))
	fmt.Fprintf(os.Stderr, "wrote %s/%s\n", printable(dir), puzzles.PuzzlesFile)
	return nil
}

// cells says the puzzles per side and depth: "White 1:12 2:9, Black 1:3 2:4".
func cells(ps []puzzle.Puzzle, maxDepth int) string {
	var parts []string
	for _, side := range []game.Color{game.White, game.Black} {
		var s []string
		for d := 1; d <= maxDepth; d++ {
			n := 0
			for _, p := range ps {
				if p.Solver() == side && p.Depth == d {
					n++
				}
			}
			s = append(s, fmt.Sprintf("%d:%d", d, n))
		}
		parts = append(parts, side.String()+" "+strings.Join(s, " "))
	}
	return strings.Join(parts, ", ")
}

// firstNonEmpty returns the first non-empty string.
func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" && s != "-" {
			return s
		}
	}
	return ""
}
