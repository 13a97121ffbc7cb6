package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/lab/match"
)

func init() {
	register("match", "play two engines against each other and measure the difference", runMatch)
}

// matchFlags are the flags shared by match and tournament.
type matchFlags struct {
	lim      *player.Flags
	games    *int
	opening  *int
	parallel *int
	records  *string
	maxPlies *int
}

func addMatchFlags(fs *flag.FlagSet, games int) matchFlags {
	return matchFlags{
		lim:      player.AddFlags(fs),
		games:    fs.Int("games", games, "games per pairing (colours alternate; pairs of games share an opening)"),
		opening:  fs.Int("opening-plies", 4, "random plies at the start of each pair of games"),
		parallel: fs.Int("parallel", 0, "games at once (0 = one per CPU under -depth/-nodes, one under -movetime)"),
		records:  fs.String("records", "", "folder to save every game record in (none if empty)"),
		maxPlies: fs.Int("max-plies", match.DefaultMaxPlies, "adjudicate a draw after this many plies (a safety net)"),
	}
}

// check refuses out-of-range values of the match flags.
func (f matchFlags) check() error {
	return firstError(
		checkLimits(f.lim),
		intIn("games", *f.games, 1, 1_000_000),
		intIn("max-plies", *f.maxPlies, 1, 100_000),
		intIn("opening-plies", *f.opening, 0, *f.maxPlies-1),
		intIn("parallel", *f.parallel, 0, maxThreads),
	)
}

func (f matchFlags) config(fs *flag.FlagSet) match.Config {
	return match.Config{
		Games: *f.games, OpeningPlies: *f.opening, MaxPlies: *f.maxPlies,
		Parallel: *f.parallel, Seed: f.lim.Seed, RecordsDir: *f.records,
	}
}

func newBar(n int, desc string) *progress {
	return newProgress(n, desc,
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(200*time.Millisecond),
	)
}

func runMatch(args []string) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	a := fs.String("a", "", "player A: "+strings.Join(player.Names(), ", ")+", or cnn:path/to/file.tnn")
	b := fs.String("b", "heuristic", "player B (as -a)")
	mf := addMatchFlags(fs, 100)
	threadsB := fs.Int("threads-b", 0, "search threads of player B only, replacing -threads for B (0 = as -threads)")
	var offB ai.Feature
	offBSet := false
	fs.Func("off-b", "search techniques switched off for player B only, replacing -off for B (as -off; \"none\" switches none off)", func(v string) error {
		offBSet = true
		return player.FeatureFlag{F: &offB}.Set(v)
	})
	var fullTimeB *bool
	fs.BoolFunc("full-time-b", "the time policy of player B only, replacing -full-time for B (-full-time-b=false: B keeps the adaptive policy)", func(v string) error {
		on, err := strconv.ParseBool(v)
		fullTimeB = &on
		return err
	})
	ttB := fs.Int("tt-b", 0, "transposition table size of player B only, in MB, replacing -tt for B (0 = as -tt)")
	contemptB := fs.Int("contempt-b", -1, "contempt of player B only, replacing -contempt for B (-1 = as -contempt)")
	ponder := fs.String("ponder", "none", "which players think on the opponent's time: none, a, b or both")
	resume := fs.Bool("resume", false, "go on with the stopped match in the -records folder: play only the games it lacks (the same players, limits and seed; -games may grow)")
	side := fs.String("side", "both", "the colour A plays: both (alternating, pairs of games share an opening), white or black (every game, each with its own opening: pair N's of a match of both colours with the same seed), to measure one colour with twice the games")
	moveTimeB := fs.Duration("movetime-b", 0, "wall time per move of player B only, replacing -movetime for B (0 = as -movetime): a time handicap")
	sprtText := fs.String("sprt", "", "stop as soon as a sequential test decides between two Elo differences of A over B: ELO0,ELO1 (error rates 0.05 each) or ELO0,ELO1,ALPHA,BETA; -games is then the most games played")
	nodesB := fs.Int64("nodes-b", 0, "node budget per move of player B only, replacing -nodes for B (0 = as -nodes): node-budget proxies of equal time between engines of different speeds")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut match -a PLAYER -b PLAYER [-games 100] [-movetime 2s | -depth N | -nodes N] [flags]")
		fmt.Fprintln(fs.Output(), "Prints W/D/L per colour, A's score with its 95% interval (normal approximation),")
		fmt.Fprintln(fs.Output(), "and the Elo difference (logistic: D = -400 log10(1/score - 1)) with its interval.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := mf.check(); err != nil {
		return err
	}
	if *a == "" {
		fs.Usage()
		return fmt.Errorf("match needs player A: -a PLAYER (one of %s)", strings.Join(player.Names(), ", "))
	}
	sa, err := player.ParseSpec(*a)
	if err != nil {
		return err
	}
	sb, err := player.ParseSpec(*b)
	if err != nil {
		return err
	}
	c := mf.config(fs)
	if *resume && c.RecordsDir == "" {
		return fmt.Errorf("-resume needs the -records folder of the match to go on with")
	}
	c.Resume = *resume
	sprt, err := parseSPRT(*sprtText)
	if err != nil {
		return err
	}
	switch *side {
	case "both":
	case "white", "black":
		c.Side = *side
	default:
		return fmt.Errorf("bad -side %q: want both, white or black", *side)
	}
	c.A, c.B = mf.lim.Apply(fs, sa), mf.lim.Apply(fs, sb)
	if *nodesB < 0 {
		return fmt.Errorf("-nodes-b must not be negative, got %d", *nodesB)
	}
	if *nodesB > 0 {
		c.B.Nodes = *nodesB
	}
	if *moveTimeB < 0 {
		return fmt.Errorf("-movetime-b must not be negative, got %v", *moveTimeB)
	}
	if *moveTimeB > 0 {
		c.B.MoveTime = *moveTimeB
	}
	if err := intIn("threads-b", *threadsB, 0, maxThreads); err != nil {
		return err
	}
	if *threadsB > 0 {
		c.B.Threads = *threadsB
	}
	if err := intIn("contempt-b", *contemptB, -1, ai.MaxEval); err != nil {
		return err
	}
	if err := intIn("tt-b", *ttB, 0, ai.MaxTTSizeMB); err != nil {
		return err
	}
	if *ttB > 0 {
		c.B.SetTTSizeMB(*ttB)
	}
	if offBSet {
		c.B.Off = offB
	}
	if fullTimeB != nil {
		c.B.FullTime = *fullTimeB
	}
	if *contemptB >= 0 {
		c.B.Contempt = int32(*contemptB)
	}
	switch strings.ToLower(*ponder) {
	case "none":
	case "a":
		c.A.Ponder = true
	case "b":
		c.B.Ponder = true
	case "both":
		c.A.Ponder, c.B.Ponder = true, true
	default:
		return fmt.Errorf("bad -ponder %q: want none, a, b or both", *ponder)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	only := ""
	if c.Side != "" {
		only = ", A plays " + c.Side + " in every game"
	}
	var bar *progress
	adjudicated := 0
	c.OnStart = func() {
		fmt.Printf("%s vs %s: %d games, %d at once, %d opening plies, seed %d%s\n",
			printable(c.A.Describe()), printable(c.B.Describe()), c.Games, min(c.Games, c.ParallelGames()), c.OpeningPlies, c.Seed, only)
		bar = newBar(c.Games, "games")
	}
	c.OnGame = func(i int, r match.GameResult, aWhite bool, s match.Stats) {
		if r.Adjudicated {
			adjudicated++
		}
		if sprt != nil {
			bar.Describe(fmt.Sprintf("score %.3f, %s", s.Score(), sprt.Progress(s, c.Side == "")))
		} else {
			bar.Describe(fmt.Sprintf("score %.3f", s.Score()))
		}
		bar.Add(1)
	}
	if sprt != nil {
		c.Stop = func(s match.Stats) bool {
			v, _ := sprt.Verdict(s, c.Side == "")
			return v != 0
		}
	}
	st, err := match.Run(ctx, c)
	if bar == nil { // refused before it started: nothing to show
		return err
	}
	bar.Finish()
	fmt.Print(st.Summary(printable(c.A.String()), printable(c.B.String())))
	if adjudicated > 0 {
		fmt.Print(adjudicatedLine(adjudicated, *mf.maxPlies))
	}
	if sprt != nil {
		fmt.Print(sprt.Summary(st, c.Side == "", printable(c.A.String())))
	}
	if c.RecordsDir != "" {
		fmt.Printf("  game records in %s\n", printable(c.RecordsDir))
	}
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("match interrupted after %d games", st.Games())
		}
		return err
	}
	return nil
}
