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
	if n, err := DecodeName([]byte(`"Tab by_12345678!"`)); err != nil || n != "Tabby12345" {
		t.Errorf("DecodeName = %q, %v", n, err)
	}
	for _, bad := range []string{`Tabby`, `{"name":"x"}`, `42`, ``} {
		if _, err := DecodeName([]byte(bad)); err == nil {
			t.Errorf("DecodeName(%q) accepted", bad)
		}
	}
	if m, err := DecodeMove([]byte(`{"from":"E4","to":"f4","turn":"WHITE"}`)); err != nil || m != game.NewMove(game.Sq(4, 3), game.Sq(5, 3)) {
		t.Errorf("DecodeMove = %v, %v", m, err)
	}
	for _, bad := range []string{`{"from":"z9","to":"a1"}`, `{"from":"e4","to":"f5"}`, `{"from":"e4"}`, `{"from":`, `null`, `[1,2]`, `{"from":"e4","to":"e4"}`} {
		if _, err := DecodeMove([]byte(bad)); err == nil {
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
func FuzzDecode(f *testing.F) {
	g := game.NewGame(game.StartPosition())
	st, _ := json.Marshal(EncodeState(g))
	for _, s := range []string{string(st), `"Tabby"`, `{"from":"e4","to":"f4","turn":"WHITE"}`, `{"board":[[]],"turn":"DRAW"}`} {
		f.Add(frame(int32(len(s)), s))
	}
	f.Add(frame(-1, ""))
	f.Add([]byte{0x7f, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := bytes.NewReader(data)
		for {
			b, err := ReadFrame(r)
			if err != nil {
				return
			}
			DecodeName(b)
			DecodeMove(b)
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
