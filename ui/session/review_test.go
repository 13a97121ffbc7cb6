package session

import (
	"os"
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

// A finished review is saved with the game, and the saved record opens
// reviewed: the same marks, words and chart, and no search runs again.
func TestReviewSavedWithTheGame(t *testing.T) {
	c := newReviewController(t)
	require.True(t, c.Review())
	finishReview(t, c)
	path, err := c.Save()
	require.NoError(t, err)
	assert.Contains(t, c.Message(), "with its review")

	// Opened by a window whose reviews could not run at all (a network
	// file that does not exist): whatever it shows comes from the record.
	spec := player.Spec{Kind: player.CNN, Net: "missing/none.tnn"}
	d := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), ReviewSpec: &spec})
	require.NoError(t, d.LoadFile(path))
	assert.Contains(t, d.Message(), "reviewed by "+EngineTitle("heuristic"))
	done, total, running, on := d.ReviewProgress()
	assert.Equal(t, [4]any{2, 2, false, true}, [4]any{done, total, running, on})
	assert.Equal(t, "??", d.ReviewMark(0))
	assert.Equal(t, "", d.ReviewMark(1))
	require.True(t, c.GoTo(1))
	require.True(t, d.GoTo(1))
	want, ok := c.ReviewHere()
	require.True(t, ok)
	got, ok := d.ReviewHere()
	require.True(t, ok)
	assert.Equal(t, want, got)
	assert.Equal(t, c.ChanceCurve(), d.ChanceCurve())
	assert.Equal(t, c.EvalSource(), d.EvalSource())
	assert.True(t, d.ChartShown())
	require.True(t, d.Review(), "V on the reopened game keeps the review it holds")
	d.Update()
	_, _, running, on = d.ReviewProgress()
	assert.True(t, on)
	assert.False(t, running)

	// Saved again, browsed back to the blunder: the whole game is saved,
	// and the review and the record's own tags stay.
	require.Equal(t, 1, d.Game().Ply())
	again, err := d.Save()
	require.NoError(t, err)
	g1, m1 := readRecordFile(t, path)
	g2, m2 := readRecordFile(t, again)
	assert.Equal(t, g1.Moves(), g2.Moves())
	assert.Equal(t, m1.Tags, m2.Tags)
}

// A review still running is not saved (the notice says so), and a record
// whose review does not fit its game opens without it, saying why.
func TestReviewNotSavedOrNotRead(t *testing.T) {
	c := newReviewController(t)
	c.review = &reviewState{line: c.Game().Line(), from: 1, by: "heuristic", cancel: func() {}}
	path, err := c.Save()
	require.NoError(t, err)
	assert.Contains(t, c.Message(), "without the review, still running")
	_, meta := readRecordFile(t, path)
	for _, tg := range meta.Tags {
		assert.NotContains(t, tg.Key, "Review")
	}

	rec, err := os.ReadFile(path)
	require.NoError(t, err)
	bad := strings.Replace(string(rec), "\n\n", "\nReview-Engine: heuristic\nReview-From: 1\nReview-Moves: a8-a9,2,0,0\n\n", 1)
	d := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir()})
	require.NoError(t, d.Load(strings.NewReader(bad), "bad.txt"))
	assert.Contains(t, d.Message(), "its review was not read: Review-Moves has 1 entries; plies 1 to 2 of the game need 2")
	assert.Equal(t, 2, d.Game().Ply(), "the game itself is loaded")
	_, _, _, on := d.ReviewProgress()
	assert.False(t, on)
}

// readRecordFile reads the record in path.
func readRecordFile(t *testing.T, path string) (*game.Game, game.RecordMeta) {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	g, meta, err := game.ReadRecord(f)
	require.NoError(t, err)
	return g, meta
}
