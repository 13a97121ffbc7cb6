package puzzle

// The puzzle file format (docs/puzzles.md tells it for people):
//
//	Format: tablut-puzzles 1
//
//	ID: 17
//	Start: ........./........./.K......./... W
//	Depth: 2
//	Line: b3-b5 a4-a3 b5-b9
//	Others: 0 1
//	Themes: escape double-threat
//	Rating: 1150
//	Source: docs/runs/x/game-0007.txt, move 23
//
// One "Key: value" per line; a blank line ends a puzzle; lines starting with
// '#' are comments. Start is a position in the project's notation, Line the
// solution in moves (solver, defence, solver, ...: 2*Depth-1 of them), Others
// the count of other winning solver moves at each solver step (Depth numbers,
// the first 0), Themes words separated by spaces (may be empty), Source one
// free line (may be empty). Read checks that the line is legal, that only its
// last move ends the game, and that it ends in the solver's win; it does not
// re-prove the puzzle (the tests do, for the shipped set).

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tablut-ai/tablut/game"
)

// fileFormat is the value of the file's first line.
const fileFormat = "tablut-puzzles 1"

// puzzleKeys lists the keys of one puzzle in the order Write writes them.
var puzzleKeys = []string{"ID", "Start", "Depth", "Line", "Others", "Themes", "Rating", "Source"}

// Rating bounds: a rating outside them is a typing error.
const (
	minRating = 100
	maxRating = 4000
)

// Read reads puzzles in the format above. An error is one line that names the
// line number and what is wrong.
func Read(r io.Reader) ([]Puzzle, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	var (
		out     []Puzzle
		lineNo  int
		header  bool
		cur     map[string]string
		curLine map[string]int
		start   int
		seenIDs = map[int]int{}
	)
	flush := func() error {
		if cur == nil {
			return nil
		}
		p, err := parsePuzzle(cur, curLine)
		if err != nil {
			return err
		}
		if first, dup := seenIDs[p.ID]; dup {
			return fmt.Errorf("puzzles: line %d: ID %d was already used by the puzzle on line %d", curLine["ID"], p.ID, first)
		}
		seenIDs[p.ID] = curLine["ID"]
		out = append(out, p)
		cur, curLine = nil, nil
		return nil
	}
	for sc.Scan() {
		lineNo++
		text := strings.TrimRight(sc.Text(), "\r")
		trimmed := strings.TrimSpace(text)
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		if trimmed == "" {
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		key, value, ok := strings.Cut(trimmed, ":")
		if !ok {
			return nil, fmt.Errorf("puzzles: line %d: want \"Key: value\", got %q", lineNo, clip(trimmed))
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !header {
			if key != "Format" || value != fileFormat {
				return nil, fmt.Errorf("puzzles: line %d: the file must start with \"Format: %s\"", lineNo, fileFormat)
			}
			header = true
			continue
		}
		if !knownKey(key) {
			return nil, fmt.Errorf("puzzles: line %d: unknown key %q (known: %s)", lineNo, clip(key), strings.Join(puzzleKeys, ", "))
		}
		if cur == nil {
			if key != "ID" {
				return nil, fmt.Errorf("puzzles: line %d: a puzzle must start with its ID line, not %s", lineNo, key)
			}
			cur, curLine, start = map[string]string{}, map[string]int{}, lineNo
		}
		if _, dup := cur[key]; dup {
			return nil, fmt.Errorf("puzzles: line %d: %s given twice in the puzzle that starts on line %d", lineNo, key, start)
		}
		cur[key], curLine[key] = value, lineNo
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("puzzles: line %d: %v", lineNo+1, err)
	}
	if !header {
		return nil, fmt.Errorf("puzzles: line %d: no \"Format: %s\" line: not a puzzle file", lineNo+1, fileFormat)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// clip shortens a quoted piece of bad input for an error line.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

func knownKey(k string) bool {
	for _, x := range puzzleKeys {
		if x == k {
			return true
		}
	}
	return false
}

// parsePuzzle builds one puzzle from its keys and checks it.
func parsePuzzle(kv map[string]string, at map[string]int) (Puzzle, error) {
	var p Puzzle
	first := at["ID"]
	for _, k := range []string{"Start", "Depth", "Line", "Others", "Rating"} {
		if _, ok := kv[k]; !ok {
			return p, fmt.Errorf("puzzles: line %d: the puzzle has no %s line", first, k)
		}
	}
	bad := func(k string, format string, args ...any) error {
		return fmt.Errorf("puzzles: line %d: %s", at[k], fmt.Sprintf(format, args...))
	}
	var err error
	if p.ID, err = strconv.Atoi(kv["ID"]); err != nil || p.ID < 1 {
		return p, bad("ID", "ID %q is not a positive number", clip(kv["ID"]))
	}
	if p.Start, err = game.ParsePosition(kv["Start"]); err != nil {
		return p, bad("Start", "%v", err)
	}
	if p.Depth, err = strconv.Atoi(kv["Depth"]); err != nil || p.Depth < 1 || p.Depth > maxDepth {
		return p, bad("Depth", "Depth %q is not a number from 1 to %d", clip(kv["Depth"]), maxDepth)
	}
	for _, f := range strings.Fields(kv["Line"]) {
		m, err := game.ParseMove(f)
		if err != nil {
			return p, bad("Line", "%v", err)
		}
		p.Line = append(p.Line, m)
	}
	if len(p.Line) != 2*p.Depth-1 {
		return p, bad("Line", "a win in %d needs %d moves in the line, found %d", p.Depth, 2*p.Depth-1, len(p.Line))
	}
	if err := checkLine(p); err != nil {
		return p, bad("Line", "%v", err)
	}
	for _, f := range strings.Fields(kv["Others"]) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return p, bad("Others", "Others %q is not a count", clip(f))
		}
		p.Others = append(p.Others, n)
	}
	if len(p.Others) != p.Depth {
		return p, bad("Others", "want %d counts (one per solver move), found %d", p.Depth, len(p.Others))
	}
	if p.Others[0] != 0 {
		return p, bad("Others", "the first move must be unique (Others starts with 0, not %d)", p.Others[0])
	}
	for _, t := range strings.Fields(kv["Themes"]) {
		if !isWord(t) {
			return p, bad("Themes", "theme %q is not a word of lower-case letters and '-'", clip(t))
		}
		p.Themes = append(p.Themes, t)
	}
	if p.Rating, err = strconv.Atoi(kv["Rating"]); err != nil || p.Rating < minRating || p.Rating > maxRating {
		return p, bad("Rating", "Rating %q is not a number from %d to %d", clip(kv["Rating"]), minRating, maxRating)
	}
	p.Source = kv["Source"]
	return p, nil
}

// isWord reports whether s is lower-case letters and '-'.
func isWord(s string) bool {
	for _, r := range s {
		if (r < 'a' || r > 'z') && r != '-' {
			return false
		}
	}
	return s != ""
}

// checkLine replays p.Line from p.Start: every move legal, the game going on
// until the last move, which wins for the solver.
func checkLine(p Puzzle) error {
	if p.Start.Status() != game.Ongoing {
		return fmt.Errorf("the game is already over in the start position")
	}
	g := game.NewGame(p.Start)
	if g.Outcome() != game.Ongoing {
		return fmt.Errorf("the game is already over in the start position")
	}
	for i, m := range p.Line {
		if g.Outcome() != game.Ongoing {
			return fmt.Errorf("the game ends before move %d, %v", i+1, m)
		}
		pos := g.Position()
		if !pos.IsLegal(m) {
			return fmt.Errorf("move %d, %v, is not legal for %v", i+1, m, pos.SideToMove())
		}
		if err := g.Play(m); err != nil {
			return fmt.Errorf("move %d: %v", i+1, err)
		}
	}
	if w, ok := g.Outcome().Winner(); !ok || w != p.Solver() {
		return fmt.Errorf("the line does not end in a win for %v (it ends %s)", p.Solver(), outcomeWords(g))
	}
	return nil
}

func outcomeWords(g *game.Game) string {
	if g.Outcome() == game.Ongoing {
		return "with the game going on"
	}
	return "in " + g.ReasonText()
}

// Write writes ps in the format above. It refuses a puzzle Read would refuse.
func Write(w io.Writer, ps []Puzzle) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Format: %s\n", fileFormat)
	for _, p := range ps {
		if err := validate(p); err != nil {
			return fmt.Errorf("puzzles: puzzle %d: %v", p.ID, err)
		}
		others := make([]string, len(p.Others))
		for i, n := range p.Others {
			others[i] = strconv.Itoa(n)
		}
		fmt.Fprintf(bw, "\nID: %d\nStart: %s\nDepth: %d\nLine: %s\nOthers: %s\n",
			p.ID, p.Start.String(), p.Depth, game.MoveList(p.Line), strings.Join(others, " "))
		fmt.Fprintf(bw, "%s\nRating: %d\n%s\n", keyLine("Themes", strings.Join(p.Themes, " ")), p.Rating, keyLine("Source", p.Source))
	}
	return bw.Flush()
}

// keyLine writes "Key: value", or "Key:" for an empty value.
func keyLine(k, v string) string {
	if v == "" {
		return k + ":"
	}
	return k + ": " + v
}

// validate checks p as Read would.
func validate(p Puzzle) error {
	switch {
	case p.ID < 1:
		return fmt.Errorf("ID %d is not positive", p.ID)
	case p.Depth < 1 || p.Depth > maxDepth:
		return fmt.Errorf("depth %d is out of range 1..%d", p.Depth, maxDepth)
	case len(p.Line) != 2*p.Depth-1:
		return fmt.Errorf("a win in %d needs %d moves in the line, found %d", p.Depth, 2*p.Depth-1, len(p.Line))
	case len(p.Others) != p.Depth || p.Others[0] != 0:
		return fmt.Errorf("the other-moves counts need %d numbers starting with 0, got %v", p.Depth, p.Others)
	case p.Rating < minRating || p.Rating > maxRating:
		return fmt.Errorf("rating %d is out of range %d..%d", p.Rating, minRating, maxRating)
	case strings.ContainsAny(p.Source, "\r\n"):
		return fmt.Errorf("the source %q has a line break", p.Source)
	}
	for _, n := range p.Others {
		if n < 0 {
			return fmt.Errorf("negative count in Others %v", p.Others)
		}
	}
	for _, t := range p.Themes {
		if !isWord(t) {
			return fmt.Errorf("theme %q is not a word of lower-case letters and '-'", t)
		}
	}
	return checkLine(p)
}
