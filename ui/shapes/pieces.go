package shapes

import (
	"image/color"

	"github.com/tablut-ai/tablut/game"
)

// The pieces' colours (the window's palette, ui/theme.go, takes them from
// here).
var (
	Shadow     = color.NRGBA{0x00, 0x00, 0x00, 0x50}
	WhitePiece = color.NRGBA{0xf7, 0xf2, 0xe6, 0xff}
	WhiteRim   = color.NRGBA{0x57, 0x46, 0x36, 0xff}
	WhiteInner = color.NRGBA{0xd8, 0xcd, 0xb6, 0xff}
	BlackPiece = color.NRGBA{0x2b, 0x2e, 0x36, 0xff}
	BlackRim   = color.NRGBA{0x0d, 0x0e, 0x11, 0xff}
	BlackInner = color.NRGBA{0x4c, 0x52, 0x5e, 0xff}
	Gold       = color.NRGBA{0xe2, 0xad, 0x2c, 0xff}
	GoldDark   = color.NRGBA{0x8a, 0x5f, 0x0c, 0xff}
)

// The pieces' proportions, in units of a square's side.
const (
	pawnRadius = 0.355
	kingRadius = 0.405
	shadowDX   = 0.025 // the drop shadow's offset
	shadowDY   = 0.045
	pawnInset  = 0.05  // the white pawn's rim
	pawnInsetB = 0.04  // the black pawn's rim
	pawnRingW  = 0.03  // the pawns' inner ring, at 0.55 of the radius
	kingInset  = 0.045 // the king's rim
	kingRingIn = 0.085 // the king's inner ring: this far inside the edge,
	kingRingW  = 0.022 // this wide
	kingCrown  = 0.62  // the crown's half-width, in units of the radius
	kingCrownY = 0.01  // the crown's centre below the piece's
)

// Piece draws piece pc centred at (x, y) for squares of side cell: a drop
// shadow, a rim, the face, an inner ring, and the king's crown.
func (c *Canvas) Piece(pc game.Piece, x, y, cell float64) {
	if pc == game.Empty {
		return
	}
	r := cell * pawnRadius
	if pc == game.King {
		r = cell * kingRadius
	}
	c.Circle(x+cell*shadowDX, y+cell*shadowDY, r, false)
	c.Fill(Shadow)
	rim, face, inner, inset, ringR, ringW := WhiteRim, WhitePiece, WhiteInner, cell*pawnInset, r*0.55, cell*pawnRingW
	switch pc {
	case game.BlackPawn:
		rim, face, inner, inset = BlackRim, BlackPiece, BlackInner, cell*pawnInsetB
	case game.King:
		rim, face, inner, inset, ringR, ringW = GoldDark, WhitePiece, Gold, cell*kingInset, r-cell*kingRingIn, cell*kingRingW
	}
	c.Circle(x, y, r, false)
	c.Fill(rim)
	c.Circle(x, y, r-inset, false)
	c.Fill(face)
	c.Ring(x, y, ringR, ringW)
	c.Fill(inner)
	if pc == game.King {
		c.Crown(x, y+cell*kingCrownY, r*kingCrown, 0)
	}
}

// Crown draws the king's crown, about 2s wide, centred at (x, y): a gold
// outline of three points with a dark round-joined edge, a ball on each
// point and a band across its foot. Its dark lines are at least minLine
// pixels wide (0: as the proportions give), so that a small icon keeps them.
func (c *Canvas) Crown(x, y, s, minLine float64) {
	pts := [][2]float64{{-0.78, 0.55}, {-0.9, -0.42}, {-0.42, 0.02}, {0, -0.7}, {0.42, 0.02}, {0.9, -0.42}, {0.78, 0.55}}
	for i, q := range pts {
		pts[i] = [2]float64{x + q[0]*s, y + q[1]*s}
	}
	c.Polygon(pts)
	c.Fill(Gold)
	c.StrokeClosed(pts, max(s*0.12, minLine))
	c.Fill(GoldDark)
	for _, q := range [][2]float64{{-0.9, -0.42}, {0, -0.7}, {0.9, -0.42}} {
		c.Circle(x+q[0]*s, y+q[1]*s-s*0.08, max(s*0.13, minLine*0.6), false)
	}
	c.Fill(GoldDark)
	c.Segment(x-0.7*s, y+0.36*s, x+0.7*s, y+0.36*s, max(s*0.1, minLine))
	c.Fill(GoldDark)
}
