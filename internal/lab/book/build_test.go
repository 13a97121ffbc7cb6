package book

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

func spec(t *testing.T, name string, depth int) player.Spec {
	s, err := player.ParseSpec(name)
	require.NoError(t, err)
	s.Depth, s.Threads, s.Seed, s.NoBook = depth, 1, 1, true
	return s
}

func TestBuildGrowsAndResumes(t *testing.T) {
	var saves int
	var log bytes.Buffer
	cfg := Config{
		White:   spec(t, "heuristic", 2),
		Black:   []player.Spec{spec(t, "heuristic", 1), spec(t, "heuristic", 2)},
		Replies: []int{2, 1},
		Save:    func(*book.Book) error { saves++; return nil },
		Log:     &log,
	}
	b, err := Build(context.Background(), cfg, nil)
	require.NoError(t, err)
	// The start, up to four first replies, up to one reply of each engine
	// to each: at least the start and one line per turn.
	require.GreaterOrEqual(t, b.Len(), 3)
	assert.LessOrEqual(t, b.Len(), 1+4+8)
	assert.Equal(t, b.Len(), saves, "saved after every new entry")
	depths := map[int]int{}
	for _, e := range b.Entries() {
		p := e.Position()
		assert.Equal(t, game.White, p.SideToMove())
		assert.Equal(t, 2, e.Depth)
		assert.Equal(t, "heuristic", e.By)
		require.NotEmpty(t, e.PV)
		assert.Equal(t, e.Move, e.PV[0])
		depths[len(e.Line)]++
	}
	assert.Equal(t, 1, depths[0])
	assert.GreaterOrEqual(t, depths[2], 1)
	assert.LessOrEqual(t, depths[2], 4)
	assert.GreaterOrEqual(t, depths[4], 1)

	// Run again on the book: nothing is searched for White again.
	saves = 0
	log.Reset()
	again, err := Build(context.Background(), cfg, b)
	require.NoError(t, err)
	assert.Zero(t, saves, "a finished book is not searched again")
	assert.Equal(t, b.Len(), again.Len())
	assert.Equal(t, b.Len(), strings.Count(log.String(), "kept from the book"))
}

func TestBuildStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := Config{
		White:   spec(t, "heuristic", 1),
		Black:   []player.Spec{spec(t, "heuristic", 1)},
		Replies: []int{3},
		Save: func(b *book.Book) error {
			cancel() // stop after the first entry
			return nil
		},
	}
	b, err := Build(ctx, cfg, nil)
	require.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, b.Len(), "what was searched is kept")
}

func TestBuildRefusesNoBlack(t *testing.T) {
	_, err := Build(context.Background(), Config{White: spec(t, "heuristic", 1), Replies: []int{1}}, nil)
	assert.ErrorContains(t, err, "no Black engine")
}
