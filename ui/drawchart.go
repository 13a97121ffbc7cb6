package ui

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// The AI-vs-AI extras: White's chance over the game as a small chart drawn
// with the window's own triangles (no plotting library in the window), the
// pieces each side lost, and the king's open lines on the board.

// lostBy returns the pieces side has lost so far.
func lostBy(c *session.Controller, side game.Color) int {
	w, b := c.Captured()
	if side == game.White {
		return w
	}
	return b
}

// drawChart draws White's chance at each ply in g.chart: a line through the
// positions some engine evaluated (a gap where none did), the 50% line, and
// a mark at the ply on the board.
func (a *App) drawChart(dst *ebiten.Image, g *geometry) {
	u := g.u
	in := g.chart.inset(10 * u)
	drawText(dst, "White's chance over the game", face(a.fonts.bold, 16*u), in.x, in.y+8*u, colTextDim, alignLeft)
	plot := rect{in.x, in.y + 22*u, in.w, in.h - 22*u}
	quickRect(dst, plot, colPanel)
	mid := math.Round(plot.y + plot.h/2)
	quickRect(dst, rect{plot.x, mid, plot.w, 1}, colButtonHot)
	curve := a.ctl.ChanceCurve()
	n := max(len(curve)-1, 20) // the x scale grows with the game, at least 20 plies wide
	xOf := func(ply int) float64 { return plot.x + plot.w*float64(ply)/float64(n) }
	yOf := func(w float64) float64 { return plot.y + plot.h*(1-w) }
	ply := a.ctl.Game().Ply()
	quickRect(dst, rect{math.Round(xOf(ply)), plot.y, math.Max(1, math.Round(u)), plot.h}, withAlpha(colAccent, 0.7))
	var last *session.ChancePoint
	for i := range curve {
		pt := &curve[i]
		if !pt.Known {
			continue
		}
		if last != nil {
			quadLine(dst, xOf(last.Ply), yOf(last.White), xOf(pt.Ply), yOf(pt.White), math.Max(1, 1.2*u), colEvalWhite)
		}
		last = pt
	}
	if last != nil {
		drawText(dst, fmt.Sprintf("%.0f%%", last.White*100), face(a.fonts.bold, 16*u), in.x+in.w, in.y+8*u, colText, alignRight)
	}
}

// chartKey identifies what the chart shows, for the redraw test.
func (a *App) chartKey(g *geometry) string {
	if g.chart.w == 0 {
		return ""
	}
	curve := a.ctl.ChanceCurve()
	known, sum := 0, 0.0
	for _, pt := range curve {
		if pt.Known {
			known++
			sum += pt.White
		}
	}
	return fmt.Sprint(len(curve), known, sum, a.ctl.Game().Ply())
}

// drawKingLines marks the king's open lines to the edge: a translucent green
// band from beside the king to the edge, where White threatens to escape.
func (a *App) drawKingLines(dst *ebiten.Image, g *geometry, p game.Position) {
	for _, ray := range session.KingLines(p) {
		x0, y0 := g.squareCenter(ray[0])
		x1, y1 := g.squareCenter(ray[len(ray)-1])
		quadLine(dst, x0, y0, x1, y1, g.cell*0.12, withAlpha(colHintArrow, 0.45))
	}
}

// reviewKey identifies what the review adds to the panel (its progress and
// marks), for the redraw test.
func (a *App) reviewKey() string {
	done, total, running, on := a.ctl.ReviewProgress()
	if !on {
		return ""
	}
	return fmt.Sprint(done, total, running)
}
