package ui

import (
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// drawBoard draws the frame, coordinates, squares and their marks.
func (a *App) drawBoard(dst *ebiten.Image, g *geometry) {
	u := g.u
	fillRoundRect(dst, g.frame.inset(-3*u), 10*u, colFrameEdge)
	fillRoundRect(dst, g.frame, 8*u, colFrame)

	// Coordinates: files a..i below and above, ranks 1..9 left and right.
	cf := face(a.fonts.bold, g.cell*0.24)
	m := (g.frame.w - g.board.w) / 2
	for i := 0; i < 9; i++ {
		fx, _ := g.squareCenter(game.Sq(i, 0))
		_, ry := g.squareCenter(game.Sq(0, i))
		file, rank := string(rune('a'+i)), string(rune('1'+i))
		drawText(dst, file, cf, fx, g.board.y+g.board.h+m/2, colCoord, alignCenter)
		drawText(dst, file, cf, fx, g.frame.y+m/2, colCoord, alignCenter)
		drawText(dst, rank, cf, g.frame.x+m/2, ry, colCoord, alignCenter)
		drawText(dst, rank, cf, g.board.x+g.board.w+m/2, ry, colCoord, alignCenter)
	}

	// Squares are plain rectangles on whole pixels. The escapes' chevrons
	// and the throne's ornament are rasterised on the CPU, one image per
	// kind of square (raster.go): as antialiased vector paths they queued
	// thousands of triangles, and the command queue keeps its largest vertex
	// buffer for the life of the window. The camps' faint hatching is thin
	// quads drawn as plain triangles, for the same reason.
	marks := map[[4]int]*ebiten.Image{}
	mark := func(r rect, dx, dy int, draw func(c *canvas)) {
		key := [4]int{dx, dy, int(r.w), int(r.h)}
		img := marks[key]
		if img == nil {
			c := newCanvas(int(r.w), int(r.h))
			draw(c)
			img = c.image()
			marks[key] = img
		}
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(r.x, r.y)
		dst.DrawImage(img, op)
	}
	hatchCol := withAlpha(colFrameEdge, 0.22)
	hw := 0.6 * u
	for s := game.Square(0); s < game.NumSquares; s++ {
		r := g.squareRect(s)
		quickRect(dst, r, squareColour(s))
		switch {
		case shownEscape(s):
			dx, dy := g.escapeDir(s)
			mark(r, int(dx), int(dy), func(c *canvas) {
				c.chevron(rect{0, 0, r.w, r.h}, dx, dy)
				c.Fill(withAlpha(colEscapeMark, 0.9))
			})
		case s == game.Throne:
			mark(r, 0, 0, func(c *canvas) { c.throne(rect{0, 0, r.w, r.h}) })
		case game.IsCamp(s):
			// Fine diagonal hatching marks the camps even for the colour-blind.
			ins := r.inset(r.w * 0.1)
			seg := func(x0, y0, x1, y1 float64) { quadLine(dst, x0, y0, x1, y1, hw, hatchCol) }
			for k := 1; k < 4; k++ {
				t := float64(k) / 4
				seg(ins.x+ins.w*t, ins.y, ins.x, ins.y+ins.h*t)
				seg(ins.x+ins.w, ins.y+ins.h*t, ins.x+ins.w*t, ins.y+ins.h)
			}
			seg(ins.x+ins.w, ins.y, ins.x, ins.y+ins.h)
		}
	}
	// Grid, on whole pixels.
	gw := math.Max(1, math.Round(1.2*u))
	for i := 0; i < 9; i++ {
		r := g.squareRect(game.Sq(i, i))
		quickRect(dst, rect{r.x - math.Floor(gw/2), g.board.y, gw, g.board.h}, colGrid)
		quickRect(dst, rect{g.board.x, r.y - math.Floor(gw/2), g.board.w, gw}, colGrid)
	}
	vector.StrokeRect(dst, float32(g.board.x), float32(g.board.y), float32(g.board.w), float32(g.board.h), float32(2*u), colFrameEdge, true)
}

// escapeDir is the direction off the board from escape square s, on the
// screen.
func (g *geometry) escapeDir(s game.Square) (dx, dy float64) {
	switch {
	case s.Rank() == 0:
		dy = 1
	case s.Rank() == 8:
		dy = -1
	case s.File() == 0:
		dx = -1
	default:
		dx = 1
	}
	return g.flipDir(dx, dy)
}

// flipDir turns an unflipped screen direction into the current one.
func (g *geometry) flipDir(dx, dy float64) (float64, float64) {
	if g.flipped {
		return -dx, -dy
	}
	return dx, dy
}

// drawPieces draws the pieces of the current position with the running
// animations, the highlights and the arrows.
func (a *App) drawPieces(dst *ebiten.Image, g *geometry, now time.Time) {
	c := a.ctl
	pos := c.Position()
	an := c.Animations()
	a.sprites.ensure(g.cell)
	sp := &a.sprites

	// Last move and selection underneath the pieces.
	if m := c.LastMove(); m != game.NoMove {
		quickRect(dst, g.squareRect(m.From()), colLastMove)
		quickRect(dst, g.squareRect(m.To()), colLastMove)
	}
	if sel := c.Selected(); sel != game.NoSquare {
		quickRect(dst, g.squareRect(sel), colSelected)
	}

	// Captured pieces fade out and swell a little, over a red ring.
	for _, f := range an.Fades {
		x, y := g.squareCenter(f.Square)
		al := f.Alpha(now)
		drawTinted(dst, sp.ring, x, y, 0.8+0.25*(1-al), withAlpha(colCapture, al))
		drawCentered(dst, sp.pieces[f.Piece], x, y, 1+0.15*(1-al), al)
	}

	dragging := a.drag.active && a.drag.moved
	for s := game.Square(0); s < game.NumSquares; s++ {
		pc := pos.At(s)
		if pc == game.Empty || (an.Slide != nil && s == an.Slide.To) {
			continue
		}
		x, y := g.squareCenter(s)
		alpha := 1.0
		if dragging && s == a.drag.from {
			alpha = 0.35
		}
		drawCentered(dst, sp.pieces[pc], x, y, 1, alpha)
	}
	a.drawCaptureMarks(dst, g)
	if sl := an.Slide; sl != nil {
		t := sl.Progress(now)
		x0, y0 := g.squareCenter(sl.From)
		x1, y1 := g.squareCenter(sl.To)
		drawCentered(dst, sp.pieces[sl.Piece], x0+(x1-x0)*t, y0+(y1-y0)*t, 1, 1)
	}

	if c.WatchControls() {
		a.drawKingLines(dst, g, pos)
	}

	// Legal destinations of the selected piece; with the danger preview,
	// those where it would be captured at once in red, ringed.
	danger := map[game.Square]bool{}
	for _, s := range c.Danger() {
		danger[s] = true
	}
	for _, m := range c.Destinations() {
		x, y := g.squareCenter(m.To())
		if danger[m.To()] {
			drawTinted(dst, sp.disc, x, y, 1, colCapture)
			drawTinted(dst, sp.ring, x, y, 0.55, colCapture)
			continue
		}
		drawCentered(dst, sp.dot, x, y, 1, 1)
	}
	// A refused click: a red cross on the square, the reason in the panel.
	if s, ok := c.Refused(); ok {
		r := g.squareRect(s).inset(g.cell * 0.28)
		w := math.Max(1.5, g.cell*0.035)
		quadLine(dst, r.x, r.y, r.x+r.w, r.y+r.h, w, colCapture)
		quadLine(dst, r.x+r.w, r.y, r.x, r.y+r.h, w, colCapture)
	}

	// Game over: ring the king.
	if c.Over() {
		switch c.Game().Reason() {
		case game.KingEscaped:
			x, y := g.squareCenter(pos.King())
			drawTinted(dst, sp.ring, x, y, 1.04, colHintArrow)
		case game.KingCaptured:
			x, y := g.squareCenter(pos.King())
			drawTinted(dst, sp.ring, x, y, 1.04, colCapture)
		}
	}

	a.drawArrows(dst, g)
}

// drawDragged draws the piece being dragged under the mouse, over everything
// (it is not clipped to the board).
func (a *App) drawDragged(dst *ebiten.Image) {
	pos := a.ctl.Position()
	drawCentered(dst, a.sprites.pieces[pos.At(a.drag.from)], a.drag.x, a.drag.y, 1.08, 0.95)
}

// drawArrows draws the thinking AI's principal variation (its move orange, the
// replies blue, fading with depth and numbered) and the hint (green).
func (a *App) drawArrows(dst *ebiten.Image, g *geometry) {
	c := a.ctl
	if st, ok := c.Think(); ok && len(st.Info.PV) > 0 {
		pv := st.Info.PV
		if len(pv) > 4 {
			pv = pv[:4]
		}
		// Draw the deepest first so that the move itself is on top.
		for i := len(pv) - 1; i >= 0; i-- {
			col := colMoveArrow
			if i%2 == 1 {
				col = colReplyArrow
			}
			if st.Hint {
				col = colHintArrow
				if i%2 == 1 {
					col = colReplyArrow
				}
			}
			al := []float64{0.85, 0.6, 0.45, 0.35}[i]
			a.moveArrow(dst, g, pv[i], col, al, i+1)
		}
	}
	if m := c.HintMove(); m != game.NoMove {
		a.moveArrow(dst, g, m, colHintArrow, 0.9, 0)
	}
	a.drawRefutation(dst, g)
}

// moveArrow draws m as an arrow; a number > 0 is written in a badge at its tail.
func (a *App) moveArrow(dst *ebiten.Image, g *geometry, m game.Move, col color.NRGBA, alpha float64, number int) {
	x0, y0 := g.squareCenter(m.From())
	x1, y1 := g.squareCenter(m.To())
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	sx, sy := x0+ux*g.cell*0.18, y0+uy*g.cell*0.18
	ex, ey := x1-ux*g.cell*0.12, y1-uy*g.cell*0.12
	arrow(dst, sx, sy, ex, ey, g.cell*0.13, withAlpha(col, alpha))
	if number > 0 {
		// The badge sits in the corner of the square, leaving the piece visible.
		r := g.cell * 0.15
		bx, by := x0-g.cell*0.3, y0-g.cell*0.3
		drawTinted(dst, a.sprites.disc, bx, by, 1, withAlpha(col, math.Min(1, alpha+0.1)))
		drawText(dst, string(rune('0'+number)), face(a.fonts.bold, r*1.5), bx, by, color.White, alignCenter)
	}
}

// drawEvalBarFrame draws the evaluation bar's frame, in the static layer.
func drawEvalBarFrame(dst *ebiten.Image, g *geometry) {
	fillRoundRect(dst, g.evalBar.inset(-3*g.u), 5*g.u, colFrameEdge)
}

// evalView is what the evaluation bar shows: White's share in whole pixels and
// the score above it.
type evalView struct {
	white float64 // height of White's part, in pixels
	label string
	known bool // an evaluation of the position on the board exists
	// pending: the position's estimate is being computed and the bar holds
	// the previous position's figure, its label dimmed (ShownEval).
	pending bool
}

// evalBarRect is the evaluation bar on whole pixels.
func evalBarRect(g *geometry) rect {
	r := g.evalBar
	return rect{math.Round(r.x), math.Round(r.y), math.Round(r.w), math.Round(r.h)}
}

// evalBarLength is the length of the evaluation bar along which White's
// share grows: its height, or its width when it lies across (the phone
// layout).
func evalBarLength(g *geometry) float64 {
	if g.phone {
		return evalBarRect(g).w
	}
	return evalBarRect(g).h
}

// glideEval moves the evaluation bar's displayed share one step towards the
// latest evaluation, so that it glides over a few ticks; Update calls it.
func (a *App) glideEval() {
	share := 0.5
	if score, _, ok := a.ctl.ShownEval(); ok {
		share = ai.WhiteShare(score)
	}
	a.evalShown += (share - a.evalShown) * 0.15
	if math.Abs(a.evalShown-share) < 0.001 {
		a.evalShown = share
	}
}

// evalView returns what the evaluation bar shows.
func (a *App) evalView(g *geometry) evalView {
	score, pending, ok := a.ctl.ShownEval()
	if !ok {
		// Nothing estimated yet: a grey bar, no number (an even bar would
		// claim an even game).
		return evalView{label: "?"}
	}
	return evalView{white: math.Round(evalBarLength(g) * a.evalShown), label: session.EvalLabel(score, a.ctl.Viewpoint()), known: true, pending: pending}
}

// drawEvalBar draws who stands better: White's share grows from White's side
// of the board (the bottom unless flipped).
func (a *App) drawEvalBar(dst *ebiten.Image, g *geometry, v evalView) {
	u := g.u
	r := evalBarRect(g)
	wh := v.white
	f := face(a.fonts.bold, 14*u)
	if !v.known {
		quickRect(dst, r, colEvalUnknown)
		if g.phone {
			drawText(dst, v.label, f, r.x-10*u, r.cy(), colTextDim, alignRight)
		} else {
			drawText(dst, v.label, f, r.cx(), r.y-16*u, colTextDim, alignCenter)
		}
		return
	}
	labelCol := colText
	if v.pending {
		labelCol = colTextDim
	}
	if g.phone {
		// Across under the board: White's share from the left, the score
		// at the left end.
		quickRect(dst, r, colEvalBlack)
		quickRect(dst, rect{r.x, r.y, wh, r.h}, colEvalWhite)
		quickRect(dst, rect{math.Round(r.cx() - u), r.y - 3*u, math.Max(2, math.Round(2*u)), r.h + 6*u}, colAccent)
		drawText(dst, v.label, f, r.x-10*u, r.cy(), labelCol, alignRight)
		return
	}
	quickRect(dst, r, colEvalBlack)
	if g.flipped {
		quickRect(dst, rect{r.x, r.y, r.w, wh}, colEvalWhite)
	} else {
		quickRect(dst, rect{r.x, r.y + r.h - wh, r.w, wh}, colEvalWhite)
	}
	quickRect(dst, rect{r.x - 3*u, math.Round(r.cy() - u), r.w + 6*u, math.Max(2, math.Round(2*u))}, colAccent)
	drawText(dst, v.label, f, r.cx(), r.y-16*u, labelCol, alignCenter)
}

// shownEscape reports whether s is one of the 16 escape squares the king can
// reach (game.IsEscape also counts the unreachable corners).
// squareColour is the colour of square s on every board the window draws (the
// game's and the rules page's small ones): checkered, with the throne, the
// camps and their centres, and the escape squares in colours of their own.
func squareColour(s game.Square) color.Color {
	switch {
	case s == game.Throne:
		return colThrone
	case game.IsCampCentre(s):
		return colCampCentre
	case game.IsCamp(s):
		return colCamp
	case shownEscape(s):
		return colEscape
	case (s.File()+s.Rank())%2 == 1:
		return colSquareAlt
	}
	return colSquare
}

func shownEscape(s game.Square) bool {
	corner := (s.File() == 0 || s.File() == 8) && (s.Rank() == 0 || s.Rank() == 8)
	return game.IsEscape(s) && !corner
}

// drawCaptureMarks marks, for a moment after a capture, the piece that
// captured (a red ring) and the square it captured against (a red frame):
// a pawn, a camp or the throne. The status box says it in words.
func (a *App) drawCaptureMarks(dst *ebiten.Image, g *geometry) {
	for _, cp := range a.ctl.CaptureMarks() {
		x, y := g.squareCenter(cp.By)
		drawTinted(dst, a.sprites.ring, x, y, 1, colCapture)
		r := g.squareRect(cp.Beyond)
		w := math.Max(2, math.Round(g.cell*0.06))
		for _, e := range []rect{{r.x, r.y, r.w, w}, {r.x, r.y + r.h - w, r.w, w}, {r.x, r.y, w, r.h}, {r.x + r.w - w, r.y, w, r.h}} {
			quickRect(dst, e, colCapture)
		}
	}
}

// quadLine draws the segment (x0,y0)-(x1,y1), hw either side, as one quad of
// plain triangles: no stencil pass and four vertices, for thin marks drawn
// once into the static layer.
func quadLine(dst *ebiten.Image, x0, y0, x1, y1, hw float64, clr color.Color) {
	l := math.Hypot(x1-x0, y1-y0)
	if l == 0 {
		return
	}
	dx, dy := (y1-y0)*hw/l, -(x1-x0)*hw/l
	fillPolygon(dst, [][2]float64{{x0 + dx, y0 + dy}, {x1 + dx, y1 + dy}, {x1 - dx, y1 - dy}, {x0 - dx, y0 - dy}}, clr)
}
