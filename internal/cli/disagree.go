package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/lab/disagree"
)

func init() {
	register("disagree", "positions where a network and the heuristic disagree, refereed by a deep search (Markdown report)", runDisagree)
}

const disagreeHelp = `usage: tablut disagree -net cnn:NAME [-games 40] [-nodes 2000] [-referee-nodes 2000000] [-top 6] [-seed 1] [-threads 1] [-o FILE.md]

Shows what a network knows that the hand-made heuristic does not. Seeded
self-play games of the heuristic provide the positions; each is scored by the
network (as an engine playing it would) and by the heuristic. Where they name
different sides as better, a deep one-thread search of the heuristic (the
referee) decides which is right. The report (Markdown, on standard output or
into -o) gives the counts of every verdict, then the clearest positions where
the network is right (at most one per game): board, side to move, the three
scores, the referee's best move, depth and line, and an explanation when the
line shows one. The result depends on the flags, never on -threads.

`

func runDisagree(args []string) error {
	def := disagree.DefaultConfig()
	fs := flag.NewFlagSet("disagree", flag.ContinueOnError)
	net := fs.String("net", "", "network: cnn:NAME (shipped: a name) or cnn:path/to/file.tnn")
	games := fs.Int("games", def.Games, "self-play games of the heuristic that provide the positions")
	nodes := fs.Int64("nodes", def.Nodes, "node budget of each move of those games")
	opening := fs.Int("opening-plies", def.OpeningPlies, "random plies at the start of each game")
	refNodes := fs.Int64("referee-nodes", def.RefereeNodes, "node budget of each referee search")
	top := fs.Int("top", def.Top, "most positions shown (at most one per game)")
	seed := fs.Uint64("seed", def.Seed, "seed of the games' openings and of the searches' tie-breaks")
	threads := fs.Int("threads", def.Threads, "goroutines playing games and running referee searches (results do not depend on it)")
	out := fs.String("o", "", "write the report to this file instead of standard output")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), disagreeHelp)
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := firstError(
		intIn("games", *games, 1, 100_000),
		intIn("nodes", *nodes, 1, math.MaxInt64),
		intIn("opening-plies", *opening, 0, 100),
		intIn("referee-nodes", *refNodes, 1, math.MaxInt64),
		intIn("top", *top, 1, 1000),
		intIn("threads", *threads, 1, maxThreads),
	); err != nil {
		return err
	}
	if *out != "" {
		if fi, err := os.Stat(filepath.Dir(*out)); err != nil || !fi.IsDir() {
			return fmt.Errorf("-o %s: the folder %s does not exist; create it or choose another file", printable(*out), printable(filepath.Dir(*out)))
		}
	}
	if *net == "" {
		return fmt.Errorf("disagree needs a network: -net cnn:NAME or -net cnn:path/to/file.tnn; see tablut disagree -h")
	}
	name := *net
	if !strings.HasPrefix(strings.ToLower(name), player.CNN+":") {
		name = player.CNN + ":" + name
	}
	spec, err := player.ParseSpec(name)
	if err != nil {
		return fmt.Errorf("-net: %v", err)
	}
	n, err := player.LoadNet(spec.Net)
	if err != nil {
		return err
	}
	eval, err := player.NetEvaluator(n) // as player.NewEvaluator builds it
	if err != nil {
		return err
	}
	netPath := player.EvaluatorPath(eval)
	cfg := disagree.Config{Games: *games, Nodes: *nodes, OpeningPlies: *opening, RefereeNodes: *refNodes,
		Top: *top, Seed: *seed, Threads: *threads, Residual: !player.NetLeads(n)}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	bar := newBar(cfg.Games, "games")
	stage := "games"
	rep, err := disagree.Run(ctx, eval, cfg, func(s string, done, total int) {
		if s != stage {
			stage = s
			bar.Finish()
			bar.restart(total, s+" searches")
		}
		bar.Set(done)
	})
	bar.Finish()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("disagree interrupted; nothing written")
		}
		return err
	}
	rep.Command = fmt.Sprintf("tablut disagree -net %s -games %d -nodes %d -opening-plies %d -referee-nodes %d -top %d -seed %d",
		printable(spec.String()), cfg.Games, cfg.Nodes, cfg.OpeningPlies, cfg.RefereeNodes, cfg.Top, cfg.Seed)
	rep.NetPath = netPath
	refereed := rep.Positions - rep.Counts[disagree.Agree] - rep.Counts[disagree.Even]
	fmt.Fprintf(os.Stderr, "disagree: %d positions, %d refereed, %d shown, in %v\n",
		rep.Positions, refereed, len(rep.Chosen), time.Since(start).Round(time.Second))
	if *out == "" {
		return rep.WriteMarkdown(os.Stdout)
	}
	if err := atomicfile.Write(*out, func(w io.Writer) error { return rep.WriteMarkdown(w) }); err != nil {
		// The run took minutes: print the report rather than lose it.
		if werr := rep.WriteMarkdown(os.Stdout); werr != nil {
			return fmt.Errorf("cannot write %s: %v", printable(*out), err)
		}
		return fmt.Errorf("cannot write %s (the report is on standard output instead): %v", printable(*out), err)
	}
	fmt.Fprintf(os.Stderr, "wrote the report to %s\n", printable(*out))
	return nil
}
