package cli

import (
	"flag"
	"fmt"
	"strconv"
	"time"

	"github.com/tablut-ai/tablut/game"
)

func init() {
	register("perft", "count move paths to a depth (rules check and speed test)", runPerft)
}

func runPerft(args []string) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	pos := fs.String("position", game.StartFEN, "start position in project notation")
	divide := fs.Bool("divide", false, "print the count below each legal move")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut perft [-position POS] [-divide] DEPTH")
		fs.PrintDefaults()
	}
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("perft needs one DEPTH argument")
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 0 || depth > 12 {
		return fmt.Errorf("bad depth %q: want a whole number from 0 to 12", fs.Arg(0))
	}
	p, err := game.ParsePosition(*pos)
	if err != nil {
		return err
	}
	start := time.Now()
	if *divide {
		var total uint64
		for m, n := range game.PerftDivide(&p, depth) {
			fmt.Printf("%v %d\n", m, n)
			total += n
		}
		fmt.Printf("nodes %d time %.3fs\n", total, time.Since(start).Seconds())
		return nil
	}
	n := game.Perft(&p, depth)
	el := time.Since(start)
	fmt.Printf("nodes %d time %.3fs (%.1f Mnodes/s)\n", n, el.Seconds(), float64(n)/el.Seconds()/1e6)
	return nil
}
