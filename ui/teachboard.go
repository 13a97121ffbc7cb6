package ui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tablut-ai/tablut/game"
)

// classBoard is the classroom view's board: the game's squares, throne and
// camps, files and ranks written around it so that the moves its tables name
// can be found, and turned as the game's board is (Flip).
type classBoard struct {
	r       rect // the squares
	outer   rect // the squares with the coordinates around them
	flipped bool
}

// newClassBoard fits a board with its coordinates in the square outer.
func newClassBoard(outer rect, flipped bool, u float64) classBoard {
	m := math.Round(26 * u)
	side := math.Round(outer.w - 2*m)
	return classBoard{r: rect{outer.x + m, outer.y + m, side, side}, outer: outer, flipped: flipped}
}

func (b classBoard) cell() float64 { return b.r.w / 9 }

// sq returns where square s is, on whole pixels.
func (b classBoard) sq(s game.Square) rect {
	col, row := s.File(), 8-s.Rank()
	if b.flipped {
		col, row = 8-col, 8-row
	}
	cell := b.cell()
	x0, x1 := math.Round(b.r.x+float64(col)*cell), math.Round(b.r.x+float64(col+1)*cell)
	y0, y1 := math.Round(b.r.y+float64(row)*cell), math.Round(b.r.y+float64(row+1)*cell)
	return rect{x0, y0, x1 - x0, y1 - y0}
}

// draw draws the frame, the coordinates in face f, and the squares in the
// game's colours (the throne's square is marked by its colour alone: every
// path drawn here costs each redraw a stencil pass).
func (b classBoard) draw(dst *ebiten.Image, f text.Face) {
	quickRect(dst, b.outer, colFrame)
	m := b.r.x - b.outer.x
	for i := 0; i < 9; i++ {
		fq, rq := b.sq(game.Sq(i, 0)), b.sq(game.Sq(0, i))
		file, rank := string(rune('a'+i)), string(rune('1'+i))
		drawText(dst, file, f, fq.cx(), b.r.y+b.r.h+m/2, colCoord, alignCenter)
		drawText(dst, file, f, fq.cx(), b.outer.y+m/2, colCoord, alignCenter)
		drawText(dst, rank, f, b.outer.x+m/2, rq.cy(), colCoord, alignCenter)
		drawText(dst, rank, f, b.r.x+b.r.w+m/2, rq.cy(), colCoord, alignCenter)
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		quickRect(dst, b.sq(s), squareColour(s))
	}
	gw := math.Max(1, math.Round(b.cell()/40))
	for i := 1; i < 9; i++ {
		q := b.sq(game.Sq(i, i))
		x, y := q.x, q.y
		if b.flipped {
			x, y = q.x+q.w, q.y+q.h
		}
		quickRect(dst, rect{x - math.Floor(gw/2), b.r.y, gw, b.r.h}, colGrid)
		quickRect(dst, rect{b.r.x, y - math.Floor(gw/2), b.r.w, gw}, colGrid)
	}
}

// arrow draws move m as an arrow.
func (b classBoard) arrow(dst *ebiten.Image, m game.Move, clr color.Color) {
	f, t := b.sq(m.From()), b.sq(m.To())
	arrow(dst, f.cx(), f.cy(), t.cx(), t.cy(), b.cell()*0.16, clr)
}

// planArrow draws move m as the k-th arrow of a plan on b: the arrow, and
// its number in a disc of the arrow's colour half way along it. The discs
// are the window's disc sprite tinted, not vector paths: an antialiased path
// costs software rendering a stencil pass each, at every redraw.
func (a *App) planArrow(dst *ebiten.Image, b classBoard, m game.Move, k int, clr color.NRGBA, f text.Face) {
	a.planArrowClear(dst, b, m, k, clr, f, nil)
}

// planArrowClear is planArrow whose number keeps clear of the numbers in
// placed (the centres of those drawn before): when the arrow's middle is
// taken, the number moves along its arrow, towards either end, to the
// first place that is free; its centre is added to placed.
func (a *App) planArrowClear(dst *ebiten.Image, b classBoard, m game.Move, k int, clr color.NRGBA, f text.Face, placed *[][2]float64) {
	b.arrow(dst, m, withAlpha(clr, 0.85))
	fq, tq := b.sq(m.From()), b.sq(m.To())
	r := math.Max(13, b.cell()*0.24)
	at := func(t float64) (float64, float64) {
		return fq.cx() + (tq.cx()-fq.cx())*t, fq.cy() + (tq.cy()-fq.cy())*t
	}
	x, y := at(0.5)
	if placed != nil {
		// Apart: the discs across, or the numbers' text boxes down.
		fm := f.Metrics()
		w, h := 2*r+4, 0.8*(fm.HAscent+fm.HDescent)
		clear := func(cx, cy float64) float64 { // how far from the nearest number, in boxes
			d := math.Inf(1)
			for _, p := range *placed {
				d = math.Min(d, math.Max(math.Abs(cx-p[0])/w, math.Abs(cy-p[1])/h))
			}
			return d
		}
		best := -1.0
		for _, t := range []float64{0.5, 0.3, 0.7, 0.15, 0.85, 0, 1} {
			cx, cy := at(t)
			if c := clear(cx, cy); c > best {
				x, y, best = cx, cy, c
				if c >= 1 {
					break
				}
			}
		}
		*placed = append(*placed, [2]float64{x, y})
	}
	unit := a.sprites.cell * 0.15 // the sprite's radius
	drawTinted(dst, a.sprites.disc, x, y, (r+2)/unit, colBackground)
	drawTinted(dst, a.sprites.disc, x, y, r/unit, clr)
	drawText(dst, fmt.Sprint(k), f, x, y, colText, alignCenter)
}

// drawClassPieces draws p's pieces on b.
func (a *App) drawClassPieces(dst *ebiten.Image, b classBoard, p *game.Position) {
	k := b.cell() / a.sprites.cell
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.Empty {
			q := b.sq(s)
			drawCentered(dst, a.sprites.pieces[pc], q.cx(), q.cy(), k, 1)
		}
	}
}
