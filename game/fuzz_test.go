package game

import (
	"bytes"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// seedPositions are the positions of the worked and extra rule cases.
func seedPositions() []string {
	out := []string{StartFEN}
	for _, c := range append(slices.Clone(workedCases), moreCases...) {
		out = append(out, c.pos)
		if len(c.want) > 10 {
			out = append(out, c.want)
		}
	}
	return out
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range seedPositions() {
		f.Add(s)
	}
	f.Add("k........./. w")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		str := p.String()
		q, err := ParsePosition(str)
		if err != nil {
			t.Fatalf("ParsePosition(%q) ok but its String %q fails: %v", s, str, err)
		}
		if q != p || q.String() != str {
			t.Fatalf("round trip of %q: %s != %s", s, diagram(&p), diagram(&q))
		}
		if p.Hash() != computeHash(&p) {
			t.Fatalf("hash of %q", s)
		}
		// Moves of any well-formed position agree with the reference, and Make
		// never breaks the position.
		compareWithReference(t, p)
	})
}

func FuzzParseMove(f *testing.F) {
	for _, c := range append(slices.Clone(workedCases), moreCases...) {
		f.Add(c.move)
	}
	f.Add("E4E7")
	f.Add("e4-e10")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		if !m.From().Valid() || !m.To().Valid() || m.From() == m.To() {
			t.Fatalf("ParseMove(%q) = %v: bad squares", s, m)
		}
		m2, err := ParseMove(m.String())
		if err != nil || m2 != m {
			t.Fatalf("ParseMove(%q) = %v, but %q gives %v, %v", s, m, m.String(), m2, err)
		}
	})
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"e5", "A1", "i9", "j1", "e0", "", "e55"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := ParseSquare(s)
		if err != nil {
			if sq != NoSquare {
				t.Fatalf("ParseSquare(%q) failed but returned %v", s, sq)
			}
			return
		}
		if !sq.Valid() || len(s) != 2 {
			t.Fatalf("ParseSquare(%q) = %v", s, sq)
		}
		if sq2, err := ParseSquare(sq.String()); err != nil || sq2 != sq {
			t.Fatalf("ParseSquare(%q) = %v, round trip %v %v", s, sq, sq2, err)
		}
	})
}

func FuzzReadRecord(f *testing.F) {
	f.Add([]byte(repetitionRecord))
	f.Add([]byte("Format: tablut-record 1\nResult: WW\nReason: Black resigned\n\n1. e3-d3\n"))
	for _, c := range workedCases {
		if c.want == "illegal" {
			continue
		}
		f.Add([]byte("Format: tablut-record 1\nStart: " + c.pos + "\n\n1. ... " + c.move + "\n"))
		f.Add([]byte("Format: tablut-record 1\nStart: " + c.pos + "\nResult: " + c.want + "\n\n1. " + c.move + "\n"))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, meta, err := ReadRecord(bytes.NewReader(data))
		if err != nil {
			if bytes.ContainsRune([]byte(err.Error()), '\n') {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		var b1 bytes.Buffer
		require.NoError(t, g.WriteRecord(&b1, meta), "a record read back fails to write")
		g2, meta2, err := ReadRecord(bytes.NewReader(b1.Bytes()))
		require.NoError(t, err, "a written record fails to read:\n%s", b1.String())
		if !sameGame(g, g2) || meta2.White != meta.White || meta2.Black != meta.Black ||
			meta2.Date != meta.Date || !slices.Equal(meta2.Tags, meta.Tags) {
			t.Fatalf("record changed on a round trip:\n%s", b1.String())
		}
		var b2 bytes.Buffer
		require.NoError(t, g2.WriteRecord(&b2, meta2))
		require.Equal(t, b1.String(), b2.String(), "writing is not stable")
	})
}
