package shapes

import (
	"image/color"
	"math"
	"testing"

	"github.com/tablut-ai/tablut/game"
)

// alphaSum is the canvas's total coverage in pixels.
func alphaSum(c *Canvas) float64 {
	sum := 0.0
	for i := 3; i < len(c.Img.Pix); i += 4 {
		sum += float64(c.Img.Pix[i]) / 255
	}
	return sum
}

// premul is clr as the canvas stores it (premultiplied, 8 bits).
func premul(clr color.Color) color.RGBA { return color.RGBAModel.Convert(clr).(color.RGBA) }

func TestCanvasCircleAndRingCoverTheirArea(t *testing.T) {
	const n, r, w = 64, 20.0, 6.0
	c := NewCanvas(n, n)
	c.Circle(32, 32, r, false)
	c.Fill(color.White)
	if got, want := alphaSum(c), math.Pi*r*r; math.Abs(got-want) > want*0.002 {
		t.Errorf("disc of radius %v covers %.1f pixels, want %.1f", r, got, want)
	}
	if got := c.Img.RGBAAt(32, 32); got != premul(color.White) {
		t.Errorf("disc centre %v, want opaque white", got)
	}
	if got := c.Img.RGBAAt(0, 0); got.A != 0 {
		t.Errorf("corner %v, want transparent", got)
	}

	// The ring's inner circle runs the other way, so it cuts a hole instead
	// of adding to the outer one.
	c.Clear()
	c.Ring(32, 32, r, w)
	c.Fill(color.White)
	if got, want := alphaSum(c), math.Pi*(math.Pow(r+w/2, 2)-math.Pow(r-w/2, 2)); math.Abs(got-want) > want*0.003 {
		t.Errorf("ring covers %.1f pixels, want %.1f", got, want)
	}
	if got := c.Img.RGBAAt(32, 32); got.A != 0 {
		t.Errorf("ring centre %v, want transparent", got)
	}
	if got := c.Img.RGBAAt(32+int(r), 32); got.A != 0xff {
		t.Errorf("ring at its radius %v, want opaque", got)
	}
}

func TestCanvasStrokeIsAnOutlineWhateverTheOrder(t *testing.T) {
	const w = 4.0
	tri := [][2]float64{{10, 10}, {10, 50}, {50, 50}}
	for _, pts := range [][][2]float64{tri, {tri[2], tri[1], tri[0]}} {
		c := NewCanvas(64, 64)
		c.StrokeClosed(pts, w)
		c.Fill(color.Black)
		// On an edge and on a corner, where the edges' rectangles and the
		// corner's disc overlap: opaque, not cancelled.
		for _, p := range [][2]int{{10, 30}, {30, 50}, {10, 50}, {30, 30}} {
			if a := c.Img.RGBAAt(p[0], p[1]).A; a != 0xff {
				t.Errorf("%v: alpha %d at %v on the outline, want 255", pts, a, p)
			}
		}
		// Inside the triangle, away from the outline, and outside it.
		for _, p := range [][2]int{{20, 40}, {40, 20}, {0, 0}} {
			if a := c.Img.RGBAAt(p[0], p[1]).A; a != 0 {
				t.Errorf("%v: alpha %d at %v off the outline, want 0", pts, a, p)
			}
		}
		// Outline area: the three edges' rectangles plus a full disc for
		// the corners' overlaps, roughly; within a few percent.
		perimeter := 40 + 40 + 40*math.Sqrt2
		if got, want := alphaSum(c), perimeter*w+math.Pi*w*w/4; math.Abs(got-want) > want*0.05 {
			t.Errorf("%v: outline covers %.1f pixels, want about %.1f", pts, got, want)
		}
	}
}

func TestCanvasPiecesFaceShadowAndCorners(t *testing.T) {
	const cell = 64.0
	for _, tc := range []struct {
		pc          game.Piece
		centre, rim color.NRGBA
		r           float64
	}{
		{game.WhitePawn, WhitePiece, WhiteRim, cell * pawnRadius},
		{game.BlackPawn, BlackPiece, BlackRim, cell * pawnRadius},
		{game.King, Gold, GoldDark, cell * kingRadius}, // the crown covers the centre
	} {
		c := NewCanvas(cell, cell)
		c.Piece(tc.pc, cell/2, cell/2, cell)
		if got := c.Img.RGBAAt(cell/2, cell/2); got != premul(tc.centre) {
			t.Errorf("%v: centre %v, want %v", tc.pc, got, premul(tc.centre))
		}
		// Just inside the edge on the left: the rim, opaque.
		if got := c.Img.RGBAAt(int(cell/2-tc.r+1), cell/2); got != premul(tc.rim) {
			t.Errorf("%v: rim %v, want %v", tc.pc, got, premul(tc.rim))
		}
		// Just outside the edge below: only the shadow, translucent black.
		if got := c.Img.RGBAAt(cell/2+1, int(cell/2+tc.r+1)); got.A == 0 || got.A == 0xff || got.R != 0 {
			t.Errorf("%v: below the piece %v, want the translucent shadow", tc.pc, got)
		}
		for _, p := range [][2]int{{0, 0}, {cell - 1, 0}, {0, cell - 1}, {cell - 1, cell - 1}} {
			if got := c.Img.RGBAAt(p[0], p[1]); got.A != 0 {
				t.Errorf("%v: corner %v = %v, want transparent", tc.pc, p, got)
			}
		}
	}
}
