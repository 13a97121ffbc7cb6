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

// fingers feeds an App frames of touch input, a frame apart, with the
// mouse left where it was.
type fingers struct {
	a   *App
	now time.Time
}

func newFingers(a *App) *fingers { return &fingers{a: a, now: time.Unix(1e9, 0)} }

// frame gives one frame with the touches ts, dt after the previous one.
func (f *fingers) frame(dt time.Duration, ts ...touchPoint) {
	f.now = f.now.Add(dt)
	f.a.pointer(pointerFrame{now: f.now, scale: 1, mouse: mouseInput{x: 5, y: 5}, touches: ts})
}

func down(id int, x, y float64) touchPoint {
	return touchPoint{id: id, sx: x, sy: y, x: x, y: y, began: true}
}
func at(id int, x, y float64) touchPoint   { return touchPoint{id: id, x: x, y: y} }
func lift(id int, x, y float64) touchPoint { return touchPoint{id: id, x: x, y: y, ended: true} }

const frameTime = 16 * time.Millisecond

// tap taps (x, y): a finger down in one frame, lifted five frames later.
func (f *fingers) tap(x, y float64) {
	f.frame(frameTime, down(1, x, y))
	f.frame(frameTime*5, lift(1, x, y))
}

// A finger taps a piece and then a square: the move is played; a tap whose
// touch and lift fall between two frames counts as well.
func TestTouchTapTapMoves(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	f := newFingers(a)
	f.tap(a.geo.squareCenter(sq(t, "e3")))
	assert.Equal(t, sq(t, "e3"), c.Selected())
	assert.False(t, a.drag.active, "the tapped piece sticks to the finger")
	f.tap(a.geo.squareCenter(sq(t, "b3")))
	require.Equal(t, 1, c.Game().Ply())
	assert.Equal(t, "e3-b3", c.LastMove().String())

	// Both taps within one frame each (a page whose frames are slow).
	x0, y0 := a.geo.squareCenter(sq(t, "d1"))
	x1, y1 := a.geo.squareCenter(sq(t, "d2"))
	f.frame(frameTime, touchPoint{id: 7, sx: x0, sy: y0, x: x0 + 2, y: y0, began: true, ended: true})
	assert.Equal(t, sq(t, "d1"), c.Selected())
	f.frame(frameTime, touchPoint{id: 8, sx: x1, sy: y1, x: x1, y: y1, began: true, ended: true})
	assert.Equal(t, "d1-d2", c.LastMove().String())
	x, y := a.cursor()
	assert.Equal(t, [2]float64{noHover, noHover}, [2]float64{x, y}, "a lifted finger still hovers")

	// A tap on a panel button presses it.
	require.False(t, c.Flipped())
	f.tap(buttonCenter(t, a, "Flip"))
	assert.True(t, c.Flipped())
}

func buttonCenter(t *testing.T, a *App, label string) (float64, float64) {
	t.Helper()
	x, y, ok := a.ButtonCenter(label)
	require.True(t, ok, "no button %q", label)
	return x, y
}

// A finger drags a piece: it follows the finger (the pointer is the finger)
// and lands where the finger lifts; a whole drag between two frames moves
// the piece too.
func TestTouchDragMoves(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	f := newFingers(a)
	x0, y0 := a.geo.squareCenter(sq(t, "e3"))
	x1, y1 := a.geo.squareCenter(sq(t, "b3"))
	f.frame(frameTime, down(3, x0, y0))
	assert.False(t, a.drag.active, "a touch is a press before it is a tap or a drag")
	f.frame(frameTime, at(3, x0-4, y0)) // within the slop: not yet a drag
	assert.False(t, a.drag.active)
	f.frame(frameTime, at(3, (x0+x1)/2, y0))
	require.True(t, a.drag.active, "the piece does not follow the finger")
	assert.True(t, a.drag.moved)
	assert.Equal(t, (x0+x1)/2, a.drag.x)
	cx, cy := a.cursor()
	assert.Equal(t, [2]float64{(x0 + x1) / 2, y0}, [2]float64{cx, cy})
	f.frame(frameTime, at(3, x1, y1))
	// Held still mid-drag for long: still a drag, no long press.
	f.frame(time.Second, at(3, x1, y1))
	assert.True(t, a.drag.active)
	f.frame(frameTime, lift(3, x1, y1))
	assert.False(t, a.drag.active)
	require.Equal(t, 1, c.Game().Ply())
	assert.Equal(t, "e3-b3", c.LastMove().String())

	x0, y0 = a.geo.squareCenter(sq(t, "d1"))
	x1, y1 = a.geo.squareCenter(sq(t, "d3"))
	f.frame(frameTime, touchPoint{id: 4, sx: x0, sy: y0, x: x1, y: y1, began: true, ended: true})
	assert.Equal(t, "d1-d3", c.LastMove().String())
	assert.False(t, a.drag.active)
}

// A long press does what a right click does when the finger lifts: the
// selection is dropped, and the square under the finger (here a legal
// destination) is not played to.
func TestTouchLongPressCancels(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	f := newFingers(a)
	f.tap(a.geo.squareCenter(sq(t, "e3")))
	require.Equal(t, sq(t, "e3"), c.Selected())
	x, y := a.geo.squareCenter(sq(t, "b3"))
	f.frame(frameTime, down(1, x, y))
	f.frame(200*time.Millisecond, at(1, x+3, y+3))
	assert.InDelta(t, 0.4, a.ptr.held, 0.05, "the long press's progress")
	f.frame(400*time.Millisecond, at(1, x+3, y+3))
	assert.Equal(t, 1.0, a.ptr.held)
	assert.Equal(t, sq(t, "e3"), c.Selected(), "the long press acted before the lift")
	f.frame(frameTime, lift(1, x, y))
	assert.Zero(t, a.ptr.held)
	assert.Equal(t, 0, c.Game().Ply(), "the long press played a move")
	assert.Equal(t, game.NoSquare, c.Selected(), "the long press kept the selection")

	// Timed by the page's events, not by its frames: a quick tap seen by
	// slow frames is a tap, a long hold lifted between two frames a long
	// press.
	x0, y0 := a.geo.squareCenter(sq(t, "e3"))
	t0 := f.now.Add(frameTime)
	f.frame(frameTime, touchPoint{id: 6, sx: x0, sy: y0, x: x0, y: y0, began: true, at: t0})
	f.frame(700*time.Millisecond, touchPoint{id: 6, x: x0, y: y0, ended: true, upAt: t0.Add(120 * time.Millisecond)})
	require.Equal(t, sq(t, "e3"), c.Selected(), "a quick tap seen by slow frames is no tap")
	t0 = f.now.Add(frameTime)
	f.frame(frameTime, touchPoint{id: 6, sx: x, sy: y, x: x, y: y, began: true, at: t0})
	f.frame(frameTime, touchPoint{id: 6, x: x, y: y, ended: true, upAt: t0.Add(700 * time.Millisecond)})
	assert.Equal(t, game.NoSquare, c.Selected(), "a long hold lifted between frames is no long press")
	assert.Equal(t, 0, c.Game().Ply())

	// A touch handled late, its lift two frames and a second later: a tap.
	f.tap(x0, y0)
	require.Equal(t, sq(t, "e3"), c.Selected())
	t0 = f.now.Add(-time.Second)
	f.frame(frameTime, touchPoint{id: 6, sx: x, sy: y, x: x, y: y, began: true, at: t0})
	f.frame(frameTime, at(6, x, y))
	f.frame(time.Second, at(6, x, y))
	f.frame(frameTime, touchPoint{id: 6, x: x, y: y, ended: true, upAt: t0.Add(80 * time.Millisecond)})
	assert.Equal(t, "e3-b3", c.LastMove().String(), "the late tap did not play")
	require.True(t, c.Undo())

	// A finger held and then moved drags.
	f.frame(frameTime, down(2, x0, y0))
	f.frame(600*time.Millisecond, at(2, x0, y0))
	f.frame(frameTime, at(2, x, y))
	assert.True(t, a.drag.active)
	f.frame(frameTime, lift(2, x, y))
	assert.Equal(t, "e3-b3", c.LastMove().String())
}

// A second finger makes no click: two fingers down together select
// nothing, and a second finger during a drag drops the drag.
func TestTouchSecondFinger(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	f := newFingers(a)
	x0, y0 := a.geo.squareCenter(sq(t, "e3"))
	x1, y1 := a.geo.squareCenter(sq(t, "b3"))
	f.frame(frameTime, down(1, x0, y0), down(2, x1, y1))
	f.frame(frameTime, lift(1, x0, y0), lift(2, x1, y1))
	assert.Equal(t, game.NoSquare, c.Selected(), "a two-finger tap selected")

	f.frame(frameTime, down(1, x0, y0))
	f.frame(frameTime, at(1, x1, y0))
	require.True(t, a.drag.active)
	f.frame(frameTime, at(1, x1, y1), down(2, 10, 10))
	assert.False(t, a.drag.active, "the second finger left the drag on")
	f.frame(frameTime, lift(1, x1, y1), at(2, 10, 10))
	f.frame(frameTime, lift(2, 10, 10))
	assert.Equal(t, 0, c.Game().Ply(), "the dropped drag played")
	assert.Equal(t, sq(t, "e3"), c.Selected(), "the piece the drag took up is no longer selected")

	// The second finger, still down when the first lifts, drives nothing;
	// the next finger down does.
	f.frame(frameTime, down(1, x0, y0))
	f.frame(frameTime, at(1, x0, y0), down(2, x1, y1))
	f.frame(frameTime, lift(1, x0, y0), at(2, x1, y1))
	f.frame(frameTime, lift(2, x1, y1))
	assert.Equal(t, 0, c.Game().Ply())
	assert.Equal(t, sq(t, "e3"), c.Selected())
	f.tap(x1, y1)
	assert.Equal(t, "e3-b3", c.LastMove().String())

	// A touch the system takes back (touchcancel) clicks nothing.
	x0, y0 = a.geo.squareCenter(sq(t, "d1"))
	f.frame(frameTime, down(5, x0, y0))
	f.frame(frameTime, touchPoint{id: 5, x: x0, y: y0, ended: true, cancel: true})
	assert.Equal(t, game.NoSquare, c.Selected())
}

// After a touch the mouse takes over as soon as it moves or clicks, and a
// finger cannot start anything while a mouse button is down.
func TestTouchThenMouse(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	f := newFingers(a)
	f.tap(a.geo.squareCenter(sq(t, "e3")))
	x, y := a.cursor()
	assert.Equal(t, [2]float64{noHover, noHover}, [2]float64{x, y}, "a lifted finger still hovers")
	// The mouse, where it was, neither hovers nor clicks.
	f.frame(frameTime)
	x, y = a.cursor()
	assert.Equal(t, [2]float64{noHover, noHover}, [2]float64{x, y})
	assert.Equal(t, sq(t, "e3"), c.Selected())

	x1, y1 := a.geo.squareCenter(sq(t, "b3"))
	a.pointer(pointerFrame{now: f.now, scale: 1, mouse: mouseInput{x: x1, y: y1}})
	x, y = a.cursor()
	assert.Equal(t, [2]float64{x1, y1}, [2]float64{x, y}, "the mouse does not hover after a touch")
	a.pointer(pointerFrame{now: f.now, scale: 1, mouse: mouseInput{x: x1, y: y1, justPressed: true, justReleased: true}})
	assert.Equal(t, "e3-b3", c.LastMove().String())

	// A mouse drag goes on under a finger's tap.
	x0, y0 := a.geo.squareCenter(sq(t, "d1"))
	x2, y2 := a.geo.squareCenter(sq(t, "d3"))
	a.pointer(pointerFrame{now: f.now, scale: 1, mouse: mouseInput{x: x0, y: y0, pressed: true, justPressed: true}})
	a.pointer(pointerFrame{now: f.now, scale: 1, mouse: mouseInput{x: x2, y: y2, pressed: true}, touches: []touchPoint{down(9, 20, 20)}})
	a.pointer(pointerFrame{now: f.now, scale: 1, mouse: mouseInput{x: x2, y: y2, pressed: true}, touches: []touchPoint{lift(9, 20, 20)}})
	require.True(t, a.drag.active)
	a.pointer(pointerFrame{now: f.now, scale: 1, mouse: mouseInput{x: x2, y: y2, justReleased: true}})
	assert.Equal(t, "d1-d3", c.LastMove().String())
	x, y = a.cursor()
	assert.Equal(t, [2]float64{x2, y2}, [2]float64{x, y})

	// And a finger again after the mouse.
	f.tap(a.geo.squareCenter(sq(t, "e4")))
	assert.Equal(t, sq(t, "e4"), c.Selected())
}

// The start panel's Start answers a tap, and a long press there clicks
// nothing.
func TestTouchStartPanel(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	f := newFingers(a)
	c.ShowStart()
	require.Equal(t, session.ScreenStart, c.Screen())
	x, y, ok := a.StartItemCenter("Start")
	require.True(t, ok)
	f.frame(frameTime, down(1, x, y))
	f.frame(time.Second, at(1, x, y))
	f.frame(frameTime, lift(1, x, y))
	assert.Equal(t, session.ScreenStart, c.Screen(), "a long press started the game")
	f.tap(x, y)
	assert.Equal(t, session.ScreenGame, c.Screen(), "a tap on Start did not start")
}

// Taps reach the help's tabs and the classroom view's tabs as clicks do.
func TestTouchHelpAndClassroomTabs(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	c := a.ctl
	f := newFingers(a)
	c.ShowHelp(session.HelpRules)
	r := helpTabs(&a.geo)[session.HelpKeys]
	f.tap(r.cx(), r.cy())
	assert.Equal(t, session.HelpKeys, c.HelpPage(), "a tap on the help's tab")
	f.tap(5, 5) // elsewhere: closes the help, as a click does
	assert.False(t, c.HelpShown())

	a.TeachPage(session.TeachSearch)
	require.True(t, a.teachShown())
	f.tap(a.TeachTabCenter(session.TeachSlow))
	assert.Equal(t, session.TeachSlow, a.teach.Page(), "a tap on the classroom's tab")
}

// The status line speaks of the pointer last used: a finger taps, a mouse
// clicks (and asks for a hint with the button, not the H key).
func TestStatusWordsFollowThePointer(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	f := newFingers(a)
	v := a.statusView(&a.geo)
	assert.Contains(t, v.l2, "Click a piece")
	f.tap(a.geo.squareCenter(sq(t, "e3")))
	v = a.statusView(&a.geo)
	assert.Contains(t, v.l2, "Tap a piece")
	x, y := a.geo.squareCenter(sq(t, "e3"))
	a.pointer(pointerFrame{now: f.now, scale: 1, mouse: mouseInput{x: x, y: y, justPressed: true, justReleased: true}})
	v = a.statusView(&a.geo)
	assert.Contains(t, v.l2, "Click a piece")
}
