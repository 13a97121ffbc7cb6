package cli

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/internal/lab/curve"
	"github.com/tablut-ai/tablut/internal/lab/learn"
)

func init() {
	register("curve", "learning curve of a TreeStrap run: its networks rated in Elo against fixed references", runCurve)
}

// followWait is how long -follow waits before looking for new rounds again.
const followWait = time.Minute

func runCurve(args []string) error {
	fs := flag.NewFlagSet("curve", flag.ContinueOnError)
	run := fs.String("run", "", "the learning run's folder (tablut learn -out DIR ... -tree-rounds N)")
	refs := fs.String("refs", curve.DefaultRefs, "reference players, weakest first: random, level:NAME, or heuristic / cnn:NAME / cnn:FILE with @depthN or @nodesN (no time limits, so that load does not matter)")
	games := fs.Int("games", 20, "games of each network against each reference (even)")
	ladder := fs.Int("ladder-games", 40, "games between neighbouring references, played once, to place them on one scale (even)")
	nodes := fs.Int64("nodes", 0, "node budget a move of the run's networks (0 = the run's own -tree-nodes)")
	every := fs.Int("every", 5, "rate every Nth round (round 0 and the run's last are always rated, and without -follow the latest saved)")
	follow := fs.Bool("follow", false, "keep rating new rounds as the run saves them, until its last round (or Ctrl-C)")
	parallel := fs.Int("parallel", 1, "games at once")
	seed := fs.Uint64("seed", 1, "seed of the openings and tie-breaks (the same for every network)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut curve -run DIR [-refs LIST] [-games 20] [-every 5] [-follow] [flags]")
		fmt.Fprintln(fs.Output(), "Rates the networks a TreeStrap run keeps (round 0 and every -every'th round) against fixed references,")
		fmt.Fprintln(fs.Output(), "on one Elo scale with the first reference at 0, and draws DIR/curve/curve.png against hours of learning.")
		fmt.Fprintln(fs.Output(), "Results are kept in DIR/curve/curve.json: run it again (or with -follow) to rate only what is new.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *run == "" {
		fs.Usage()
		return fmt.Errorf("no run folder: give -run DIR")
	}
	rs, err := curve.ParseRefs(*refs)
	if err != nil {
		return err
	}
	if *parallel < 1 || *parallel > 256 {
		return fmt.Errorf("-parallel %d: want 1 to 256", *parallel)
	}
	_, lc, err := learn.Snapshots(*run)
	if err != nil {
		return err
	}
	if *nodes == 0 {
		*nodes = int64(lc.TreeNodes)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var bar *progress // made at the first game, so that nothing shows before it
	finish := func() {
		if bar != nil {
			bar.Finish()
		}
	}
	cfg := curve.Config{
		Run: *run, Refs: rs, Games: *games, LadderGames: *ladder, Nodes: *nodes, Every: *every,
		Seed: *seed, Parallel: *parallel, Latest: !*follow,
		OnGame: func(what string, done, total int) {
			switch {
			case bar == nil:
				bar = newBar(total, what)
			case done == 1:
				bar.restart(total, what)
			}
			bar.Set(done)
		},
		OnPoint: func(c *curve.Curve, p curve.Point) {
			finish()
			fmt.Println(pointLine(c, p))
		},
	}
	for {
		c, _, err := curve.Measure(ctx, cfg)
		finish()
		if err != nil {
			if ctx.Err() != nil {
				if c != nil {
					printCurve(*run, c)
				}
				return fmt.Errorf("curve interrupted; run the same command again to go on")
			}
			return err
		}
		if !*follow {
			printCurve(*run, c)
			return nil
		}
		// The run may have been given more rounds since (learn -resume -tree-rounds).
		if _, lc, err = learn.Snapshots(*run); err != nil {
			return err
		}
		if c.Done(lc.TreeRounds) {
			printCurve(*run, c)
			return nil
		}
		select {
		case <-ctx.Done():
			printCurve(*run, c)
			return nil
		case <-time.After(followWait):
		}
	}
}

// pointLine describes one rated network: its round, hours and self-play
// games, its score against each reference and its rating.
func pointLine(c *curve.Curve, p curve.Point) string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d (%.2f h, %d self-play games):", p.Round, p.Seconds/3600, p.Games)
	for j, s := range p.Results {
		fmt.Fprintf(&b, " %s %.2f,", c.Refs[j], s.Score())
	}
	r, lo, hi := c.Rating(p)
	fmt.Fprintf(&b, " Elo %s [%s, %s]", signed(r), signed(lo), signed(hi))
	return b.String()
}

func signed(v float64) string {
	if math.IsNaN(v) {
		return "?"
	}
	return fmt.Sprintf("%+.0f", v)
}

// printCurve prints the references' scale and every rated network.
func printCurve(run string, c *curve.Curve) {
	refs, step := c.RefRatings()
	fmt.Println("references (ladder: each against the one before it):")
	for i, r := range refs {
		line := fmt.Sprintf("  %-28s Elo %s", c.Refs[i], signed(r))
		if i > 0 && i-1 < len(c.Ladder) {
			line += fmt.Sprintf("  (%s against the one before: %.3f, step ±%.0f)", c.Ladder[i-1].Total(), c.Ladder[i-1].Score(), step[i])
		}
		fmt.Println(line)
	}
	fmt.Printf("networks (%d nodes a move, %d games against each reference):\n", c.Nodes, c.Games)
	for _, p := range c.Points {
		fmt.Println("  " + pointLine(c, p))
	}
	fmt.Println("plot:", filepath.Join(run, curve.Dir, curve.PlotFile))
}
