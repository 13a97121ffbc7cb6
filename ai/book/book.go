// Package book is White's opening book: the first positions of a game, each
// with the move a long offline search chose there and what that search saw.
// An engine at full strength plays a book move instead of searching (see
// ai/player's Spec.NoBook), so that the opening, where a 2 s search cannot
// see the plan the game turns on, gets minutes of thought made once, ahead
// of time, by `tablut book` (internal/lab/book).
//
// Files:
//   - book.go: the Book and its Entry, reading and writing the text format
//     (one line per position, the moves from the start that reach it), and
//     the lookup by Zobrist key (Zobrist 1970) checked against the whole
//     position, so a key collision can never play a move from another game.
//   - white.txt: the shipped book, embedded; Default reads it.
//
// The format, one entry per line; '#' starts a comment, blank lines are
// skipped, fields are separated by " | ":
//
//	after e4-e3 d1-d3 | play e6-f6 | score -1234 | depth 12 | nodes 123456 | time 40s | pv e6-f6 c5-c6 | by cnn:champion
//
// "after" with no move is the start position. Every move of the line must be
// legal where it is played, and the line's position must have White to move
// (the book is White's): a file that breaks either is refused with its line
// number, never half read.
package book

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// Entry is one book position and the search that chose its move.
type Entry struct {
	Line  []game.Move   // the moves from the start position that reach it
	Move  game.Move     // the book move
	Score int32         // the search's score, White's point of view
	Depth int           // the deepest completed iteration
	Nodes int64         // nodes searched
	Time  time.Duration // the search's move time
	PV    []game.Move   // the search's principal variation, Move first
	By    string        // the engine that searched, as a player spec
}

// Position returns the entry's position: the start position after Line.
func (e *Entry) Position() game.Position {
	p := game.StartPosition()
	for _, m := range e.Line {
		p.Make(m)
	}
	return p
}

// Book is a set of entries, looked up by position. The zero Book is empty.
type Book struct {
	entries []Entry
	byHash  map[uint64]int // Zobrist key -> index in entries
	fens    []string       // each entry's position, to confirm a key's match
}

// Len returns the number of entries.
func (b *Book) Len() int { return len(b.entries) }

// Entries returns the entries in the book's order (the file's); callers
// must not change them.
func (b *Book) Entries() []Entry { return b.entries }

// Lookup returns the entry of position p, if the book has one: same key and
// same position, and its move legal in p.
func (b *Book) Lookup(p *game.Position) (Entry, bool) {
	if b == nil || p.Status() != game.Ongoing {
		return Entry{}, false
	}
	i, ok := b.byHash[p.Hash()]
	if !ok || b.fens[i] != p.String() || !p.IsLegal(b.entries[i].Move) {
		return Entry{}, false
	}
	return b.entries[i], true
}

// Add puts e into the book, replacing an entry of the same position. It
// checks e as the reader does: a legal line to a position with White to
// move and the game on, a legal book move, a principal variation that starts
// with it.
func (b *Book) Add(e Entry) error {
	p := game.StartPosition()
	for i, m := range e.Line {
		if p.Status() != game.Ongoing || !p.IsLegal(m) {
			return fmt.Errorf("move %d of the line, %v, is not legal there", i+1, m)
		}
		p.Make(m)
	}
	if p.Status() != game.Ongoing {
		return errors.New("the line ends the game")
	}
	if p.SideToMove() != game.White {
		return errors.New("the line leaves Black to move; the book is White's")
	}
	if !p.IsLegal(e.Move) {
		return fmt.Errorf("the book move %v is not legal in the line's position", e.Move)
	}
	if len(e.PV) > 0 && e.PV[0] != e.Move {
		return fmt.Errorf("the principal variation starts with %v, not the book move %v", e.PV[0], e.Move)
	}
	if b.byHash == nil {
		b.byHash = map[uint64]int{}
	}
	e.Line, e.PV = slices.Clone(e.Line), slices.Clone(e.PV)
	fen := p.String()
	if i, ok := b.byHash[p.Hash()]; ok && b.fens[i] == fen {
		b.entries[i] = e
		return nil
	}
	b.byHash[p.Hash()] = len(b.entries)
	b.entries = append(b.entries, e)
	b.fens = append(b.fens, fen)
	return nil
}

// Read reads a book in the text format (see the package comment).
func Read(r io.Reader) (*Book, error) {
	b := &Book{}
	sc := bufio.NewScanner(r)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		if line == "" {
			continue
		}
		e, err := parseEntry(line)
		if err == nil {
			err = b.Add(e)
		}
		if err != nil {
			return nil, fmt.Errorf("book line %d: %v", n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("book line %d: %v", n+1, err)
	}
	return b, nil
}

// parseEntry reads one entry's fields; Add checks its legality.
func parseEntry(line string) (Entry, error) {
	var e Entry
	seen := map[string]bool{}
	for _, f := range strings.Split(line, " | ") {
		key, val, _ := strings.Cut(strings.TrimSpace(f), " ")
		val = strings.TrimSpace(val)
		if seen[key] {
			return e, fmt.Errorf("field %q given twice", key)
		}
		seen[key] = true
		var err error
		switch key {
		case "after":
			e.Line, err = parseMoves(val)
		case "play":
			e.Move, err = game.ParseMove(val)
		case "score":
			var v int64
			v, err = strconv.ParseInt(val, 10, 32)
			e.Score = int32(v)
		case "depth":
			e.Depth, err = strconv.Atoi(val)
		case "nodes":
			e.Nodes, err = strconv.ParseInt(val, 10, 64)
		case "time":
			e.Time, err = time.ParseDuration(val)
		case "pv":
			e.PV, err = parseMoves(val)
		case "by":
			e.By = val
		default:
			return e, fmt.Errorf("unknown field %q (the fields are after, play, score, depth, nodes, time, pv, by)", key)
		}
		if err != nil {
			return e, fmt.Errorf("field %s: %v", key, err)
		}
	}
	if !seen["after"] || !seen["play"] {
		return e, errors.New(`an entry needs at least "after" and "play"`)
	}
	if e.Depth < 0 || e.Nodes < 0 || e.Time < 0 {
		return e, errors.New("depth, nodes and time cannot be negative")
	}
	return e, nil
}

func parseMoves(s string) ([]game.Move, error) {
	var ms []game.Move
	for _, f := range strings.Fields(s) {
		m, err := game.ParseMove(f)
		if err != nil {
			return nil, err
		}
		ms = append(ms, m)
	}
	return ms, nil
}

// Write writes the book in the text format, an entry per line in the book's
// order, after a comment header of the given lines.
func (b *Book) Write(w io.Writer, header ...string) error {
	bw := bufio.NewWriter(w)
	for _, h := range header {
		fmt.Fprintf(bw, "# %s\n", h)
	}
	for _, e := range b.entries {
		fmt.Fprintf(bw, "after %s | play %v | score %d | depth %d | nodes %d | time %v | pv %s",
			game.MoveList(e.Line), e.Move, e.Score, e.Depth, e.Nodes, e.Time, game.MoveList(e.PV))
		if e.By != "" {
			fmt.Fprintf(bw, " | by %s", e.By)
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

//go:embed white.txt
var shipped string

var (
	defaultOnce sync.Once
	defaultBook *Book
	defaultErr  error
)

// Default returns the shipped book (white.txt), read once.
func Default() (*Book, error) {
	defaultOnce.Do(func() {
		defaultBook, defaultErr = Read(strings.NewReader(shipped))
		if defaultErr != nil {
			defaultErr = fmt.Errorf("the shipped opening book: %v", defaultErr)
		}
	})
	return defaultBook, defaultErr
}
