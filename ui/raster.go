package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ui/shapes"
)

// The shapes drawn once per size (the sprites: pieces, destination dot, badge
// disc, ring, button faces; the board's marks; the static layer's circles and
// rounded corners) are rasterised on the CPU by package ui/shapes
// (golang.org/x/image/vector) and uploaded as images. Drawing them with
// Ebitengine's antialiased vector paths instead queued many times the
// triangles of an ordinary frame on the first frame and on every resize, and
// Ebitengine's command queue keeps its vertex buffer at the largest frame's
// size for the life of the window (docs/measurements.md, section Memory).

// canvas is a shapes.Canvas with the window's own shapes (rounded
// rectangles on whole pixels, the board's marks) and its upload.
type canvas struct{ *shapes.Canvas }

func newCanvas(w, h int) *canvas { return &canvas{shapes.NewCanvas(w, h)} }

// image uploads the canvas as an Ebitengine image.
func (c *canvas) image() *ebiten.Image { return ebiten.NewImageFromImage(c.Img) }

// roundRect adds the rectangle r, its edges rounded to whole pixels, with
// corners of radius rad (also whole pixels), as fillRoundRect draws it.
func (c *canvas) roundRect(r rect, rad float64) {
	x0, y0 := math.Round(r.x), math.Round(r.y)
	x1, y1 := math.Round(r.x+r.w), math.Round(r.y+r.h)
	rad = math.Round(min(rad, min(x1-x0, y1-y0)/2))
	if rad <= 0 {
		c.Polygon([][2]float64{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}})
		return
	}
	c.MoveTo(x0+rad, y0)
	c.Arc(x1-rad, y0+rad, rad, -math.Pi/2, 0)
	c.Arc(x1-rad, y1-rad, rad, 0, math.Pi/2)
	c.Arc(x0+rad, y1-rad, rad, math.Pi/2, math.Pi)
	c.Arc(x0+rad, y0+rad, rad, math.Pi, 1.5*math.Pi)
	c.ClosePath()
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
	c.Polygon([][2]float64{
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
	c.StrokeClosed([][2]float64{{cx, cy - h}, {cx + h, cy}, {cx, cy + h}, {cx - h, cy}}, r.w*0.045)
	c.Fill(colThroneMark)
	in, w := r.inset(r.w*0.06), r.w*0.03
	c.rect(in.inset(-w/2), false)
	c.rect(in.inset(w/2), true)
	c.Fill(withAlpha(colThroneMark, 0.7))
}

// rect adds rectangle r, clockwise on the screen, or anticlockwise if hole
// is set.
func (c *canvas) rect(r rect, hole bool) {
	c.MoveTo(r.x, r.y)
	if hole {
		c.LineTo(r.x, r.y+r.h)
		c.LineTo(r.x+r.w, r.y+r.h)
		c.LineTo(r.x+r.w, r.y)
	} else {
		c.LineTo(r.x+r.w, r.y)
		c.LineTo(r.x+r.w, r.y+r.h)
		c.LineTo(r.x, r.y+r.h)
	}
	c.ClosePath()
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
	cv.Circle(float64(rad), float64(rad), float64(rad), false)
	cv.Fill(color.White)
	img := cv.image()
	var q [4]*ebiten.Image
	for i, o := range [4]image.Point{{0, 0}, {rad, 0}, {rad, rad}, {0, rad}} {
		q[i] = img.SubImage(image.Rectangle{o, o.Add(image.Pt(rad, rad))}).(*ebiten.Image)
	}
	cornerDiscs[rad] = q
	return q
}
