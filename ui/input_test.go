package ui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

func newTestApp(t *testing.T, white, black string) *App {
	t.Helper()
	a, err := NewApp(Options{Settings: &Settings{White: white, Black: black, MoveTime: time.Second},
		Config: Config{Engines: DepthEngine(1), SaveDir: t.TempDir(), Dialogs: desktop{err: ErrNoDialog}}})
	require.NoError(t, err)
	t.Cleanup(a.ctl.Close)
	return a
}

// tap is a press and a release in the same frame, as a touchpad tap gives.
func tap(a *App, s game.Square) {
	x, y := a.geo.squareCenter(s)
	a.mouse(mouseInput{x: x, y: y, justPressed: true, justReleased: true})
}

// Defect 1: a tap selects a piece without sticking it to the cursor, and a
// second tap moves it.
func TestTapSelectsAndMoves(t *testing.T) {
	a := newTestApp(t, Human, Human)
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
