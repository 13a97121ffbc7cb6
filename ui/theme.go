package ui

import (
	"image/color"

	"github.com/tablut-ai/tablut/ui/shapes"
)

// The palette: a warm wooden board on a dark slate background.
var (
	colBackground = rgb(0x1b1f26)
	colPanel      = rgb(0x252a33)
	colPanelInset = rgb(0x1d2129)
	colButton     = rgb(0x353c48)
	colButtonHot  = rgb(0x444d5d)
	colButtonOn   = rgb(0x5a6b8c)
	colText       = rgb(0xe8e4da)
	colTextDim    = rgb(0x9aa1ad)
	colTextFaint  = rgb(0x6b7280)
	colAccent     = rgb(0xe0a030)
	colError      = rgb(0xff8a7a)
	colWin        = rgb(0x7ad68f) // "You win"
	colLose       = rgb(0xff8a7a) // "You lose"

	colFrame      = rgb(0x5e3f27)
	colFrameEdge  = rgb(0x3e2817)
	colCoord      = rgb(0xf0dfbf)
	colSquare     = rgb(0xecd8ae)
	colSquareAlt  = rgb(0xe5cf9f)
	colGrid       = rgb(0x9b7a52)
	colCamp       = rgb(0xc08f5a)
	colCampCentre = rgb(0xae7d4a)
	colThrone     = rgb(0x8f5634)
	colThroneMark = rgb(0xe9c98a)
	colEscape     = rgb(0xb9d3a4)
	colEscapeMark = rgb(0x6f9a5a)

	colLastMove = nrgba(0xf5c542, 0x78)
	colSelected = nrgba(0x4a90e2, 0x80)
	colDest     = nrgba(0x2c5f9e, 0xa0)

	// The pieces' colours are those of package shapes, which draws them
	// (and the application icon).
	colWhitePiece = shapes.WhitePiece
	colWhiteRim   = shapes.WhiteRim
	colBlackPiece = shapes.BlackPiece
	colBlackRim   = shapes.BlackRim
	colBlackInner = shapes.BlackInner
	colGold       = shapes.Gold
	colCapture    = rgb(0xe0523a)

	colMoveArrow  = rgb(0xf07c1e) // the side to move's moves in a PV
	colReplyArrow = rgb(0x3f7fd0) // the opponent's replies
	colHintArrow  = rgb(0x2fae5a)

	colEvalWhite   = rgb(0xf3eee2)
	colEvalBlack   = rgb(0x2b2e36)
	colEvalUnknown = rgb(0x5d626c) // the bar when no one evaluated the position
)

func rgb(v uint32) color.NRGBA {
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

func nrgba(v uint32, a uint8) color.NRGBA {
	c := rgb(v)
	c.A = a
	return c
}

// withAlpha scales c's opacity by a in [0, 1].
func withAlpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(float64(c.A)*max(0, min(1, a)) + 0.5)
	return c
}

// Colors returns the main colours of the board and pieces by name, for tests
// that check the pixels of the real window: "square", "squareAlt", "camp",
// "campCentre", "throne", "escape", "whitePiece", "blackPiece", "gold",
// "lastMove" (as blended over "square"), "button" and "buttonOn" (a chosen
// button of the start panel).
func Colors() map[string]color.NRGBA {
	return map[string]color.NRGBA{
		"square": colSquare, "squareAlt": colSquareAlt, "camp": colCamp, "campCentre": colCampCentre,
		"throne": colThrone, "escape": colEscape, "whitePiece": colWhitePiece,
		"blackPiece": colBlackPiece, "gold": colGold, "lastMove": blend(colSquare, colLastMove),
		"capture": colCapture, "button": colButton, "buttonOn": colButtonOn,
		"evalWhite": colEvalWhite, "evalBlack": colEvalBlack, "evalUnknown": colEvalUnknown,
		"accent": colAccent, "panelInset": colPanelInset, "error": colError,
	}
}

// blend returns top drawn over an opaque bottom.
func blend(bottom, top color.NRGBA) color.NRGBA {
	a := float64(top.A) / 255
	mix := func(b, t uint8) uint8 { return uint8(float64(b)*(1-a) + float64(t)*a + 0.5) }
	return color.NRGBA{mix(bottom.R, top.R), mix(bottom.G, top.G), mix(bottom.B, top.B), 255}
}
