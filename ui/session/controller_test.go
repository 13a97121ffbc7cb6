package session

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// newTestController returns a controller whose engines search to depth 1
// (deterministic), whose positions are estimated by the heuristic at
// depth 2 (testEstimate), and whose clock the test controls.
func newTestController(t *testing.T) (*Controller, *fakeClock) {
	t.Helper()
	clk := &fakeClock{t: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	c := New(Config{Engines: DepthEngine(1), Now: clk.now, HintSpec: "heuristic", SaveDir: t.TempDir(), EstimateSpec: testEstimate()})
	t.Cleanup(c.stopEstimate)
	return c, clk
}

// testEstimate is a small, fast estimating engine for tests.
func testEstimate() *player.Spec {
	s, _ := player.ParseSpec(player.Heuristic)
	s.Depth = 2
	return &s
}

func start(t *testing.T, c *Controller, white, black string) {
	t.Helper()
	require.NoError(t, c.Start(Settings{White: white, Black: black, MoveTime: time.Second}))
}

func sq(t *testing.T, s string) game.Square {
	t.Helper()
	q, err := game.ParseSquare(s)
	require.NoError(t, err)
	return q
}

// settle calls Update until no search runs or winds down and cond holds.
func settle(t *testing.T, c *Controller, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		c.Update()
		if !c.Busy() && cond() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("controller did not settle: ply %d, busy %v", c.Game().Ply(), c.Busy())
}

func TestStartsOnStartPanel(t *testing.T) {
	c, _ := newTestController(t)
	require.Equal(t, ScreenStart, c.Screen())
	if c.Select(sq(t, "e3")) || c.Selected() != game.NoSquare {
		t.Fatal("a click on the board behind the start panel did something")
	}
	c.CyclePanelSide(game.White)
	if s, _ := c.Panel(); s.White == Human {
		t.Fatal("cycling White's player kept Human")
	}
	c.PanelWatch()
	require.NoError(t, c.StartPanel())
	if c.Screen() != ScreenGame || c.IsHuman(game.White) || c.IsHuman(game.Black) {
		t.Fatal("watch preset did not start an AI-vs-AI game")
	}
}

func TestClickMovesAndIllegalClicksAreHarmless(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	before := c.Position()

	// Clicking empty squares and the opponent's pieces does nothing.
	for _, s := range []string{"a1", "c3", "d1", "e1"} {
		if c.Select(sq(t, s)) || c.Selected() != game.NoSquare {
			t.Fatalf("click on %s selected or moved", s)
		}
	}
	// Select e3: its destinations are shown.
	c.Select(sq(t, "e3"))
	require.Equal(t, sq(t, "e3"), c.Selected())
	require.NotEmpty(t, c.Destinations(), "destinations of e3")
	// Dropping on an illegal square (a camp) keeps the selection and the board.
	if c.Drop(sq(t, "e2")) || c.Selected() != sq(t, "e3") {
		t.Fatal("drop on a camp moved or lost the selection")
	}
	// Clicking the selected piece again deselects it.
	c.Select(sq(t, "e3"))
	if c.Selected() != game.NoSquare {
		t.Fatal("second click did not deselect")
	}
	after := c.Position()
	require.Equal(t, before.String(), after.String(), "illegal clicks changed the position")
	// A click on a piece, then on a legal square, plays the move.
	c.Select(sq(t, "e3"))
	if !c.Select(sq(t, "b3")) {
		t.Fatal("e3-b3 was not played")
	}
	assert.Equal(t, "e3-b3", c.LastMove().String(), "last move")
	assert.Equal(t, game.NoSquare, c.Selected(), "selection kept after the move")
	// Drag and drop: pick up d1 (Black to move) and drop it on d2.
	c.Select(sq(t, "d1"))
	if !c.Drop(sq(t, "d2")) {
		t.Fatal("drag d1-d2 was not played")
	}
	assert.Equal(t, 2, c.Game().Ply())
}

func TestAIAnswersAHumanMove(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "heuristic")
	c.Select(sq(t, "e3"))
	c.Select(sq(t, "b3"))
	c.Update()
	if !c.Thinking() {
		t.Fatal("the AI did not start thinking after the human's move")
	}
	if c.Select(sq(t, "d1")) {
		t.Fatal("a human moved for the AI")
	}
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	if !c.HumanToMove() {
		t.Fatal("not the human's turn after the AI's answer")
	}
	estimated(t, c) // the position after the AI's move gets its estimate
}

// blockingEngine thinks until cancelled, and counts its searches.
type blockingEngine struct {
	started, cancelled atomic.Int32
}

func (e *blockingEngine) Move(ctx context.Context, pos game.Position, _ []uint64, progress func(ai.Info)) (ai.Result, error) {
	e.started.Add(1)
	var buf [game.MaxMoves]game.Move
	m := pos.GenerateMoves(buf[:0])[0]
	progress(ai.Info{Depth: 1, Score: 123, PV: []game.Move{m}})
	<-ctx.Done()
	e.cancelled.Add(1)
	return ai.Result{Move: m}, nil
}

func TestUndoCancelsThinking(t *testing.T) {
	eng := &blockingEngine{}
	clk := &fakeClock{t: time.Unix(1000, 0)}
	c := New(Config{Now: clk.now, Engines: func(string, time.Duration) (Engine, error) { return eng, nil }})
	start(t, c, Human, "heuristic")
	c.Select(sq(t, "e3"))
	c.Select(sq(t, "b3"))
	c.Update()
	if !c.Thinking() {
		t.Fatal("AI not thinking")
	}
	// Progress arrives through the channel: the PV becomes visible.
	deadline := time.Now().Add(10 * time.Second)
	for {
		c.Update()
		if st, _ := c.Think(); len(st.Info.PV) == 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	st, _ := c.Think()
	require.Len(t, st.Info.PV, 1, "progress not delivered")
	require.EqualValues(t, 123, st.Info.Score, "progress not delivered")
	if !c.Undo() {
		t.Fatal("undo refused while thinking")
	}
	if c.Thinking() || c.Game().Ply() != 0 || !c.HumanToMove() {
		t.Fatalf("after undo: thinking %v, ply %d", c.Thinking(), c.Game().Ply())
	}
	settle(t, c, func() bool { return eng.cancelled.Load() == 1 })
	assert.Zero(t, c.Game().Ply(), "the cancelled search's move was played")
	assert.EqualValues(t, 1, eng.started.Load(), "searches started")
}

func TestUndoRedoWholeTurns(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "heuristic")
	c.Select(sq(t, "e3"))
	c.Select(sq(t, "b3"))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	if !c.Undo() || c.Game().Ply() != 0 || !c.HumanToMove() {
		t.Fatalf("undo took back to ply %d, want 0", c.Game().Ply())
	}
	if !c.Redo() || c.Game().Ply() != 2 || !c.HumanToMove() {
		t.Fatalf("redo went to ply %d, want 2", c.Game().Ply())
	}
	if c.Redo() {
		t.Fatal("redo with nothing to redo")
	}
}

func TestAIvsAIPaceAndPause(t *testing.T) {
	c, clk := newTestController(t)
	start(t, c, "heuristic", "heuristic")
	settle(t, c, func() bool { return c.Game().Ply() == 1 })
	// The next move waits for the delay.
	for i := 0; i < 5; i++ {
		c.Update()
	}
	if c.Busy() || c.Game().Ply() != 1 || c.WaitingText() == "" {
		t.Fatal("second AI move did not wait for the delay")
	}
	clk.advance(c.Delay())
	settle(t, c, func() bool { return c.Game().Ply() == 2 })

	c.TogglePause()
	clk.advance(time.Hour)
	for i := 0; i < 5; i++ {
		c.Update()
	}
	if c.Busy() || c.Game().Ply() != 2 {
		t.Fatal("a paused AI moved")
	}
	c.Step()
	settle(t, c, func() bool { return c.Game().Ply() == 3 })
	clk.advance(time.Hour)
	for i := 0; i < 5; i++ {
		c.Update()
	}
	if c.Busy() || c.Game().Ply() != 3 {
		t.Fatal("step played more than one move")
	}
	// Undo with two AIs: one move back, still paused.
	c.Undo()
	if c.Game().Ply() != 2 || !c.Paused() {
		t.Fatal("AI-vs-AI undo did not take back one move and pause")
	}
	c.Slower()
	if c.Delay() <= delays[defaultDelay] {
		t.Fatal("Slower did not lengthen the delay")
	}
	c.Faster()
	c.Faster()
	if c.Delay() >= delays[defaultDelay] {
		t.Fatal("Faster did not shorten the delay")
	}
}

func TestHint(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	if !c.Hint() {
		t.Fatal("hint refused")
	}
	settle(t, c, func() bool { return c.HintMove() != game.NoMove })
	p := c.Position()
	if !p.IsLegal(c.HintMove()) || c.Game().Ply() != 0 {
		t.Fatalf("hint %v not legal, or the hint moved", c.HintMove())
	}
	// Moving makes the hint stale.
	c.Select(sq(t, "e3"))
	c.Select(sq(t, "b3"))
	if c.HintMove() != game.NoMove {
		t.Fatal("hint kept after a move")
	}
}

func TestSaveAndLoad(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	for _, m := range [][2]string{{"e3", "b3"}, {"d1", "d2"}, {"e4", "c4"}} {
		c.Select(sq(t, m[0]))
		if !c.Select(sq(t, m[1])) {
			t.Fatalf("move %v not played", m)
		}
	}
	path, err := c.Save()
	require.NoError(t, err)
	d, _ := newTestController(t)
	require.NoError(t, d.LoadFile(path))
	p1, p2 := c.Position(), d.Position()
	assert.Equal(t, ScreenGame, d.Screen())
	assert.Equal(t, 3, d.Game().Ply())
	assert.Equal(t, p1.String(), p2.String(), "the loaded position")
	assert.Error(t, d.LoadFile(path+".missing"), "loading a missing file")
	assert.NotEmpty(t, d.Message(), "loading a missing file shows no message")

	// A game going on, a move taken back: the save holds the moves up to
	// the board (the finished game browsed back is saved whole:
	// TestReviewSavedWithTheGame).
	require.True(t, c.Undo())
	path, err = c.Save()
	require.NoError(t, err)
	e, _ := newTestController(t)
	require.NoError(t, e.LoadFile(path))
	assert.Equal(t, c.Game().Ply(), e.Game().Ply())
	assert.Less(t, e.Game().Ply(), 3)
}

func TestBadPlayerIsOneClearError(t *testing.T) {
	c, _ := newTestController(t)
	c.SetPanelSide(game.Black, "cnn:no-such-net")
	require.Error(t, c.StartPanel(), "bad player accepted")
	_, e := c.Panel()
	assert.NotEmpty(t, e, "error not shown in the start panel")
	assert.Equal(t, ScreenStart, c.Screen())
}

func TestCaptureAnimation(t *testing.T) {
	// The "double capture" case of RULES.md, with the king off the edge.
	c, clk := newTestController(t)
	start(t, c, Human, Human)
	pos := game.MustParsePosition("........./........./.WB.BW.../........./........./........./...W...../.......K./......... W")
	c.setGame(game.NewGame(pos))
	c.Select(sq(t, "d7"))
	if !c.Select(sq(t, "d3")) {
		t.Fatal("d7-d3 not played")
	}
	an := c.Animations()
	require.NotNil(t, an.Slide, "the moving piece slides")
	require.Len(t, an.Fades, 2, "the two captured pieces fade")
	assert.EqualValues(t, 1, an.Fades[0].Alpha(clk.now()), "alpha as the fade starts")
	clk.advance(fadeTime / 2)
	a := an.Fades[0].Alpha(clk.now())
	assert.True(t, a > 0 && a < 1, "half-way alpha %v", a)
	clk.advance(fadeTime)
	c.Update()
	if an.Active() {
		t.Fatal("Animations still running after they ended")
	}
}

// TestMovesAskForSounds: a move asks for its sound once.
func TestMovesAskForSounds(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	assert.Equal(t, []Cue{CueMove}, c.TakeCues())
	assert.Empty(t, c.TakeCues())
}
