package puzzles

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
)

// TestThemes: the themes read from hand-made lines.
func TestThemes(t *testing.T) {
	mv := func(s string) game.Move {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	cases := []struct {
		name, pos string
		line      []string
		want      []string
	}{
		{"escape", "........./........./.K......./........./........./........./........./........./......... W",
			[]string{"b3-b1"}, []string{puzzle.ThemeEscape}},
		{"king against a camp", "........./...K...../.......B./........./........./........./........./........./......... B",
			[]string{"h3-d3"}, []string{puzzle.ThemeCaptureCamp}},
		{"king between two pawns", "........./.....B.../.....K.../.......B./........./........./........./........./......... B",
			[]string{"h4-f4"}, []string{puzzle.ThemeCapture}},
		{"king next to the throne", "........./........./B......../...BKB.../........./........./........./........./......... B",
			[]string{"a3-e3"}, []string{puzzle.ThemeCaptureThrone}},
		// The king on c5 steps to c3: it then has two ways out (c3-a3? no: a3
		// is open along rank 3 to a3, and c3-c1 down the file), so one black
		// move cannot stop both.
		{"double threat", "........./......B../........./........./..K....../........./........./........./.......B. W",
			[]string{"c5-c3", "g2-g1", "c3-a3"}, []string{puzzle.ThemeEscape, puzzle.ThemeDoubleThreat}},
	}
	for _, c := range cases {
		p := game.MustParsePosition(c.pos)
		var line []game.Move
		for _, s := range c.line {
			line = append(line, mv(s))
		}
		if got := Themes(p, line); !slices.Equal(got, c.want) {
			t.Errorf("%s: themes %v, want %v\n%s", c.name, got, c.want, p.Diagram())
		}
	}
}

// TestRating: a puzzle every level finds rates below one no level finds,
// deeper rates higher with the same finds, and ratings stay in 600..2400.
func TestRating(t *testing.T) {
	all := func(found int) []Tries {
		var ts []Tries
		for _, l := range []string{"beginner", "casual", "club", "expert", "master"} {
			ts = append(ts, Tries{Level: l, Found: found, Runs: 2})
		}
		return ts
	}
	easy, hard := Rating(2, all(2)), Rating(2, all(0))
	if easy >= hard {
		t.Errorf("found by all %d, by none %d", easy, hard)
	}
	if Rating(1, all(1)) >= Rating(4, all(1)) {
		t.Errorf("depth 1 %d, depth 4 %d", Rating(1, all(1)), Rating(4, all(1)))
	}
	for d := 1; d <= 5; d++ {
		for f := 0; f <= 2; f++ {
			if r := Rating(d, all(f)); r < 600 || r > 2400 {
				t.Errorf("depth %d found %d: rating %d", d, f, r)
			}
		}
	}
}

// TestRunResumes: a small run, interrupted after some records and resumed,
// writes the same puzzles as the same run in one go, whatever the threads; every puzzle it makes
// has a unique first move and reads back.
func TestRunResumes(t *testing.T) {
	recs, err := filepath.Glob("../../../docs/runs/w2s-rows/game-00[0-1]*.txt")
	if err != nil || len(recs) < 8 {
		t.Fatalf("records: %v %d", err, len(recs))
	}
	recs = recs[:8]
	cfg := Config{Inputs: recs, MaxDepth: 2, Budget: 200_000, Seed: 3, Seeds: 1, Levels: []string{"beginner", "casual"}}
	whole := t.TempDir()
	r, err := Create(whole, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Generate(context.Background(), 3, nil); err != nil {
		t.Fatal(err)
	}
	r.Close()
	want, _ := os.ReadFile(filepath.Join(whole, PuzzlesFile))

	part := t.TempDir()
	r, err = Create(part, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	err = r.Generate(ctx, 1, func(done, total int, st Stats, ps []puzzle.Puzzle) {
		if n++; n == 3 {
			cancel()
		}
	})
	r.Close()
	if err == nil {
		t.Fatal("the run was not interrupted")
	}
	if _, err := Create(part, cfg); err == nil || !strings.Contains(err.Error(), "-resume") {
		t.Fatalf("a second Create in the folder: %v", err)
	}
	r, err = Open(part)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Generate(context.Background(), 2, nil); err != nil {
		t.Fatal(err)
	}
	r.Close()
	got, _ := os.ReadFile(filepath.Join(part, PuzzlesFile))
	if string(got) != string(want) {
		t.Fatalf("resumed run differs:\n%s\nwant\n%s", got, want)
	}
	ps, err := puzzle.Read(strings.NewReader(string(got)))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 {
		t.Fatal("no puzzle in 8 records")
	}
	for _, p := range ps {
		if p.Others[0] != 0 || p.Depth > 2 {
			t.Fatalf("puzzle %d: %+v", p.ID, p)
		}
	}
}

// TestConfigErrors: bad settings and inputs are refused with one line.
func TestConfigErrors(t *testing.T) {
	for _, c := range []Config{
		{MaxDepth: 3, Seeds: 1},
		{Inputs: []string{"x"}, MaxDepth: 0, Seeds: 1},
		{Inputs: []string{"x"}, MaxDepth: 3, Seeds: 0},
		{Inputs: []string{"x"}, MaxDepth: 3, Seeds: 1, Budget: -1},
	} {
		if err := c.Check(); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: %v", c, err)
		}
	}
	if _, err := Records([]string{t.TempDir()}, 1); err == nil || !strings.Contains(err.Error(), "no game records") {
		t.Errorf("an empty folder: %v", err)
	}
	if _, err := Open(t.TempDir()); err == nil || !strings.Contains(err.Error(), "holds no puzzle run") {
		t.Errorf("open of an empty folder: %v", err)
	}
}
