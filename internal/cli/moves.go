package cli

import (
	"bufio"
	"bytes"
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

// maxLine is the longest input line read whole; a position is under 100 bytes.
const maxLine = 1 << 20

// listMoves does the work of "tablut moves" from in to out.
func listMoves(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriter(out)
	bad := 0
	buf := make([]game.Move, 0, game.MaxMoves)
	var reply [game.MaxMoves]game.Move
	for n := 1; ; n++ {
		raw, long, err := readLine(r, maxLine)
		if err == io.EOF && raw == nil {
			break
		}
		if err != nil && err != io.EOF {
			w.Flush()
			return fmt.Errorf("reading positions: %v", err)
		}
		if long {
			bad++
			fmt.Fprintf(w, "error: line %d: longer than %d bytes, not a position\n\n", n, maxLine)
			continue
		}
		line := strings.TrimSpace(string(raw))
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
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing moves: %v", err)
	}
	if bad > 0 {
		return fmt.Errorf("%d malformed input line(s); see the error lines in the output", bad)
	}
	return nil
}

// readLine reads one line (without its end) from r. A line longer than limit
// is read to its end but not kept: long reports it, so that one huge line
// costs no memory and does not stop the lines after it. At the end of the
// input it returns io.EOF, with a last unterminated line if there is one.
func readLine(r *bufio.Reader, limit int) (line []byte, long bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			if len(line)+len(chunk) > limit+2 { // room for "\r\n"
				long, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(line) > 0 || long):
			return bytes.TrimRight(line, "\r\n"), long, nil
		case err != nil:
			return nil, false, err
		}
		return bytes.TrimRight(line, "\r\n"), long, nil
	}
}
