package ui

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// The rules page of the help overlay: the rules of Ashton Tablut told in
// small illustrated boards, one card per rule (docs/RULES.md says the same
// in full). The cards are data: a position, the move that shows the rule and
// the squares to point at.

// ruleMark colours a square of a card's board.
type ruleMark struct {
	sq   string
	kind markKind
}

type markKind uint8

const (
	markGood    markKind = iota // green: where the rule lets a piece go, the escape
	markBad                     // red: captured, forbidden
	markHostile                 // amber frame: what a capture happens against
)

// ruleCard is one illustrated rule.
type ruleCard struct {
	title, text string
	pos         string // position in project notation
	moves       []string
	// trips are moves made and then taken back by the same piece, drawn
	// as a pair of arrows, out and back (the Repetition card): played in
	// turn, out then back, they bring the position back.
	trips []string
	marks []ruleMark
}

var ruleCards = []ruleCard{
	{title: "Moving", text: "White moves first. Every piece slides like a rook, as far as it likes, and never jumps.",
		pos:   "...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W",
		moves: []string{"e3-b3", "e3-h3"}},
	{title: "The throne", text: "No piece stops on or crosses e5, even when it is empty. The king leaves it and never comes back.",
		pos:   "........./........./........./........./..W....../........./....K..../........./......... W",
		moves: []string{"c5-d5"}, marks: []ruleMark{{"e5", markBad}, {"f5", markBad}}},
	{title: "Camps", text: "The hatched camps are closed to White. A black pawn may move within its own camp, never into another one.",
		pos:   "...B...../........./........./........./....K..../........./........./........./......... B",
		moves: []string{"d1-g1"}, marks: []ruleMark{{"g1", markGood}}},
	{title: "Capture", text: "An enemy pawn trapped between the piece you move and one of yours is taken. Moving in between is safe.",
		pos:   "........./........./...BW..../........./....K..../........./..W....../........./......... W",
		moves: []string{"c7-c3"}, marks: []ruleMark{{"d3", markBad}, {"e3", markHostile}}},
	{title: "Against the throne", text: "The empty throne captures like a piece. Against White it captures even with the king on it.",
		pos:   "........./........./W......../....B..../........./........./.......K./........./......... W",
		moves: []string{"a3-e3"}, marks: []ruleMark{{"e4", markBad}, {"e5", markHostile}}},
	{title: "Against a camp", text: "A camp square captures too. The middle edge square of a camp (e1) never captures a black pawn.",
		pos:   "........./...B...../W......../........./....K..../........./........./........./......... W",
		moves: []string{"a3-d3"}, marks: []ruleMark{{"d2", markBad}, {"d1", markHostile}}},
	{title: "King on the throne", text: "On the throne, the king is taken by black pawns on all four of its sides.",
		pos:   "........./........./........./....B..../...BKB.../B......../........./........./......... B",
		moves: []string{"a6-e6"}, marks: []ruleMark{{"e5", markBad}}},
	{title: "King next to it", text: "Beside the throne, the king is taken by three black pawns; the throne closes the fourth side.",
		pos:   "........./........./B......../...BKB.../........./........./........./........./......... B",
		moves: []string{"a3-e3"}, marks: []ruleMark{{"e4", markBad}, {"e5", markHostile}}},
	{title: "King elsewhere", text: "Anywhere else, two pawns on opposite sides take the king, or one pawn and a camp.",
		pos:   "........./...K...../.......B./........./........./........./........./........./......... B",
		moves: []string{"h3-d3"}, marks: []ruleMark{{"d2", markBad}, {"d1", markHostile}}},
	{title: "Escape", text: "White wins when the king reaches an edge square; the green ones are those it can get to.",
		pos:   "........./........./.K......./........./........./........./........./........./......... W",
		moves: []string{"b3-b1"}, marks: []ruleMark{{"b1", markGood}}},
	{title: "Repetition", text: "Both pawns go out (orange) and back (blue): the position has come back since the last capture, a draw.",
		pos:   "........./........./..W....../........./....K..../........./......B../........./......... W",
		trips: []string{"c3-c6", "g7-g4"}, marks: []ruleMark{{"c3", markGood}, {"g7", markGood}}},
	{title: "No move left", text: "A side that cannot move loses. Otherwise Black wins by taking the king, and White by escaping.",
		pos:   "........./........./........./........./....K..../........./........./........./..W...... B",
		marks: []ruleMark{{"e5", markGood}}},
}

// cardTabs returns where the n tabs of an overlay card (help, classroom)
// are, each w wide at scale 1.
func cardTabs(g *geometry, n int, w float64) []rect {
	u := g.u
	card := helpCard(g)
	out := make([]rect, n)
	for i := range out {
		out[i] = rect{card.x + 24*u + float64(i)*(w+10)*u, card.y + 16*u, w * u, 34 * u}
	}
	return out
}

// helpTabs returns where the tabs of the help overlay are: on a phone
// across the card, at least phoneTouch CSS pixels tall.
func helpTabs(g *geometry) []rect {
	if !g.phone {
		return cardTabs(g, session.HelpPages, 120)
	}
	u := g.u
	card := helpCard(g)
	n := float64(session.HelpPages)
	w := (card.w - 28*u - (n-1)*8*u) / n
	out := make([]rect, session.HelpPages)
	for i := range out {
		out[i] = rect{card.x + 14*u + float64(i)*(w+8*u), card.y + 14*u, w, math.Max(34*u, phoneTouch*g.scale)}
	}
	return out
}

// tabAt returns the index of the tab under the point.
func tabAt(tabs []rect, x, y float64) (int, bool) {
	for i, r := range tabs {
		if r.contains(x, y) {
			return i, true
		}
	}
	return 0, false
}

// helpCard is the help overlay's card: most of the screen.
func helpCard(g *geometry) rect {
	m := math.Max(12, 24*g.u)
	if g.phone {
		m = 6 * g.scale
	}
	return rect{m, m, g.w - 2*m, g.h - 2*m}
}

// drawTabs draws an overlay's tabs with their labels, the current one lit.
func (a *App) drawTabs(dst *ebiten.Image, g *geometry, tabs []rect, labels []string, current int, size float64) {
	f := face(a.fonts.bold, size*g.u)
	for i, r := range tabs {
		bg := colButton
		if i == current {
			bg = colButtonOn
		}
		fillRoundRect(dst, r, 8*g.u, bg)
		if textWidth(labels[i], f) <= r.w-8*g.u {
			drawText(dst, labels[i], f, r.cx(), r.cy(), colText, alignCenter)
		} else {
			drawLabel(dst, g, labels[i], a.fonts.bold, size*g.u, r, colText)
		}
	}
}

// drawRules draws the rules page: the cards in a grid, each a small board
// with its move as an arrow, marked squares and a few lines of text.
func (a *App) drawRules(dst *ebiten.Image, g *geometry) {
	u := g.u
	card := helpCard(g)
	in := rect{card.x + 24*u, card.y + 64*u, card.w - 48*u, card.h - 64*u - 36*u}
	cols := 4
	if in.w < in.h*1.2 {
		cols = 3
	}
	if in.w < 420*u {
		cols = 2
	}
	rows := (len(ruleCards) + cols - 1) / cols
	cw, ch := in.w/float64(cols), in.h/float64(rows)
	tf, bf := face(a.fonts.bold, 15*u), face(a.fonts.regular, 13.5*u)
	lh := 16 * u
	// The boards leave room for the longest card's text, three lines or
	// more in a small window: the same size on every card.
	n := 3
	for _, rc := range ruleCards {
		n = max(n, len(wrapLines(rc.text, bf, cw-14*u)))
	}
	for i, rc := range ruleCards {
		cell := rect{in.x + float64(i%cols)*cw, in.y + float64(i/cols)*ch, cw, ch}
		lines := wrapLines(rc.text, bf, cw-14*u)
		side := math.Min(cw-14*u, ch-22*u-float64(n)*lh-10*u)
		side = math.Max(side, 40)
		bx := cell.x + (cw-side)/2
		drawText(dst, rc.title, tf, cell.cx(), cell.y+8*u, colText, alignCenter)
		a.drawMiniBoard(dst, rect{math.Round(bx), math.Round(cell.y + 18*u), math.Round(side), math.Round(side)}, rc)
		for k, l := range lines {
			drawText(dst, l, bf, cell.cx(), cell.y+24*u+side+float64(k)*lh+lh/2, colTextDim, alignCenter)
		}
	}
	b := lessonButtonRect(g)
	fillRoundRect(dst, b, 8*u, colButtonOn)
	drawText(dst, "Learn to play  (P)", face(a.fonts.bold, 16*u), b.cx(), b.cy(), colText, alignCenter)
	drawText(dst, "Tab: the rules in full, the keys  ·  any other key or a click closes",
		face(a.fonts.regular, 15*u), card.x+28*u, card.y+card.h-18*u, colTextFaint, alignLeft)
}

// lessonButtonRect is the rules page's button that opens the lesson, at the
// bottom right of the card.
func lessonButtonRect(g *geometry) rect {
	if g.phone {
		return newPhoneHelpFrame(g).less
	}
	u := g.u
	card := helpCard(g)
	return rect{card.x + card.w - 24*u - 220*u, card.y + card.h - 36*u, 220 * u, 30 * u}
}

// fullRules is the help's page of the rules in words: everything the cards
// show, so that the rules are all inside the game.
var fullRules = []struct{ title, text string }{
	{"The board", "Nine rows and nine columns, named a to i from the left and 1 to 9 from the bottom. The centre square e5 is the throne. The four T-shaped groups of hatched squares in the middle of the edges are the camps, where Black's sixteen pawns start. White has the king on the throne and eight pawns around it. White moves first, then the sides take turns."},
	{"Moving", "Every piece, the king too, slides along its row or its column over as many empty squares as it likes, like a rook in chess; nothing jumps. No piece stops on the throne or crosses it, even empty, so the king never returns there. White's pieces never enter a camp. A black pawn that starts its move inside its camp may move within that camp, but it never enters another camp, and once out it never goes back."},
	{"Capturing pawns", "A pawn is taken when the piece that just moved traps it between itself and a hostile square on the far side, on the same row or column. Hostile squares are the pieces of the capturing side (the king helps White), the throne, and the camp squares, except that the middle edge square of a camp (a5, i5, e1, e9) never captures a black pawn. Moving your own pawn between two enemies is safe. One move can take up to three pawns."},
	{"Capturing the king", "Only a black move next to the king can take it. On the throne, black pawns must stand on all four sides. Next to the throne (e4, e6, d5, f5), three black pawns must close the three free sides. Anywhere else, two black pawns on opposite sides take it, and a camp square can stand in for one of them."},
	{"The end", "White wins as soon as the king stands on an edge square. Black wins by taking the king. A side with no legal move loses. When a move brings back a position (the same pieces and the same side to move) seen since the last capture, the game is drawn at once."},
}

// drawFullRules draws the rules in words, in two columns.
func (a *App) drawFullRules(dst *ebiten.Image, g *geometry) {
	u := g.u
	card := helpCard(g)
	in := rect{card.x + 28*u, card.y + 70*u, card.w - 56*u, card.h - 120*u}
	cols := 2
	if in.w < 700*u {
		cols = 1
	}
	colW := (in.w - float64(cols-1)*28*u) / float64(cols)
	tf, bf := face(a.fonts.bold, 18*u), face(a.fonts.regular, 16*u)
	lh := 21 * u
	x, y := in.x, in.y
	for _, sec := range fullRules {
		lines := wrapText(sec.text, bf, colW, 12)
		h := 28*u + float64(len(lines))*lh + 14*u
		if y+h > in.y+in.h && cols == 2 && x == in.x {
			x, y = in.x+colW+28*u, in.y
		}
		drawText(dst, sec.title, tf, x, y+10*u, colAccent, alignLeft)
		y += 28 * u
		for _, l := range lines {
			drawText(dst, l, bf, x, y+lh/2, colText, alignLeft)
			y += lh
		}
		y += 14 * u
	}
	b := lessonButtonRect(g)
	fillRoundRect(dst, b, 8*u, colButtonOn)
	drawText(dst, "Learn to play  (P)", face(a.fonts.bold, 16*u), b.cx(), b.cy(), colText, alignCenter)
	drawText(dst, "Tab: the keys  ·  any other key or a click closes", face(a.fonts.regular, 15*u), card.x+28*u, card.y+card.h-18*u, colTextFaint, alignLeft)
}

// drawMiniBoard draws a card's position in r, with its marks and moves.
func (a *App) drawMiniBoard(dst *ebiten.Image, r rect, rc ruleCard) {
	p, err := game.ParsePosition(rc.pos)
	if err != nil {
		return // the cards are tested to parse (TestRuleCards)
	}
	b := smallBoard{r}
	b.drawSquares(dst)
	cell := b.cell()
	for _, m := range rc.marks {
		s, err := game.ParseSquare(m.sq)
		if err != nil {
			continue
		}
		q := b.sq(s)
		switch m.kind {
		case markGood:
			quickRect(dst, q, withAlpha(colHintArrow, 0.55))
		case markBad:
			quickRect(dst, q, withAlpha(colCapture, 0.55))
		case markHostile:
			frameSquare(dst, q, math.Max(2, math.Round(cell*0.12)), colAccent)
		}
	}
	a.drawSmallPieces(dst, b, &p)
	for _, ms := range rc.moves {
		m, err := game.ParseMove(ms)
		if err != nil {
			continue
		}
		b.arrow(dst, m, withAlpha(colMoveArrow, 0.85))
	}
	for _, ms := range rc.trips {
		m, err := game.ParseMove(ms)
		if err != nil {
			continue
		}
		b.roundTrip(dst, m, withAlpha(colMoveArrow, 0.9), withAlpha(colReplyArrow, 0.9))
	}
}

// roundTrip draws move m and its way back as two arrows side by side, the
// way out in out (orange, as a move), the way back in back (blue).
func (b smallBoard) roundTrip(dst *ebiten.Image, m game.Move, out, back color.Color) {
	f, t := b.sq(m.From()), b.sq(m.To())
	dx, dy := t.cx()-f.cx(), t.cy()-f.cy()
	l := math.Hypot(dx, dy)
	if l < 1 {
		return
	}
	// Offset each arrow a fifth of a square to its side of the line.
	ox, oy := -dy/l*b.cell()*0.24, dx/l*b.cell()*0.24
	w := b.cell() * 0.15
	arrow(dst, f.cx()+ox, f.cy()+oy, t.cx()+ox, t.cy()+oy, w, out)
	arrow(dst, t.cx()-ox, t.cy()-oy, f.cx()-ox, f.cy()-oy, w, back)
}

// smallBoard is a board drawn small, unflipped, in r (the rules cards, the
// classroom view).
type smallBoard struct{ r rect }

func (b smallBoard) cell() float64 { return b.r.w / 9 }

// sq returns where square s is, on whole pixels.
func (b smallBoard) sq(s game.Square) rect {
	r, cell := b.r, b.cell()
	x0 := math.Round(r.x + float64(s.File())*cell)
	y0 := math.Round(r.y + float64(8-s.Rank())*cell)
	return rect{x0, y0, math.Round(r.x+float64(s.File()+1)*cell) - x0, math.Round(r.y+float64(9-s.Rank())*cell) - y0}
}

// drawSquares draws the board's frame and squares.
func (b smallBoard) drawSquares(dst *ebiten.Image) {
	r := b.r
	quickRect(dst, rect{r.x - 2, r.y - 2, r.w + 4, r.h + 4}, colFrameEdge)
	for s := game.Square(0); s < game.NumSquares; s++ {
		quickRect(dst, b.sq(s), squareColour(s))
	}
}

// arrow draws move m as an arrow.
func (b smallBoard) arrow(dst *ebiten.Image, m game.Move, clr color.Color) {
	f, t := b.sq(m.From()), b.sq(m.To())
	arrow(dst, f.cx(), f.cy(), t.cx(), t.cy(), b.cell()*0.16, clr)
}

// frameSquare draws a frame of width w just inside q.
func frameSquare(dst *ebiten.Image, q rect, w float64, clr color.Color) {
	for _, e := range []rect{{q.x, q.y, q.w, w}, {q.x, q.y + q.h - w, q.w, w}, {q.x, q.y, w, q.h}, {q.x + q.w - w, q.y, w, q.h}} {
		quickRect(dst, e, clr)
	}
}

// drawSmallPieces draws p's pieces on b.
func (a *App) drawSmallPieces(dst *ebiten.Image, b smallBoard, p *game.Position) {
	k := b.cell() / a.sprites.cell
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.Empty {
			q := b.sq(s)
			drawCentered(dst, a.sprites.pieces[pc], q.cx(), q.cy(), k, 1)
		}
	}
}
