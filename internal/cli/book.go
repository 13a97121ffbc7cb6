package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	labbook "github.com/tablut-ai/tablut/internal/lab/book"
	"github.com/tablut-ai/tablut/internal/regfile"
)

func init() {
	register("book", "make or show White's opening book by long offline searches", runBook)
}

func runBook(args []string) error {
	fs := flag.NewFlagSet("book", flag.ContinueOnError)
	white := fs.String("white", "cnn:champion", "the engine that chooses White's book moves")
	black := fs.String("black", "cnn:champion,heuristic", "the engines whose replies the book answers, comma-separated")
	replies := fs.String("replies", "4,2", "replies of each Black engine to answer at Black's 1st, 2nd... turn, comma-separated (0: the start position only)")
	records := fs.String("records", "", "also search the positions that these game-record folders (comma-separated, e.g. a match's -records) reach from the start, White to move")
	recordPlies := fs.Int("record-plies", 12, "with -records: positions at most this many plies from the start")
	recordGames := fs.Int("record-games", 3, "with -records: positions reached by at least this many games")
	out := fs.String("out", "", "the book file to write, after every entry; an existing one is resumed: its entries are kept")
	show := fs.String("show", "", "print a book file's entries (\"shipped\" for the embedded book) and stop")
	blackTime := fs.Duration("black-movetime", 10*time.Second, "move time of Black's searches, which only choose the replies")
	lim := player.AddFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut book -out FILE [-white cnn:champion] [-black SPECS] [-replies 4,2] [-records DIRS] [-movetime 40s] [-threads 2]")
		fmt.Fprintln(fs.Output(), "       tablut book -show FILE|shipped")
		fmt.Fprintln(fs.Output(), "Grows White's opening book from the start: a long search of -white at each White turn,")
		fmt.Fprintln(fs.Output(), "and at Black's turns the best replies of each -black engine; with -records, also the")
		fmt.Fprintln(fs.Output(), "positions recorded games reached most often. Stop it with Ctrl-C and")
		fmt.Fprintln(fs.Output(), "run it again to resume. Ship a book by copying it to ai/book/white.txt.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *show != "" {
		return showBook(*show)
	}
	if *out == "" {
		return errors.New("book: give the file to write with -out (or -show FILE)")
	}
	if err := firstError(checkLimits(lim), positiveDuration("black-movetime", *blackTime), writable("out", *out)); err != nil {
		return fmt.Errorf("book: %v", err)
	}
	ws, err := player.ParseSpec(*white)
	if err != nil {
		return err
	}
	if !ws.IsEngine() || ws.Kind == player.Random {
		return fmt.Errorf("book: -white must be a searching engine, not %s", ws)
	}
	ws = lim.Apply(fs, ws)
	ws.NoBook = true // the book's own moves are searched, never read back
	cfg := labbook.Config{White: ws, Log: os.Stdout}
	for _, name := range strings.Split(*black, ",") {
		bs, err := player.ParseSpec(name)
		if err != nil {
			return err
		}
		if !bs.IsEngine() || bs.Kind == player.Random {
			return fmt.Errorf("book: -black must name searching engines, not %s", bs)
		}
		bs = lim.Apply(fs, bs)
		bs.MoveTime, bs.Depth, bs.Nodes, bs.NoBook = *blackTime, 0, 0, true
		cfg.Black = append(cfg.Black, bs)
	}
	if err := firstError(intIn("record-plies", *recordPlies, 2, 200), intIn("record-games", *recordGames, 1, 1_000_000)); err != nil {
		return err
	}
	for _, f := range strings.Split(*replies, ",") {
		if strings.TrimSpace(*replies) == "0" {
			break
		}
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 50 {
			return fmt.Errorf("book: -replies wants whole numbers from 1 to 50, comma-separated, not %q", f)
		}
		cfg.Replies = append(cfg.Replies, n)
	}
	header := []string{"White's opening book, made by `tablut book` (docs/training.md, section Opening book):"}
	step := fmt.Sprintf("White %s; Black's replies by %s, %s each by turn", ws.Describe(), *black, *replies)
	if len(cfg.Replies) == 0 {
		step = fmt.Sprintf("White %s, no Black turns", ws.Describe())
	}
	if *records != "" {
		step += fmt.Sprintf("; then the positions reached by %d or more of the games in %s, within %d plies", *recordGames, *records, *recordPlies)
	}
	// The records are read now: a wrong folder is said before the long
	// searches, not after them.
	var games []*game.Game
	if *records != "" {
		if games, err = labbook.ReadGames(strings.Split(*records, ",")...); err != nil {
			return fmt.Errorf("book: -records: %v", err)
		}
	}
	b := &book.Book{}
	if data, err := regfile.ReadFile(*out); err == nil {
		if b, err = book.Read(bytes.NewReader(data)); err != nil {
			return fmt.Errorf("book: %s: %v", *out, err)
		}
		fmt.Printf("resuming %s: %d entries kept\n", *out, b.Len())
		header = bookHeader(data, header[0])
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("book: %v", err)
	}
	if !slices.Contains(header, step+".") {
		header = append(header, step+".")
	}
	cfg.Save = func(b *book.Book) error {
		return atomicfile.Write(*out, func(w io.Writer) error { return b.Write(w, header...) })
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	b, err = labbook.Build(ctx, cfg, b)
	if err == nil && *records != "" {
		lines := labbook.FrequentLines(games, *recordPlies, *recordGames)
		fmt.Printf("%d games: %d positions with White to move within %d plies reached by %d or more\n", len(games), len(lines), *recordPlies, *recordGames)
		_, err = labbook.Deepen(ctx, cfg, b, lines)
	}
	if errors.Is(err, context.Canceled) {
		fmt.Printf("stopped with %d entries in %s; run the same command to go on\n", b.Len(), *out)
		return nil
	}
	if err != nil {
		return fmt.Errorf("book: %v", err)
	}
	fmt.Printf("%d entries in %s\n", b.Len(), *out)
	return nil
}

func showBook(name string) error {
	var b *book.Book
	var err error
	if name == "shipped" {
		b, err = book.Default()
	} else {
		var f *os.File
		if f, err = regfile.Open(name); err != nil {
			return fmt.Errorf("book: %v", err)
		}
		defer f.Close()
		b, err = book.Read(f)
	}
	if err != nil {
		return fmt.Errorf("book: %v", err)
	}
	fmt.Printf("%d entries\n", b.Len())
	return b.Write(os.Stdout)
}

// bookHeader returns the comment lines at the top of a book file, without
// their "# ", so that a resumed or extended book keeps the record of every
// command that made it; first stands in for a file without any.
func bookHeader(data []byte, first string) []string {
	var h []string
	for _, line := range strings.Split(string(data), "\n") {
		c, ok := strings.CutPrefix(line, "# ")
		if !ok {
			break
		}
		h = append(h, c)
	}
	if len(h) == 0 {
		h = []string{first}
	}
	return h
}
