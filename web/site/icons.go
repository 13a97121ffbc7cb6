package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"

	"github.com/tablut-ai/tablut/internal/ico"
	"github.com/tablut-ai/tablut/ui/shapes"
)

// Background is the page's colour (index.html's body), which the manifest
// names for the splash screen and the browser's bars, and which fills the
// icons that may not be transparent.
var Background = color.RGBA{0x20, 0x26, 0x2b, 0xff}

// backgroundCSS is Background as CSS writes it.
const backgroundCSS = "#20262b"

// Manifest is the web app manifest's name.
const Manifest = "manifest.webmanifest"

// The icons the site carries, each drawn by ui/shapes at its own size (as
// the release's icons, packaging/icons), none committed as a binary.
const (
	favicon    = "favicon.ico"          // 16, 32 and 48 px: the tab, bookmarks
	appleTouch = "apple-touch-icon.png" // 180 px, opaque: iOS home screens
)

// manifestIcon is an icon of the manifest: a file, its edge in pixels, and
// whether it is maskable (drawn within the safe zone on an opaque square,
// for Android's round or squircle masks).
type manifestIcon struct {
	name     string
	size     int
	maskable bool
}

var manifestIcons = []manifestIcon{
	{"icon-192.png", 192, false},
	{"icon-512.png", 512, false},
	{"icon-maskable-192.png", 192, true},
	{"icon-maskable-512.png", 512, true},
}

// installIcon says whether the file name is one of the icons a browser
// fetches only to install the page (the manifest's, the apple-touch icon).
func installIcon(name string) bool {
	if name == appleTouch {
		return true
	}
	for _, ic := range manifestIcons {
		if ic.name == name {
			return true
		}
	}
	return false
}

// maskableScale is the icon's edge on a maskable square, in units of the
// square's: a launcher may cut all but the centred circle of 0.8 of the
// edge (the W3C manifest's safe zone); the king's disc and shadow take 0.84
// of the icon's edge plus the shadow's offset, so 0.86 keeps them inside.
const maskableScale = 0.86

// onBackground draws the icon, edge scale*size, centred on an opaque square
// of the page's colour, size pixels wide.
func onBackground(size int, scale float64) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	draw.Draw(img, img.Bounds(), image.NewUniform(Background), image.Point{}, draw.Src)
	n := int(scale*float64(size) + 0.5)
	off := (size - n) / 2
	draw.Draw(img, image.Rect(off, off, off+n, off+n), shapes.Icon(n), image.Point{}, draw.Over)
	return img
}

// writeIcons writes the favicon, the apple-touch icon, the manifest's icons
// and the manifest into dir.
func writeIcons(dir string) error {
	var b bytes.Buffer
	if err := ico.Write(&b, []int{48, 32, 16}, func(n int) image.Image { return shapes.Icon(n) }); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, favicon), b.Bytes(), 0o644); err != nil {
		return err
	}
	// iOS shows a transparent touch icon on black and rounds the corners
	// itself: the icon on the page's colour, full size.
	if err := writePNG(filepath.Join(dir, appleTouch), onBackground(180, 1)); err != nil {
		return err
	}
	type iconJSON struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose"`
	}
	var icons []iconJSON
	for _, ic := range manifestIcons {
		img, purpose := image.Image(shapes.Icon(ic.size)), "any"
		if ic.maskable {
			img, purpose = onBackground(ic.size, maskableScale), "maskable"
		}
		if err := writePNG(filepath.Join(dir, ic.name), img); err != nil {
			return err
		}
		icons = append(icons, iconJSON{ic.name, sizeString(ic.size), "image/png", purpose})
	}
	m, err := json.MarshalIndent(map[string]any{
		"name":             "Tablut",
		"short_name":       "Tablut",
		"description":      "Ashton Tablut, the Viking board game, against an AI that can show how it thinks.",
		"lang":             "en",
		"start_url":        ".",
		"scope":            ".",
		"display":          "standalone",
		"orientation":      "any",
		"background_color": backgroundCSS,
		"theme_color":      backgroundCSS,
		"categories":       []string{"games"},
		"icons":            icons,
	}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, Manifest), append(m, '\n'), 0o644)
}

// sizeString is an icon's sizes as the manifest writes them, e.g. 192x192.
func sizeString(n int) string { return fmt.Sprintf("%dx%d", n, n) }

func writePNG(path string, img image.Image) error {
	var b bytes.Buffer
	// Best compression: the icons are fetched by every first visit.
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
