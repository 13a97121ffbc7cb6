package ui

import (
	"math"

	"github.com/tablut-ai/tablut/game"
)

// rect is an axis-aligned rectangle in screen pixels.
type rect struct{ x, y, w, h float64 }

func (r rect) contains(x, y float64) bool {
	return x >= r.x && x < r.x+r.w && y >= r.y && y < r.y+r.h
}

func (r rect) cx() float64 { return r.x + r.w/2 }
func (r rect) cy() float64 { return r.y + r.h/2 }

// inset shrinks r by d on every side.
func (r rect) inset(d float64) rect { return rect{r.x + d, r.y + d, r.w - 2*d, r.h - 2*d} }

// action is something a button or a key does.
type action uint8

const (
	actNone action = iota
	actNew
	actUndo
	actRedo
	actFlip
	actHint
	actSave
	actPause
	actStep
	actSlower
	actFaster
	actHelp
	actOpen
	actTeach
	actFullscreen
)

// button is a clickable labelled rectangle.
type button struct {
	act   action
	label string
	key   string
	r     rect
}

// designW and designH are the window size the proportions were drawn for; the
// ui scale u is how much bigger the actual screen is.
const (
	designW = 1180
	designH = 780
)

// geometry says where everything is for one screen size (in device pixels).
type geometry struct {
	w, h    float64
	u       float64 // ui scale: 1 at designW x designH
	frame   rect    // the board with its coordinate margin
	board   rect    // the 81 squares
	cell    float64 // side of a square
	evalBar rect
	panel   rect
	buttons []button
	status  rect // status box in the panel
	moves   rect // move list in the panel
	chart   rect // White's chance over the game, under the moves (AI vs AI, a review; empty otherwise)
	// msg is the message's own place at the panel's foot, under the
	// moves, the lesson's buttons and the chart, which it never covers.
	msg     rect
	flipped bool
	// portrait: the panel is below the board rather than right of it.
	portrait bool
	// phone: the layout of a screen much taller than wide (a phone held
	// upright, a tablet in portrait): the board takes the width, the
	// evaluation bar lies across under it, and the panel's text and
	// buttons are sized in CSS pixels for a finger (see phoneGeometry).
	phone bool
	// scale is device pixels per CSS pixel (the monitor's scale factor on
	// a desktop, devicePixelRatio in a page).
	scale float64
	// playersY is how far below the panel's inner top the first player's
	// line stands; the status box follows the second.
	playersY float64
}

// msgLines is how many lines of the panel's text (16 units, set tight) the
// message's place holds: a long path in an error takes four at the
// smallest window.
const msgLines = 4

// msgHeight is the height of the message's place, in units, for lines of
// the panel's 16-unit text.
func msgHeight(lines int) float64 { return float64(lines) * 16 * tightLine }

// buttonsPerRow is how many panel buttons stand side by side.
const buttonsPerRow = 5

// panelButtons lists the panel's buttons in reading order, five to a row; the
// AI-vs-AI controls follow when two AIs play (see watchButtons).
var panelButtons = []button{
	{act: actNew, label: "New", key: "N"},
	{act: actUndo, label: "Undo", key: "U"},
	{act: actRedo, label: "Redo", key: "R"},
	{act: actFlip, label: "Flip", key: "F"},
	{act: actHint, label: "Hint", key: "H"},
	{act: actSave, label: "Save", key: "S"},
	{act: actOpen, label: "Open", key: "O"},
	{act: actHelp, label: "Help", key: "?"},
	{act: actTeach, label: "Teach", key: "T"},
	{act: actFullscreen, label: "Full", key: "F11"},
}

// watchButtons are the controls of a game between two AIs: with a human at the
// board they would only keep the AI from answering, so they are not shown.
var watchButtons = []button{
	{act: actPause, label: "Pause", key: "Space"},
	{act: actStep, label: "Step", key: "."},
	{act: actSlower, label: "Slower", key: "-"},
	{act: actFaster, label: "Faster", key: "+"},
}

// portraitRatio: a screen at most this wide for its height puts the panel
// below the board, so that a tall window gets a board as wide as itself.
const portraitRatio = 1.05

// Minimum window size: the smallest window whose board (the 81 squares) is
// still at least 300 pixels wide in either layout (TestMinimumWindowBoard).
const (
	minWindowW = 640
	minWindowH = 420
)

// newGeometry lays out a w x h screen; watch adds the AI-vs-AI controls,
// chart the chart of White's chance (AI against AI, and a game under
// review). A tall screen puts the panel below the board, unless the panel's
// height would leave the board smaller than beside it.
func newGeometry(w, h int, flipped, watch, chart bool) geometry {
	return newScreenGeometry(w, h, 1, flipped, watch, chart, false)
}

// phoneRatio: a screen at most this wide for its height (in portrait on a
// phone about 0.46, a tablet 0.75) gets the phone layout.
const phoneRatio = 0.8

// newScreenGeometry lays out a w x h screen of scale device pixels per CSS
// pixel: the phone layout on a screen much taller than wide (lesson: with
// room for the lesson's box), else as newGeometry says.
func newScreenGeometry(w, h int, scale float64, flipped, watch, chart, lesson bool) geometry {
	scale = max(scale, 1)
	if float64(w) < float64(h)*phoneRatio {
		return phoneGeometry(w, h, scale, flipped, watch, chart, lesson)
	}
	land := layoutGeometry(w, h, flipped, watch, chart, false)
	land.scale = scale
	if float64(w) > float64(h)*portraitRatio {
		return land
	}
	if port := layoutGeometry(w, h, flipped, watch, chart, true); port.board.w >= land.board.w {
		port.scale = scale
		return port
	}
	return land
}

// layoutGeometry lays out a w x h screen with the panel below the board
// (portrait) or beside it.
func layoutGeometry(w, h int, flipped, watch, chart, portrait bool) geometry {
	g := geometry{w: float64(w), h: float64(h), flipped: flipped, scale: 1}
	g.portrait = portrait
	buttons := panelButtons
	if watch {
		buttons = append(append([]button{}, panelButtons...), watchButtons...)
	}
	rows := (len(buttons) + buttonsPerRow - 1) / buttonsPerRow
	evalGap := 14.0
	if g.portrait {
		// Scale by width alone, and leave the panel its header, status box,
		// buttons and a few lines of moves under the board.
		g.u = math.Max(0.45, math.Min(g.w/700, g.h/designH*1.4))
	} else {
		g.u = math.Max(0.45, math.Min(g.w/designW, g.h/designH))
	}
	u := g.u
	pad := 18 * u
	evalW, gap := 20*u, evalGap*u
	// panelMin is the panel's height without the move list.
	panelMin := 16*u + 86*u + 92*u + 14*u + float64(rows)*(34*u+8*u) + 10*u + 28*u + 16*u

	var side float64
	if g.portrait {
		areaW := g.w - evalW - gap - 2*pad
		areaH := g.h - 3*pad - panelMin - 90*u // at least four lines of moves
		side = math.Max(90, math.Min(areaW, areaH))
		x0 := pad + (areaW-side)/2
		g.frame = rect{x0, pad, side, side}
	} else {
		panelW := math.Max(300*u, math.Min(g.w*0.34, 460*u))
		areaW := g.w - panelW - evalW - gap - 3*pad
		areaH := g.h - 2*pad
		side = math.Max(90, math.Min(areaW, areaH))
		g.frame = rect{pad + (areaW-side)/2, pad + (areaH-side)/2, side, side}
	}
	margin := side * 0.055
	g.board = g.frame.inset(margin)
	g.cell = g.board.w / 9
	g.evalBar = rect{g.frame.x + side + gap, g.board.y, evalW, g.board.h}
	if g.portrait {
		py := g.frame.y + side + pad
		g.panel = rect{pad, py, g.w - 2*pad, g.h - py - pad}
	} else {
		px := g.evalBar.x + evalW + pad
		g.panel = rect{px, pad, g.w - px - pad, g.h - 2*pad}
	}

	// Panel: header (players) | status box | buttons | move list.
	inner := g.panel.inset(16 * u)
	g.playersY = 44 * u
	y := inner.y + 86*u
	g.status = rect{inner.x, y, inner.w, 92 * u}
	y += g.status.h + 14*u
	bw, bh, bg := (inner.w-(buttonsPerRow-1)*8*u)/buttonsPerRow, 34*u, 8*u
	g.buttons = make([]button, len(buttons))
	for i, b := range buttons {
		b.r = rect{inner.x + float64(i%buttonsPerRow)*(bw+bg), y + float64(i/buttonsPerRow)*(bh+bg), bw, bh}
		g.buttons[i] = b
	}
	y += float64(rows)*(bh+bg) + 10*u
	mh := msgHeight(msgLines) * u
	g.msg = rect{inner.x, inner.y + inner.h - mh, inner.w, mh}
	g.moves = rect{inner.x, y, inner.w, math.Max(0, g.msg.y-8*u-y)}
	if ch := 130 * u; chart && g.moves.h > 2*ch+40*u {
		// The chart of White's chance takes the move list's foot.
		g.moves.h -= ch + 10*u
		g.chart = rect{inner.x, g.moves.y + g.moves.h + 10*u, inner.w, ch}
	}
	return g
}

// squareRect returns where square s is drawn.
func (g *geometry) squareRect(s game.Square) rect {
	col, row := s.File(), 8-s.Rank()
	if g.flipped {
		col, row = 8-col, 8-row
	}
	// Square edges land on whole pixels so that fills and lines stay sharp.
	x0, x1 := math.Round(g.board.x+float64(col)*g.cell), math.Round(g.board.x+float64(col+1)*g.cell)
	y0, y1 := math.Round(g.board.y+float64(row)*g.cell), math.Round(g.board.y+float64(row+1)*g.cell)
	return rect{x0, y0, x1 - x0, y1 - y0}
}

// squareCenter returns the centre of square s.
func (g *geometry) squareCenter(s game.Square) (float64, float64) {
	r := g.squareRect(s)
	return r.cx(), r.cy()
}

// squareAt returns the square under the point, if any.
func (g *geometry) squareAt(x, y float64) (game.Square, bool) {
	if !g.board.contains(x, y) {
		return game.NoSquare, false
	}
	col := min(int((x-g.board.x)/g.cell), 8)
	row := min(int((y-g.board.y)/g.cell), 8)
	if g.flipped {
		col, row = 8-col, 8-row
	}
	return game.Sq(col, 8-row), true
}

// buttonAt returns the action of the panel button under the point.
func (g *geometry) buttonAt(x, y float64) action {
	for _, b := range g.buttons {
		if b.r.contains(x, y) {
			return b.act
		}
	}
	return actNone
}
