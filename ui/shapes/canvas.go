// Package shapes draws the game's vector shapes on the CPU into plain images:
// circles, rings, polygons and strokes (Canvas), the pieces with the king's
// crown (Piece), and the application icon made from the king (Icon). It does
// not import Ebitengine, so the window's sprites (package ui) and the icons a
// release ships (packaging/icons, packaging/macapp, the window's own icon) are
// drawn by the same code, each at its own size.
//
// The rasteriser is golang.org/x/image/vector, which computes each pixel's
// exact covered area (signed-area accumulation, after Raph Levien's font-rs):
// the coverage is the absolute value of the summed signed areas, clamped to
// 1. So contours of the same orientation add up (a stroke built from
// overlapping pieces), and a contour of the opposite orientation cuts a hole
// (a ring).
package shapes

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// flatness is the largest distance, in pixels, between a circle and the
// polygon that stands for it. x/image/vector flattens Bézier curves with a
// tolerance made for glyph outlines, which leaves a circle of a piece's size
// a tenth of a pixel too small, so arcs are flattened here instead.
const flatness = 0.01

// Canvas is an RGBA image (premultiplied alpha, as Ebitengine's images are)
// and a rasteriser that shapes are added to; Fill paints the shapes added
// since the last Fill in one colour over what is already there.
type Canvas struct {
	Img *image.RGBA
	z   vector.Rasterizer
}

// NewCanvas returns a transparent canvas of w by h pixels.
func NewCanvas(w, h int) *Canvas {
	c := &Canvas{Img: image.NewRGBA(image.Rect(0, 0, w, h))}
	c.z.Reset(w, h)
	return c
}

// Clear makes the canvas transparent again and forgets the shapes added.
func (c *Canvas) Clear() {
	clear(c.Img.Pix)
	c.z.Reset(c.Img.Rect.Dx(), c.Img.Rect.Dy())
}

// Fill composites the shapes added since the last Fill in clr (source over)
// and starts a new set of shapes.
func (c *Canvas) Fill(clr color.Color) {
	c.z.Draw(c.Img, c.Img.Rect, image.NewUniform(clr), image.Point{})
	c.z.Reset(c.Img.Rect.Dx(), c.Img.Rect.Dy())
}

// MoveTo starts a contour at (x, y).
func (c *Canvas) MoveTo(x, y float64) { c.z.MoveTo(float32(x), float32(y)) }

// LineTo continues the current contour to (x, y).
func (c *Canvas) LineTo(x, y float64) { c.z.LineTo(float32(x), float32(y)) }

// ClosePath closes the current contour.
func (c *Canvas) ClosePath() { c.z.ClosePath() }

// Arc continues the current contour along the circle of radius r centred
// at (x, y) from angle a0 to angle a1 (radians; growing angles turn
// clockwise on the screen), in chords no further than flatness from it.
func (c *Canvas) Arc(x, y, r, a0, a1 float64) {
	step := 2 * math.Acos(max(0, 1-flatness/r)) // the angle of one chord
	n := max(1, int(math.Ceil(math.Abs(a1-a0)/step)))
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		c.LineTo(x+r*math.Cos(a), y+r*math.Sin(a))
	}
}

// Circle adds a circle of radius r centred at (x, y), clockwise on the
// screen, or anticlockwise if hole is set.
func (c *Canvas) Circle(x, y, r float64, hole bool) {
	if r <= 0 {
		return
	}
	turn := 2 * math.Pi
	if hole {
		turn = -turn
	}
	c.MoveTo(x+r, y)
	c.Arc(x, y, r, 0, turn)
	c.ClosePath()
}

// Ring adds an annulus of width w centred on radius r: an outer circle and
// an inner one of the opposite orientation.
func (c *Canvas) Ring(x, y, r, w float64) {
	c.Circle(x, y, r+w/2, false)
	c.Circle(x, y, r-w/2, true)
}

// Polygon adds the closed polygon pts, clockwise on the screen whatever the
// order of pts, so that overlapping polygons and circles add up.
func (c *Canvas) Polygon(pts [][2]float64) {
	if len(pts) < 3 {
		return
	}
	area := 0.0 // twice the signed area, > 0 for clockwise on a y-down screen
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p[0]*q[1] - q[0]*p[1]
	}
	at := func(i int) [2]float64 {
		if area < 0 {
			return pts[len(pts)-1-i]
		}
		return pts[i]
	}
	c.MoveTo(at(0)[0], at(0)[1])
	for i := 1; i < len(pts); i++ {
		c.LineTo(at(i)[0], at(i)[1])
	}
	c.ClosePath()
}

// Segment adds the segment from (x0, y0) to (x1, y1) stroked with width w
// and butt ends: a rectangle along it.
func (c *Canvas) Segment(x0, y0, x1, y1, w float64) {
	dx, dy := x1-x0, y1-y0
	l := max(1e-9, math.Hypot(dx, dy))
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.Polygon([][2]float64{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}, {x0 - nx, y0 - ny}})
}

// StrokeClosed adds the outline of the closed polygon pts stroked with width
// w and round joins: a rectangle per edge and a disc at every corner.
func (c *Canvas) StrokeClosed(pts [][2]float64, w float64) {
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		c.Segment(p[0], p[1], q[0], q[1], w)
		c.Circle(p[0], p[1], w/2, false)
	}
}
