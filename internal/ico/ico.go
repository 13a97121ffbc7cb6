// Package ico writes Windows .ico files whose images are PNGs, as Windows
// Vista and later, and every browser for a favicon, read them: a 6-byte
// header (0, type 1, the count), a 16-byte entry per image (width and height
// with 0 for 256, colour count, reserved, planes, bits per pixel, the data's
// length and offset; little-endian), then the images. The release's
// tablut.ico (packaging/icons) and the web page's favicon.ico (web/site) are
// both written here.
//
//   - ico.go: Write.
package ico

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/png"
	"io"
)

// Write writes an .ico file holding draw(n) for each n of sizes (1 to 256
// pixels, in the order given) as PNG images.
func Write(w io.Writer, sizes []int, draw func(n int) image.Image) error {
	var head, body bytes.Buffer
	le := binary.LittleEndian
	binary.Write(&head, le, [3]uint16{0, 1, uint16(len(sizes))})
	offset := 6 + 16*len(sizes)
	for _, n := range sizes {
		if n < 1 || n > 256 {
			return fmt.Errorf("an .ico image is 1 to 256 pixels wide, not %d", n)
		}
		var p bytes.Buffer
		if err := png.Encode(&p, draw(n)); err != nil {
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
