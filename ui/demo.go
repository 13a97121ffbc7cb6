package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/tablut-ai/tablut/ui/session"
)

// The demo's input (session/demo.go plays the games): any key, click or
// touch leaves it for the start panel, and that press does nothing else,
// not even on the panel that opens under the pointer. The mouse cursor is
// hidden while the demo runs, as in a slide show.

// demoInput leaves the demo on any key, mouse button or touch; it reports
// whether this frame's input is used up (the other handlers skip it).
func (a *App) demoInput() bool {
	c := a.ctl
	if a.demoPress {
		// The press that left the demo is held: its release is not a click.
		if ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || len(ebiten.AppendTouchIDs(nil)) > 0 {
			return true
		}
		a.demoPress = false
		a.ptr = pointerState{}
		return true
	}
	a.showCursor(!c.InDemo())
	if !c.InDemo() {
		return false
	}
	if len(inpututil.AppendJustPressedKeys(nil)) == 0 && len(inpututil.AppendJustPressedTouchIDs(nil)) == 0 &&
		!inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) && !inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
		return true // nothing else acts during the demo
	}
	c.LeaveDemo()
	a.showCursor(true)
	a.demoPress = true
	return true
}

// showCursor shows or hides the mouse cursor, when that changes.
func (a *App) showCursor(on bool) {
	if a.cursorHidden == !on {
		return
	}
	a.cursorHidden = !on
	if on {
		ebiten.SetCursorMode(ebiten.CursorModeVisible)
	} else {
		ebiten.SetCursorMode(ebiten.CursorModeHidden)
	}
}

// startDemo starts the demo at the start panel's move time.
func (a *App) startDemo() {
	d := a.demo
	if s, _ := a.ctl.Panel(); s.MoveTime > 0 {
		d.MoveTime = s.MoveTime
	}
	if err := a.ctl.StartDemo(d); err != nil {
		a.ctl.Notify("Cannot start the demo: " + err.Error())
	}
}

// Demo reports the demo's state, for tests that drive the window.
func (a *App) Demo() (session.DemoStatus, bool) { return a.ctl.Demo() }
