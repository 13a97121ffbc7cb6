package ui

import (
	"bytes"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tablut-ai/tablut/assets"
)

// fonts are the typefaces the window uses, parsed once.
type fonts struct {
	regular, bold, mono *text.GoTextFaceSource
}

func loadFonts() (*fonts, error) {
	var f fonts
	var err error
	if f.regular, err = text.NewGoTextFaceSource(bytes.NewReader(assets.FontRegular)); err != nil {
		return nil, err
	}
	if f.bold, err = text.NewGoTextFaceSource(bytes.NewReader(assets.FontBold)); err != nil {
		return nil, err
	}
	if f.mono, err = text.NewGoTextFaceSource(bytes.NewReader(assets.FontMono)); err != nil {
		return nil, err
	}
	return &f, nil
}

// face returns a face of src at size pixels, rounded to half pixels so that the
// glyph cache sees few sizes.
func face(src *text.GoTextFaceSource, size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: src, Size: math.Max(6, math.Round(size*2)/2)}
}

// alignment of drawn text relative to its anchor point.
type align uint8

const (
	alignLeft align = iota
	alignCenter
	alignRight
)

// drawText draws s with its vertical centre at y and its left edge, centre or
// right edge at x.
func drawText(dst *ebiten.Image, s string, f *text.GoTextFace, x, y float64, clr color.Color, a align) {
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(clr)
	op.PrimaryAlign = [...]text.Align{text.AlignStart, text.AlignCenter, text.AlignEnd}[a]
	op.SecondaryAlign = text.AlignCenter
	text.Draw(dst, s, f, op)
}

// textWidth measures s in f.
func textWidth(s string, f *text.GoTextFace) float64 { return text.Advance(s, f) }

// pathOpts returns antialiased path options in colour clr.
func pathOpts(clr color.Color) *vector.DrawPathOptions {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(clr)
	return op
}

func fillPath(dst *ebiten.Image, p *vector.Path, clr color.Color) {
	vector.FillPath(dst, p, nil, pathOpts(clr))
}

func strokePath(dst *ebiten.Image, p *vector.Path, width float64, clr color.Color) {
	vector.StrokePath(dst, p, &vector.StrokeOptions{Width: float32(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}, pathOpts(clr))
}

func fillRect(dst *ebiten.Image, r rect, clr color.Color) {
	vector.FillRect(dst, float32(r.x), float32(r.y), float32(r.w), float32(r.h), clr, true)
}

func fillCircle(dst *ebiten.Image, x, y, r float64, clr color.Color) {
	vector.FillCircle(dst, float32(x), float32(y), float32(r), clr, true)
}

// strokeCircle draws a ring of width w centred on radius r. It is filled as an
// annulus (two circles of opposite winding under the non-zero rule) rather than
// stroked: Ebitengine's vector stroker puts a round join on every flattened
// segment of an arc, which makes a single stroked circle tens of thousands of
// vertices and kept the command queue's vertex buffer hundreds of megabytes
// large.
func strokeCircle(dst *ebiten.Image, x, y, r, w float64, clr color.Color) {
	var p vector.Path
	cx, cy := float32(x), float32(y)
	ro, ri := float32(r+w/2), float32(math.Max(0, r-w/2))
	p.MoveTo(cx+ro, cy)
	p.Arc(cx, cy, ro, 0, 2*math.Pi, vector.Clockwise)
	p.Close()
	p.MoveTo(cx+ri, cy)
	p.Arc(cx, cy, ri, 2*math.Pi, 0, vector.CounterClockwise)
	p.Close()
	fillPath(dst, &p, clr)
}

func line(dst *ebiten.Image, x0, y0, x1, y1, w float64, clr color.Color) {
	vector.StrokeLine(dst, float32(x0), float32(y0), float32(x1), float32(y1), float32(w), clr, true)
}

// roundRect returns the path of r with corners of radius rad.
func roundRect(r rect, rad float64) *vector.Path {
	rad = math.Min(rad, math.Min(r.w, r.h)/2)
	var p vector.Path
	x0, y0, x1, y1 := float32(r.x), float32(r.y), float32(r.x+r.w), float32(r.y+r.h)
	rr := float32(rad)
	p.MoveTo(x0+rr, y0)
	p.LineTo(x1-rr, y0)
	p.ArcTo(x1, y0, x1, y0+rr, rr)
	p.LineTo(x1, y1-rr)
	p.ArcTo(x1, y1, x1-rr, y1, rr)
	p.LineTo(x0+rr, y1)
	p.ArcTo(x0, y1, x0, y1-rr, rr)
	p.LineTo(x0, y0+rr)
	p.ArcTo(x0, y0, x0+rr, y0, rr)
	p.Close()
	return &p
}

func fillRoundRect(dst *ebiten.Image, r rect, rad float64, clr color.Color) {
	fillPath(dst, roundRect(r, rad), clr)
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
