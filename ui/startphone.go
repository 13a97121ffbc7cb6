package ui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/tablut-ai/tablut/ui/session"
)

// The start panel on a phone (geometry.phone): the same choices as the
// desktop's card, stacked for a narrow screen: the row labels in a narrow
// left column, the choices two or three to a row, every button at least
// phoneTouch CSS pixels tall, and the long sentences wrapped rather than
// cut. When even that is taller than the screen (two AIs with the engines'
// list open) the whole card is drawn smaller rather than cut.

// newPhoneStartLayout lays out the start panel for a phone's screen.
func (a *App) newPhoneStartLayout(g *geometry) startLayout {
	avail := g.h - 2*g.scale*6
	// The buttons keep their height for a finger, so one smaller unit may
	// not be enough: smaller again until the card fits, but not below
	// text of phoneStartMin CSS pixels; then without the sentences that
	// describe the game and the players (brief: the buttons name them);
	// last, without the puzzles' row, which two AIs with an engine list
	// open need.
	floor := phoneStartMin / 16 * g.scale
	var L startLayout
	for _, brief := range []int{0, 1, 2} {
		L = a.phoneStartAt(g, g.u, brief)
		for i := 0; i < 8 && L.card.h > avail && L.u > floor; i++ {
			L = a.phoneStartAt(g, math.Max(floor, L.u*math.Max(0.8, avail/L.card.h)), brief)
		}
		if L.card.h <= avail {
			break
		}
	}
	return L
}

// phoneStartMin is the smallest size, in CSS pixels, of the phone start
// panel's body text when the card is drawn smaller to fit the screen.
const phoneStartMin = 11.0

// phoneStartAt lays the phone's start panel out at unit u; brief 1 leaves
// out the sentences that describe the game and the players, brief 2 the
// puzzles' row too (a person's puzzles do not fit beside two AIs' engine
// lists; closing the list brings them back).
func (a *App) phoneStartAt(g *geometry, u float64, brief int) startLayout {
	c := a.ctl
	settings, errText := c.Panel()
	moreSide, moreOpen := c.MoreEnginesFor()
	sides := c.AISides()
	var L startLayout
	L.u = u
	m := 6 * g.scale
	L.card = rect{m, m, g.w - 2*m, 0}
	pad := 14 * u
	x0 := L.card.x + pad
	wAll := L.card.w - 2*pad
	xr := x0 + 92*u // where the choices start, right of the labels
	wr := L.card.x + L.card.w - pad - xr
	bh := math.Max(40*u, phoneTouch*g.scale)
	gap := 8 * u
	lh := 20 * u
	text := func(s string, x, y, size float64, bold bool, col color.NRGBA, al align) {
		L.texts = append(L.texts, startText{s: s, x: x, y: y, size: size * u, bold: bold, col: col, align: al})
	}
	// wrapped writes s over lines of width w from y down, and returns the
	// y below it.
	wrapped := func(s string, x, y, w float64, col color.NRGBA, maxLines int) float64 {
		// maxLines is what the sentence usually takes; a longer one
		// takes more lines rather than being cut.
		for _, l := range wrapLines(s, face(a.fonts.regular, 16*u), w) {
			text(l, x, y+lh/2, 16, false, col, alignLeft)
			y += lh
		}
		return y
	}
	item := func(r rect, label string, on bool, do func(a *App)) *startItem {
		L.items = append(L.items, startItem{r: r, label: label, on: on, do: do})
		return &L.items[len(L.items)-1]
	}
	// grid lays n items out cols to a row from y and returns the y below.
	grid := func(y float64, n, cols int, at func(i int, r rect)) float64 {
		w := (wr - float64(cols-1)*gap) / float64(cols)
		for i := 0; i < n; i++ {
			at(i, rect{xr + float64(i%cols)*(w+gap), y + float64(i/cols)*(bh+gap), w, bh})
		}
		return y + float64((n+cols-1)/cols)*(bh+gap)
	}
	label := func(s string, y float64) {
		text(s, x0, y+bh/2, 17, true, colText, alignLeft)
	}

	y := L.card.y + pad
	text("New game", x0, y+12*u, 24, true, colText, alignLeft)
	if brief > 0 {
		y += 30 * u
	} else {
		y = wrapped("White, with the king, wins by reaching the edge; Black wins by capturing the king.", x0, y+30*u, wAll, colTextDim, 3)
	}
	y += 10 * u

	label("You play", y)
	mode := c.PanelMode()
	y = grid(y, len(session.Modes), 2, func(i int, r rect) {
		md := session.Modes[i]
		item(r, md.Label, mode == md.Mode, func(a *App) { a.ctl.SetPanelMode(md.Mode) })
	})

	for _, side := range sides {
		name := "Opponent"
		if len(sides) == 2 {
			name = side.String()
		}
		label(name, y)
		levels := session.LevelChoices()
		spec := settings.Spec(side)
		_, isEngine := session.EngineChoiceOf(spec)
		more := "More…"
		if moreOpen && moreSide == side {
			more = "Fewer"
		}
		y = grid(y, len(levels)+1, 3, func(i int, r rect) {
			if i == len(levels) {
				item(r, more, isEngine, func(a *App) { a.ctl.ToggleMoreEngines(side) })
				return
			}
			l := levels[i]
			item(r, session.ShortSpec(l), spec == l, func(a *App) { a.ctl.SetPanelSide(side, l) })
		})
		if moreOpen && moreSide == side {
			engines := session.EngineChoices()
			y = grid(y, len(engines), 2, func(i int, r rect) {
				e := engines[i]
				it := item(r, e.Title, spec == e.Spec, func(a *App) { a.ctl.SetPanelSide(side, e.Spec) })
				it.small = true
			})
		}
		what, strength := describe(spec)
		lines := 3
		if len(sides) == 2 {
			lines = 2 // two sides: their sentences, not their measures
			strength = ""
		}
		if brief > 0 {
			what, strength = "", ""
		}
		if what != "" {
			y = wrapped(what, xr, y, wr, colTextDim, lines)
		}
		if strength != "" {
			y = wrapped(strength, xr, y, wr, colTextFaint, 2)
		}
		y += gap
	}

	label("Move time", y)
	item(rect{xr, y, bh, bh}, "−", false, func(a *App) { a.ctl.StepPanelMoveTime(-1) })
	text(fmt.Sprintf("%g s", settings.MoveTime.Seconds()), xr+bh+28*u, y+bh/2, 18, true, colAccent, alignCenter)
	item(rect{xr + bh + 56*u, y, bh, bh}, "+", false, func(a *App) { a.ctl.StepPanelMoveTime(1) })
	nx := xr + 2*bh + 66*u
	ny := y + bh/2 - lh
	for _, l := range wrapLines("for engines; a level has its own limit", face(a.fonts.regular, 16*u), L.card.x+L.card.w-pad-nx) {
		text(l, nx, ny+lh/2, 16, false, colTextDim, alignLeft)
		ny += lh
	}
	y += bh + gap

	label("Clock", y)
	y = grid(y, len(session.ClockChoices), 2, func(i int, r rect) {
		k := session.ClockChoices[i]
		item(r, k.Label, settings.Clock == k.Clock && settings.Increment == k.Increment, func(a *App) { a.ctl.SetPanelClock(k) })
	})

	label("Options", y)
	prefs := c.Prefs()
	sound := "Sound: on"
	if prefs.Muted {
		sound = "Sound: off"
	}
	opt2, opt2on, opt2do := "Danger marks: easy levels", prefs.Danger, func(a *App) { a.ctl.SetDangerAlways(!a.ctl.Prefs().Danger) }
	if prefs.Danger {
		opt2 = "Danger marks: always"
	}
	if mode == session.PlayWatch {
		opt2, opt2on, opt2do = "Handicap: none", settings.Handicap > 1, func(a *App) { a.ctl.TogglePanelHandicap() }
		switch {
		case !session.HandicapPair(settings.White, settings.Black):
			opt2 = "Handicap: default pair only"
		case settings.Handicap > 1:
			opt2 = fmt.Sprintf("Handicap: Black 1/%d", settings.Handicap)
		}
	}
	opts := 2
	if mode == session.PlayWatch {
		opts = 3 // and the demo: game after game
	}
	cols := 1
	if brief == 2 {
		cols = 2 // two to a row: the room two AIs' engine list needs
	}
	y = grid(y, opts, cols, func(i int, r rect) {
		switch i {
		case 0:
			item(r, sound, !prefs.Muted, func(a *App) { a.toggleSound() })
		case 1:
			item(r, opt2, opt2on, opt2do)
		default:
			item(r, "Demo: game after game", false, func(a *App) { a.startDemo() })
		}
	})

	if brief < 2 {
		label("Puzzles", y)
		y = grid(y, 2, 2, func(i int, r rect) {
			if i == 0 {
				item(r, "Puzzles", false, func(a *App) { a.startPuzzles() })
			} else {
				item(r, a.puzzleOfTheDayLabel(true), false, func(a *App) { a.startPuzzleOfTheDay() })
			}
		})
		y = wrapped(a.puzzleSummary(), xr, y, wr, colTextDim, 2)
		y += 4 * u
	}

	// The buttons, across the card, without their keys: a phone mostly
	// has none.
	bw := (wAll - 2*gap) / 3
	st := item(rect{x0, y, bw, bh}, "Start", false, func(a *App) { a.ctl.StartPanel() })
	st.main = true
	item(rect{x0 + bw + gap, y, bw, bh}, "Learn to play", false, func(a *App) { a.startLesson() })
	item(rect{x0 + 2*(bw+gap), y, bw, bh}, "Back", false, func(a *App) { a.ctl.Back() })
	y += bh + 12*u
	switch note := firstOf(c.PanelNotice(), a.notice); {
	case errText != "":
		y = wrapped(errText, x0, y, wAll, colError, 4)
	case note != "":
		y = wrapped(note, x0, y, wAll, colAccent, 4)
	}
	L.card.h = y + pad - L.card.y
	return L
}
