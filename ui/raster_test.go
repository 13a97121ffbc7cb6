package ui

import (
	"image/color"
	"testing"
)

// The shapes' own tests (circles, rings, strokes, pieces) are package
// ui/shapes's; here is the window's rounded rectangle.

// premul is clr as the canvas stores it (premultiplied, 8 bits).
func premul(clr color.Color) color.RGBA { return color.RGBAModel.Convert(clr).(color.RGBA) }

func TestCanvasRoundRectEdgesOnWholePixels(t *testing.T) {
	const wd, ht = 60, 30
	c := newCanvas(wd, ht)
	c.roundRect(rect{0, 0, wd, ht}, 8)
	c.Fill(colButtonOn)
	want := premul(colButtonOn)
	for _, p := range [][2]int{{wd / 2, ht / 2}, {0, ht / 2}, {wd - 1, ht / 2}, {wd / 2, 0}, {wd / 2, ht - 1}} {
		if got := c.Img.RGBAAt(p[0], p[1]); got != want {
			t.Errorf("pixel %v = %v, want %v", p, got, want)
		}
	}
	for _, p := range [][2]int{{0, 0}, {wd - 1, 0}, {0, ht - 1}, {wd - 1, ht - 1}} {
		if got := c.Img.RGBAAt(p[0], p[1]); got.A != 0 {
			t.Errorf("corner %v = %v, want transparent", p, got)
		}
	}
}
