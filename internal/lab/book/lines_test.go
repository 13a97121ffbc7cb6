package book

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/game"
)

func playLine(t *testing.T, moves string) *game.Game {
	g := game.NewGame(game.StartPosition())
	for _, f := range strings.Fields(moves) {
		m, err := game.ParseMove(f)
		require.NoError(t, err)
		require.NoError(t, g.Play(m))
	}
	return g
}

func TestFrequentLines(t *testing.T) {
	games := []*game.Game{
		playLine(t, "e4-f4 a4-e4 d5-d4 e2-e4 e5-d5"),
		playLine(t, "e4-f4 a4-e4 d5-d4 d1-d3"),
		playLine(t, "e4-f4 a4-e4 d5-d4 e2-e4"),
		playLine(t, "e6-f6 a6-e6"),
	}
	lines := FrequentLines(games, 4, 2)
	require.Len(t, lines, 2)
	assert.Equal(t, 3, lines[0].Games)
	assert.Len(t, lines[0].Moves, 2, "after e4-f4 a4-e4: three games")
	assert.Equal(t, 2, lines[1].Games)
	assert.Len(t, lines[1].Moves, 4, "after ... d5-d4 e2-e4: two games")
	for _, l := range lines {
		p := game.StartPosition()
		for _, m := range l.Moves {
			p.Make(m)
		}
		assert.Equal(t, game.White, p.SideToMove())
	}
	assert.Len(t, FrequentLines(games, 2, 1), 2, "ply 2 only, each line once at least")
	assert.Empty(t, FrequentLines(games, 4, 4))
}

func TestDeepenFollowsTheBook(t *testing.T) {
	b := &book.Book{}
	f4, _ := game.ParseMove("e4-f4")
	require.NoError(t, b.Add(book.Entry{Move: f4, Depth: 1}))
	lines := FrequentLines([]*game.Game{
		playLine(t, "e4-f4 a4-e4 d5-d4 e2-e4"),
		playLine(t, "e4-f4 a4-e4 d5-d4 e2-e4"),
		playLine(t, "e6-f6 a6-e6 d5-d6 e8-e6"), // not the book's first move
		playLine(t, "e6-f6 a6-e6 d5-d6 e8-e6"),
	}, 4, 2)
	require.Len(t, lines, 4)
	saves := 0
	cfg := Config{White: spec(t, "heuristic", 1), Save: func(*book.Book) error { saves++; return nil }}
	added, err := Deepen(context.Background(), cfg, b, lines)
	require.NoError(t, err)
	// After e4-f4 a4-e4 is searched; the line past it is searched only if
	// the new entry played d5-d4 there.
	p := playLine(t, "e4-f4 a4-e4").Position()
	e, ok := b.Lookup(&p)
	require.True(t, ok)
	want := 1
	if e.Move.String() == "d5-d4" {
		want = 2
	}
	assert.Equal(t, want, added)
	assert.Equal(t, want, saves)
	assert.Equal(t, 1+want, b.Len())
	q := playLine(t, "e6-f6 a6-e6").Position()
	_, ok = b.Lookup(&q)
	assert.False(t, ok, "a line off the book's first move is not searched")
}

func TestReadGames(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadGames(dir)
	assert.ErrorContains(t, err, "no game records")
	g := playLine(t, "e4-f4 a4-e4")
	f, err := os.Create(filepath.Join(dir, "game-0001.txt"))
	require.NoError(t, err)
	require.NoError(t, g.WriteRecord(f, game.RecordMeta{}))
	f.Close()
	games, err := ReadGames(dir)
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.Equal(t, 2, games[0].Ply())
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game-0002.txt"), []byte("not a record"), 0o644))
	_, err = ReadGames(dir)
	assert.ErrorContains(t, err, "game-0002.txt")
}
