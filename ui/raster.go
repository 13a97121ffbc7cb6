package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.org/x/image/vector"

	"github.com/tablut-ai/tablut/game"
)

// The shapes drawn once per size (the sprites: pieces, destination dot, badge
// disc, ring, button faces; the board's marks; the static layer's circles and
// rounded corners) are rasterised here on the CPU with
// golang.org/x/image/vector and uploaded as images. Drawing them with Ebitengine's antialiased vector
// paths instead queued many times the triangles of an ordinary frame on the
// first frame and on every resize, and Ebitengine's command queue keeps
// its vertex buffer at the largest frame's size for the life of the window
// (docs/measurements.md, section Memory).
//
// The rasteriser computes each pixel's exact covered area (signed-area
// accumulation, after Raph Levien's font-rs, which x/image/vector follows): the
// coverage is the absolute value of the summed signed areas, clamped to 1. So
// contours of the same orientation add up (a stroke built from overlapping
// pieces), and a contour of the opposite orientation cuts a hole (a ring).

// flatness is the largest distance, in pixels, between a circle and the
// polygon that stands for it. x/image/vector flattens Bézier curves with a
// tolerance made for glyph outlines, which leaves a circle of a piece's size
// a tenth of a pixel too small, so arcs are flattened here instead.
const flatness = 0.01

// canvas is an RGBA image (premultiplied alpha, as Ebitengine's images are)
// and a rasteriser that shapes are added to; fill paints the shapes added
// since the last fill in one colour over what is already there.
type canvas struct {
	img *image.RGBA
	z   vector.Rasterizer
}

func newCanvas(w, h int) *canvas {
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h))}
	c.z.Reset(w, h)
	return c
}

// clear makes the canvas transparent again.
func (c *canvas) clear() {
	clear(c.img.Pix)
	c.z.Reset(c.img.Rect.Dx(), c.img.Rect.Dy())
}

// fill composites the shapes added since the last fill in clr (source over)
// and starts a new set of shapes.
func (c *canvas) fill(clr color.Color) {
	c.z.Draw(c.img, c.img.Rect, image.NewUniform(clr), image.Point{})
	c.z.Reset(c.img.Rect.Dx(), c.img.Rect.Dy())
}

// image uploads the canvas as an Ebitengine image.
func (c *canvas) image() *ebiten.Image { return ebiten.NewImageFromImage(c.img) }

func (c *canvas) moveTo(x, y float64) { c.z.MoveTo(float32(x), float32(y)) }
func (c *canvas) lineTo(x, y float64) { c.z.LineTo(float32(x), float32(y)) }

// arc continues the current contour along the circle of radius r centred
// at (x, y) from angle a0 to angle a1 (radians; growing angles turn
// clockwise on the screen), in chords no further than flatness from it.
func (c *canvas) arc(x, y, r, a0, a1 float64) {
	step := 2 * math.Acos(max(0, 1-flatness/r)) // the angle of one chord
	n := max(1, int(math.Ceil(math.Abs(a1-a0)/step)))
	for i := 0; i <= n; i++ {
		a := a0 + (a1-a0)*float64(i)/float64(n)
		c.lineTo(x+r*math.Cos(a), y+r*math.Sin(a))
	}
}

// circle adds a circle of radius r centred at (x, y), clockwise on the
// screen, or anticlockwise if hole is set.
func (c *canvas) circle(x, y, r float64, hole bool) {
	if r <= 0 {
		return
	}
	turn := 2 * math.Pi
	if hole {
		turn = -turn
	}
	c.moveTo(x+r, y)
	c.arc(x, y, r, 0, turn)
	c.z.ClosePath()
}

// ring adds an annulus of width w centred on radius r: an outer circle and
// an inner one of the opposite orientation.
func (c *canvas) ring(x, y, r, w float64) {
	c.circle(x, y, r+w/2, false)
	c.circle(x, y, r-w/2, true)
}

// polygon adds the closed polygon pts, clockwise on the screen whatever the
// order of pts, so that overlapping polygons and circles add up.
func (c *canvas) polygon(pts [][2]float64) {
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
	c.moveTo(at(0)[0], at(0)[1])
	for i := 1; i < len(pts); i++ {
		c.lineTo(at(i)[0], at(i)[1])
	}
	c.z.ClosePath()
}

// segment adds the segment from (x0, y0) to (x1, y1) stroked with width w
// and butt ends: a rectangle along it.
func (c *canvas) segment(x0, y0, x1, y1, w float64) {
	dx, dy := x1-x0, y1-y0
	l := max(1e-9, math.Hypot(dx, dy))
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.polygon([][2]float64{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}, {x0 - nx, y0 - ny}})
}

// strokeClosed adds the outline of the closed polygon pts stroked with width
// w and round joins: a rectangle per edge and a disc at every corner.
func (c *canvas) strokeClosed(pts [][2]float64, w float64) {
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		c.segment(p[0], p[1], q[0], q[1], w)
		c.circle(p[0], p[1], w/2, false)
	}
}

// roundRect adds the rectangle r, its edges rounded to whole pixels, with
// corners of radius rad (also whole pixels), as fillRoundRect draws it.
func (c *canvas) roundRect(r rect, rad float64) {
	x0, y0 := math.Round(r.x), math.Round(r.y)
	x1, y1 := math.Round(r.x+r.w), math.Round(r.y+r.h)
	rad = math.Round(min(rad, min(x1-x0, y1-y0)/2))
	if rad <= 0 {
		c.polygon([][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}})
		return
	}
	c.moveTo(x0+rad, y0)
	c.arc(x1-rad, y0+rad, rad, -math.Pi/2, 0)
	c.arc(x1-rad, y1-rad, rad, 0, math.Pi/2)
	c.arc(x0+rad, y1-rad, rad, math.Pi/2, math.Pi)
	c.arc(x0+rad, y0+rad, rad, math.Pi, 1.5*math.Pi)
	c.z.ClosePath()
}

// piece draws piece pc centred at (x, y) for squares of side cell: a drop
// shadow, a rim, the face, an inner ring, and the king's crown.
func (c *canvas) piece(pc game.Piece, x, y, cell float64) {
	if pc == game.Empty {
		return
	}
	r := cell * 0.355
	if pc == game.King {
		r = cell * 0.405
	}
	c.circle(x+cell*0.025, y+cell*0.045, r, false)
	c.fill(colShadow)
	rim, face, inner, inset, ringR, ringW := colWhiteRim, colWhitePiece, colWhiteInner, cell*0.05, r*0.55, cell*0.03
	switch pc {
	case game.BlackPawn:
		rim, face, inner, inset = colBlackRim, colBlackPiece, colBlackInner, cell*0.04
	case game.King:
		rim, face, inner, inset, ringR, ringW = colGoldDark, colWhitePiece, colGold, cell*0.045, r-cell*0.085, cell*0.022
	}
	c.circle(x, y, r, false)
	c.fill(rim)
	c.circle(x, y, r-inset, false)
	c.fill(face)
	c.ring(x, y, ringR, ringW)
	c.fill(inner)
	if pc == game.King {
		c.crown(x, y+cell*0.01, r*0.62)
	}
}

// crown draws the king's crown, about 2s wide, centred at (x, y): a gold
// outline of three points with a dark round-joined edge, a ball on each
// point and a band across its foot.
func (c *canvas) crown(x, y, s float64) {
	pts := [][2]float64{{-0.78, 0.55}, {-0.9, -0.42}, {-0.42, 0.02}, {0, -0.7}, {0.42, 0.02}, {0.9, -0.42}, {0.78, 0.55}}
	for i, q := range pts {
		pts[i] = [2]float64{x + q[0]*s, y + q[1]*s}
	}
	c.polygon(pts)
	c.fill(colGold)
	c.strokeClosed(pts, s*0.12)
	c.fill(colGoldDark)
	for _, q := range [][2]float64{{-0.9, -0.42}, {0, -0.7}, {0.9, -0.42}} {
		c.circle(x+q[0]*s, y+q[1]*s-s*0.08, s*0.13, false)
	}
	c.fill(colGoldDark)
	c.segment(x-0.7*s, y+0.36*s, x+0.7*s, y+0.36*s, s*0.1)
	c.fill(colGoldDark)
}

// chevron adds the small filled chevron of an escape
// square r, pointing off the board along (dx, dy) near the square's outer
// edge: its outer edge runs through the tip, its inner edge a stroke's width
// behind it.
func (c *canvas) chevron(r rect, dx, dy float64) {
	cx, cy, k := r.cx(), r.cy(), r.w*0.16
	ox, oy := cx+dx*r.w*0.28, cy+dy*r.w*0.28 // the tip
	nx, ny := -dy, dx
	t := r.w * 0.07
	c.polygon([][2]float64{
		{ox - dx*k + nx*k, oy - dy*k + ny*k},
		{ox, oy},
		{ox - dx*k - nx*k, oy - dy*k - ny*k},
		{ox - dx*(k+t) - nx*k, oy - dy*(k+t) - ny*k},
		{ox - dx*t, oy - dy*t},
		{ox - dx*(k+t) + nx*k, oy - dy*(k+t) + ny*k},
	})
}

// throne draws the throne's ornament in square r: a diamond outline with
// round corners inside a thin square frame with mitred ones.
func (c *canvas) throne(r rect) {
	cx, cy, h := r.cx(), r.cy(), r.w*0.42
	c.strokeClosed([][2]float64{{cx, cy - h}, {cx + h, cy}, {cx, cy + h}, {cx - h, cy}}, r.w*0.045)
	c.fill(colThroneMark)
	in, w := r.inset(r.w*0.06), r.w*0.03
	c.rect(in.inset(-w/2), false)
	c.rect(in.inset(w/2), true)
	c.fill(withAlpha(colThroneMark, 0.7))
}

// rect adds rectangle r, clockwise on the screen, or anticlockwise if hole
// is set.
func (c *canvas) rect(r rect, hole bool) {
	c.moveTo(r.x, r.y)
	if hole {
		c.lineTo(r.x, r.y+r.h)
		c.lineTo(r.x+r.w, r.y+r.h)
		c.lineTo(r.x+r.w, r.y)
	} else {
		c.lineTo(r.x+r.w, r.y)
		c.lineTo(r.x+r.w, r.y+r.h)
		c.lineTo(r.x, r.y+r.h)
	}
	c.z.ClosePath()
}

// cornerDiscs holds, per whole-pixel radius, the quadrants of a white disc
// (top left, top right, bottom right, bottom left): the corners of
// fillRoundRect. Only the draw loop uses it. A window uses a handful of
// radii per size; the cache starts again when resizes have filled it.
var cornerDiscs = map[int][4]*ebiten.Image{}

func cornerDisc(rad int) [4]*ebiten.Image {
	if q, ok := cornerDiscs[rad]; ok {
		return q
	}
	if len(cornerDiscs) >= 32 {
		clear(cornerDiscs)
	}
	cv := newCanvas(2*rad, 2*rad)
	cv.circle(float64(rad), float64(rad), float64(rad), false)
	cv.fill(color.White)
	img := cv.image()
	var q [4]*ebiten.Image
	for i, o := range [4]image.Point{{0, 0}, {rad, 0}, {rad, rad}, {0, rad}} {
		q[i] = img.SubImage(image.Rectangle{o, o.Add(image.Pt(rad, rad))}).(*ebiten.Image)
	}
	cornerDiscs[rad] = q
	return q
}
