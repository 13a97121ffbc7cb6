package ui

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ui/session"
)

// The "Learn to play" lesson in the side panel: while it is on the board,
// the move list's box shows the step's task, the answer to the last move
// and the buttons to go on (session/tutorial.go holds the steps and judges
// the moves).

// lessonButton is one of the lesson's buttons.
type lessonButton struct {
	label string
	r     rect
	do    func(c *session.Controller)
}

// lessonButtons lays out the lesson's buttons along the bottom of the move
// list's box.
func lessonButtons(g *geometry, l session.Lesson) []lessonButton {
	u := g.u
	in := g.moves.inset(10 * u)
	h := 38 * u
	if g.phone {
		h = math.Max(h, phoneTouch*g.scale)
	}
	w := (in.w - 2*8*u) / 3
	y := in.y + in.h - h
	next := "Skip  ›"
	if l.Solved {
		next = "Next  ›  (Enter)"
	}
	if l.Step == l.Steps-1 {
		next = "Finish  (Enter)"
	}
	return []lessonButton{
		{"Again", rect{in.x, y, w, h}, (*session.Controller).RetryLessonStep},
		{next, rect{in.x + w + 8*u, y, w, h}, (*session.Controller).NextLessonStep},
		{"Leave  (Esc)", rect{in.x + 2*(w+8*u), y, w, h}, (*session.Controller).LeaveLesson},
	}
}

// drawLesson draws the lesson's step in the move list's box.
func (a *App) drawLesson(dst *ebiten.Image, g *geometry, l session.Lesson) {
	u := g.u
	in := g.moves.inset(12 * u)
	y := in.y + 8*u
	drawText(dst, fmt.Sprintf("Learn to play  ·  step %d of %d", l.Step+1, l.Steps), face(a.fonts.bold, 16*u), in.x, y, colTextDim, alignLeft)
	y += 15 * u
	drawFit(dst, []para{{l.Title, a.fonts.bold, 21 * u, colText}}, rect{in.x, y, in.w, 30 * u}, 1.2, g.minTextSize(21*u)/(21*u), alignLeft, alignMiddle)
	y += 30 * u
	// The task and the answer to the last move share the room above the
	// buttons, smaller if they must.
	paras := []para{{l.Task, a.fonts.regular, 17 * u, colText}}
	if l.Say != "" {
		col := colAccent
		if l.Good {
			col = colWin
		}
		paras = append(paras, para{"", a.fonts.regular, 8 * u, col}, para{l.Say, a.fonts.bold, 17 * u, col})
	}
	bottom := in.y + in.h - 8*u
	if bs := lessonButtons(g, l); len(bs) > 0 {
		bottom = bs[0].r.y - 8*u
	}
	drawFit(dst, paras, rect{in.x, y, in.w, bottom - y}, 23.0/17, g.minTextSize(17*u)/(17*u), alignLeft, alignTop)
	cx, cy := a.cursor()
	for i, b := range lessonButtons(g, l) {
		bg := colButton
		if i == 1 && l.Solved {
			bg = colButtonOn
		}
		if b.r.contains(cx, cy) {
			bg = colButtonHot
		}
		fillRoundRect(dst, b.r, 6*u, bg)
		drawLabel(dst, g, b.label, a.fonts.regular, 16*u, b.r, colText)
	}
}

// lessonKey identifies what the lesson's box shows, for the redraw test.
func (a *App) lessonKey(g *geometry) string {
	l, ok := a.ctl.LessonNow()
	if !ok {
		return ""
	}
	cx, cy := a.cursor()
	hot := -1
	for i, b := range lessonButtons(g, l) {
		if b.r.contains(cx, cy) {
			hot = i
		}
	}
	return fmt.Sprint(l.Step, l.Solved, l.Say, hot)
}

// clickLesson handles a click on the lesson's buttons; it reports whether
// one was hit.
func (a *App) clickLesson(x, y float64) bool {
	l, ok := a.ctl.LessonNow()
	if !ok {
		return false
	}
	for _, b := range lessonButtons(&a.geo, l) {
		if b.r.contains(x, y) {
			b.do(a.ctl)
			return true
		}
	}
	return false
}

// startLesson opens the lesson on its first step.
func (a *App) startLesson() {
	if err := a.ctl.StartLesson(0); err != nil {
		a.ctl.Notify("Cannot start the lesson: " + err.Error())
	}
}

// LessonButtonCenter returns the centre of the lesson's button whose label
// starts with label, in the latest frame, for tests that click it.
func (a *App) LessonButtonCenter(label string) (x, y float64, ok bool) {
	l, in := a.ctl.LessonNow()
	if !in {
		return 0, 0, false
	}
	for _, b := range lessonButtons(&a.geo, l) {
		if len(b.label) >= len(label) && b.label[:len(label)] == label {
			return b.r.cx(), b.r.cy(), true
		}
	}
	return 0, 0, false
}
