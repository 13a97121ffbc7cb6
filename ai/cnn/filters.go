package cnn

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Geometry of the filter figure, in pixels.
const (
	filterCell   = 16 // side of one weight's square
	filterGap    = 10 // space between two filters
	filterMargin = 14
	filterTile   = 3 * filterCell
	captionLines = 2
	captionLine  = 16
)

// DrawFilters draws the 64 first-layer filters of n as in the seed's figure: an
// 8x8 grid of 3x3 tiles, filter o at row o/8, column o%8, each weight a square
// that is green when positive and red when negative, brighter with its
// magnitude (scaled so the largest |w| of the layer is full intensity), on a
// dark background. Kernel row 0 (the smaller rank) is the top of a tile. The
// caption names the network (n.Name) and gives the scale. For a network with
// piece planes each filter is three tiles side by side, its weights on the
// white-pawn, black-pawn and king planes. The image is an *image.RGBA.
func (n *Network) DrawFilters() image.Image {
	ch := n.Input.Channels()
	filterW := ch*filterTile + (ch-1)*filterCell/4 // one filter's tiles
	grid := 8*filterTile + 7*filterGap
	gridW := 8*filterW + 7*filterGap
	w := max(gridW+2*filterMargin, 420)
	h := grid + 2*filterMargin + captionLines*captionLine + 4
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{20, 20, 20, 255}), image.Point{}, draw.Src)

	var maxAbs float64
	for _, v := range n.W[0] {
		maxAbs = max(maxAbs, math.Abs(float64(v)))
	}
	frame := image.NewUniform(color.RGBA{90, 90, 90, 255})
	for o := 0; o < 64 && len(n.W[0]) == n.LayerLen(0); o++ {
		for c := 0; c < ch; c++ {
			x0 := filterMargin + (o%8)*(filterW+filterGap) + c*(filterTile+filterCell/4)
			y0 := filterMargin + (o/8)*(filterTile+filterGap)
			draw.Draw(img, image.Rect(x0-1, y0-1, x0+filterTile+1, y0+filterTile+1), frame, image.Point{}, draw.Src)
			for ky := 0; ky < 3; ky++ {
				for kx := 0; kx < 3; kx++ {
					v := float64(n.W[0][((o*3+ky)*3+kx)*ch+c])
					r := image.Rect(x0+kx*filterCell, y0+ky*filterCell, x0+(kx+1)*filterCell, y0+(ky+1)*filterCell)
					draw.Draw(img, r, image.NewUniform(weightColor(v, maxAbs)), image.Point{}, draw.Src)
				}
			}
		}
	}

	d := font.Drawer{Dst: img, Src: image.NewUniform(color.RGBA{230, 230, 230, 255}), Face: basicfont.Face7x13}
	lines := [captionLines]string{
		n.Name(),
		fmt.Sprintf("layer 1: 64 filters 3x3, green > 0, red < 0, max |w| %.3g", maxAbs),
	}
	if ch == 3 {
		lines[0] = n.Name() + ": each filter's white pawn, black pawn and king planes"
	}
	for i, s := range lines {
		d.Dot = fixed.P(filterMargin, grid+2*filterMargin+(i+1)*captionLine-2)
		d.DrawString(s)
	}
	return img
}

// weightColor maps a weight to green (positive) or red (negative) with
// intensity |v|/maxAbs; zero is black.
func weightColor(v, maxAbs float64) color.RGBA {
	if maxAbs == 0 {
		return color.RGBA{0, 0, 0, 255}
	}
	c := uint8(math.Round(255 * math.Min(1, math.Abs(v)/maxAbs)))
	if v >= 0 {
		return color.RGBA{0, c, 0, 255}
	}
	return color.RGBA{c, 0, 0, 255}
}
