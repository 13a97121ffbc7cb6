package puzzle

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestShippedParses: the embedded set parses, is sorted by rating then ID,
// and ByID finds every puzzle.
func TestShippedParses(t *testing.T) {
	ps, err := Read(bytes.NewReader(shippedText))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 {
		t.Fatal("the embedded set is empty")
	}
	sh := Shipped()
	if len(sh) != len(ps) {
		t.Fatalf("Shipped has %d puzzles, the file %d", len(sh), len(ps))
	}
	for i := 1; i < len(sh); i++ {
		a, b := sh[i-1], sh[i]
		if a.Rating > b.Rating || a.Rating == b.Rating && a.ID > b.ID {
			t.Fatalf("Shipped not sorted at %d: %d/%d before %d/%d", i, a.ID, a.Rating, b.ID, b.Rating)
		}
	}
	for _, p := range ps {
		q, ok := ByID(p.ID)
		if !ok || q.ID != p.ID || q.Start != p.Start {
			t.Fatalf("ByID(%d) = %v, %v", p.ID, q.ID, ok)
		}
	}
	if _, ok := ByID(0); ok {
		t.Error("ByID(0) found a puzzle")
	}
	if _, ok := ByID(len(ps) + 1000); ok {
		t.Error("ByID past the end found a puzzle")
	}
}

// TestRoundTrip: Write then Read gives the same puzzles, and writing again
// gives the same bytes.
func TestRoundTrip(t *testing.T) {
	ps := Shipped()
	var a bytes.Buffer
	if err := Write(&a, ps); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(ps) {
		t.Fatalf("read back %d puzzles, wrote %d", len(back), len(ps))
	}
	for i := range ps {
		p, q := ps[i], back[i]
		if p.ID != q.ID || p.Start != q.Start || p.Depth != q.Depth || p.Rating != q.Rating || p.Source != q.Source ||
			!equalSlices(p.Line, q.Line) || !equalSlices(p.Others, q.Others) || !equalSlices(p.Themes, q.Themes) {
			t.Fatalf("puzzle %d changed in the round trip:\n%+v\n%+v", p.ID, p, q)
		}
	}
	var b bytes.Buffer
	if err := Write(&b, back); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("a second write differs from the first")
	}
}

func equalSlices[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// goodFile is one valid puzzle (a win in 1: the king walks out from c3).
const goodFile = `Format: tablut-puzzles 1
# a comment

ID: 7
Start: ......B../..W....../..K...W.B/..B....../........./..B.B..../........./....B..../....B.... W
Depth: 1
Line: c3-a3
Others: 0
Themes: escape
Rating: 700
Source: a test
`

// TestReadErrors: each broken file gets one line naming its line number.
func TestReadErrors(t *testing.T) {
	if _, err := Read(strings.NewReader(goodFile)); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	cases := []struct{ name, from, to, want string }{
		{"no header", "Format: tablut-puzzles 1", "Format: other 2", "line 1: the file must start"},
		{"unknown key", "Rating: 700", "Ratng: 700", "line 10: unknown key"},
		{"no colon", "Rating: 700", "Rating 700", "line 10: want \"Key: value\""},
		{"bad id", "ID: 7", "ID: seven", "line 4: ID \"seven\""},
		{"bad position", "Start: ......B..", "Start: ......X..", "line 5: bad position"},
		{"bad depth", "Depth: 1", "Depth: 9", "line 6: Depth \"9\""},
		{"short line", "Line: c3-a3", "Line:", "line 7: a win in 1 needs 1 moves"},
		{"illegal move", "Line: c3-a3", "Line: c3-c1", "line 7: move 1, c3-c1, is not legal"},
		{"no win", "Line: c3-a3", "Line: c3-b3", "line 7: the line does not end in a win"},
		{"bad move", "Line: c3-a3", "Line: c3-z3", "line 7: bad move"},
		{"others count", "Others: 0", "Others: 0 1", "line 8: want 1 counts"},
		{"not unique", "Others: 0", "Others: 2", "line 8: the first move must be unique"},
		{"bad theme", "Themes: escape", "Themes: Escape!", "line 9: theme"},
		{"bad rating", "Rating: 700", "Rating: 99999", "line 10: Rating"},
		{"missing rating", "Rating: 700\n", "", "line 4: the puzzle has no Rating line"},
		{"twice", "Rating: 700", "Rating: 700\nRating: 800", "line 11: Rating given twice"},
		{"not id first", "ID: 7\n", "", "line 4: a puzzle must start with its ID line"},
	}
	for _, c := range cases {
		if !strings.Contains(goodFile, c.from) {
			t.Fatalf("%s: %q not in the good file", c.name, c.from)
		}
		_, err := Read(strings.NewReader(strings.Replace(goodFile, c.from, c.to, 1)))
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want one line containing %q", c.name, err, c.want)
		}
	}
	dup := goodFile + "\n" + strings.TrimPrefix(goodFile, "Format: tablut-puzzles 1\n")
	if _, err := Read(strings.NewReader(dup)); err == nil || !strings.Contains(err.Error(), "ID 7 was already used by the puzzle on line 4") {
		t.Errorf("duplicate ID: %v", err)
	}
	if _, err := Read(strings.NewReader("")); err == nil || !strings.Contains(err.Error(), "not a puzzle file") {
		t.Errorf("empty file: %v", err)
	}
}

// TestReadMangled: random damage to a valid file (bytes changed, dropped,
// lines swapped) never panics, and every error is one line naming a line.
func TestReadMangled(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, Shipped()[:min(6, len(Shipped()))]); err != nil {
		t.Fatal(err)
	}
	src := buf.Bytes()
	rng := rand.New(rand.NewPCG(62, 1))
	alphabet := []byte("WBK./ -:0123456789abcdefghijz\n#")
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		b := append([]byte(nil), src...)
		for j := rng.IntN(4) + 1; j > 0 && len(b) > 0; j-- {
			k := rng.IntN(len(b))
			switch rng.IntN(3) {
			case 0:
				b[k] = alphabet[rng.IntN(len(alphabet))]
			case 1:
				b = append(b[:k], b[k+1:]...)
			default:
				b = append(b[:k], append([]byte{alphabet[rng.IntN(len(alphabet))]}, b[k:]...)...)
			}
		}
		ps, err := Read(bytes.NewReader(b))
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "puzzles: line ") {
				t.Fatalf("error %q: want one line starting with the line number", msg)
			}
			continue
		}
		// What parses must write back and parse again.
		var out bytes.Buffer
		if err := Write(&out, ps); err != nil {
			t.Fatalf("a file Read accepted does not write: %v", err)
		}
	}
}
