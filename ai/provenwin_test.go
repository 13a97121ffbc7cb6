package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablut-ai/tablut/game"
)

// ProvenWin reads wins (and their distance in the winner's moves) out of
// scores beyond MaxEval and nothing out of ordinary scores.
func TestProvenWin(t *testing.T) {
	for _, c := range []struct {
		score int32
		ok    bool
		side  game.Color
		moves int64
	}{
		{score: 0},
		{score: MaxEval - 1},
		{score: -MaxEval + 1},
		{score: WinScore - 1, ok: true, side: game.White, moves: 1},
		{score: WinScore - 3, ok: true, side: game.White, moves: 2},
		{score: -(WinScore - 2), ok: true, side: game.Black, moves: 1},
		{score: -(WinScore - 4), ok: true, side: game.Black, moves: 2},
		{score: MaxEval, ok: true, side: game.White, moves: -1}, // beyond MaxEval, no distance
	} {
		side, moves, ok := ProvenWin(c.score)
		assert.Equal(t, c.ok, ok, "score %d", c.score)
		if c.ok {
			assert.Equal(t, c.side, side, "score %d", c.score)
			assert.Equal(t, c.moves, moves, "score %d", c.score)
		}
	}
}
