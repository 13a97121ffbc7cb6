package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/ai/puzzle"
)

// TestPuzzlesCommand: a small run writes puzzles that read back, a second
// run into the same folder is refused, and -resume finishes it.
func TestPuzzlesCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	recs, _ := filepath.Glob("../../docs/runs/w2s-rows/game-000*.txt")
	if len(recs) < 3 {
		t.Fatalf("records: %d", len(recs))
	}
	args := append([]string{"puzzles", "-o", dir, "-depth", "1", "-max", "2", "-levels", "beginner", "-seeds", "1"}, recs[:3]...)
	runQuiet(t, args...)
	b, err := os.ReadFile(filepath.Join(dir, "puzzles.txt"))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := puzzle.Read(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 || len(ps) > 2 {
		t.Fatalf("%d puzzles, want 1 or 2", len(ps))
	}
	if err := run(args); err == nil || !strings.Contains(err.Error(), "-resume") {
		t.Errorf("a second run into the folder: %v", err)
	}
	runQuiet(t, "puzzles", "-resume", dir)
}

// TestPuzzlesCommandErrors: bad flags and inputs get one line each.
func TestPuzzlesCommandErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"puzzles", "docs"}, "needs a run folder"},
		{[]string{"puzzles", "-o", dir + "/a"}, "needs game records"},
		{[]string{"puzzles", "-o", dir + "/b", "-depth", "7", "x"}, "-depth"},
		{[]string{"puzzles", "-o", dir + "/c", "-levels", "grandmaster", "x"}, "no level \"grandmaster\""},
		{[]string{"puzzles", "-o", dir + "/d", filepath.Join(dir, "missing")}, "missing"},
		{[]string{"puzzles", "-resume", dir, "-depth", "2"}, "keeps its settings"},
		{[]string{"puzzles", "-resume", dir}, "holds no puzzle run"},
	} {
		err := run(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v, want one line with %q", c.args, err, c.want)
		}
	}
}
