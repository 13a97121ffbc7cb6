package player

import (
	"fmt"
	"image"
	"math"

	"github.com/tablut-ai/tablut/weights"
)

// This file is what the game window needs to know about networks without
// reaching into weights or ai/cnn itself: which networks are shipped, and
// the picture of a network's first layer for the classroom view.

// ShippedNets lists the names of the networks shipped in package weights,
// sorted; "cnn:NAME" plays each.
func ShippedNets() []string { return weights.Names() }

// IsShippedNet reports whether a network named name is shipped.
func IsShippedNet(name string) bool { return isShipped(name) }

// FilterPicture draws the first-layer filters of the network net (a shipped
// name or a file, as in LoadNet): the grid of cnn.Network.DrawFilters
// without its caption, cut off so that a window can write its own in its
// own type, and that caption's substance, the weight shown at full
// brightness.
func FilterPicture(net string) (img image.Image, caption string, err error) {
	n, err := LoadNet(net)
	if err != nil {
		return nil, "", err
	}
	img = n.DrawFilters()
	b := img.Bounds()
	side := b.Dx() // a one-plane grid is square; the caption lies below it
	type subImager interface {
		SubImage(image.Rectangle) image.Image
	}
	if s, ok := img.(subImager); ok && b.Dy() > side {
		img = s.SubImage(image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Min.Y+side))
	}
	var m float64
	for _, w := range n.W[0] {
		m = math.Max(m, math.Abs(float64(w)))
	}
	return img, fmt.Sprintf("full brightness: |w| = %.3g", m), nil
}
