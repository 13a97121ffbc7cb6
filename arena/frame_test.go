package arena

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/game"
)

func frame(n int32, payload string) []byte {
	b := make([]byte, 4, 4+len(payload))
	binary.BigEndian.PutUint32(b, uint32(n))
	return append(b, payload...)
}

func TestFrameRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	for _, p := range []string{`"Tabby"`, ``, `{"from":"e4","to":"f4","turn":"WHITE"}`} {
		if err := WriteFrame(&buf, []byte(p)); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{`"Tabby"`, ``, `{"from":"e4","to":"f4","turn":"WHITE"}`} {
		b, err := ReadFrame(&buf)
		if err != nil || string(b) != p {
			t.Fatalf("ReadFrame = %q, %v; want %q", b, err, p)
		}
	}
	if _, err := ReadFrame(&buf); err != io.EOF {
		t.Fatalf("at the end: %v, want io.EOF", err)
	}
	if err := WriteFrame(io.Discard, make([]byte, MaxFrame+1)); !errors.Is(err, ErrFrameTooLarge) {
		t.Fatalf("oversized write: %v", err)
	}
}

func TestFrameRejects(t *testing.T) {
	cases := []struct {
		name string
		in   []byte
		want string
	}{
		{"negative length", frame(-5, "xxxxx"), "negative"},
		{"huge length", frame(MaxFrame+1, ""), "limit"},
		{"max int32", frame(1<<31-1, ""), "limit"},
		{"short header", []byte{0, 0}, "cut short"},
		{"short payload", frame(10, "abc"), "cut short"},
		{"not utf-8", frame(2, "\xff\xfe"), "UTF-8"},
	}
	for _, c := range cases {
		_, err := ReadFrame(bytes.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one containing %q", c.name, err, c.want)
		}
	}
}

func TestMessages(t *testing.T) {
	if n, err := decodeName([]byte(`"Tab by_12345678!"`)); err != nil || n != "Tabby12345" {
		t.Errorf("DecodeName = %q, %v", n, err)
	}
	for _, bad := range []string{`Tabby`, `{"name":"x"}`, `42`, ``} {
		if _, err := decodeName([]byte(bad)); err == nil {
			t.Errorf("DecodeName(%q) accepted", bad)
		}
	}
	if m, err := decodeMove([]byte(`{"from":"E4","to":"f4","turn":"WHITE"}`)); err != nil || m != game.NewMove(game.Sq(4, 3), game.Sq(5, 3)) {
		t.Errorf("DecodeMove = %v, %v", m, err)
	}
	for _, bad := range []string{`{"from":"z9","to":"a1"}`, `{"from":"e4","to":"f5"}`, `{"from":"e4"}`, `{"from":`, `null`, `[1,2]`, `{"from":"e4","to":"e4"}`} {
		if _, err := decodeMove([]byte(bad)); err == nil {
			t.Errorf("DecodeMove(%q) accepted", bad)
		}
	}
	g := game.NewGame(game.StartPosition())
	b, _ := json.Marshal(EncodeState(g))
	st, err := DecodeState(b)
	if err != nil || st.Pos.String() != game.StartFEN || st.Outcome != game.Ongoing {
		t.Fatalf("DecodeState(start) = %v, %v", st.Pos.String(), err)
	}
	good := string(b)
	for _, bad := range []string{
		strings.Replace(good, `"KING"`, `"QUEEN"`, 1),
		strings.Replace(good, `"turn":"WHITE"`, `"turn":"PURPLE"`, 1),
		strings.Replace(good, `"EMPTY"`, `"THRONE"`, 1),
		strings.Replace(good, `["EMPTY",`, `[`, 1),
		`{"board":[],"turn":"WHITE"}`,
		`{"turn":"WHITE"}`,
		`{"board":`, `"hello"`, `null`,
	} {
		if _, err := DecodeState([]byte(bad)); err == nil {
			t.Errorf("DecodeState accepted %.60s...", bad)
		}
	}
}

// FuzzDecode feeds arbitrary bytes to the frame reader and the three message
// decoders: they must return errors, never panic, and a state that decodes must
// survive a round trip through its encoding.
//
// The fuzzed input is small: either raw bytes, or the choice of one of a few
// valid frames with a short patch written over it at an offset and a cut.
// A whole state frame (about a kilobyte) as the input makes each new input
// cost seconds of minimisation, a few executions a minute in all.
func FuzzDecode(f *testing.F) {
	g := game.NewGame(game.StartPosition())
	st, _ := json.Marshal(EncodeState(g))
	var frames [][]byte
	for _, s := range []string{string(st), `"Tabby"`, `{"from":"e4","to":"f4","turn":"WHITE"}`, `{"board":[[]],"turn":"DRAW"}`} {
		frames = append(frames, frame(int32(len(s)), s))
	}
	for i := range frames {
		f.Add(uint8(i), uint16(0), []byte{}, uint16(0))
	}
	f.Add(uint8(0), uint16(40), []byte(`"KING"`), uint16(0))
	f.Add(uint8(0), uint16(0), []byte{}, uint16(100))
	f.Add(uint8(255), uint16(0), frame(-1, ""), uint16(0))
	f.Add(uint8(255), uint16(0), []byte{0x7f, 0xff, 0xff, 0xff}, uint16(0))
	f.Fuzz(func(t *testing.T, pick uint8, at uint16, patch []byte, cut uint16) {
		data := patch // raw bytes
		if int(pick) < len(frames) {
			data = edit(frames[pick], at, patch, cut)
		}
		r := bytes.NewReader(data)
		for {
			b, err := ReadFrame(r)
			if err != nil {
				return
			}
			decodeName(b)
			decodeMove(b)
			s, err := DecodeState(b)
			if err != nil {
				continue
			}
			enc, err := json.Marshal(s.Raw)
			if err != nil {
				t.Fatal(err)
			}
			s2, err := DecodeState(enc)
			if err != nil || s2.Pos.String() != s.Pos.String() || s2.Outcome != s.Outcome {
				t.Fatalf("state does not round-trip: %v vs %v (%v)", s.Pos.String(), s2.Pos.String(), err)
			}
		}
	})
}

// edit returns a copy of base with patch written over it from offset at
// (modulo its length, growing it if need be), then cut to cut bytes when cut
// is positive and shorter: the fuzz targets' small changes to a valid message.
func edit(base []byte, at uint16, patch []byte, cut uint16) []byte {
	data := base
	if len(base) > 0 {
		i := int(at) % len(base)
		data = make([]byte, 0, len(base)+len(patch))
		data = append(append(append(data, base[:i]...), patch...), base[min(i+len(patch), len(base)):]...)
	}
	if cut > 0 && int(cut) < len(data) {
		data = data[:cut]
	}
	return data
}
