package shapes

import (
	"image/color"
	"math"
	"testing"
)

// The sizes the release's icon files and the window hold.
var iconSizes = []int{16, 20, 24, 32, 40, 48, 64, 128, 256, 512, 1024}

// TestIconAtEverySize checks the icon drawn at each size: square, a disc of
// the expected area on a transparent background, its edge on whole pixels
// (the leftmost pixel of the centre row the opaque rim, the one before it
// empty), and the crown's gold near the centre.
func TestIconAtEverySize(t *testing.T) {
	for _, n := range iconSizes {
		img := Icon(n)
		if b := img.Bounds(); b.Dx() != n || b.Dy() != n {
			t.Fatalf("Icon(%d) is %dx%d", n, b.Dx(), b.Dy())
		}
		for _, p := range [][2]int{{0, 0}, {n - 1, 0}, {0, n - 1}, {n - 1, n - 1}} {
			if a := img.RGBAAt(p[0], p[1]).A; a != 0 {
				t.Errorf("Icon(%d): corner %v has alpha %d, want transparent", n, p, a)
			}
		}
		cover := 0.0
		for i := 3; i < len(img.Pix); i += 4 {
			cover += float64(img.Pix[i]) / 255
		}
		// The disc's area, and at most that of the disc and its shadow
		// (translucent, at most the disc's area again).
		r := math.Round(iconRadius * float64(n))
		if disc := math.Pi * r * r; cover < disc*0.99 || cover > disc*1.5 {
			t.Errorf("Icon(%d) covers %.0f pixels, want from %.0f (a disc of radius %.0f) to %.0f", n, cover, disc, r, disc*1.5)
		}
		// The centre row, from the left: nothing, then the rim.
		y := 0
		for y < n && img.RGBAAt(n/2, y).A == 0 {
			y++
		}
		cy := y + int(r) // the disc's top is whole pixels above its centre
		x := 0
		for x < n && img.RGBAAt(x, cy).A == 0 {
			x++
		}
		if got := img.RGBAAt(x, cy); got.A < 240 || !near(got, GoldDark, 12) {
			t.Errorf("Icon(%d): the disc's left edge (%d,%d) is %v, want the opaque rim %v", n, x, cy, got, GoldDark)
		}
		gold := false
		for d := -int(r / 3); d <= int(r/3) && !gold; d++ {
			gold = near(img.RGBAAt(n/2, n/2+d), Gold, 12)
		}
		if !gold {
			t.Errorf("Icon(%d): no crown's gold %v on the centre column near the centre", n, Gold)
		}
	}
	if b := Icon(0).Bounds(); !b.Empty() {
		t.Errorf("Icon(0) is %v, want empty", b)
	}
}

// near reports whether the premultiplied c is within tol of the opaque want
// in each channel.
func near(c color.RGBA, want color.NRGBA, tol int) bool {
	d := func(a, b uint8) bool { return int(a)-int(b) <= tol && int(b)-int(a) <= tol }
	return d(c.R, want.R) && d(c.G, want.G) && d(c.B, want.B)
}
