// Command icons writes the application icon files a release ships, each size
// drawn by package ui/shapes at that size (never scaled from another):
//
//	DIR/hicolor/NxN/apps/tablut.png   N = 16, 24, 32, 48, 64, 128, 256, 512
//	DIR/tablut.ico                    16, 20, 24, 32, 40, 48, 64 and 256 px
//
// The hicolor folders are the freedesktop Icon Theme Specification's fallback
// theme, which every Linux desktop searches by the desktop entry's Icon=tablut;
// the Linux packages install them under /usr/share/icons. The .ico is the
// Windows icon (go-winres reads it in the release build and puts every size
// in tablut.exe): Windows picks 16, 20, 24 or 32 px for small icons as the
// display's scale is 100, 125, 150 or 200 %, and 32 to 256 for large ones.
//
// The .ico's images are PNGs (package internal/ico writes the file).
//
// The release build (.goreleaser.yaml) runs `go run ./packaging/icons -o
// dist-icons` as a before hook.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"

	"github.com/tablut-ai/tablut/internal/ico"
	"github.com/tablut-ai/tablut/ui/shapes"
)

// hicolorSizes are the theme's folders written: IconSizes without the 1024
// px, for which the theme has no folder.
var hicolorSizes = []int{16, 24, 32, 48, 64, 128, 256, 512}

// icoSizes are the images of the .ico, largest first as Windows' own icons
// list them.
var icoSizes = []int{256, 64, 48, 40, 32, 24, 20, 16}

func main() {
	out := flag.String("o", "", "directory to write hicolor/ and tablut.ico to (required)")
	flag.Parse()
	if *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: icons -o DIR")
		os.Exit(2)
	}
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "icons:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	for _, n := range hicolorSizes {
		var p bytes.Buffer
		if err := png.Encode(&p, shapes.Icon(n)); err != nil {
			return err
		}
		dir := filepath.Join(out, "hicolor", fmt.Sprintf("%dx%d", n, n), "apps")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "tablut.png"), p.Bytes(), 0o644); err != nil {
			return err
		}
	}
	var ico bytes.Buffer
	if err := writeICO(&ico, icoSizes); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(out, "tablut.ico"), ico.Bytes(), 0o644)
}

// writeICO writes an .ico file of the icon drawn at each of sizes (1 to 256
// pixels), as PNG images (package internal/ico).
func writeICO(w io.Writer, sizes []int) error {
	return ico.Write(w, sizes, func(n int) image.Image { return shapes.Icon(n) })
}
