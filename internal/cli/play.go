package cli

import (
	"flag"
	"fmt"

	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

func init() { register("play", "open the game window (default)", runPlay) }

// runPlay opens the game window. With -white or -black the game starts at once;
// otherwise the start panel opens with the last choices (a human as White
// against the Beginner level on the first run).
func runPlay(args []string) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	white := fs.String("white", "", "White's player: human, heuristic, random, cnn:NAME or cnn:path/file.tnn (default human)")
	black := fs.String("black", "", "Black's player (default level:beginner; with -white alone, cnn:champion, or heuristic if no champion is shipped)")
	moveTime := fs.Duration("movetime", session.DefaultMoveTime, "thinking time per AI move")
	load := fs.String("load", "", "open this game record")
	shot := fs.String("screenshot", "", "save a PNG of the window to this file after -frames frames, then exit")
	frames := fs.Int("frames", 60, "frames to run before the screenshot")
	ponder := fs.Bool("ponder", true, "let an AI playing a person think on the person's time")
	watch := fs.Bool("watch", false, "AI against AI: two different shipped networks (or the heuristic twice), Black with the handicap")
	demo := fs.Bool("demo", false, "AI against AI game after game, for a screen left on all day: the -watch pair taking turns at White, seeded openings, the result between games; any key or click leaves it")
	fullscreen := fs.Bool("fullscreen", false, "open the window in full screen (F11 toggles it)")
	handicap := fs.Int("handicap", session.WatchHandicap, "for the default pair (-watch, -demo), Black searches 1/N of White's nodes (1 = no handicap)")
	teach := fs.Bool("teach", false, "open the classroom view: how the search and the evaluation think (key T)")
	puzzleID := fs.Int("puzzle", 0, "open the shipped puzzle N at once, e.g. for a teacher's slide (the start panel's Puzzles button opens them easiest first)")
	teachPage := fs.String("teachpage", "search", "the classroom view's first page: search, slow (alpha-beta in slow motion), eval, network or evolution")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut [play] [-white P] [-black P] [-movetime 2s] [-load FILE] [-watch | -demo [-handicap N]] [-fullscreen] [-teach [-teachpage search|slow|eval|network|evolution]] [-puzzle N] [-screenshot FILE -frames N]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var err error
	if err = firstError(
		positiveDuration("movetime", *moveTime),
		intIn("frames", *frames, 1, 1_000_000),
		intIn("handicap", *handicap, 1, 64),
	); err != nil {
		return err
	}

	puzzleGiven := false
	fs.Visit(func(f *flag.Flag) { puzzleGiven = puzzleGiven || f.Name == "puzzle" })
	if puzzleGiven {
		if err := session.CheckPuzzleID(*puzzleID); err != nil {
			return fmt.Errorf("bad -puzzle %d: %v", *puzzleID, err)
		}
	}
	opts := ui.Options{Puzzle: *puzzleID, Load: *load, Screenshot: *shot, Frames: *frames, Fullscreen: *fullscreen,
		Config: session.Config{NoPonder: !*ponder, KeepLastGame: true}}
	pages := map[string]int{"search": session.TeachSearch, "slow": session.TeachSlow, "eval": session.TeachEval,
		"network": session.TeachFilters, "filters": session.TeachFilters, "evolution": session.TeachEvolution}
	page, ok := pages[*teachPage]
	if !ok {
		return fmt.Errorf("bad -teachpage %q: want search, slow, eval, network or evolution", *teachPage)
	}
	opts.Teach = *teach
	opts.TeachPage = page
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "teachpage" {
			opts.Teach = true // asking for a page asks for the view
		}
	})
	def := session.DefaultSettings()
	def.MoveTime = *moveTime
	opp, notice := session.DefaultOpponent()
	if *watch {
		def.White, def.Black = session.WatchPair()
	}
	given := *watch || *load != ""
	named := map[string]bool{}
	fs.Visit(func(f *flag.Flag) {
		named[f.Name] = true
		switch f.Name {
		case "white", "black", "movetime", "handicap":
			given = true
		}
	})
	// Both players named (with -watch too): they play as named.
	defaultPair := *demo || *watch && !(named["white"] && named["black"])
	if def.Handicap, err = playHandicap(defaultPair, named["handicap"], *handicap); err != nil {
		return err
	}
	if *demo {
		if named["white"] || named["black"] || *load != "" || *watch {
			return fmt.Errorf("-demo plays its own pairs: leave out -white, -black, -load and -watch")
		}
		opts.Demo = &session.Demo{MoveTime: *moveTime, Handicap: *handicap}
		return ui.Run(opts)
	}
	if *white != "" {
		def.White = *white
		if !*watch {
			def.Black = opp // the command line's opponent stays the strongest engine
		}
	}
	if *black != "" {
		def.Black = *black
	}
	if *black == "" && def.Black == opp {
		opts.Notice = notice
	}
	for _, spec := range []string{def.White, def.Black} {
		if err := session.CheckSpec(spec); err != nil {
			return err
		}
	}
	if given {
		opts.Settings = &def
	}
	return ui.Run(opts)
}

// playHandicap returns the window's Settings.Handicap: the -handicap flag's
// for the default pair (-watch, -demo), where it was measured; none for
// players the person names, who play as named (asking for one then is an
// error).
func playHandicap(defaultPair, asked bool, handicap int) (int, error) {
	switch {
	case defaultPair:
		return handicap, nil
	case asked:
		return 0, fmt.Errorf("-handicap is for the default pair of -watch or -demo; players named with -white and -black play without it")
	}
	return 0, nil
}
