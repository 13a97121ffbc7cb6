package session

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// newReviewController returns a controller whose reviews use the heuristic
// to depth 2 (quick and deterministic), with ai/analyse's two-ply test game
// loaded: Black, to move with the king on c7 one step from escaping, plays
// a8-a9 instead of blocking, and the king escapes at c9.
func newReviewController(t *testing.T) *Controller {
	t.Helper()
	spec := player.Spec{Kind: player.Heuristic, Depth: 2}
	c := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), ReviewSpec: &spec})
	path, err := filepath.Abs("../../ai/analyse/testdata/blunder.txt")
	require.NoError(t, err)
	require.NoError(t, c.LoadFile(path))
	require.True(t, c.Over(), "the test game is finished")
	return c
}

// finishReview calls Update until the review has gone through the game.
func finishReview(t *testing.T, c *Controller) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		c.Update()
		if done, total, running, on := c.ReviewProgress(); on && !running {
			require.Equal(t, total, done, "the review ended before the game's end")
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the review did not finish")
}

func TestReviewMarksTheBlunder(t *testing.T) {
	c := newReviewController(t)
	require.True(t, c.CanReview())
	require.True(t, c.Review())
	finishReview(t, c)

	assert.Equal(t, "??", c.ReviewMark(0), "a8-a9 lets the king out")
	assert.Equal(t, "", c.ReviewMark(1), "the escape is the engine's move too")
	mistakes, blunders := c.ReviewSummary()
	assert.Equal(t, [2]int{0, 0}, mistakes)
	assert.Equal(t, [2]int{0, 1}, blunders, "one blunder, Black's")

	// Browsing to the position after the blunder shows its review.
	require.True(t, c.GoTo(1))
	r, ok := c.ReviewHere()
	require.True(t, ok)
	assert.Equal(t, "??", r.Mark)
	assert.True(t, strings.HasPrefix(r.Choice, EngineTitle("heuristic")+" prefers "), r.Choice)
	assert.NotContains(t, r.Choice, "a8-a9")
	assert.True(t, strings.HasPrefix(r.Chance, "Black's chance "), r.Chance)
	assert.True(t, strings.HasSuffix(r.Chance, "→ 0%"), "after a8-a9 the escape is certain: %s", r.Chance)

	// Its scores are the positions' evaluations, named by their engine: the
	// chart has a point for every position before a move.
	require.True(t, c.GoTo(0))
	_, ok = c.Eval()
	assert.True(t, ok, "the start of the game has the review's evaluation")
	assert.Equal(t, EngineTitle("heuristic")+"'s estimate", c.EvalSource())
	curve := c.ChanceCurve()
	require.Len(t, curve, 3)
	assert.True(t, curve[0].Known && curve[1].Known, "the review evaluated both positions before a move")

	// The same game again: the review is kept, not run twice.
	require.True(t, c.Review())
	done, total, running, on := c.ReviewProgress()
	assert.Equal(t, [4]any{2, 2, false, true}, [4]any{done, total, running, on})
}

func TestReviewStopsWhenTheLineChanges(t *testing.T) {
	c := newReviewController(t)
	require.True(t, c.Review())
	finishReview(t, c)
	// Back to the start and another Black move: a new line, which the
	// review does not describe.
	require.True(t, c.GoTo(0))
	c.Update()
	_, _, _, on := c.ReviewProgress()
	require.True(t, on, "browsing keeps the review")
	pos := c.Position()
	m := pos.GenerateMoves(nil)[0]
	if m == c.Game().Line()[0] {
		m = pos.GenerateMoves(nil)[1]
	}
	c.Select(m.From())
	require.True(t, c.Drop(m.To()))
	c.Update()
	_, _, _, on = c.ReviewProgress()
	assert.False(t, on, "a new line ends the review")
	assert.Equal(t, "", c.ReviewMark(0))
	_, ok := c.ReviewHere()
	assert.False(t, ok)
	assert.False(t, c.CanReview(), "the new line is not finished")
	assert.False(t, c.Review())
}

func TestReviewOnlyOfFinishedGames(t *testing.T) {
	c, _ := newTestController(t)
	assert.False(t, c.CanReview(), "no game on the board")
	start(t, c, Human, Human)
	assert.False(t, c.CanReview(), "no move yet")
	playFirstMove(t, c)
	assert.False(t, c.CanReview(), "the game goes on")
	assert.False(t, c.Review())
	_, _, _, on := c.ReviewProgress()
	assert.False(t, on)
}

func TestReviewOfAFinishedGameBrowsedBack(t *testing.T) {
	c := newReviewController(t)
	require.True(t, c.GoTo(1))
	require.False(t, c.Over(), "the position shown is before the escape")
	assert.True(t, c.CanReview(), "the line is finished even where it is browsed")
	require.True(t, c.Review())
	finishReview(t, c)
	assert.Equal(t, 1, c.Game().Ply(), "the review does not move the board")
	assert.Equal(t, game.Ongoing, c.Game().Outcome())
}

// A loaded match record's random opening plies (its Opening tag) are not
// reviewed: the players did not choose them.
func TestReviewSkipsARandomOpening(t *testing.T) {
	spec := player.Spec{Kind: player.Heuristic, Depth: 1}
	c := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), ReviewSpec: &spec})
	g := game.NewGame(game.StartPosition())
	for g.Outcome() == game.Ongoing && g.Ply() < 200 {
		require.NoError(t, g.Play(g.LegalMoves()[0]))
	}
	require.NotEqual(t, game.Ongoing, g.Outcome(), "the first-legal-move game ends")
	var rec strings.Builder
	require.NoError(t, g.WriteRecord(&rec, game.RecordMeta{White: "heuristic", Black: "heuristic",
		Tags: []game.RecordTag{{Key: "Opening", Value: "2 random plies (seed 1, pair 1)"}}}))
	require.NoError(t, c.Load(strings.NewReader(rec.String()), "match.txt"))
	require.True(t, c.Review())
	finishReview(t, c)
	done, total, _, _ := c.ReviewProgress()
	assert.Equal(t, g.Ply()-2, total)
	assert.Equal(t, total, done)
	require.True(t, c.GoTo(2))
	_, ok := c.ReviewHere()
	assert.False(t, ok, "the second ply was random")
	require.True(t, c.GoTo(3))
	_, ok = c.ReviewHere()
	assert.True(t, ok, "the third ply is the first one chosen")
}
