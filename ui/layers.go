package ui

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tablut-ai/tablut/game"
)

// layer is an offscreen image drawn with vector shapes at the screen's own
// resolution and redrawn whenever what it shows changes (its key): the window
// size, the board's orientation, an overlay's state. Antialiased vector fills
// cost far more than copying an image, so everything that does not change from
// frame to frame is drawn once per size instead of once per frame. Nothing is
// ever scaled: a new size redraws the layer crisply.
type layer struct {
	img *ebiten.Image
	key string
	gen int // counts the redraws
}

// get returns the layer's image for a w x h screen, redrawn by draw if key or
// the size changed.
func (l *layer) get(w, h int, key string, draw func(dst *ebiten.Image)) *ebiten.Image {
	if l.img != nil && (l.img.Bounds().Dx() != w || l.img.Bounds().Dy() != h) {
		l.img.Deallocate()
		l.img = nil
	}
	if l.img == nil {
		l.img = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
		l.key = "\x00"
	}
	if l.key != key {
		l.img.Clear()
		draw(l.img)
		l.key = key
		l.gen++
	}
	return l.img
}

// release frees the layer's image; the next get draws a new one.
func (l *layer) release() {
	if l.img != nil {
		l.img.Deallocate()
		l.img = nil
		l.gen++
	}
}

// sprites are the pieces, the destination dot, the badge disc, the ring and
// the button faces, rasterised on the CPU once per size (raster.go).
type sprites struct {
	cell   float64
	size   int
	pieces [4]*ebiten.Image // indexed by game.Piece; Empty unused
	dot    *ebiten.Image
	disc   *ebiten.Image // white disc of radius cell*0.15, tinted for badges
	ring   *ebiten.Image // white ring of radius cell*0.45, tinted

	// Button faces in the hovered and switched-on colours.
	btnW, btnH    int
	btnHot, btnOn *ebiten.Image
}

// ensure redraws the sprites for squares of side cell.
func (s *sprites) ensure(cell float64) {
	if s.cell == cell && s.dot != nil {
		return
	}
	for _, img := range append(s.pieces[:], s.dot, s.disc, s.ring) {
		if img != nil {
			img.Deallocate()
		}
	}
	s.cell = cell
	s.size = int(math.Ceil(cell))
	c := float64(s.size) / 2
	cv := newCanvas(s.size, s.size)
	for _, pc := range []game.Piece{game.WhitePawn, game.BlackPawn, game.King} {
		cv.Clear()
		cv.Piece(pc, c, c, cell)
		s.pieces[pc] = cv.image()
	}
	cv.Clear()
	cv.Circle(c, c, cell*0.14, false)
	cv.Fill(colDest)
	s.dot = cv.image()
	cv.Clear()
	cv.Circle(c, c, cell*0.15, false)
	cv.Fill(color.White)
	s.disc = cv.image()
	cv.Clear()
	cv.Ring(c, c, cell*0.45, cell*0.07)
	cv.Fill(color.White)
	s.ring = cv.image()
}

// buttons returns the hovered and switched-on button faces for buttons of
// that size, drawn once per size.
func (s *sprites) buttons(r rect, u float64) (hot, on *ebiten.Image) {
	w, h := int(math.Ceil(r.w)), int(math.Ceil(r.h))
	if s.btnHot == nil || s.btnW != w || s.btnH != h {
		if s.btnHot != nil {
			s.btnHot.Deallocate()
			s.btnOn.Deallocate()
		}
		s.btnW, s.btnH = w, h
		cv := newCanvas(w, h)
		cv.roundRect(rect{0, 0, r.w, r.h}, 6*u)
		cv.Fill(colButtonHot)
		s.btnHot = cv.image()
		cv.Clear()
		cv.roundRect(rect{0, 0, r.w, r.h}, 6*u)
		cv.Fill(colButtonOn)
		s.btnOn = cv.image()
	}
	return s.btnHot, s.btnOn
}

// drawTinted draws a white sprite centred at (x, y), scaled by k, in colour clr.
func drawTinted(dst, img *ebiten.Image, x, y, k float64, clr color.Color) {
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	half := float64(img.Bounds().Dx()) / 2
	op.GeoM.Translate(-half, -half)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(clr)
	dst.DrawImage(img, op)
}

// whitePixel is the source image of solid triangles.
var whitePixel = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}()

// fillPolygon fills a convex polygon in one batched triangle draw. Unlike
// vector.FillPath it needs no stencil pass, which matters for shapes that change
// every frame (arrows).
func fillPolygon(dst *ebiten.Image, pts [][2]float64, clr color.Color) {
	r, g, b, a := clr.RGBA()
	vs := make([]ebiten.Vertex, len(pts))
	for i, p := range pts {
		vs[i] = ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1]), SrcX: 1, SrcY: 1,
			ColorR: float32(r) / 0xffff, ColorG: float32(g) / 0xffff, ColorB: float32(b) / 0xffff, ColorA: float32(a) / 0xffff}
	}
	var is []uint16
	for i := 1; i+1 < len(pts); i++ {
		is = append(is, 0, uint16(i), uint16(i+1))
	}
	op := &ebiten.DrawTrianglesOptions{}
	op.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	dst.DrawTriangles(vs, is, whitePixel, op)
}

// draw draws img centred at (x, y), scaled by k and with opacity alpha.
func drawCentered(dst, img *ebiten.Image, x, y, k, alpha float64) {
	if img == nil || alpha <= 0 {
		return
	}
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	half := float64(img.Bounds().Dx()) / 2
	op.GeoM.Translate(-half, -half)
	if k != 1 {
		op.GeoM.Scale(k, k)
	}
	tx, ty := x, y
	if k == 1 {
		// At rest a sprite lands on whole pixels, exactly as it was drawn.
		tx, ty = math.Round(x-half)+half, math.Round(y-half)+half
		op.Filter = ebiten.FilterNearest
	}
	op.GeoM.Translate(tx, ty)
	op.ColorScale.ScaleAlpha(float32(alpha))
	dst.DrawImage(img, op)
}

// quickRect fills r without antialiasing: a plain, batched image draw, for
// rectangles on whole pixels.
func quickRect(dst *ebiten.Image, r rect, clr color.Color) {
	vector.FillRect(dst, float32(r.x), float32(r.y), float32(r.w), float32(r.h), clr, false)
}
