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
// An .ico file is a 6-byte header (0, type 1, the count), a 16-byte entry per
// image (width and height with 0 for 256, colour count, reserved, planes,
// bits per pixel, the data's length and offset; little-endian), then the
// images; since Windows Vista an image may be a PNG, which is what is written.
//
// The release build (.goreleaser.yaml) runs `go run ./packaging/icons -o
// dist-icons` as a before hook.
package main

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"

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
// pixels), as PNG images.
func writeICO(w io.Writer, sizes []int) error {
	var head, body bytes.Buffer
	le := binary.LittleEndian
	binary.Write(&head, le, [3]uint16{0, 1, uint16(len(sizes))})
	offset := 6 + 16*len(sizes)
	for _, n := range sizes {
		if n < 1 || n > 256 {
			return fmt.Errorf("an .ico image is 1 to 256 pixels wide, not %d", n)
		}
		var p bytes.Buffer
		if err := png.Encode(&p, shapes.Icon(n)); err != nil {
			return err
		}
		edge := uint8(n % 256) // 0 stands for 256
		binary.Write(&head, le, struct {
			W, H, Colours, Reserved uint8
			Planes, Bits            uint16
			Size, Offset            uint32
		}{edge, edge, 0, 0, 1, 32, uint32(p.Len()), uint32(offset)})
		offset += p.Len()
		body.Write(p.Bytes())
	}
	if _, err := w.Write(head.Bytes()); err != nil {
		return err
	}
	_, err := w.Write(body.Bytes())
	return err
}
