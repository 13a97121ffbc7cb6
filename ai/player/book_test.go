package player

import (
	"context"
	"flag"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/game"
)

func TestUsesBook(t *testing.T) {
	for spec, want := range map[string]bool{
		"cnn:champion": true, "level:master": true,
		"cnn:learned": false, "level:expert": false, "heuristic": false, "random": false,
	} {
		s, err := ParseSpec(spec)
		require.NoError(t, err)
		assert.Equal(t, want, s.UsesBook(), spec)
		s.NoBook = true
		assert.False(t, s.UsesBook(), "%s with NoBook", spec)
	}
}

// An engine that plays the book answers a book position with the book's
// move and its offline search's figures, without searching; with NoBook, or
// past the book, it searches.
func TestEnginePlaysTheBook(t *testing.T) {
	b, err := book.Default()
	require.NoError(t, err)
	start := game.StartPosition()
	want, ok := b.Lookup(&start)
	require.True(t, ok)

	s, err := ParseSpec("cnn:champion")
	require.NoError(t, err)
	s.Depth, s.Threads, s.Seed = 1, 1, 1
	r := moveOf(t, s, start)
	assert.True(t, r.Book)
	assert.Equal(t, want.Move, r.Move)
	assert.Equal(t, want.Score, r.Score)
	assert.Equal(t, want.Depth, r.Depth)
	assert.Equal(t, want.PV, r.PV)

	s.NoBook = true
	r = moveOf(t, s, start)
	assert.False(t, r.Book)
	assert.Equal(t, 1, r.Depth, "searched at its own depth")

	// Black's turn is never in the book.
	p := start
	p.Make(want.Move)
	s.NoBook = false
	assert.False(t, moveOf(t, s, p).Book)
}

// moveOf returns the move a new engine of spec s chooses in pos.
func moveOf(t *testing.T, s Spec, pos game.Position) ai.Result {
	t.Helper()
	e, err := New(s)
	require.NoError(t, err)
	r, err := e.Move(context.Background(), pos, []uint64{pos.Hash()}, nil)
	require.NoError(t, err)
	return r
}

// A pondering engine leaves the book cleanly: after a book move it ponders
// the reply the book's principal variation expects, and the next move uses
// or drops that ponder like any other.
func TestBookAndPondering(t *testing.T) {
	s, err := ParseSpec("cnn:champion")
	require.NoError(t, err)
	s.Depth, s.Threads, s.Seed, s.Ponder = 2, 1, 1, true
	e, err := New(s)
	require.NoError(t, err)
	eng := e.(*Engine)
	defer eng.StopPondering()
	g := game.NewGame(game.StartPosition())
	books := 0
	for range 8 {
		pos := g.Position()
		if pos.Status() != game.Ongoing {
			break
		}
		var m game.Move
		if pos.SideToMove() == game.White {
			r, err := eng.Move(context.Background(), pos, g.RepetitionHistory(), nil)
			require.NoError(t, err)
			if r.Book {
				books++
			}
			m = r.Move
		} else {
			var buf [game.MaxMoves]game.Move
			m = pos.GenerateMoves(buf[:0])[0]
		}
		require.NoError(t, g.Play(m))
	}
	assert.Positive(t, books, "the first move comes from the book")
	hits, misses := eng.PonderStats()
	assert.Positive(t, hits+misses, "the engine pondered after its moves")
}

func TestBookFlag(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	f := AddFlags(fs)
	require.NoError(t, fs.Parse([]string{"-book=false"}))
	s := f.Apply(fs, Spec{Kind: CNN, Net: "champion"})
	assert.True(t, s.NoBook)
	assert.Contains(t, s.Describe(), "no book")
	fs = flag.NewFlagSet("t", flag.ContinueOnError)
	f = AddFlags(fs)
	require.NoError(t, fs.Parse(nil))
	s = f.Apply(fs, Spec{Kind: CNN, Net: "champion"})
	assert.False(t, s.NoBook, "the book is on by default")
	assert.NotContains(t, s.Describe(), "book")
}
