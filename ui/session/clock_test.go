package session

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// After Undo the clock showed a frozen time and still charged it (3:52
// shown for 24 s, then 35 s taken by the next move). Undo now puts back the
// clocks of the turn it returns to, and the clock of the side to move runs
// from there.
func TestUndoRestoresTheClocksOfThatTurn(t *testing.T) {
	c, clk := newTestController(t)
	require.NoError(t, c.Start(Settings{White: Human, Black: Human, MoveTime: time.Second, Clock: 5 * time.Minute}))
	clk.advance(10 * time.Second)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3"))) // White: 4:50
	clk.advance(20 * time.Second)
	c.Select(sq(t, "d1"))
	require.True(t, c.Select(sq(t, "d2"))) // Black: 4:40
	clk.advance(30 * time.Second)
	require.True(t, c.Undo()) // back to Black's turn at ply 1
	require.Equal(t, 1, c.Game().Ply())
	w, _ := c.ClockLeft(game.White)
	b, _ := c.ClockLeft(game.Black)
	assert.Equal(t, 4*time.Minute+50*time.Second, w, "White's clock of that turn")
	assert.Equal(t, 5*time.Minute, b, "Black's clock of that turn")
	clk.advance(5 * time.Second)
	c.Update()
	b, _ = c.ClockLeft(game.Black)
	assert.Equal(t, 4*time.Minute+55*time.Second, b, "Black's clock stood still after Undo")
	c.Select(sq(t, "d1"))
	require.True(t, c.Select(sq(t, "c1")))
	b, _ = c.ClockLeft(game.Black)
	assert.Equal(t, 4*time.Minute+55*time.Second, b, "the move was charged more than the time since Undo")
}

// The clock ran while the rules page hid the board; it stands still now.
func TestTheClockStopsWhileTheHelpIsUp(t *testing.T) {
	c, clk := newTestController(t)
	require.NoError(t, c.Start(Settings{White: Human, Black: Human, MoveTime: time.Second, Clock: time.Minute}))
	clk.advance(5 * time.Second)
	c.ShowHelp(HelpRules)
	clk.advance(30 * time.Second)
	c.Update()
	w, _ := c.ClockLeft(game.White)
	assert.Equal(t, 55*time.Second, w, "the clock ran behind the rules page")
	c.CloseHelp()
	clk.advance(time.Second)
	c.Update()
	w, _ = c.ClockLeft(game.White)
	assert.Equal(t, 54*time.Second, w)
	c.ToggleHelp()
	clk.advance(10 * time.Second)
	c.ToggleHelp()
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	w, _ = c.ClockLeft(game.White)
	assert.Equal(t, 54*time.Second, w, "the move was charged the help's time")
}
