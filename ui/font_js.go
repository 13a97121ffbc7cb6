//go:build js

package ui

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/opentype"
)

// fontSource is a parsed typeface drawn through golang.org/x/image's
// opentype rasteriser (text.GoXFace) rather than go-text's shaper: in a
// browser the shaper and its tables would be a large share of the page's
// download (docs/measurements.md, section Web build), and the window's text
// (Latin, no ligatures, no right-to-left) needs no shaping. An x/image face
// has one size, so the faces made are kept, one per rounded size.
type fontSource struct {
	font  *opentype.Font
	faces map[float64]text.Face
}

func newFontSource(ttf []byte) (*fontSource, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	return &fontSource{font: f, faces: map[float64]text.Face{}}, nil
}

// face returns a face of src at size pixels (rounded by faceSize): at 72 dpi
// a point is a pixel.
func face(src *fontSource, size float64) text.Face {
	size = faceSize(size)
	if f, ok := src.faces[size]; ok {
		return f
	}
	var f text.Face
	xf, err := opentype.NewFace(src.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// Only bad options fail, and these are fixed: still, text is
		// better drawn small than not at all.
		f = text.NewGoXFace(basicfont.Face7x13)
	} else {
		f = text.NewGoXFace(xf)
	}
	src.faces[size] = f
	return f
}
