package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// An estimate belongs to the position it was made for: once a move is
// played, the new position shows its own estimate, not the last one's
// (it used to keep the hint's "Your chances" for later positions).
func TestAnEstimateIsNotShownForLaterPositions(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:beginner")
	estimated(t, c)
	slowEstimator(c)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	c.Update()
	_, ok := c.Eval()
	assert.False(t, ok, "a figure is given for a position not yet estimated")
	c.stopEstimate()
}

// The chance shown names the engine that computed it, and browsing shows
// each position's own estimate again.
func TestTheEvaluationNamesItsEngineAndSurvivesBrowsing(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:club")
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	s2 := estimated(t, c)
	assert.Equal(t, "Classic's estimate", c.EvalSource())
	require.True(t, c.StepBack())
	estimated(t, c)
	require.True(t, c.GoToStart())
	estimated(t, c)
	require.True(t, c.GoToEnd())
	got, ok := c.Eval()
	assert.True(t, ok, "End shows the last position's estimate again")
	assert.Equal(t, s2, got)
}
