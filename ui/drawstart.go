package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ui/session"
)

// The start panel, one card over the board: who plays (a row of modes), the
// opponent as one row of levels from the easiest to the strongest with the
// chosen level's description and measured strength, the engines behind
// "More engines...", the pace and the options, and the buttons. Its layout
// is a list of items, each a rectangle with what a click on it does, so
// that drawing, hovering and clicking read the same list.

// startItem is one clickable thing of the start panel.
type startItem struct {
	r     rect
	label string
	on    bool // chosen, drawn highlighted
	main  bool // the main button (Start)
	small bool // a smaller label (the engines' names)
	do    func(a *App)
}

// startText is one line of text of the start panel.
type startText struct {
	s     string
	x, y  float64
	size  float64
	bold  bool
	col   color.NRGBA
	align align
	maxW  float64 // wrapped, then made smaller, beyond this width (0 = no limit)
	h     float64 // the height of its box, centred on y (0: one line)
	// s2 is a second paragraph in the same box, in colour col2.
	s2   string
	col2 color.NRGBA
}

// startLayout is the start panel laid out for one screen and one state.
type startLayout struct {
	card  rect
	u     float64 // the panel's own scale: the window's, less if the card would not fit
	items []startItem
	texts []startText
}

// startLabelW is the width of the left column of row labels, in units.
const startLabelW = 130

// engineRow is the height of a row of the engines' list, in units: room
// for its sentence over two lines.
const engineRow = 38

// newStartLayout lays out the start panel for the controller's state.
func (a *App) newStartLayout(g *geometry) startLayout {
	if g.phone {
		return a.newPhoneStartLayout(g)
	}
	c := a.ctl
	settings, errText := c.Panel()
	moreSide, moreOpen := c.MoreEnginesFor()
	engines := session.EngineChoices()
	sides := c.AISides()

	// The card's height in units, to shrink it when the window is short.
	hUnits := 78.0 + 56 + float64(len(sides))*106 + 52 + 52 + 64 + 52 + 46 + 50
	if moreOpen {
		hUnits += 8 + float64(len(engines))*engineRow
	}
	u := math.Min(g.u, (g.h-16)/hUnits)
	u = math.Min(u, (g.w-16)/880)
	var L startLayout
	L.u = u
	cw := math.Min(g.w-24*u, 860*u)
	L.card = rect{math.Round((g.w - cw) / 2), math.Round(math.Max(8, (g.h-hUnits*u)/2)), math.Round(cw), math.Round(hUnits * u)}
	x0 := L.card.x + 22*u
	xr := x0 + startLabelW*u // where the choices start
	wr := L.card.x + L.card.w - 22*u - xr
	gap := 8 * u
	text := func(s string, x, y, size float64, bold bool, col color.NRGBA, al align, maxW float64) *startText {
		L.texts = append(L.texts, startText{s: s, x: x, y: y, size: size * u, bold: bold, col: col, align: al, maxW: maxW})
		return &L.texts[len(L.texts)-1]
	}
	item := func(r rect, label string, on bool, do func(a *App)) *startItem {
		L.items = append(L.items, startItem{r: r, label: label, on: on, do: do})
		return &L.items[len(L.items)-1]
	}
	row := func(y float64, n int) func(i int) rect {
		w := (wr - float64(n-1)*gap) / float64(n)
		return func(i int) rect { return rect{xr + float64(i)*(w+gap), y, w, 40 * u} }
	}

	y := L.card.y + 20*u
	text("New game", x0, y+12*u, 26, true, colText, alignLeft, 0)
	text("White, with the king, wins by reaching the edge; Black wins by capturing the king.", x0, y+44*u, 16, false, colTextDim, alignLeft, L.card.w-44*u).h = 30 * u
	y += 78 * u

	// Who plays.
	text("You play", x0, y+20*u, 18, true, colText, alignLeft, 0)
	mr := row(y, len(session.Modes))
	mode := c.PanelMode()
	for i, m := range session.Modes {
		m := m
		item(mr(i), m.Label, mode == m.Mode, func(a *App) { a.ctl.SetPanelMode(m.Mode) })
	}
	y += 56 * u

	// The opponent (or both engines when watching): the levels, easiest
	// first, then "More engines...".
	for _, side := range sides {
		label := "Opponent"
		if len(sides) == 2 {
			label = side.String()
		}
		text(label, x0, y+20*u, 18, true, colText, alignLeft, 0)
		// Five levels and a wider "More engines..." button.
		levels := session.LevelChoices()
		lw := (wr - float64(len(levels))*gap) / (float64(len(levels)) + 1.5)
		lr := func(i int) rect {
			if i == len(levels) {
				return rect{xr + float64(i)*(lw+gap), y, wr - float64(i)*(lw+gap), 40 * u}
			}
			return rect{xr + float64(i)*(lw+gap), y, lw, 40 * u}
		}
		spec := settings.Spec(side)
		for i, l := range levels {
			l := l
			item(lr(i), session.ShortSpec(l), spec == l, func(a *App) { a.ctl.SetPanelSide(side, l) })
		}
		_, isEngine := session.EngineChoiceOf(spec)
		more := "More engines…"
		if moreOpen && moreSide == side {
			more = "Fewer engines"
		}
		item(lr(len(levels)), more, isEngine, func(a *App) { a.ctl.ToggleMoreEngines(side) })
		what, strength := describe(spec)
		if n := c.HandicapNodes(settings, side); n > 0 {
			strength = fmt.Sprintf("Searches %s positions a move (the handicap); the move time paces it.", thousands(n))
		}
		// The two sentences share the room under the levels.
		t := text(what, xr, y+74*u, 16, false, colTextDim, alignLeft, wr)
		t.h, t.s2, t.col2 = 56*u, strength, colTextFaint
		y += 106 * u
		if moreOpen && moreSide == side {
			y += 8 * u
			for _, e := range engines {
				e := e
				it := item(rect{xr, y, 150 * u, 30 * u}, e.Title, spec == e.Spec, func(a *App) { a.ctl.SetPanelSide(side, e.Spec) })
				it.small = true
				text(e.About+inBrowser(), xr+162*u, y+17*u, 16, false, colTextDim, alignLeft, wr-162*u).h = engineRow * u
				y += engineRow * u
			}
		}
	}

	// The pace: the engines' move time and the clock.
	text("Move time", x0, y+20*u, 18, true, colText, alignLeft, 0)
	item(rect{xr, y, 40 * u, 40 * u}, "−", false, func(a *App) { a.ctl.StepPanelMoveTime(-1) })
	text(fmt.Sprintf("%g s", settings.MoveTime.Seconds()), xr+95*u, y+20*u, 18, true, colAccent, alignCenter, 0)
	item(rect{xr + 150*u, y, 40 * u, 40 * u}, "+", false, func(a *App) { a.ctl.StepPanelMoveTime(1) })
	text("for the engines; a level keeps its own limits", xr+206*u, y+20*u, 16, false, colTextDim, alignLeft, wr-206*u).h = 44 * u
	y += 52 * u
	text("Clock", x0, y+20*u, 18, true, colText, alignLeft, 0)
	cr := row(y, len(session.ClockChoices))
	for i, k := range session.ClockChoices {
		k := k
		item(cr(i), k.Label, settings.Clock == k.Clock && settings.Increment == k.Increment, func(a *App) { a.ctl.SetPanelClock(k) })
	}
	y += 52 * u

	// Options.
	text("Options", x0, y+20*u, 18, true, colText, alignLeft, 0)
	or := row(y, 2)
	prefs := c.Prefs()
	sound := "Sound: on"
	if prefs.Muted {
		sound = "Sound: off"
	}
	item(or(0), sound, !prefs.Muted, func(a *App) { a.toggleSound() })
	if mode == session.PlayWatch {
		// Two AIs: the handicap that makes them a contest, not the danger marks.
		handicap := "Handicap: none"
		switch {
		case !session.HandicapPair(settings.White, settings.Black):
			handicap = "Handicap: default pair only"
		case settings.Handicap > 1:
			handicap = fmt.Sprintf("Handicap: Black 1/%d of the search", settings.Handicap)
		}
		item(or(1), handicap, settings.Handicap > 1, func(a *App) { a.ctl.TogglePanelHandicap() })
	} else {
		danger := "Danger marks: easy levels"
		if prefs.Danger {
			danger = "Danger marks: always"
		}
		item(or(1), danger, prefs.Danger, func(a *App) { a.ctl.SetDangerAlways(!a.ctl.Prefs().Danger) })
	}
	y += 64 * u

	// Puzzles: the next one, the puzzle of the day, the person's record.
	text("Puzzles", x0, y+20*u, 18, true, colText, alignLeft, 0)
	pr := row(y, 3)
	item(pr(0), "Puzzles", false, func(a *App) { a.startPuzzles() })
	item(pr(1), a.puzzleOfTheDayLabel(false), false, func(a *App) { a.startPuzzleOfTheDay() })
	text(a.puzzleSummary(), pr(2).x, y+20*u, 16, false, colTextDim, alignLeft, pr(2).w)
	y += 52 * u

	// The buttons.
	bw := (L.card.w - 44*u - 3*12*u) / 4
	st := item(rect{x0, y, bw, 46 * u}, "Start  (Enter)", false, func(a *App) { a.ctl.StartPanel() })
	st.main = true
	item(rect{x0 + bw + 12*u, y, bw, 46 * u}, "Demo  (D)", false, func(a *App) { a.startDemo() })
	item(rect{x0 + 2*(bw+12*u), y, bw, 46 * u}, "Learn to play", false, func(a *App) { a.startLesson() })
	item(rect{x0 + 3*(bw+12*u), y, bw, 46 * u}, "Back  (Esc)", false, func(a *App) { a.ctl.Back() })
	y += 46*u + 18*u
	var foot *startText
	switch note := firstOf(c.PanelNotice(), a.notice); {
	case errText != "":
		foot = text(errText, x0, y, 16, false, colError, alignLeft, L.card.w-44*u)
	case note != "":
		foot = text(note, x0, y, 16, false, colAccent, alignLeft, L.card.w-44*u)
	default:
		foot = text("A: watch AI vs AI now  ·  L: the rules  ·  ?: all keys", x0, y, 16, false, colTextFaint, alignLeft, L.card.w-44*u)
	}
	foot.h = 36 * u
	return L
}

// thousands writes n with its thousands separated by commas: 12,500.
func thousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// firstOf returns the first non-empty string.
func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// describe says in two lines what the player chosen for a side is: a
// level's description and its measured strength, an engine's sentence and
// its place in the engines' order.
func describe(spec string) (what, strength string) {
	if l, ok := session.LevelOf(spec); ok {
		return l.Title + ": " + l.About + ".", "Measured: " + session.LevelStrength[l.Name] + "."
	}
	if e, ok := session.EngineChoiceOf(spec); ok {
		return e.Title + ": " + e.About + inBrowser(), "Thinks for the move time below; the engines are listed weakest first."
	}
	return session.PlayerLabel(spec), ""
}

// drawStart draws the start panel over the board.
func (a *App) drawStart(dst *ebiten.Image, g *geometry) {
	fillRect(dst, rect{0, 0, g.w, g.h}, nrgba(0x000000, 0x90))
	L := a.newStartLayout(g)
	u := L.u
	fillRoundRect(dst, L.card, 14*u, colPanel)
	cx, cy := a.cursor()
	for _, it := range L.items {
		bg := colButton
		switch {
		case it.on || it.main:
			bg = colButtonOn
		}
		if it.r.contains(cx, cy) {
			bg = colButtonHot
		}
		fillRoundRect(dst, it.r, 8*u, bg)
		size := 17.0
		if it.small {
			size = 16
		}
		src := a.fonts.regular
		if it.on || it.main {
			src = a.fonts.bold
		}
		drawLabel(dst, g, it.label, src, size*u, it.r, colText)
	}
	for _, t := range L.texts {
		src := a.fonts.regular
		if t.bold {
			src = a.fonts.bold
		}
		if t.maxW <= 0 {
			drawText(dst, t.s, face(src, t.size), t.x, t.y, t.col, t.align)
			continue
		}
		// Wrapped in its box, made smaller if it must.
		h := t.h
		if h == 0 {
			h = t.size * 1.5
		}
		r := rect{t.x, t.y - h/2, t.maxW, h}
		switch t.align {
		case alignCenter:
			r.x -= t.maxW / 2
		case alignRight:
			r.x -= t.maxW
		}
		paras := []para{{t.s, src, t.size, t.col}}
		if t.s2 != "" {
			paras = append(paras, para{t.s2, a.fonts.regular, t.size, t.col2})
		}
		drawFit(dst, paras, r, 22.0/16, g.minTextSize(t.size)/t.size, t.align, alignMiddle)
	}
}

// startKey identifies what the start panel shows, so that its layer is
// redrawn only when that changes.
func (a *App) startKey(g *geometry) string {
	L := a.newStartLayout(g)
	x, y := a.cursor()
	hot := -1
	var on []bool
	for i, it := range L.items {
		if it.r.contains(x, y) {
			hot = i
		}
		on = append(on, it.on)
	}
	var texts []string
	for _, t := range L.texts {
		texts = append(texts, t.s)
	}
	return fmt.Sprint(len(L.items), on, texts, hot, L.card)
}

// clickStart handles a click in the start panel.
func (a *App) clickStart(x, y float64) {
	for _, it := range a.newStartLayout(&a.geo).items {
		if it.r.contains(x, y) {
			it.do(a)
			return
		}
	}
}

// StartItemCenter returns the centre of the start panel's item whose label
// starts with label, as drawn for the latest frame, for tests that click it.
func (a *App) StartItemCenter(label string) (x, y float64, ok bool) {
	for _, it := range a.newStartLayout(&a.geo).items {
		if strings.HasPrefix(it.label, label) {
			return it.r.cx(), it.r.cy(), true
		}
	}
	return 0, 0, false
}

// toggleSound switches the sound off or on, keeps the choice and says so.
func (a *App) toggleSound() {
	msg := a.sound.toggleMute()
	a.ctl.SetMuted(a.sound.Muted())
	a.ctl.Notify(msg)
}
