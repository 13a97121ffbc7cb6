package shapes

import (
	"image"
	"math"
)

// iconRadius is the king's radius in the icon, in units of its edge: the
// disc and its shadow leave about a twentieth of the edge free around them.
const iconRadius = 0.42

// Icon draws the application icon, size pixels square, on a transparent
// background: the king as the board draws it (Piece), with its shadow. The
// proportions are the board's, with two changes for small sizes, where the
// board's thinnest lines would fall under a pixel and blur into the face:
// a part thinner than a pixel is left out (the shadow's offset, the gold
// inner ring) or widened to a pixel (the rim, the crown's dark lines), and
// without the inner ring the crown takes the room it leaves. The disc's
// centre, radius and rim are whole pixels, so its edge is sharp at 16 px.
// A size below 1 gives an empty image.
func Icon(size int) *image.RGBA {
	c := NewCanvas(size, size)
	if size < 1 {
		return c.Img
	}
	s := float64(size)
	r := math.Round(iconRadius * s)
	cell := r / kingRadius // the square the king would stand on
	dx, dy := cell*shadowDX, cell*shadowDY
	shadow := dy >= 1
	cx, cy := s/2, s/2
	if shadow {
		// The disc and its shadow together centred.
		cx, cy = math.Round(s/2-dx/2), math.Round(s/2-dy/2)
		c.Circle(cx+dx, cy+dy, r, false)
		c.Fill(Shadow)
	}
	c.Circle(cx, cy, r, false)
	c.Fill(GoldDark)
	c.Circle(cx, cy, r-max(1, math.Round(cell*kingInset)), false)
	c.Fill(WhitePiece)
	crown := r * kingCrown
	if ringW := cell * kingRingW; ringW >= 1 {
		c.Ring(cx, cy, r-cell*kingRingIn, ringW)
		c.Fill(Gold)
	} else {
		crown = r * 0.7
	}
	c.Crown(cx, cy+cell*kingCrownY, crown, 1)
	return c.Img
}
