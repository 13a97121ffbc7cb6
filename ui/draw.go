package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tablut-ai/tablut/assets"
)

// fonts are the typefaces the window uses, parsed once (a fontSource is
// go-text's on the desktop, x/image's opentype in a browser: font_*.go).
type fonts struct {
	regular, bold, mono *fontSource
}

func loadFonts() (*fonts, error) {
	var f fonts
	var err error
	if f.regular, err = newFontSource(assets.FontRegular); err != nil {
		return nil, err
	}
	if f.bold, err = newFontSource(assets.FontBold); err != nil {
		return nil, err
	}
	if f.mono, err = newFontSource(assets.FontMono); err != nil {
		return nil, err
	}
	return &f, nil
}

// faceSize rounds a face's size in pixels to half pixels, so that the glyph
// cache sees few sizes.
func faceSize(size float64) float64 { return math.Max(6, math.Round(size*2)/2) }

// alignment of drawn text relative to its anchor point.
type align uint8

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// drawText draws s with its vertical centre at y and its left edge, centre or
// right edge at x.
func drawText(dst *ebiten.Image, s string, f text.Face, x, y float64, clr color.Color, a align) {
	if textDrawn != nil {
		textDrawn(s, textBox(s, f, x, y, a), dst.Bounds())
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(clr)
	op.PrimaryAlign = [...]text.Align{text.AlignStart, text.AlignCenter, text.AlignEnd}[a]
	op.SecondaryAlign = text.AlignCenter
	text.Draw(dst, s, f, op)
}

// textDrawn, when set (by the tests that check that all text fits), is told
// of every string drawn, with the box it covers and the bounds of the image
// (often a region of the screen) it was drawn on, which clip it.
var textDrawn func(s string, box rect, clip image.Rectangle)

// textBox is the box that drawText covers with s: its advance across, and
// the face's ascent and descent, centred on y.
func textBox(s string, f text.Face, x, y float64, a align) rect {
	w := textWidth(s, f)
	m := f.Metrics()
	h := m.HAscent + m.HDescent
	switch a {
	case alignCenter:
		x -= w / 2
	case alignRight:
		x -= w
	}
	return rect{x, y - h/2, w, h}
}

// textWidth measures s in f.
func textWidth(s string, f text.Face) float64 { return text.AdvanceAt(s, len(s), f) }

// pathOpts returns antialiased path options in colour clr.
func pathOpts(clr color.Color) *vector.DrawPathOptions {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(clr)
	return op
}

func strokePath(dst *ebiten.Image, p *vector.Path, width float64, clr color.Color) {
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: float32(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, pathOpts(clr))
}

func fillRect(dst *ebiten.Image, r rect, clr color.Color) {
	vector.FillRect(dst, float32(r.x), float32(r.y), float32(r.w), float32(r.h), clr, true)
}

// fillCircle fills a circle of radius r centred at (x, y). It is rasterised
// on the CPU (raster.go) into a small image placed on whole pixels, which
// keeps the circle's sub-pixel position; an antialiased vector circle queued
// thousands of triangles. Each call uploads an image: it is meant for layers
// drawn once per size, not for every frame.
func fillCircle(dst *ebiten.Image, x, y, r float64, clr color.Color) {
	if r <= 0 {
		return
	}
	x0, y0 := math.Floor(x-r), math.Floor(y-r)
	c := newCanvas(int(math.Ceil(x+r)-x0), int(math.Ceil(y+r)-y0))
	c.Circle(x-x0, y-y0, r, false)
	c.Fill(clr)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x0, y0)
	dst.DrawImage(c.image(), op)
}

// fillRoundRect fills r with corners of radius rad. The body is plain
// rectangles on whole pixels; the corners are the quadrants of a disc
// rasterised on the CPU once per radius (cornerDisc), tinted. As an
// antialiased vector path, a large fill needs a stencil image twice its
// width, which Ebitengine keeps for the life of the window
// (docs/measurements.md, section Memory), and even a corner queues many
// triangles.
func fillRoundRect(dst *ebiten.Image, r rect, rad float64, clr color.Color) {
	x0, y0 := math.Round(r.x), math.Round(r.y)
	x1, y1 := math.Round(r.x+r.w), math.Round(r.y+r.h)
	rad = math.Round(math.Min(rad, math.Min(x1-x0, y1-y0)/2))
	if rad <= 0 {
		quickRect(dst, rect{x0, y0, x1 - x0, y1 - y0}, clr)
		return
	}
	// The body: a middle column the full height, and the two side columns
	// between the corners; the pieces do not overlap, so translucent colours
	// blend once everywhere.
	quickRect(dst, rect{x0 + rad, y0, x1 - x0 - 2*rad, y1 - y0}, clr)
	quickRect(dst, rect{x0, y0 + rad, rad, y1 - y0 - 2*rad}, clr)
	quickRect(dst, rect{x1 - rad, y0 + rad, rad, y1 - y0 - 2*rad}, clr)
	// The corners, whose straight edges lie on pixel boundaries, so that
	// they meet the body without a seam.
	q := cornerDisc(int(rad))
	for i, at := range [4][2]float64{{x0, y0}, {x1 - rad, y0}, {x1 - rad, y1 - rad}, {x0, y1 - rad}} {
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(at[0], at[1])
		op.ColorScale.ScaleWithColor(clr)
		dst.DrawImage(q[i], op)
	}
}

// arrow draws an arrow from (x0,y0) to (x1,y1); w is the shaft width.
func arrow(dst *ebiten.Image, x0, y0, x1, y1, w float64, clr color.Color) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l < 1 {
		return
	}
	ux, uy := dx/l, dy/l
	nx, ny := -uy, ux
	head := math.Min(w*3.0, l*0.6)
	hw := w * 1.45
	bx, by := x1-ux*head, y1-uy*head
	// Two convex pieces that touch without overlapping: the shaft and the head.
	fillPolygon(dst, [][2]float64{{x0 + nx*w/2, y0 + ny*w/2}, {bx + nx*w/2, by + ny*w/2}, {bx - nx*w/2, by - ny*w/2}, {x0 - nx*w/2, y0 - ny*w/2}}, clr)
	fillPolygon(dst, [][2]float64{{bx + nx*hw, by + ny*hw}, {x1, y1}, {bx - nx*hw, by - ny*hw}}, clr)
}
