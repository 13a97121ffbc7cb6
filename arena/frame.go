package arena

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// MaxFrame is the largest frame payload accepted, 1 MiB. A state is about 1 KB.
const MaxFrame = 1 << 20

// ErrFrameTooLarge is returned for a frame whose length exceeds MaxFrame.
var ErrFrameTooLarge = errors.New("frame too large")

// ReadFrame reads one frame: a 4-byte big-endian signed length, then that many
// bytes of UTF-8. It returns io.EOF when the peer closed the connection
// cleanly before a frame started, and a descriptive error for a negative or
// oversized length, a frame cut short, or bytes that are not UTF-8.
func ReadFrame(r io.Reader) ([]byte, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("frame length cut short: %w", err)
		}
		return nil, err
	}
	n := int32(binary.BigEndian.Uint32(hdr[:]))
	switch {
	case n < 0:
		return nil, fmt.Errorf("bad frame: negative length %d", n)
	case n > MaxFrame:
		return nil, fmt.Errorf("bad frame: length %d over the %d-byte limit: %w", n, MaxFrame, ErrFrameTooLarge)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("bad frame: %d-byte payload cut short: %w", n, err)
	}
	if !utf8.Valid(buf) {
		return nil, errors.New("bad frame: payload is not UTF-8")
	}
	return buf, nil
}

// WriteFrame writes payload as one frame (length and bytes in one write).
func WriteFrame(w io.Writer, payload []byte) error {
	if len(payload) > MaxFrame {
		return fmt.Errorf("cannot send a %d-byte frame: %w", len(payload), ErrFrameTooLarge)
	}
	buf := make([]byte, 4+len(payload))
	binary.BigEndian.PutUint32(buf, uint32(len(payload)))
	copy(buf[4:], payload)
	_, err := w.Write(buf)
	return err
}

// WriteJSON encodes v as JSON and writes it as one frame.
func WriteJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return WriteFrame(w, b)
}
