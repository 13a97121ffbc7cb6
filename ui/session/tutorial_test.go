package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// lessonSolutions are a solving move and a legal wrong move of each step.
var lessonSolutions = []struct{ right, wrong string }{
	{"c3-c8", "c3-c7"},
	{"a8-c8", "a8-b8"},
	{"b3-b1", "b3-b2"},
	{"a3-e3", "a3-d3"},
	{"b3-b1", "b3-c3"},
	{"h7-e7", "h7-g7"},
	{"a3-e3", "a3-c3"},
	{"a6-e6", "a6-a7"},
	{"c2-d2", "c2-c3"},
}

// Every step of the lesson is a real position the rules engine accepts;
// its solving move is legal and solves it (the capture, the escape, the
// king's capture or the draw happen in package game too); a wrong move is
// answered and taken back, and the step can still be solved.
func TestLessonStepsAreSolvable(t *testing.T) {
	require.Len(t, lessonSolutions, len(LessonSteps))
	c, _ := newTestController(t)
	require.NoError(t, c.StartLesson(0))
	for i, sol := range lessonSolutions {
		l, ok := c.LessonNow()
		require.True(t, ok)
		require.Equal(t, i, l.Step, "step")
		assert.NotEmpty(t, l.Task)
		before := c.Position()
		play := func(s string) {
			m, err := game.ParseMove(s)
			require.NoError(t, err)
			require.True(t, before.IsLegal(m), "step %d (%s): %s is not legal", i+1, l.Title, s)
			c.Select(m.From())
			require.True(t, c.Select(m.To()), "step %d: %s not played", i+1, s)
		}
		play(sol.wrong)
		l, _ = c.LessonNow()
		assert.False(t, l.Solved, "step %d: the wrong move %s solved it", i+1, sol.wrong)
		assert.NotEmpty(t, l.Say)
		after := c.Position()
		assert.Equal(t, before.Hash(), after.Hash(), "step %d: the wrong move was not taken back", i+1)
		assert.False(t, c.Browsing(), "step %d: the wrong move is left to redo", i+1)
		play(sol.right)
		l, _ = c.LessonNow()
		assert.True(t, l.Solved, "step %d (%s): %s did not solve it: %s", i+1, l.Title, sol.right, l.Say)
		assert.True(t, l.Good)
		c.NextLessonStep()
	}
	assert.False(t, c.InLesson(), "after the last step the lesson ends")
	assert.Equal(t, ScreenStart, c.Screen())
}

// The steps that end the game end it as the rules say.
func TestLessonOutcomesComeFromTheRules(t *testing.T) {
	c, _ := newTestController(t)
	for step, want := range map[int]game.Outcome{4: game.WhiteWins, 5: game.BlackWins, 6: game.BlackWins, 7: game.BlackWins, 8: game.Draw} {
		require.NoError(t, c.StartLesson(step))
		m, _ := game.ParseMove(lessonSolutions[step].right)
		c.Select(m.From())
		require.True(t, c.Select(m.To()))
		assert.Equal(t, want, c.Game().Outcome(), "step %d", step+1)
	}
	require.NoError(t, c.StartLesson(8))
	assert.Equal(t, 5, c.Game().Ply(), "the repetition step starts after its moves")
}

// Taking a solution back (Undo) makes the step a task again.
func TestUndoInTheLessonReopensTheStep(t *testing.T) {
	c, _ := newTestController(t)
	require.NoError(t, c.StartLesson(0))
	c.Select(sq(t, "c3"))
	require.True(t, c.Select(sq(t, "c8")))
	l, _ := c.LessonNow()
	require.True(t, l.Solved)
	require.True(t, c.Undo())
	l, _ = c.LessonNow()
	assert.False(t, l.Solved)
	assert.Empty(t, l.Say)
}
