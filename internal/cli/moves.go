package cli

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tablut-ai/tablut/game"
)

func init() {
	register("moves", "list the legal moves of positions read from stdin", runMoves)
}

const movesHelp = `usage: tablut moves < POSITIONS

Reads positions in project notation, one per line, from standard input, e.g.
  ...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W
and prints, for each, one line per legal move of the side to move:
  MOVE POSITION_AFTER RESULT
then an empty line. RESULT is "WW" when the move wins for White (the king reaches
an edge, or Black is left with no legal move), "BW" when it wins for Black (the
king is captured, or White is left with no legal move), and "-" otherwise.
A position whose game is already over (king on an edge) prints no moves.

Repetition is never judged: a lone position carries no history, so a move that
would repeat an earlier position (a draw) still shows "-".

Blank lines and lines starting with '#' are skipped. A malformed line prints
  error: line N: REASON
and an empty line, and the rest is still processed; the exit status is then 1.
`

func runMoves(args []string) error {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), movesHelp) }
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return listMoves(os.Stdin, os.Stdout)
}

// listMoves does the work of "tablut moves" from in to out.
func listMoves(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	w := bufio.NewWriter(out)
	bad := 0
	buf := make([]game.Move, 0, game.MaxMoves)
	var reply [game.MaxMoves]game.Move
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := game.ParsePosition(line)
		if err != nil {
			bad++
			fmt.Fprintf(w, "error: line %d: %v\n\n", n, err)
			continue
		}
		mover := p.SideToMove()
		for _, m := range p.GenerateMoves(buf) {
			child := p
			child.Make(m)
			res := child.Status()
			if res == game.Ongoing && len(child.GenerateMoves(reply[:0])) == 0 {
				// RULES.md: a side with no legal move loses.
				res = game.WinFor(mover)
			}
			fmt.Fprintf(w, "%v %v %v\n", m, child.String(), res)
		}
		w.WriteByte('\n')
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		return fmt.Errorf("reading positions: %v", err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing moves: %v", err)
	}
	if bad > 0 {
		return fmt.Errorf("%d malformed input line(s); see the error lines in the output", bad)
	}
	return nil
}
