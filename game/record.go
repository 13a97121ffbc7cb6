package game

// Game records: a whole game in a human-readable text file. The format is
// documented in RECORD.md next to this file; in brief:
//
//	Format: tablut-record 1
//	White: Tabby
//	Black: Rival
//	Date: 2025-03-14
//	Start: ...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W
//	Result: WW
//	Reason: king escaped at b1
//	Event: club night
//
//	1. e3-d3 d1-d2
//	2. d3-e3 ...

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// recordFormat is the value of the first header line of a record.
const recordFormat = "tablut-record 1"

// RecordTag is a free-form header line of a record, "Key: value".
type RecordTag struct {
	Key, Value string
}

// RecordMeta is what a record says besides the moves: the players, the date, the
// result as stated, and free-form tags in file order.
type RecordMeta struct {
	White, Black string // player names; may be empty
	Date         string // free text, by convention YYYY-MM-DD
	// Reason is the stated reason of the end. ReadRecord fills it from the file;
	// WriteRecord writes it only for a game ended by Game.Resign (e.g. "Black lost
	// on time"), and the game's own ReasonText otherwise.
	Reason string
	Tags   []RecordTag
}

// reserved header keys, in the order WriteRecord writes them.
var recordKeys = []string{"Format", "White", "Black", "Date", "Start", "Result", "Reason"}

// resignWords are the words a Reason must contain for a Result that the board does
// not show (the loser resigned, ran out of time, broke the protocol...).
var resignWords = []string{"resign", "time", "forfeit", "illegal", "abandon", "disconnect", "protocol"}

// WriteRecord writes g with meta in the record format (see RECORD.md). Names, date
// and tag values must fit on one line; tag keys must be words of letters, digits,
// '-' and '_' that are not reserved keys.
func (g *Game) WriteRecord(w io.Writer, meta RecordMeta) error {
	var sb strings.Builder
	line := func(k, v string) error {
		if strings.ContainsAny(v, "\r\n") {
			return fmt.Errorf("record: the %s value %q has a line break", k, v)
		}
		v = strings.TrimSpace(v)
		if v == "" {
			fmt.Fprintf(&sb, "%s:\n", k)
		} else {
			fmt.Fprintf(&sb, "%s: %s\n", k, v)
		}
		return nil
	}
	reason := g.ReasonText()
	if g.reason == Resignation && strings.TrimSpace(meta.Reason) != "" {
		reason = meta.Reason
	}
	start := g.Start()
	for _, kv := range [][2]string{
		{"Format", recordFormat},
		{"White", meta.White},
		{"Black", meta.Black},
		{"Date", meta.Date},
		{"Start", start.String()},
		{"Result", g.outcome.String()},
		{"Reason", reason},
	} {
		if err := line(kv[0], kv[1]); err != nil {
			return err
		}
	}
	dup := map[string]bool{}
	for _, t := range meta.Tags {
		if dup[strings.ToLower(t.Key)] {
			return fmt.Errorf("record: tag key %q appears twice", t.Key)
		}
		dup[strings.ToLower(t.Key)] = true
		if !validTagKey(t.Key) {
			return fmt.Errorf("record: bad tag key %q: want letters, digits, '-' or '_'", t.Key)
		}
		if reservedKey(t.Key) {
			return fmt.Errorf("record: tag key %q is reserved", t.Key)
		}
		if err := line(t.Key, t.Value); err != nil {
			return err
		}
	}
	sb.WriteByte('\n')
	side := start.SideToMove()
	num := 1
	for i, m := range g.moves {
		if i == 0 && side == Black {
			fmt.Fprintf(&sb, "%d. ... %v", num, m)
		} else if side == White {
			fmt.Fprintf(&sb, "%d. %v", num, m)
		} else {
			fmt.Fprintf(&sb, " %v", m)
		}
		if side == Black {
			sb.WriteByte('\n')
			num++
		}
		side = side.Other()
	}
	if side == Black && len(g.moves) > 0 {
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func validTagKey(k string) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for _, c := range []byte(k) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func reservedKey(k string) bool {
	for _, r := range recordKeys {
		if strings.EqualFold(k, r) {
			return true
		}
	}
	return false
}

// maxRecordLine bounds a line of a record (a header line or a line of moves).
const maxRecordLine = 64 << 10

// ReadRecord reads a record (see RECORD.md), replays and checks every move, and
// returns the game and its header. The result stated in the header must match the
// replayed one, except that a win the board does not show is accepted when Reason
// says why (it contains "resign", "time", "forfeit", "illegal", "abandon",
// "disconnect" or "protocol"): the game then ends through Game.Resign. Errors are
// one line, e.g. "record: move 7 (e4-e9) is illegal for White".
func ReadRecord(r io.Reader) (*Game, RecordMeta, error) {
	var meta RecordMeta
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxRecordLine)
	lineNo := 0
	seen := map[string]bool{}
	start := StartPosition()
	result, haveResult := Ongoing, false
	headerDone := false
	for !headerDone && sc.Scan() {
		lineNo++
		text := strings.TrimRight(sc.Text(), " \t\r")
		if lineNo == 1 {
			text = strings.TrimPrefix(text, "\ufeff")
		}
		if strings.TrimSpace(text) == "" {
			if lineNo == 1 {
				return nil, meta, errors.New("record: empty first line; a record starts with \"Format: " + recordFormat + "\"")
			}
			headerDone = true
			break
		}
		if strings.HasPrefix(strings.TrimSpace(text), "#") {
			continue // comment line
		}
		if strings.ContainsRune(text, '\r') {
			return nil, meta, fmt.Errorf("record: line %d: stray carriage return in a header line", lineNo)
		}
		k, v, ok := strings.Cut(text, ":")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || !validTagKey(k) {
			return nil, meta, fmt.Errorf("record: line %d: want a header line \"Key: value\", got %q", lineNo, clip(text))
		}
		canon := strings.ToLower(k)
		if seen[canon] {
			return nil, meta, fmt.Errorf("record: line %d: the header %q appears twice", lineNo, k)
		}
		seen[canon] = true
		if len(seen) == 1 && canon != "format" {
			return nil, meta, errors.New("record: the first line must be \"Format: " + recordFormat + "\"")
		}
		switch canon {
		case "format":
			if v != recordFormat {
				return nil, meta, fmt.Errorf("record: unknown format %q; this program reads %q", clip(v), recordFormat)
			}
		case "white":
			meta.White = v
		case "black":
			meta.Black = v
		case "date":
			meta.Date = v
		case "start":
			p, err := ParsePosition(v)
			if err != nil {
				return nil, meta, fmt.Errorf("record: line %d: start: %v", lineNo, err)
			}
			start = p
		case "result":
			o, err := parseResult(v)
			if err != nil {
				return nil, meta, fmt.Errorf("record: line %d: %v", lineNo, err)
			}
			result, haveResult = o, true
		case "reason":
			meta.Reason = v
		default:
			meta.Tags = append(meta.Tags, RecordTag{k, v})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, meta, recordScanErr(err, lineNo+1)
	}
	if !seen["format"] {
		return nil, meta, errors.New("record: no \"Format: " + recordFormat + "\" line; is this a Tablut record?")
	}

	g := NewGame(start)
	num := 1 // move number as printed: a White move and the Black reply share it
	for sc.Scan() {
		lineNo++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i] // comment to the end of the line
		}
		for _, tok := range strings.Fields(text) {
			if tok == "..." {
				continue // placeholder for the White move before a Black start
			}
			if n, ok := moveNumber(tok); ok {
				if n != num {
					return nil, meta, fmt.Errorf("record: line %d: move number %q, expected \"%d.\"", lineNo, clip(tok), num)
				}
				continue
			}
			m, err := ParseMove(tok)
			if err != nil {
				return nil, meta, fmt.Errorf("record: line %d: move %d: %v", lineNo, num, err)
			}
			p := g.Position()
			mover := p.SideToMove()
			if g.outcome != Ongoing {
				return nil, meta, fmt.Errorf("record: move %d (%v) comes after the end of the game (%s)", num, m, g.ReasonText())
			}
			if !p.IsLegal(m) {
				return nil, meta, fmt.Errorf("record: move %d (%v) is illegal for %v", num, m, mover)
			}
			g.push(m)
			if mover == Black {
				num++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, meta, recordScanErr(err, lineNo+1)
	}

	if !haveResult {
		return g, meta, nil
	}
	switch {
	case result == g.outcome:
	case g.outcome == Ongoing && (result == WhiteWins || result == BlackWins):
		if !resignReason(meta.Reason) {
			return nil, meta, fmt.Errorf("record: result %v but the game is not over after the moves; a resignation or time loss needs a Reason saying so", result)
		}
		loser, _ := result.Winner()
		g.Resign(loser.Other())
	case g.outcome == Ongoing:
		return nil, meta, fmt.Errorf("record: result %v but the game is not over after the moves", result)
	default:
		return nil, meta, fmt.Errorf("record: result %v but the moves end the game with %v (%s)", result, g.outcome, g.ReasonText())
	}
	return g, meta, nil
}

func parseResult(v string) (Outcome, error) {
	switch strings.ToUpper(v) {
	case "WW":
		return WhiteWins, nil
	case "BW":
		return BlackWins, nil
	case "D":
		return Draw, nil
	case "-", "":
		return Ongoing, nil
	}
	return Ongoing, fmt.Errorf("bad result %q: want WW, BW, D or -", clip(v))
}

// moveNumber recognises "12." (a move number token).
func moveNumber(tok string) (int, bool) {
	if len(tok) < 2 || tok[len(tok)-1] != '.' {
		return 0, false
	}
	n, err := strconv.Atoi(tok[:len(tok)-1])
	if err != nil || n < 1 || tok[0] == '+' || tok[0] == '-' {
		return 0, false
	}
	return n, true
}

func resignReason(reason string) bool {
	r := strings.ToLower(reason)
	for _, w := range resignWords {
		if strings.Contains(r, w) {
			return true
		}
	}
	return false
}

func recordScanErr(err error, line int) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return fmt.Errorf("record: line %d is longer than %d bytes", line, maxRecordLine)
	}
	return fmt.Errorf("record: %v", err)
}

// clip shortens text quoted in an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
