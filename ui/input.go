package ui

import (
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// pressed reports whether any of the keys was just pressed.
func pressed(keys ...ebiten.Key) bool {
	for _, k := range keys {
		if inpututil.IsKeyJustPressed(k) {
			return true
		}
	}
	return false
}

func ctrl() bool {
	return ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
}

// handleKeys turns key presses into intents.
func (a *App) handleKeys() {
	c := a.ctl
	chars := ebiten.AppendInputChars(nil)
	typed := func(r rune) bool {
		for _, ch := range chars {
			if ch == r {
				return true
			}
		}
		return false
	}
	if a.linkKeys(pressed(ebiten.KeyEnter, ebiten.KeyNumpadEnter), pressed(ebiten.KeyEscape)) {
		return // the link's question first (drawlink.go)
	}
	if c.HelpShown() {
		switch {
		case pressed(ebiten.KeyP) && c.HelpPage() != session.HelpKeys:
			a.startLesson()
		case pressed(ebiten.KeyTab, ebiten.KeyRight):
			c.ShowHelp(c.HelpPage() + 1)
		case pressed(ebiten.KeyLeft):
			c.ShowHelp(c.HelpPage() - 1)
		case len(inpututil.AppendJustPressedKeys(nil)) > 0:
			c.CloseHelp()
		}
		return
	}
	if pressed(ebiten.KeyF1) || typed('?') {
		c.ShowHelp(session.HelpKeys)
		return
	}
	if pressed(ebiten.KeyM) {
		a.toggleSound()
		return
	}
	if pressed(ebiten.KeyF11) {
		a.ToggleFullscreen()
		return
	}
	if pressed(ebiten.KeyL) {
		c.ShowHelp(session.HelpRules)
		return
	}
	if pressed(ebiten.KeyP) && !a.teachShown() {
		a.startLesson()
		return
	}
	if a.teachShown() {
		a.teachKeys(typed)
		return
	}
	if pressed(ebiten.KeyT) && c.Screen() == session.ScreenGame {
		a.ToggleTeach()
		return
	}
	if c.Screen() == session.ScreenStart {
		switch {
		case pressed(ebiten.KeyEnter, ebiten.KeyNumpadEnter):
			c.StartPanel()
		case pressed(ebiten.KeyEscape):
			c.Back()
		case pressed(ebiten.KeyA):
			c.WatchNow()
		case pressed(ebiten.KeyD):
			a.startDemo()
		case pressed(ebiten.KeyW):
			c.CyclePanelSide(game.White)
		case pressed(ebiten.KeyB):
			c.CyclePanelSide(game.Black)
		case pressed(ebiten.KeyRight, ebiten.KeyUp) || typed('+'):
			c.StepPanelMoveTime(1)
		case pressed(ebiten.KeyLeft, ebiten.KeyDown) || typed('-'):
			c.StepPanelMoveTime(-1)
		}
		return
	}
	if c.InLesson() {
		switch {
		case pressed(ebiten.KeyEnter, ebiten.KeyNumpadEnter):
			if l, _ := c.LessonNow(); l.Solved {
				c.NextLessonStep()
			}
			return
		case pressed(ebiten.KeyEscape):
			c.LeaveLesson()
			return
		}
	}
	if c.InPuzzle() {
		switch {
		case pressed(ebiten.KeyEnter, ebiten.KeyNumpadEnter):
			a.puzzleEnter()
			return
		case pressed(ebiten.KeyEscape):
			c.LeavePuzzle()
			return
		}
	}
	if c.Over() && !c.InLesson() && !c.InPuzzle() {
		switch {
		case pressed(ebiten.KeyEnter, ebiten.KeyNumpadEnter):
			c.Rematch()
			return
		case pressed(ebiten.KeyX):
			c.SwapSides()
			return
		}
	}
	switch {
	case pressed(ebiten.KeyZ) && ctrl(), pressed(ebiten.KeyU):
		c.Undo()
	case pressed(ebiten.KeyY) && ctrl(), pressed(ebiten.KeyR):
		c.Redo()
	case pressed(ebiten.KeyS):
		c.SaveAs()
	case pressed(ebiten.KeyV):
		a.review()
	case pressed(ebiten.KeyO):
		c.Open()
	case pressed(ebiten.KeyN):
		c.ShowStart()
	case pressed(ebiten.KeyF):
		c.Flip()
	case pressed(ebiten.KeyH):
		c.Hint()
	case pressed(ebiten.KeySpace):
		c.TogglePause()
	case typed('.'):
		c.Step()
	case pressed(ebiten.KeyLeft):
		c.StepBack()
	case pressed(ebiten.KeyRight):
		c.StepForward()
	case pressed(ebiten.KeyHome):
		c.GoToStart()
	case pressed(ebiten.KeyEnd):
		c.GoToEnd()
	case pressed(ebiten.KeyNumpadAdd) || typed('+') || typed('='):
		c.Faster()
	case pressed(ebiten.KeyNumpadSubtract) || typed('-'):
		c.Slower()
	case pressed(ebiten.KeyEscape):
		c.ClearSelection()
		a.drag.active = false
	}
}

// teachKeys handles the keys of the classroom view: its pages, the slow
// motion's controls, and the game keys a teacher needs meanwhile (browse,
// hint, undo, pause).
func (a *App) teachKeys(typed func(rune) bool) {
	c := a.ctl
	t := &a.teach
	switch {
	case pressed(ebiten.KeyT, ebiten.KeyEscape):
		a.ToggleTeach()
		return
	case pressed(ebiten.KeyTab):
		step := 1
		if ebiten.IsKeyPressed(ebiten.KeyShift) {
			step = -1
		}
		a.TeachPage(t.Page() + step)
		return
	}
	if pressed(ebiten.KeyE) && t.Page() != session.TeachEvolution {
		t.CycleEngine(c)
		return
	}
	if t.Page() == session.TeachEvolution {
		a.evolutionKeys()
		return
	}
	if t.Page() == session.TeachSlow {
		switch {
		case pressed(ebiten.KeyG):
			t.ToggleGuided()
		case pressed(ebiten.KeyRight):
			t.StepBy(1)
		case pressed(ebiten.KeyLeft):
			t.StepBy(-1)
		case pressed(ebiten.KeyDown, ebiten.KeyEnter, ebiten.KeyNumpadEnter):
			t.FinishNode()
		case pressed(ebiten.KeyC, ebiten.KeyPageDown):
			t.NextCutoff()
		case pressed(ebiten.KeySpace):
			t.TogglePlay(a.frame)
		case pressed(ebiten.KeyHome):
			t.SetDepth(t.Depth())
		case pressed(ebiten.KeyEnd):
			t.StepToEnd()
		case pressed(ebiten.Key2, ebiten.KeyNumpad2):
			t.SetDepth(2)
		case pressed(ebiten.Key3, ebiten.KeyNumpad3):
			t.SetDepth(3)
		}
		return
	}
	switch {
	case pressed(ebiten.KeyN) && t.Page() == session.TeachEval:
		t.ToggleNetHeat()
	case pressed(ebiten.KeyLeft):
		c.StepBack()
	case pressed(ebiten.KeyRight):
		c.StepForward()
	case pressed(ebiten.KeyHome):
		c.GoToStart()
	case pressed(ebiten.KeyEnd):
		c.GoToEnd()
	case pressed(ebiten.KeyH):
		t.ThinkHere(c)
	case pressed(ebiten.KeyZ) && ctrl(), pressed(ebiten.KeyU):
		c.Undo()
	case pressed(ebiten.KeySpace):
		c.TogglePause()
	}
}

// evolutionKeys handles the evolution page's keys: C and R start a run
// from the champion or from random weights (when none runs), X stops it, K
// keeps the best network as a file.
func (a *App) evolutionKeys() {
	t := &a.teach
	ev := t.Evolution()
	switch {
	case ev.Running():
		if pressed(ebiten.KeyX) {
			ev.Stop()
		}
	case pressed(ebiten.KeyC):
		a.startEvolution(session.EvolutionFrom)
	case pressed(ebiten.KeyR):
		a.startEvolution("")
	}
	if pressed(ebiten.KeyK) {
		t.KeepEvolution(a.ctl) // the page says where it went, or why not
	}
}

// startEvolution starts the evolution page's run from the network from
// ("" for random weights).
func (a *App) startEvolution(from string) {
	if err := a.teach.Evolution().Start(from); err != nil {
		a.ctl.Notify("Cannot start the evolution: " + err.Error())
	}
}

// mouseInput is the state of the mouse in one frame.
type mouseInput struct {
	x, y         float64
	pressed      bool // the left button is down
	justPressed  bool // the left button went down in this frame
	justReleased bool // the left button went up in this frame
	rightPressed bool // the right button went down in this frame
}

// handlePointer turns clicks, taps and drags of the mouse and the fingers
// into intents (pointer.go).
func (a *App) handlePointer() {
	x, y := ebiten.CursorPosition()
	a.pointer(pointerFrame{
		now:   time.Now(),
		scale: ebiten.Monitor().DeviceScaleFactor(),
		mouse: mouseInput{
			x: float64(x), y: float64(y),
			pressed:      ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
			justPressed:  inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft),
			justReleased: inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft),
			rightPressed: inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight),
		},
		touches: a.touches.frame(a.geo.w, a.geo.h),
	})
}

// mouse applies one frame of mouse input, or a finger's as pointer.go turns
// it into the mouse's terms. A press and its release can come in the same
// frame (a touchpad tap, a quick click, a finger's tap): the release is then
// handled right after the press, as a click.
func (a *App) mouse(in mouseInput) {
	c := a.ctl
	g := &a.geo
	x, y := in.x, in.y
	if in.justPressed {
		a.drag.active = false
		switch {
		case c.Screen() == session.ScreenLink:
			a.clickLink(x, y)
			return
		case c.HelpShown():
			if p, ok := tabAt(helpTabs(g), x, y); ok {
				c.ShowHelp(p)
			} else if a.clickPhoneHelpPart(x, y) {
				// a phone's help: the next or the previous part
			} else if c.HelpPage() != session.HelpKeys && lessonButtonRect(g).contains(x, y) {
				a.startLesson()
			} else {
				c.CloseHelp()
			}
			return
		case c.Screen() == session.ScreenStart:
			a.clickStart(x, y)
			return
		case a.teachShown():
			l := newTeachLayout(g)
			if p, ok := tabAt(l.tabs, x, y); ok {
				a.TeachPage(p)
			} else if l.full.contains(x, y) {
				a.ToggleFullscreen()
			}
			return
		}
		if act := g.buttonAt(x, y); act != actNone {
			a.do(act)
			return
		}
		if a.clickLesson(x, y) || a.clickPuzzle(x, y) {
			return
		}
		s, ok := g.squareAt(x, y)
		if !ok {
			a.clickOffBoard(x, y)
			return
		}
		if c.Over() && !c.InLesson() && !c.InPuzzle() {
			if b := newBannerGeometry(g); !a.bannerHidden && b.rematch.contains(x, y) {
				c.Rematch()
			} else if !a.bannerHidden && b.swap.contains(x, y) {
				c.SwapSides()
			} else if !a.bannerHidden && b.review.contains(x, y) {
				a.review()
			} else {
				a.bannerHidden = !a.bannerHidden
			}
			return
		}
		a.press(s, x, y)
	}
	if in.rightPressed {
		c.ClearSelection()
		a.drag.active = false
		return
	}
	if !a.drag.active {
		return
	}
	a.drag.x, a.drag.y = x, y
	if s, ok := g.squareAt(x, y); !ok || s != a.drag.from {
		a.drag.moved = true
	} else if fx, fy := g.squareCenter(a.drag.from); math.Hypot(x-fx, y-fy) > g.cell*0.3 {
		a.drag.moved = true
	}
	// A release this frame, or a button no longer down (its release was
	// missed, e.g. outside the window), ends the click or the drag.
	if in.justReleased || !in.pressed {
		a.release(x, y)
	}
}

// press starts a click or a drag on square s.
func (a *App) press(s game.Square, x, y float64) {
	c := a.ctl
	if c.Selected() == s {
		a.drag = dragState{active: true, from: s, wasSelected: true, x: x, y: y}
		return
	}
	if played := c.Select(s); !played && c.Selected() == s {
		a.drag = dragState{active: true, from: s, x: x, y: y}
	}
}

// release ends a click or a drag at (x, y).
func (a *App) release(x, y float64) {
	c := a.ctl
	d := a.drag
	a.drag.active = false
	s, ok := a.geo.squareAt(x, y)
	switch {
	case d.moved && ok && s != d.from:
		c.Drop(s)
	case !d.moved && d.wasSelected:
		c.Select(d.from) // a click on the selected piece deselects it
	}
}

// clickOffBoard handles a click in the game screen away from the board and the
// buttons: a move in the move list shows the game after it; anywhere else the
// selection is dropped.
func (a *App) clickOffBoard(x, y float64) {
	for _, cell := range a.moveCells(&a.geo) {
		if cell.r.contains(x, y) {
			a.ctl.GoTo(cell.index + 1)
			return
		}
	}
	a.ctl.ClearSelection()
}

// review starts the review of the finished game on the board (V, or the
// end banner's Review button) and lifts the banner off the board, so that
// the game can be gone through under it.
func (a *App) review() {
	if a.ctl.Review() {
		a.bannerHidden = true
	}
}
