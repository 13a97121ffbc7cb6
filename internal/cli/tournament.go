package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/lab/match"
)

func init() {
	register("tournament", "round robin between several engines, with a crosstable and ratings", runTournament)
}

func runTournament(args []string) error {
	fs := flag.NewFlagSet("tournament", flag.ContinueOnError)
	list := fs.String("players", "", "comma-separated players: "+strings.Join(player.Names(), ", ")+", cnn:path/to/file.tnn")
	mf := addMatchFlags(fs, 20)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut tournament -players a,b,c [-games N] [-movetime 2s | -depth N | -nodes N] [flags]")
		fmt.Fprintln(fs.Output(), "Every pair plays -games games; ratings are Elo fitted to all scores (mean 0).")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := mf.check(); err != nil {
		return err
	}
	var specs []player.Spec
	for _, s := range strings.Split(*list, ",") {
		if strings.TrimSpace(s) == "" {
			continue
		}
		sp, err := player.ParseSpec(s)
		if err != nil {
			return err
		}
		specs = append(specs, mf.lim.Apply(fs, sp))
	}
	if len(specs) < 2 {
		fs.Usage()
		return fmt.Errorf("a tournament needs at least two players: -players a,b[,c...]")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	n := len(specs)
	total := n * (n - 1) / 2 * *mf.games
	// The bar is made when the first pairing starts, once the tournament
	// has checked all it can: a refused one prints nothing.
	var bar *progress
	base := mf.config(fs)
	base.Event = "tournament"
	base.OnGame = func(int, match.GameResult, bool, match.Stats) { bar.Add(1) }
	base.OnStart = func() {
		if bar == nil {
			bar = newBar(total, "games")
		}
	}
	t := match.Tournament{Players: specs, Base: base}
	ct, err := t.Run(ctx)
	if bar == nil { // refused before its first game: no table to show
		return err
	}
	bar.Finish()
	for i, n := range ct.Names {
		ct.Names[i] = printable(n)
	}
	fmt.Print(ct.String())
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("tournament interrupted")
		}
		return err
	}
	return nil
}
