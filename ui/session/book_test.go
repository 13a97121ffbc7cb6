package session

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/game"
)

// startBook returns the shipped book's entry of the start position (the
// only content of the book the tests rely on).
func startBook(t *testing.T) book.Entry {
	t.Helper()
	b, err := book.Default()
	require.NoError(t, err)
	start := game.StartPosition()
	e, ok := b.Lookup(&start)
	require.True(t, ok, "the start position is in the shipped book")
	return e
}

// newBookController returns a controller with depth-1 engines over a
// memory store.
func newBookController(t *testing.T, hint string) *Controller {
	t.Helper()
	return New(Config{Engines: DepthEngine(1), HintSpec: hint, SaveDir: t.TempDir(), Store: NewMemStore()})
}

// playHumanMove plays m by the window's clicks (select, then the target).
func playHumanMove(t *testing.T, c *Controller, m game.Move) {
	t.Helper()
	c.Select(m.From())
	require.True(t, c.Select(m.To()), "the click plays %v", m)
}

// An engine that plays the book as White opens with the book's move, and
// the game panel's line says so in words, with the offline search's time
// and no live search figures; the search page of the classroom shows the
// book's entry for the position the engine answered. A level resolves as
// ai/player resolves it. An engine that does not play the book searches,
// and neither says book.
func TestBookMoveIsShownForEnginesThatPlayIt(t *testing.T) {
	want := startBook(t)
	for spec, plays := range map[string]bool{"cnn:champion": true, "level:master": true, "cnn:learned": false} {
		t.Run(spec, func(t *testing.T) {
			if _, ok := LevelOf(spec); !ok && !hasNet(strings.TrimPrefix(spec, "cnn:")) {
				t.Skip("network not shipped")
			}
			c := newBookController(t, "heuristic")
			require.NoError(t, c.Start(Settings{White: spec, Black: Human, MoveTime: time.Second}))
			settle(t, c, func() bool { return c.Game().Ply() == 1 })
			rec, ok := c.Search()
			require.True(t, ok)
			bm, isBook := c.LastBookMove()
			var tc Classroom
			v := tc.SearchPage(c)
			assert.Equal(t, spec, v.Spec, "the page explains the AI that just moved")
			assert.True(t, v.Searched)
			assert.Equal(t, game.StartPosition(), v.Pos, "the page shows the position the AI answered")
			if !plays {
				assert.False(t, isBook)
				assert.Nil(t, rec.Book)
				assert.NotEmpty(t, rec.Infos, "a search reports its depths")
				assert.False(t, v.InBook)
				return
			}
			require.True(t, isBook, "the panel knows the move came from the book")
			assert.Equal(t, want.Move, c.LastMove())
			assert.Equal(t, want.Move, bm.Entry.Move)
			assert.Equal(t, want.Time, bm.Entry.Time, "the offline search's time comes with it")
			assert.Equal(t, spec, bm.By)
			text := BookMoveText(bm.Entry)
			assert.True(t, strings.HasPrefix(text, want.Move.String()+" from the opening book"), text)
			if want.Time > 0 {
				assert.Contains(t, text, "("+"a "+DurationText(want.Time)+" search)")
			}
			assert.NotContains(t, text, "nodes")
			require.NotNil(t, rec.Book)
			assert.Empty(t, rec.Infos, "no live search")
			require.True(t, v.InBook, "the search page shows the book")
			assert.Equal(t, want.Move, v.Book.Move)
			assert.Equal(t, want.PV, v.Book.PV)
			assert.Contains(t, BookHow(v.Book), "score "+ScoreText(want.Score))

			// The eval bar shows the position's estimate, not the book's
			// score (one estimate per position).
			if _, ok := c.Eval(); ok {
				assert.Equal(t, c.EstimateSpec(), c.EvalBy())
			}

			// The person's reply is no book move; browsing back to the
			// book move's position finds it again.
			var buf [game.MaxMoves]game.Move
			p := c.Position()
			playHumanMove(t, c, p.GenerateMoves(buf[:0])[0])
			settle(t, c, func() bool { return c.Game().Ply() >= 2 })
			require.True(t, c.GoTo(1))
			_, isBook = c.LastBookMove()
			assert.True(t, isBook, "replayed, the book move is still the book's")
			require.True(t, c.GoTo(2))
			_, isBook = c.LastBookMove()
			assert.False(t, isBook, "the person's move is not")
		})
	}
}

// The search page's book box follows the position and the engine: at the
// start, the champion (the view's engine for two people, as the hint
// engine) plays the book, and its hint is the book's move with no live
// search; after a White move the book does not have and a reply, the
// position is out of the book, and the champion's hint is a search.
func TestSearchPageBookFollowsThePosition(t *testing.T) {
	if !hasNet("champion") {
		t.Skip("no champion network shipped")
	}
	want := startBook(t)
	c := newBookController(t, "cnn:champion")
	require.NoError(t, c.Start(Settings{White: Human, Black: Human, MoveTime: time.Second}))
	var tc Classroom
	v := tc.SearchPage(c)
	require.Equal(t, "cnn:champion", v.Spec)
	assert.False(t, v.Searched)
	require.True(t, v.InBook, "the champion plays the start position from the book")
	assert.Equal(t, want.Move, v.Book.Move)
	require.True(t, tc.ThinkHere(c))
	settle(t, c, func() bool { return c.HintMove() != game.NoMove })
	rec, _ := c.Search()
	require.NotNil(t, rec.Book)
	assert.Empty(t, rec.Infos)
	assert.Equal(t, want.Move, c.HintMove())
	v = tc.SearchPage(c)
	assert.True(t, v.Searched && v.InBook)
	_, isBook := c.LastBookMove()
	assert.False(t, isBook, "a hint is no move played")

	// Out of the book: a White move other than the book's, and a reply,
	// chosen so that the book (read through its API) has no entry there.
	b, err := book.Default()
	require.NoError(t, err)
	start := game.StartPosition()
	var out []game.Move
	for _, m := range start.GenerateMoves(nil) {
		if m == want.Move || out != nil {
			continue
		}
		p := start
		p.Make(m)
		for _, r := range p.GenerateMoves(nil) {
			q := p
			q.Make(r)
			if _, in := b.Lookup(&q); !in && q.Status() == game.Ongoing {
				out = []game.Move{m, r}
				break
			}
		}
	}
	require.Len(t, out, 2)
	playHumanMove(t, c, out[0])
	playHumanMove(t, c, out[1])
	v = tc.SearchPage(c)
	assert.False(t, v.InBook)
	_, in := BookFor("cnn:champion", c.Position())
	assert.False(t, in)
	require.True(t, tc.ThinkHere(c))
	settle(t, c, func() bool { return c.HintMove() != game.NoMove })
	rec, _ = c.Search()
	assert.Nil(t, rec.Book)
	assert.NotEmpty(t, rec.Infos, "out of the book, the champion searches")
	v = tc.SearchPage(c)
	assert.True(t, v.Searched)
	assert.False(t, v.InBook)

	// Black to move is never in White's book, nor for an engine that does
	// not play it.
	p := start
	p.Make(want.Move)
	_, in = BookFor("cnn:champion", p)
	assert.False(t, in)
	_, in = BookFor("cnn:learned", start)
	assert.False(t, in)
	_, in = BookFor("level:expert", start)
	assert.False(t, in)
	_, in = BookFor(Human, start)
	assert.False(t, in)
}

func TestDurationText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		500 * time.Millisecond: "500 ms", time.Second: "1 s", 40 * time.Second: "40 s", 1500 * time.Millisecond: "1.5 s",
		5 * time.Minute: "5 min", 90 * time.Second: "1 min 30 s", 2 * time.Hour: "2 h", 90 * time.Minute: "1 h 30 min",
	} {
		assert.Equal(t, want, DurationText(d), d.String())
	}
}
