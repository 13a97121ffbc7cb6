package ui

import "math"

// The phone layout: a screen much taller than wide (a phone held upright, a
// tablet in portrait) gets the board across its whole width, the
// evaluation bar lying under it, and the panel below, with its text and
// buttons sized in CSS pixels, the page's own unit, rather than in device
// pixels: on a phone three device pixels make one CSS pixel, and a layout
// sized in device pixels drew the panel's text at about 9 CSS pixels.

// Sizes of the phone layout, in CSS pixels: the smallest text the panel
// draws (its body text is 16 units) and the least side of a finger's
// target (Apple's 44 points; Google asks for 48 dp and takes 44 as the
// least).
const (
	phoneMinText = 14.0
	phoneTouch   = 44.0
)

// phoneUnits is the phone layout's unit in CSS pixels for a screen cssW x
// cssH CSS pixels: 16 units of text are phoneMinText on a phone, growing
// with the screen up to 1.1 (a tablet) while the board keeps most of the
// height.
func phoneUnits(cssW, cssH float64) float64 {
	return math.Max(phoneMinText/16, min(cssW/446, cssH/1140, 1.1))
}

// phoneMsgLines is how many lines the message's place holds on a phone,
// whose text is never made smaller than phoneMinText.
const phoneMsgLines = msgLines

// lessonPanelButtons are the panel's buttons on a phone during the lesson.
var lessonPanelButtons = []button{
	{act: actNew, label: "New", key: "N"},
	{act: actUndo, label: "Undo", key: "U"},
	{act: actFlip, label: "Flip", key: "F"},
	{act: actHint, label: "Hint", key: "H"},
	{act: actHelp, label: "Help", key: "?"},
}

// phoneGeometry lays out a w x h screen (device pixels, scale of them to a
// CSS pixel) in the phone layout: board on top, as wide as the screen less
// a small margin unless the panel needs the height; the evaluation bar
// across under it; the panel's players (no title), status box, buttons at
// least phoneTouch CSS pixels tall and wide, and the move list below.
func phoneGeometry(w, h int, scale float64, flipped, watch, chart, lesson bool) geometry {
	g := geometry{w: float64(w), h: float64(h), flipped: flipped, portrait: true, phone: true, scale: scale}
	buttons := panelButtons
	switch {
	case lesson:
		// The lesson's task needs the room: one row of the buttons it
		// uses.
		buttons = lessonPanelButtons
	case watch:
		buttons = append(append([]button{}, panelButtons...), watchButtons...)
	}
	rows := float64((len(buttons) + buttonsPerRow - 1) / buttonsPerRow)
	g.u = scale * phoneUnits(g.w/scale, g.h/scale)
	u := g.u
	pad := 6 * u
	bh, bg := math.Max(34*u, phoneTouch*scale), 8*u
	// The panel without its move list: insets, players, status box,
	// buttons (no line of keys at its foot); then at least three moves.
	// The message's place is the move list's foot, which then shows
	// fewer moves (moveListLayout); during the lesson it is kept apart
	// from the lesson's buttons.
	mh := msgHeight(phoneMsgLines) * u
	reserve := 0.0
	if lesson {
		reserve = mh + 8*u
	}
	panelMin := 32*u + 54*u + 92*u + 10*u + rows*(bh+bg) + 10*u + reserve
	movesMin := 26*u + 3*23*u + 20*u
	if lesson {
		// The lesson's box: its step, title, a task of five lines and the
		// buttons a finger can hit.
		movesMin = 24*u + 15*u + 30*u + 5*23*u + 8*u + bh + 12*u
	}
	evalH := 20 * u // the bar (8) and its gaps
	side := math.Max(90, math.Min(g.w-2*pad, g.h-2*pad-evalH-panelMin-movesMin))
	g.frame = rect{(g.w - side) / 2, pad, side, side}
	g.board = g.frame.inset(side * 0.055)
	g.cell = g.board.w / 9
	// The bar lies across under the board, its score at its left end.
	g.evalBar = rect{g.board.x + 48*u, g.frame.y + side + 6*u, g.board.w - 48*u, 8 * u}
	py := g.frame.y + side + evalH
	g.panel = rect{pad, py, g.w - 2*pad, g.h - py - pad}

	inner := g.panel.inset(16 * u)
	g.playersY = 12 * u
	y := inner.y + 54*u
	g.status = rect{inner.x, y, inner.w, 92 * u}
	y += g.status.h + 10*u
	bw := (inner.w - (buttonsPerRow-1)*bg) / buttonsPerRow
	g.buttons = make([]button, len(buttons))
	for i, b := range buttons {
		b.r = rect{inner.x + float64(i%buttonsPerRow)*(bw+bg), y + float64(i/buttonsPerRow)*(bh+bg), bw, bh}
		g.buttons[i] = b
	}
	y += rows*(bh+bg) + 10*u
	g.msg = rect{inner.x, inner.y + inner.h - mh, inner.w, mh}
	g.moves = rect{inner.x, y, inner.w, math.Max(0, inner.y+inner.h-y-reserve)}
	if ch := 130 * u; chart && g.moves.h-mh-8*u > 2*ch+40*u {
		// The chart above the message's place.
		g.moves.h -= mh + 8*u + ch + 10*u
		g.chart = rect{inner.x, g.moves.y + g.moves.h + 10*u, inner.w, ch}
	}
	return g
}
