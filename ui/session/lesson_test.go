package session

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
)

// TestGuidedLesson: the slow motion starts as the guided lesson, whose → goes
// through teach.GuidedWalk's stops (at most lessonStops) to the first
// cutoff, ← comes back, and one more → leaves the lesson for single steps;
// each stop has its sentence, and the cutoff's names its kind, the moves
// pruned, the bound and the sibling that set it.
func TestGuidedLesson(t *testing.T) {
	pos := teachTestPosition(t)
	tr := teach.TraceAlphaBeta(context.Background(), pos, nil, ai.NewHeuristic(), 2, 0)
	c := teach.FirstCutoff(&tr)
	require.GreaterOrEqual(t, c, 0)
	var ts Classroom
	ts.SetDepth(2)
	ts.an.Traces[2] = &tr
	require.True(t, ts.Guided())
	walk := teach.GuidedWalk(&tr, lessonStops)
	require.Equal(t, walk, ts.Walk())
	require.LessOrEqual(t, len(walk), lessonStops)
	root := pos.SideToMove()
	for i, stop := range walk {
		ts.StepBy(1)
		require.Equal(t, stop, ts.Step(), "stop %d", i)
		at, n := ts.LessonAt()
		require.Equal(t, i+1, at)
		require.Equal(t, len(walk), n)
		s := tr.Steps[stop-1]
		text := SlowSentence(&tr, stop, root)
		require.NotEmpty(t, text)
		switch s.Kind {
		case teach.StepBackUp:
			assert.Contains(t, text, ScoreText(s.Value))
			assert.Contains(t, text, s.Path[len(s.Path)-1].String())
			assert.Contains(t, text, PlayedBy(root, len(s.Path)).String())
		case teach.StepEnter:
			assert.Contains(t, text, s.Path[len(s.Path)-1].String())
			assert.Contains(t, text, PlayedBy(root, len(s.Path)).String())
		}
	}
	require.Equal(t, c+1, ts.Step(), "the lesson ends on the first cutoff")
	cut := SlowSentence(&tr, c+1, root)
	assert.Contains(t, cut, teach.CutKind(tr.Steps[c], root)+" cutoff")
	assert.Contains(t, cut, fmt.Sprintf("other %d answers are skipped", tr.Steps[c].Pruned))
	if m, ok := teach.BoundFrom(&tr, c, root); ok {
		assert.Contains(t, cut, m.String())
	}
	ts.StepBy(-1)
	require.Equal(t, walk[len(walk)-2], ts.Step())
	ts.StepBy(1)
	ts.StepBy(1)
	require.False(t, ts.Guided(), "past the last stop the lesson ends")
	require.Equal(t, c+2, ts.Step())
	ts.StepBy(1)
	require.Equal(t, c+3, ts.Step(), "single steps after the lesson")
	ts.ToggleGuided()
	require.True(t, ts.Guided())
	require.Zero(t, ts.Step())
	ts.StepToEnd()
	require.False(t, ts.Guided())
	require.Equal(t, len(tr.Steps), ts.Step(), "End shows the whole search")
}

// TestPlayedBy: the root's side plays the odd plies.
func TestPlayedBy(t *testing.T) {
	assert.Equal(t, game.Black, PlayedBy(game.Black, 1))
	assert.Equal(t, game.White, PlayedBy(game.Black, 2))
	assert.Equal(t, game.White, PlayedBy(game.White, 3))
}

// TestOneEnginePerView: the view explains one engine: the AI by default, or
// the one the teacher picks; H lets that engine think, and the search it
// records carries its name, as the analysis does.
func TestOneEnginePerView(t *testing.T) {
	c := New(Config{Engines: DepthEngine(2), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: NewMemStore()})
	require.NoError(t, c.Start(Settings{White: Human, Black: "level:club", MoveTime: time.Second}))
	var ts Classroom
	ts.Toggle()
	defer ts.Stop()
	ts.Follow(c)
	require.Equal(t, "level:club", ts.EngineSpec(c), "the AI, though a person is to move")
	require.Equal(t, "level:club", ts.Analysis().Spec)
	ch := ts.EngineChoices(c)
	require.Equal(t, "", ch[0])
	require.Contains(t, ch, "heuristic")
	for ts.EngineSpec(c) != "heuristic" {
		ts.CycleEngine(c)
	}
	require.True(t, ts.Picked())
	require.Equal(t, "heuristic", ts.Analysis().Spec, "the analysis follows the pick")
	require.True(t, ts.ThinkHere(c))
	c.Update()
	for c.Busy() {
		c.Update()
		time.Sleep(time.Millisecond)
	}
	rec, ok := c.Search()
	require.True(t, ok)
	require.Equal(t, "heuristic", rec.Name)
	require.True(t, strings.HasPrefix(rec.Name, ts.EngineSpec(c)))
	for i := 0; i < len(ch); i++ {
		ts.CycleEngine(c)
		if !ts.Picked() {
			break
		}
	}
	require.False(t, ts.Picked(), "the cycle comes back to following the game")
}
