package session

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// estimated calls Update until the position on the board has its estimate.
func estimated(t *testing.T, c *Controller) int32 {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		c.Update()
		if s, ok := c.Eval(); ok {
			return s
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("no estimate of the position at ply %d", c.Game().Ply())
	return 0
}

// One position, one estimate (issue 61, item 4): the bar read Club's 54%
// after Club's move, then the hint engine's 87% for the same position once
// H was pressed. The bar now reads the estimating engine only, whoever
// searched the position, and the figure stays.
func TestOneEstimatePerPosition(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:club")
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	before := estimated(t, c)
	assert.Equal(t, c.EstimateSpec(), c.EvalBy(), "the figure is the estimator's, not Club's")
	assert.Equal(t, "Classic's estimate", c.EvalSource())
	require.True(t, c.Hint())
	settle(t, c, func() bool { return c.HintMove() != game.NoMove })
	after, ok := c.Eval()
	require.True(t, ok)
	assert.Equal(t, before, after, "a hint changed the figure of the same position")
	assert.Equal(t, c.EstimateSpec(), c.EvalBy())
}

// The default estimator is the strongest engine on a fixed node budget,
// read through one evaluator, so a position's figure does not depend on
// who asked, the machine or the time: two estimators agree.
func TestTheDefaultEstimateIsTheChampionsAndDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the champion network")
	}
	opp, _ := DefaultOpponent()
	var got [2]int32
	for i := range got {
		c := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: NewMemStore()})
		t.Cleanup(c.stopEstimate)
		assert.Equal(t, opp, c.EstimateSpec())
		start(t, c, Human, "level:beginner")
		got[i] = estimated(t, c)
	}
	assert.Equal(t, got[0], got[1])
}

// A position estimated once is not searched again: a rematch shows the
// start position's figure at once, from the cache.
func TestAnEstimateIsReused(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	s := estimated(t, c)
	start(t, c, Human, Human)
	got, ok := c.Eval()
	require.True(t, ok, "the start position is estimated again after a rematch")
	assert.Equal(t, s, got)
	c.Update()
	assert.Nil(t, c.estJob, "an estimate started for a position already known")
}

// slowEstimator estimates deep enough that the test sees it running.
func slowEstimator(c *Controller) {
	s, _ := player.ParseSpec(player.Heuristic)
	s.Depth = 40
	c.est = newEstimator(Config{EstimateSpec: &s})
}

// Between two moves of two AIs the bar used to turn grey while the chart
// still showed the last figure. While the new position's estimate is being
// computed the bar holds the previous position's figure, marked pending,
// the same as the chart's last known point.
func TestTheBarHoldsTheLastFigureWhileEstimating(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	s0 := estimated(t, c)
	slowEstimator(c)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	c.Update()
	_, known := c.Eval()
	require.False(t, known)
	require.True(t, c.Estimating())
	got, pending, ok := c.ShownEval()
	require.True(t, ok, "the bar turned grey while the next estimate runs")
	assert.True(t, pending)
	assert.Equal(t, s0, got)
	curve := c.ChanceCurve()
	require.Len(t, curve, 2)
	assert.True(t, curve[0].Known)
	assert.False(t, curve[1].Known, "the chart shows no figure for the position being estimated")
}

// An estimate whose position left the game's line (a move taken back and
// another played) is cancelled and its result dropped.
func TestAnObsoleteEstimateIsDropped(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	estimated(t, c)
	slowEstimator(c)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	c.Update()
	old := c.estJob
	require.NotNil(t, old)
	require.True(t, c.Undo())
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "c3")))
	c.Update()
	require.NotNil(t, c.estJob)
	assert.NotEqual(t, old.hash, c.estJob.hash, "the obsolete estimate still runs")
	r := <-old.done
	assert.True(t, r.cancelled)
	c.Update()
	_, kept := c.estimates[old.hash]
	assert.False(t, kept, "a cancelled estimate reached the cache")
}

// In the lesson the student plays both sides but solves each task for one:
// the bar speaks from that side. Taking the king as Black used to read
// "loss".
func TestTheLessonsBarSpeaksForTheStudent(t *testing.T) {
	c, _ := newTestController(t)
	require.NoError(t, c.StartLesson(5)) // Taking the king: the student plays Black
	require.Equal(t, game.Black, c.Viewpoint())
	c.Select(sq(t, "h7"))
	require.True(t, c.Select(sq(t, "e7")))
	require.Equal(t, game.BlackWins, c.Game().Outcome())
	score, ok := c.Eval()
	require.True(t, ok)
	assert.Equal(t, "win", EvalLabel(score, c.Viewpoint()))
}

// H in the classroom lets the view's engine think; a weak level's noisy
// move (Beginner's "Hint: e3-b3") is no hint in the game's panel. The hint
// engine's answer is.
func TestAWeakEnginesThoughtIsNoHint(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:beginner")
	require.True(t, c.HintWith("level:beginner"))
	settle(t, c, func() bool { r, ok := c.Search(); return ok && !r.Running && r.Name == "level:beginner" })
	assert.Equal(t, game.NoMove, c.HintMove(), "the classroom's Beginner search became the game's hint")
	require.True(t, c.Hint())
	settle(t, c, func() bool { return c.HintMove() != game.NoMove })
}

// Danger marks come with a legend while they are shown.
func TestTheDangerMarksHaveALegend(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:beginner")
	setPosition(t, c, dangerPos)
	assert.Empty(t, c.DangerLegend())
	c.Select(sq(t, "a3"))
	require.NotEmpty(t, c.Danger())
	assert.Equal(t, "Red: this pawn would be taken there at once", c.DangerLegend())
	c.ClearSelection()
	assert.Empty(t, c.DangerLegend())
}

// One engine, one name: the panel, the status line, the charts and the
// classroom said learned, Learned 2 and learned2 for cnn:learned2.
func TestOneDisplayNamePerEngine(t *testing.T) {
	if !hasNet("learned2") {
		t.Skip("learned2 is not shipped")
	}
	assert.Equal(t, "Learned 2", ShortSpec("cnn:learned2"))
	assert.Equal(t, "Learned 2", EngineTitle("cnn:learned2"))
	assert.Equal(t, "AI · Learned 2", PlayerLabel("cnn:learned2"))
	assert.Equal(t, "Engine: Learned 2", ChipLabel("cnn:learned2"))
	assert.Equal(t, "Champion", ShortSpec("cnn:champion"))
	assert.Equal(t, "Club", ShortSpec("level:club"))
	require.NoError(t, CheckSpec("cnn:learned2"), "the spec stays accepted")
}

// Counts agree with their noun: "(1 move)", never "(1 moves)".
func TestCountsAgree(t *testing.T) {
	assert.Equal(t, "1 move", Count(1, "move"))
	assert.Equal(t, "0 moves", Count(0, "move"))
	assert.Equal(t, "12 positions", Count(12, "position"))
}
