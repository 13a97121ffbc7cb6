package cli

import (
	"flag"
	"fmt"

	"github.com/tablut-ai/tablut/internal/lab/match"
)

func init() {
	register("score", "count a match again from its game records (-records folder), e.g. one that was stopped", runScore)
}

// runScore prints the summary of a match from the records folder it wrote:
// the same lines as match's own summary, for a match that was interrupted,
// played by an older build, or copied from another machine.
func runScore(args []string) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut score DIR   (DIR: the -records folder of a match)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("score takes one argument, the records folder of a match (got %d)", fs.NArg())
	}
	sc, err := match.ScoreRecords(fs.Arg(0))
	if err != nil {
		return err
	}
	fmt.Print(sc.Stats.Summary(printable(sc.A), printable(sc.B)))
	if sc.Adjudicated > 0 {
		fmt.Print(adjudicatedLine(sc.Adjudicated, sc.MaxPlies))
	}
	return nil
}

// adjudicatedLine is the summary line of the games a match adjudicated drawn.
func adjudicatedLine(n, maxPlies int) string {
	return fmt.Sprintf("  %d games reached the %d-ply limit and were adjudicated draws\n", n, maxPlies)
}
