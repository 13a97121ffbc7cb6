package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/tablut-ai/tablut/ai/analyse"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/regfile"
)

func init() {
	register("analyse", "replay a game record with an engine: its move and chance at every ply, the mistakes and blunders", runAnalyse)
}

const analyseHelp = `usage: tablut analyse [-engine cnn:champion] [-movetime 2s | -depth N | -nodes N] [-side white|black] [-from PLY] [-to PLY] [-save FILE] RECORD

Replays a game record (as the window's Save or tablut match -records write
them) and searches every position before an analysed move with the engine:
the row of each move gives the engine's own move there ("=" when it is the
move played), the mover's chance before and after the move, the change, and
the depth reached; a move that loses at least 10% of the mover's chance is
marked ?, at least 25% ?? (unless the engine would have played it too). The
summary names each side's worst moves with the engine's move and line.
Chances are the engine's estimates read off its scores (as the window's
evaluation bar reads them), not measured frequencies; a longer search gives
better ones, and a short one shows a few percent of change after every move
from judging the position once with each side to move. The random opening
plies of a match's record (its Opening tag) are skipped unless -from says
otherwise. Ctrl-C stops and prints the summary of the moves analysed so far.
With -save FILE the game is also written, with this review, to a record that
the window opens reviewed (marks, chances, chart), without searching again.

`

func runAnalyse(args []string) error {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	engine := fs.String("engine", "cnn:champion", "the analysing engine: heuristic, cnn:NAME or cnn:path/to/file.tnn")
	lim := player.AddFlags(fs)
	side := fs.String("side", "", "analyse only this side's moves: white or black (default both)")
	from := fs.Int("from", 0, "first ply to analyse, counted from 1 (0 = the first)")
	to := fs.Int("to", 0, "last ply to analyse (0 = the last)")
	top := fs.Int("top", 5, "worst moves named per side in the summary")
	save := fs.String("save", "", "write the game with its review to this record file: the window opens it reviewed, marks, chances and chart, without searching again (every move to the end: not with -side or -to)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), analyseHelp)
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("analyse needs a game record: tablut analyse [flags] RECORD; see tablut analyse -h")
	}
	path := fs.Arg(0)
	if rest := fs.Args()[1:]; len(rest) > 0 { // flags after the record
		if err := parseFlags(fs, rest); err != nil {
			return err
		}
	}
	if err := firstError(
		checkLimits(lim),
		intIn("from", *from, 0, 100_000),
		intIn("to", *to, 0, 100_000),
		intIn("top", *top, 0, 1000),
	); err != nil {
		return err
	}
	switch *side {
	case "", "white", "black":
	default:
		return fmt.Errorf("bad -side %q: want white or black (or leave it out for both)", *side)
	}
	spec, err := player.ParseSpec(*engine)
	if err != nil {
		return err
	}
	switch spec.Kind {
	case player.Human, player.Random:
		return fmt.Errorf("-engine %s cannot analyse: choose an engine that searches (heuristic, cnn:NAME)", printable(*engine))
	case player.LevelKind:
		// The lower levels blur their judgement with noise, and every level
		// has its own small limits: their scores would not compare.
		return fmt.Errorf("-engine %s: a level plays weakened on purpose; analyse with heuristic or a network (cnn:champion) and choose the limits", printable(*engine))
	}
	spec = lim.Apply(fs, spec)
	// The engine's network is read now, so that a wrong name is said before
	// the game's header, not after it.
	if _, err := player.NewEvaluator(spec); err != nil {
		return fmt.Errorf("-engine: %v", err)
	}
	if *save != "" && (*side != "" || *to != 0) {
		return fmt.Errorf("-save keeps a review of every move to the game's end: leave out -side and -to")
	}
	if *save != "" {
		if err := writable("save", *save); err != nil {
			return err
		}
	}

	f, err := regfile.Open(path)
	if err != nil {
		return fmt.Errorf("cannot open the game record: %v", err)
	}
	g, meta, err := game.ReadRecord(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %v", printable(path), err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	c := analyse.Config{Engine: spec, Side: *side, From: *from, To: *to}
	fromSet := false
	fs.Visit(func(f *flag.Flag) { fromSet = fromSet || f.Name == "from" })
	opening := analyse.RandomOpening(meta)
	if !fromSet && opening > 0 && opening < g.Ply() && (c.To == 0 || c.To > opening) {
		c.From = opening + 1 // the players did not choose those moves
	}
	if err := c.Check(g); err != nil {
		return fmt.Errorf("%s: %v", printable(path), err)
	}
	fmt.Printf("%s: White %s, Black %s, %s after %d plies\n", printable(path), orUnknown(meta.White), orUnknown(meta.Black),
		resultText(g, meta), g.Ply())
	if opening > 0 && c.From == opening+1 && !fromSet {
		fmt.Printf("plies 1 to %d were the match's random opening, not the players' moves: from ply %d on (-from 1 to include them)\n", opening, c.From)
	}
	fmt.Printf("analysed by %s\n%s\n", printable(spec.Describe()), analyse.Header)
	moves, err := analyse.Run(ctx, g, c, func(m analyse.Move) { fmt.Println(analyse.Line(m)) })
	if len(moves) > 0 {
		fmt.Print(analyse.Summary(moves, *top))
	}
	if err != nil && ctx.Err() != nil {
		if *save != "" {
			return fmt.Errorf("analysis interrupted after %d moves; %s not written (a saved review covers the whole game)", len(moves), printable(*save))
		}
		return fmt.Errorf("analysis interrupted after %d moves", len(moves))
	}
	if err != nil || *save == "" {
		return err
	}
	return saveReviewed(*save, g, meta, spec, moves)
}

// saveReviewed writes g to path (atomically) as a record with meta's
// players, date and tags, its review tags replaced by the analysis moves by
// spec's engine.
func saveReviewed(path string, g *game.Game, meta game.RecordMeta, spec player.Spec, moves []analyse.Move) error {
	review, ok := analyse.Tags(spec.String(), moves)
	if !ok {
		return fmt.Errorf("the game is too long to keep its review in a record; %s not written", printable(path))
	}
	meta.Tags = append(analyse.OtherTags(meta.Tags), review...)
	if err := atomicfile.Write(path, func(w io.Writer) error { return g.WriteRecord(w, meta) }); err != nil {
		return fmt.Errorf("cannot write %s: %v", printable(path), err)
	}
	fmt.Printf("wrote the game with its review to %s\n", printable(path))
	return nil
}

// orUnknown returns a record's player name, printable, or "(not named)".
func orUnknown(name string) string {
	if name == "" {
		return "(not named)"
	}
	return printable(name)
}

// resultText says how a recorded game ended, e.g. "White won (king escaped
// at b1)", or "unfinished".
func resultText(g *game.Game, meta game.RecordMeta) string {
	reason := g.ReasonText()
	if meta.Reason != "" {
		reason = meta.Reason
	}
	switch g.Outcome() {
	case game.WhiteWins:
		return "White won (" + printable(reason) + ")"
	case game.BlackWins:
		return "Black won (" + printable(reason) + ")"
	case game.Draw:
		return "drawn (" + printable(reason) + ")"
	}
	if meta.Reason != "" {
		return "unfinished (" + printable(meta.Reason) + ")"
	}
	return "unfinished"
}
