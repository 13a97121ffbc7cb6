//go:build !js

package ui

import (
	"bytes"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// fontSource is a parsed typeface: go-text's, which shapes text with
// HarfBuzz's rules.
type fontSource = text.GoTextFaceSource

func newFontSource(ttf []byte) (*fontSource, error) {
	return text.NewGoTextFaceSource(bytes.NewReader(ttf))
}

// face returns a face of src at size pixels (rounded by faceSize).
func face(src *fontSource, size float64) text.Face {
	return &text.GoTextFace{Source: src, Size: faceSize(size)}
}
