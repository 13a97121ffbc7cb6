package analyse

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// A review written as tags reads back as the same moves (the line of play
// kept only to its first move), through a record.
func TestTagsRoundTrip(t *testing.T) {
	g := blunderGame(t)
	moves, err := Run(context.Background(), g, Config{Engine: heuristicAt(t, 2)}, nil)
	require.NoError(t, err)
	tags, ok := Tags("heuristic", moves)
	require.True(t, ok)

	var rec strings.Builder
	require.NoError(t, g.WriteRecord(&rec, game.RecordMeta{Tags: append([]game.RecordTag{{Key: "Event", Value: "class"}}, tags...)}))
	back, meta, err := game.ReadRecord(strings.NewReader(rec.String()))
	require.NoError(t, err)
	engine, got, err := FromTags(meta, back)
	require.NoError(t, err)
	assert.Equal(t, "heuristic", engine)
	require.Len(t, got, len(moves))
	for i := range moves {
		want := moves[i]
		want.PV = want.PV[:1]
		assert.Equal(t, want, got[i])
		assert.Equal(t, want.Mark(), got[i].Mark())
	}
	assert.True(t, IsTag("review-moves"))
	assert.False(t, IsTag("Event"))
	assert.Equal(t, []game.RecordTag{{Key: "Event", Value: "class"}}, OtherTags(meta.Tags))
}

// Tags that do not fit the game are refused with a one-line reason that
// names the tag; a record without them says so with ErrNoReview.
func TestFromTagsRefusesWhatDoesNotFit(t *testing.T) {
	g := blunderGame(t)
	meta := func(engine, from, moves string) game.RecordMeta {
		return game.RecordMeta{Tags: []game.RecordTag{{Key: TagEngine, Value: engine}, {Key: TagFrom, Value: from}, {Key: TagMoves, Value: moves}}}
	}
	good := "a8-c8,2,-205,999999 c7-c9,1,999999,1000000"
	_, _, err := FromTags(meta("heuristic", "1", good), g)
	require.NoError(t, err)

	_, _, err = FromTags(game.RecordMeta{Tags: []game.RecordTag{{Key: "Event", Value: "x"}}}, g)
	assert.True(t, errors.Is(err, ErrNoReview))
	for _, c := range []struct {
		meta game.RecordMeta
		want string
	}{
		{game.RecordMeta{Tags: []game.RecordTag{{Key: TagEngine, Value: "heuristic"}}}, "needs the three tags"},
		{meta("", "1", good), "names no engine"},
		{meta("human", "1", good), "names no engine"},
		{meta("cnn:nosuchnet", "1", good), "names no engine"},
		{meta("heuristic", "0", good), "Review-From \"0\" is not a ply of the game's 1 to 2"},
		{meta("heuristic", "x", good), "is not a ply"},
		{meta("heuristic", "2", good), "Review-Moves has 2 entries; plies 2 to 2 of the game need 1"},
		{meta("heuristic", "1", "a8-c8,2,-205,999999"), "has 1 entries"},
		{meta("heuristic", "1", "a8-c8,2,-205 c7-c9,1,999999,1000000"), "ply 1 (\"a8-c8,2,-205\"): want move,depth,before,after"},
		{meta("heuristic", "1", "e5-e9,2,-205,999999 c7-c9,1,999999,1000000"), "is not a legal move there"},
		{meta("heuristic", "1", "zz-c8,2,-205,999999 c7-c9,1,999999,1000000"), "ply 1"},
		{meta("heuristic", "1", "a8-c8,-1,-205,999999 c7-c9,1,999999,1000000"), "depth \"-1\""},
		{meta("heuristic", "1", "a8-c8,2,-205,2000000 c7-c9,1,999999,1000000"), "score \"2000000\""},
		{meta("heuristic", "1", "a8-c8,2,-205,999999 c7-c9,1,999999,1e6"), "ply 2"},
	} {
		_, _, err := FromTags(c.meta, g)
		if assert.Error(t, err, "%v", c.meta.Tags) {
			assert.Contains(t, err.Error(), c.want)
			assert.NotContains(t, err.Error(), "\n")
		}
	}
}

// A review too long for a record's line is not written.
func TestTagsTooLong(t *testing.T) {
	best, err := game.ParseMove("e3-e1")
	require.NoError(t, err)
	m := Move{Best: best, Depth: 10, Before: -999999, After: 999999}
	moves := make([]Move, 3000)
	for i := range moves {
		moves[i] = m
		moves[i].Ply = i + 1
	}
	_, ok := Tags("heuristic", moves)
	assert.False(t, ok)
	_, ok = Tags("heuristic", moves[:100])
	assert.True(t, ok)
	_, ok = Tags("heuristic", nil)
	assert.False(t, ok)
}
