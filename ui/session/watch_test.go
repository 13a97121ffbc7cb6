package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// The pieces each side lost are counted from the game's start.
func TestCapturedCountsEachSidesLosses(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	setPosition(t, c, "........./...B...../W......../........./....K..../........./........./........./B........ W")
	w, b := c.Captured()
	assert.Equal(t, [2]int{0, 0}, [2]int{w, b})
	c.Select(sq(t, "a3"))
	require.True(t, c.Select(sq(t, "d3")))
	w, b = c.Captured()
	assert.Equal(t, [2]int{0, 1}, [2]int{w, b})
	require.True(t, c.StepBack())
	w, b = c.Captured()
	assert.Equal(t, [2]int{0, 0}, [2]int{w, b}, "browsing back shows the losses of the position shown")
}

// White's chance over a game of two AIs: a point for each ply of the line,
// each position's estimate, in [0, 1].
func TestChanceCurveFollowsTheGame(t *testing.T) {
	c, clk := newTestController(t)
	start(t, c, "heuristic", "heuristic")
	settle(t, c, func() bool {
		clk.advance(MaxDelay()) // the pause between two AIs' moves
		return c.Game().Ply() >= 4
	})
	c.TogglePause()
	settle(t, c, func() bool { return true })
	// Every position of the line gets its estimate in the background.
	settle(t, c, func() bool {
		for _, pt := range c.ChanceCurve() {
			if !pt.Known {
				return false
			}
		}
		return true
	})
	curve := c.ChanceCurve()
	require.Len(t, curve, len(c.Game().Line())+1)
	known := 0
	for i, pt := range curve {
		assert.Equal(t, i, pt.Ply)
		if pt.Known {
			known++
			assert.True(t, pt.White >= 0 && pt.White <= 1)
		}
	}
	assert.Equal(t, len(curve), known, "every position of the line is on the curve")
	require.True(t, c.GoToStart())
	assert.Len(t, c.ChanceCurve(), len(curve), "browsing keeps the whole line on the curve")
}

// The king's open lines: the rays from the king to the edge with nothing on
// the way, no camp and no throne.
func TestKingLines(t *testing.T) {
	p, err := game.ParsePosition("........./........./.K......./.B......./........./........./........./........./......... W")
	require.NoError(t, err)
	got := map[string]int{}
	for _, ray := range KingLines(p) {
		got[ray[len(ray)-1].String()] = len(ray)
	}
	// From b3: left to a3 (1 square), down to b1 (2), right to i3 (7); up is blocked by b4.
	assert.Equal(t, map[string]int{"a3": 1, "b1": 2, "i3": 7}, got)
	assert.Empty(t, KingLines(game.StartPosition()), "the king starts with no open line")
}
