package session

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// A hint's evaluation belongs to the position it was asked in: once a move
// is played, a position nobody evaluated shows no chance at all (it used to
// keep the hint's "Your chances" for later positions).
func TestAHintsChanceIsNotShownForLaterPositions(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:beginner")
	require.True(t, c.Hint())
	settle(t, c, func() bool { return c.HintMove() != game.NoMove })
	_, ok := c.Eval()
	require.True(t, ok, "the hint's position has its evaluation")
	assert.Equal(t, "Classic's estimate", c.EvalSource())
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	_, ok = c.Eval()
	assert.False(t, ok, "a chance is shown for a position nobody evaluated")
	assert.Empty(t, c.EvalSource())
}

// The chance shown names the engine that computed it, and an AI's move
// keeps its search's evaluation for the position it leaves on the board, so
// that End (after browsing back) shows a number for the last position.
func TestTheEvaluationNamesItsEngineAndSurvivesBrowsing(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:club")
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	s2, ok := c.Eval()
	require.True(t, ok, "the position after Club's move has Club's evaluation")
	assert.Equal(t, "Club's estimate", c.EvalSource())
	require.True(t, c.StepBack())
	_, ok = c.Eval()
	assert.True(t, ok, "the position Club searched has its evaluation")
	require.True(t, c.GoToStart())
	_, ok = c.Eval()
	assert.False(t, ok, "the start position was never searched")
	require.True(t, c.GoToEnd())
	got, ok := c.Eval()
	assert.True(t, ok, "End shows the last position's evaluation again")
	assert.Equal(t, s2, got)
}

// The king's capture says between what, in its three cases.
func TestKingCaptureSaysBetweenWhat(t *testing.T) {
	for _, tc := range []struct{ pos, want string }{
		// On the throne: four pawns.
		{"........./........./........./....B..../...BKB.../....B..../........./........./......... W",
			"The king was captured on the throne e5, surrounded on all four sides by d5, f5, e4 and e6"},
		// Next to the throne: three pawns and the throne.
		{"........./........./........./.....B.../.....KB../.....B.../........./........./......... W",
			"The king was captured at f5, surrounded by the throne e5, g5, f4 and f6"},
		// Elsewhere: between two pawns on a line.
		{"........./........./.B......./.K......./.B......./........./........./........./......... W",
			"The king was captured at b4, between b3 and b5"},
		// Against a camp.
		{"........./........./........./........./........./........./........./........./.BK...... W",
			"The king was captured at c9, between b9 and the camp d9"},
	} {
		p, err := game.ParsePosition(tc.pos)
		require.NoError(t, err, tc.pos)
		assert.Equal(t, tc.want, KingCaptureText(p, game.NoSquare), tc.pos)
	}
	// Two pairs close on the king at e3 (d3 and f3; e4 and the camp e2): the
	// one with the pawn that moved is said.
	p, err := game.ParsePosition("....B..../........./...BKB.../....B..../........./........./........./........./......... W")
	require.NoError(t, err)
	assert.Equal(t, "The king was captured at e3, between d3 and f3", KingCaptureText(p, sq(t, "f3")))
	assert.Equal(t, "The king was captured at e3, between the camp e2 and e4", KingCaptureText(p, sq(t, "e4")))
}

// The clocks stand still while the start panel is over a game, browsed or
// not: the side to move's clock used to run down to 0.0 behind the panel.
func TestClocksStopBehindTheStartPanel(t *testing.T) {
	c, clk := newTestController(t)
	require.NoError(t, c.Start(Settings{White: Human, Black: Human, MoveTime: time.Second, Clock: time.Minute}))
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	require.True(t, c.StepBack())
	c.ShowStart()
	clk.advance(5 * time.Minute)
	c.Update()
	for _, s := range []game.Color{game.White, game.Black} {
		left, ok := c.ClockLeft(s)
		require.True(t, ok)
		assert.Equal(t, time.Minute, left, "%v's clock behind the panel", s)
	}
	c.Back()
	require.True(t, c.GoToEnd())
	clk.advance(time.Second)
	c.Update()
	assert.False(t, c.Over(), "the time in the panel counted against a side")
	left, _ := c.ClockLeft(game.Black)
	assert.Equal(t, 59*time.Second, left)
}
