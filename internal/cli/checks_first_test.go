package cli

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 60, item 4: outputs and bounds are checked before the work. Each
// command here would search, play or learn for a while before it wrote
// anything; refused, it has printed nothing (no header, no row, no "Learning
// in"), made no folder, and its one-line error names the user's path, never
// the temporary file a write goes through.
func TestOutputsCheckedBeforeTheWork(t *testing.T) {
	rec, err := filepath.Abs("../../ai/analyse/testdata/blunder.txt")
	require.NoError(t, err)
	dir := t.TempDir()
	missing := filepath.Join(dir, "no", "such")
	aFolder := t.TempDir()
	learnOut := filepath.Join(dir, "learn")
	book := []string{"book", "-white", "heuristic", "-black", "heuristic", "-replies", "0", "-depth", "1", "-threads", "1"}
	learn := []string{"learn", "-out", learnOut, "-quiet", "-games", "1", "-nodes", "50", "-val-games", "0", "-max-plies", "10",
		"-epochs", "1", "-rounds", "0", "-eval-every", "0", "-threads", "1"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"analyse", "-engine", "heuristic", "-depth", "1", "-save", filepath.Join(missing, "x.txt"), rec},
			"-save: cannot write " + filepath.Join(missing, "x.txt") + ": the folder " + missing + " does not exist"},
		{[]string{"analyse", "-engine", "heuristic", "-depth", "1", "-save", aFolder, rec}, "-save: cannot write " + aFolder + ": it is a folder"},
		{[]string{"analyse", "-engine", "cnn:" + filepath.Join(missing, "none.tnn"), "-depth", "1", rec}, "-engine: "},
		{append(book, "-out", filepath.Join(missing, "white.txt")), "-out: cannot write " + filepath.Join(missing, "white.txt")},
		{append(book, "-out", filepath.Join(dir, "white.txt"), "-records", missing), "-records: no game records (*.txt) in " + missing},
		{append(book, "-out", filepath.Join(dir, "white.txt"), "-black-movetime", "0s"), "-black-movetime"},
		{append(learn, "-evolve-generations", "1000001"), "-evolve-generations must be between 0 and 1000000"},
		{append(learn, "-evolve-heuristic-games", "100001"), "-evolve-heuristic-games must be between 0 and 100000"},
		{append(learn, "-evolve-generations", "1", "-evolve-sigma", "0.5", "-evolve-nodes", "0"), "-evolve-nodes"},
		{[]string{"learn", "-out", learnOut, "-quiet", "-data-from", missing, "-epochs", "1", "-rounds", "0", "-eval-every", "0"},
			"-data-from: " + missing + " holds no learning run"},
	} {
		var err error
		out := captureStdout(t, func() { err = run(c.args) })
		if !assert.Error(t, err, "%v", c.args) {
			continue
		}
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.NotContains(t, err.Error(), ".tmp", "%v: a temporary file is named", c.args)
		assert.NotContains(t, err.Error(), "\n", "%v", c.args)
		assert.Empty(t, out, "%v: printed before failing", c.args)
		assert.NoDirExists(t, learnOut, "%v", c.args)
		assert.NoFileExists(t, filepath.Join(dir, "white.txt"), "%v", c.args)
	}
}

// -save into a folder this user cannot write in is refused before the
// analysis, naming the folder.
func TestAnalyseSaveUnwritable(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("needs a folder whose permissions keep this user out")
	}
	rec, err := filepath.Abs("../../ai/analyse/testdata/blunder.txt")
	require.NoError(t, err)
	ro := filepath.Join(t.TempDir(), "ro")
	require.NoError(t, os.Mkdir(ro, 0o555))
	defer os.Chmod(ro, 0o755)
	out := captureStdout(t, func() {
		err = run([]string{"analyse", "-engine", "heuristic", "-depth", "1", "-save", filepath.Join(ro, "x.txt"), rec})
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-save: cannot write "+filepath.Join(ro, "x.txt")+": permission denied")
	assert.NotContains(t, err.Error(), ".tmp")
	assert.Empty(t, out)
}
