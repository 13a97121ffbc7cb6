package ui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

func newTestApp(t *testing.T, white, black string) *App {
	t.Helper()
	a, err := NewApp(Options{Settings: &session.Settings{White: white, Black: black, MoveTime: time.Second},
		Config: session.Config{Engines: session.DepthEngine(1), SaveDir: t.TempDir(), Dialogs: noDialogs{}}})
	require.NoError(t, err)
	t.Cleanup(a.ctl.Close)
	return a
}

// tap is a press and a release in the same frame, as a touchpad tap gives.
// noDialogs is a desktop without file dialogs.
type noDialogs struct{}

func (noDialogs) OpenFile(string) (string, error)         { return "", session.ErrNoDialog }
func (noDialogs) SaveFile(string, string) (string, error) { return "", session.ErrNoDialog }

// sq parses a square name such as "e3".
func sq(t *testing.T, s string) game.Square {
	t.Helper()
	q, err := game.ParseSquare(s)
	require.NoError(t, err)
	return q
}

// settle calls Update until no search runs or winds down and cond holds.
func settle(t *testing.T, c *session.Controller, cond func() bool) {
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

func tap(a *App, s game.Square) {
	x, y := a.geo.squareCenter(s)
	a.mouse(mouseInput{x: x, y: y, justPressed: true, justReleased: true})
}

// Defect 1: a tap selects a piece without sticking it to the cursor, and a
// second tap moves it.
func TestTapSelectsAndMoves(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	tap(a, sq(t, "e3"))
	assert.Equal(t, sq(t, "e3"), c.Selected())
	assert.False(t, a.drag.active, "the tapped piece sticks to the cursor")
	tap(a, sq(t, "b3"))
	assert.Equal(t, "e3-b3", c.LastMove().String())

	// A press, moves and a release in later frames is a drag.
	x0, y0 := a.geo.squareCenter(sq(t, "d1"))
	x1, y1 := a.geo.squareCenter(sq(t, "d2"))
	a.mouse(mouseInput{x: x0, y: y0, pressed: true, justPressed: true})
	assert.True(t, a.drag.active)
	a.mouse(mouseInput{x: x1, y: y1, pressed: true})
	a.mouse(mouseInput{x: x1, y: y1, justReleased: true})
	assert.Equal(t, "d1-d2", c.LastMove().String())
	assert.False(t, a.drag.active)

	// A release the window missed (the button is up) ends the drag too.
	x0, y0 = a.geo.squareCenter(sq(t, "e4"))
	a.mouse(mouseInput{x: x0, y: y0, pressed: true, justPressed: true})
	a.mouse(mouseInput{x: x0, y: y0})
	assert.False(t, a.drag.active)
	assert.Equal(t, sq(t, "e4"), c.Selected())
}

// Replay: the keys and the move list browse a game; a move played at an
// earlier point starts a new line.
func TestReplayBrowsesAndBranches(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	for _, m := range [][2]string{{"e3", "b3"}, {"d1", "d2"}, {"e4", "c4"}, {"e2", "e3"}} {
		tap(a, sq(t, m[0]))
		tap(a, sq(t, m[1]))
	}
	require.Equal(t, 4, c.Game().Ply())
	require.True(t, c.GoToStart())
	assert.Equal(t, 0, c.Game().Ply())
	assert.True(t, c.Browsing())
	c.StepForward()
	c.StepForward()
	assert.Equal(t, 2, c.Game().Ply())
	c.GoToEnd()
	assert.Equal(t, 4, c.Game().Ply())
	assert.False(t, c.Browsing())

	// A click on the second move in the list shows the game after it.
	cells := a.moveCells(&a.geo)
	require.Len(t, cells, 4)
	x, y := cells[1].r.cx(), cells[1].r.cy()
	a.mouse(mouseInput{x: x, y: y, justPressed: true, justReleased: true})
	assert.Equal(t, 2, c.Game().Ply())
	assert.Equal(t, "d1-d2", c.LastMove().String())

	// Another move there starts a new line.
	tap(a, sq(t, "e4"))
	tap(a, sq(t, "d4"))
	assert.Equal(t, 3, c.Game().Ply())
	assert.Len(t, c.Game().Line(), 3)
	assert.False(t, c.Browsing())
}

// An AI does not play over the line while an earlier point is shown, and
// plays on when the person moves there.
func TestAIWaitsDuringReplay(t *testing.T) {
	a := newTestApp(t, session.Human, "heuristic")
	c := a.ctl
	tap(a, sq(t, "e3"))
	tap(a, sq(t, "b3"))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	require.True(t, c.StepBack())
	for i := 0; i < 50; i++ {
		c.Update()
	}
	assert.False(t, c.Thinking(), "the AI thinks while the game is browsed")
	assert.Equal(t, 1, c.Game().Ply())
	c.GoToStart()
	tap(a, sq(t, "e4"))
	tap(a, sq(t, "c4"))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	assert.Equal(t, "e4-c4", c.Game().Moves()[0].String())
}
