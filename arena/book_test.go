package arena

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/game"
)

// The server's first state, read as the client reads it, is the book's
// start position: a champion connected as White plays its book move.
func TestServerStartIsInTheBook(t *testing.T) {
	start := game.StartPosition()
	data, err := json.Marshal(PositionState(&start, game.Ongoing))
	require.NoError(t, err)
	var st StateMessage
	require.NoError(t, json.Unmarshal(data, &st))
	pos, o, err := PositionFromState(st)
	require.NoError(t, err)
	require.Equal(t, game.Ongoing, o)
	b, err := book.Default()
	require.NoError(t, err)
	e, ok := b.Lookup(&pos)
	require.True(t, ok, "the server's start is found in the book")
	want, _ := b.Lookup(&start)
	assert.Equal(t, want.Move, e.Move)
}
