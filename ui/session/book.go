package session

import (
	"fmt"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// This file says where an engine's move came from White's opening book
// (ai/book): an engine at full strength plays the book's move without
// searching, so the window shows how the book's offline search found it
// instead of live search figures that do not exist.

// BookFor returns the book entry of pos when the engine of spec plays the
// book there: spec read as ai/player reads it (a level by its name), the
// engine one that plays the book (player.Spec.UsesBook) and pos in the
// shipped book.
func BookFor(spec string, pos game.Position) (book.Entry, bool) {
	s, err := player.ParseSpec(spec)
	if err != nil || !s.UsesBook() {
		return book.Entry{}, false
	}
	b, err := book.Default()
	if err != nil {
		return book.Entry{}, false
	}
	return b.Lookup(&pos)
}

// BookMove is a move an engine of the game played from the opening book.
type BookMove struct {
	By    string     // the engine's spec
	Entry book.Entry // the book's entry of the position it was played in
}

// bookEntryOf returns the book entry behind result r of engine spec's
// search of pos, a book move: the shipped book's, or, should the window's
// copy not have it, what the result says (without the search's time).
func bookEntryOf(spec string, pos game.Position, r ai.Result) book.Entry {
	if e, ok := BookFor(spec, pos); ok && e.Move == r.Move {
		return e
	}
	return book.Entry{Move: r.Move, Score: r.Score, Depth: r.Depth, Nodes: r.Nodes, PV: r.PV}
}

// noteBook remembers that the engine by played e's move from the book in
// pos, keyed by the position the move leads to, so that undo, redo and
// replay find it again.
func (c *Controller) noteBook(pos game.Position, by string, e book.Entry) {
	pos.Make(e.Move)
	if c.bookMoves == nil {
		c.bookMoves = map[uint64]BookMove{}
	}
	c.bookMoves[pos.Hash()] = BookMove{By: by, Entry: e}
}

// LastBookMove returns the book move that led to the position on the
// board, when the last move played was an engine's move from the book.
func (c *Controller) LastBookMove() (BookMove, bool) {
	last := c.LastMove()
	if last == game.NoMove {
		return BookMove{}, false
	}
	b, ok := c.bookMoves[c.positionHash()]
	if !ok || b.Entry.Move != last {
		return BookMove{}, false
	}
	return b, true
}

// BookMoveText says in plain words where a book move came from: "e6-f6
// from the opening book (a 40 s search)".
func BookMoveText(e book.Entry) string {
	s := e.Move.String() + " from the opening book"
	if e.Time > 0 {
		s += " (a " + DurationText(e.Time) + " search)"
	}
	return s
}

// DurationText writes a search's time for people: "40 s", "5 min",
// "1 h 30 min".
func DurationText(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	case d < time.Minute:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", d.Seconds()), ".0") + " s"
	case d < time.Hour:
		if d%time.Minute == 0 {
			return fmt.Sprintf("%d min", int(d.Minutes()))
		}
		return fmt.Sprintf("%d min %d s", int(d.Minutes()), int(d.Seconds())%60)
	}
	h, m := int(d.Hours()), int(d.Minutes())%60
	if m == 0 {
		return fmt.Sprintf("%d h", h)
	}
	return fmt.Sprintf("%d h %d min", h, m)
}

// BookHow says how the book's offline search found its move, in the
// classroom's words: "Found ahead of time by champion: a 40 s search,
// depth 12, score −1234."
func BookHow(e book.Entry) string {
	var parts []string
	if e.Time > 0 {
		parts = append(parts, "a "+DurationText(e.Time)+" search")
	}
	if e.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", e.Depth))
	}
	parts = append(parts, "score "+ScoreText(e.Score))
	who := "a long search"
	if e.By != "" {
		who = ShortSpec(e.By)
	}
	return "Found ahead of time by " + who + ": " + strings.Join(parts, ", ") + "."
}

// SearchView is what the classroom's search page shows: the search record
// it follows (when Searched) and the position that search looked at (else
// the position on the board), and the book's entry when the view's engine
// plays that position from the book.
type SearchView struct {
	Spec     string // the view's engine
	Rec      SearchRecord
	Searched bool
	Pos      game.Position
	Book     book.Entry
	InBook   bool
}

// SearchPage returns what the search page shows: the view's engine's
// running search, or its last one when it searched the position on the
// board or the one before (the move just played); and the book's move when
// that engine plays the book in the position shown.
func (t *Classroom) SearchPage(c *Controller) SearchView {
	v := SearchView{Spec: t.EngineSpec(c), Pos: c.Position()}
	if t.an.Spec != "" {
		v.Spec = t.an.Spec
	}
	rec, ok := c.Search()
	if ok && rec.Name == v.Spec && (rec.Running || rec.Ply == c.Game().Ply()-1 || rec.Ply == c.Game().Ply()) {
		v.Rec, v.Searched, v.Pos = rec, true, rec.Pos
	}
	v.Book, v.InBook = BookFor(v.Spec, v.Pos)
	return v
}
