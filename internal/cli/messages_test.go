package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 60, item 7: what the commands print says what is so, in few words.

// captureBoth runs f with os.Stdout and os.Stderr going to buffers.
func captureBoth(t *testing.T, f func()) (stdout, stderr string) {
	t.Helper()
	stderr = capture(t, &os.Stderr, func() { stdout = captureStdout(t, f) })
	return stdout, stderr
}

// A run with no validation games prints no validation loss (it has none;
// -1 stands for it in the checkpoint only).
func TestLearnWithoutValidationGames(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	var err error
	out := captureStdout(t, func() { err = run(tinyLearnArgs(dir)) })
	require.NoError(t, err)
	assert.Contains(t, out, "epoch 1: ")
	assert.Contains(t, out, "no validation games")
	assert.NotContains(t, out, "validation loss")
	assert.NotContains(t, out, "-1.0000")
}

// A resume refused for other settings says in one short line which
// settings differ and how, not the two whole descriptions.
func TestMatchResumeSaysWhatDiffers(t *testing.T) {
	dir := t.TempDir()
	runQuiet(t, quickMatch(dir, "-games", "2")...)
	var err error
	out := captureStdout(t, func() { err = run(quickMatch(dir, "-resume", "-seed", "9", "-depth", "2")) })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "with other settings: it was played with A's -depth 1, this command says A's -depth 2 (settings that differ: A's -depth, B's -depth, -seed)")
	assert.NotContains(t, err.Error(), "{")
	assert.NotContains(t, err.Error(), "\n")
	assert.Less(t, len(err.Error()), 300)
	assert.Empty(t, out)

	out = captureStdout(t, func() { err = run(quickMatch(dir, "-resume", "-b", "heuristic")) })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "it was played with -b random, this command says -b heuristic (settings that differ: -b)")
	assert.Empty(t, out)
}

// A tournament checks every player and every pairing's records folder
// before its first game: refused, it has printed nothing, progress
// included, and played no pairing.
func TestTournamentChecksEverythingFirst(t *testing.T) {
	tour := t.TempDir()
	runQuiet(t, quickMatch(filepath.Join(tour, "2-3"), "-games", "2")...)
	missing := filepath.Join(t.TempDir(), "none.tnn")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tournament", "-players", "random,cnn:" + missing, "-games", "2", "-max-plies", "20"}, "none.tnn"},
		{[]string{"tournament", "-players", "random,random,cnn:" + missing, "-games", "2", "-max-plies", "20"}, "none.tnn"},
		{[]string{"tournament", "-players", "random,random,human", "-games", "2", "-max-plies", "20"}, "two computer players"},
		{[]string{"tournament", "-players", "random,random,random", "-games", "2", "-max-plies", "20", "-records", tour}, "already holds"},
	} {
		var err error
		out, errOut := captureBoth(t, func() { err = run(c.args) })
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
		assert.Empty(t, errOut, "%v: progress before the error", c.args)
	}
	assert.NoDirExists(t, filepath.Join(tour, "1-2"), "no pairing was played")
}
