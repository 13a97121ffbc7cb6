package cli

import (
	"flag"
	"fmt"
	"strings"

	"github.com/tablut-ai/tablut/internal/lab/match"
)

func init() {
	register("score", "count a match again from its game records (-records folder), e.g. one that was stopped", runScore)
}

// runScore prints the summary of a match from the records folder it wrote:
// the same lines as match's own summary, for a match that was interrupted,
// played by an older build, or copied from another machine. Several folders
// are summarised in turn; with -paired, the i-th folder is paired with the
// i-th baseline, and the comparisons are then pooled into one difference (a
// candidate measured on two opening seeds, each against its own baseline).
func runScore(args []string) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut score [-sprt ELO0,ELO1] [-paired BASE[,BASE...]] DIR [DIR...]   (DIR, BASE: the -records folders of matches)")
		fs.PrintDefaults()
	}
	sprtText := fs.String("sprt", "", "also the verdict of a sequential test between two Elo differences of A over B: ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (as match -sprt)")
	base := fs.String("paired", "", "also compare A's scores with A's scores in the match recorded in this folder, game by game on the openings both played (with A in the same colour): a candidate against a baseline, both against the same opponent. With several DIRs, one baseline each, separated by commas, and the comparisons pooled")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("score takes the records folder of a match (or several)")
	}
	dirs := fs.Args()
	var bases []string
	if *base != "" {
		bases = strings.Split(*base, ",")
		if len(bases) != len(dirs) {
			return fmt.Errorf("-paired: %d records folders need %d baselines, one each in the same order (got %d)", len(dirs), len(dirs), len(bases))
		}
	}
	sprt, err := parseSPRT(*sprtText)
	if err != nil {
		return err
	}
	var ps []match.Paired
	for i, dir := range dirs {
		if len(dirs) > 1 {
			if i > 0 {
				fmt.Println()
			}
			fmt.Printf("%s:\n", printable(dir))
		}
		sc, err := match.ScoreRecords(dir)
		if err != nil {
			return err
		}
		fmt.Print(sc.Stats.Summary(printable(sc.A), printable(sc.B)))
		if sc.Adjudicated > 0 {
			fmt.Print(adjudicatedLine(sc.Adjudicated, sc.MaxPlies))
		}
		if sprt != nil {
			fmt.Print(sprt.Summary(sc.Stats, sc.Side == "", printable(sc.A)))
		}
		if bases != nil {
			p, err := match.ComparePaired(dir, bases[i])
			if err != nil {
				return err
			}
			fmt.Print(p.Summary(printable(bases[i])))
			ps = append(ps, p)
		}
	}
	if len(ps) > 1 {
		p, err := match.PoolPaired(ps)
		if err != nil {
			return err
		}
		fmt.Println()
		fmt.Print(p.PooledSummary(len(ps)))
	}
	return nil
}

// adjudicatedLine is the summary line of the games a match adjudicated drawn.
func adjudicatedLine(n, maxPlies int) string {
	return fmt.Sprintf("  %d games reached the %d-ply limit and were adjudicated draws\n", n, maxPlies)
}

// parseSPRT reads a -sprt flag (nil when empty).
func parseSPRT(text string) (*match.SPRT, error) {
	if text == "" {
		return nil, nil
	}
	t, err := match.ParseSPRT(text)
	if err != nil {
		return nil, fmt.Errorf("-sprt: %v", err)
	}
	return &t, nil
}
