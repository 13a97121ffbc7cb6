package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/rundir"
)

// quickMatch is a 6-game match of shallow engines, recorded in dir.
func quickMatch(dir string, extra ...string) []string {
	return append([]string{"match", "-a", "heuristic", "-b", "random", "-depth", "1", "-max-plies", "30",
		"-parallel", "2", "-seed", "5", "-games", "6", "-records", dir}, extra...)
}

// A record under another name for a game already recorded (game-1.txt beside
// game-0001.txt) is not counted twice, by score or by a resumed match.
func TestRecordCountedOnce(t *testing.T) {
	dir := t.TempDir()
	runQuiet(t, quickMatch(dir)...)
	b, err := os.ReadFile(filepath.Join(dir, "game-0001.txt"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game-1.txt"), b, 0o644))
	var err2 error
	out := captureStdout(t, func() { err2 = run([]string{"score", dir}) })
	require.NoError(t, err2)
	assert.Contains(t, out, "6 games")
	assert.NotContains(t, out, "7 games")
	out = captureStdout(t, func() { err2 = run(quickMatch(dir, "-resume")) })
	require.NoError(t, err2)
	assert.Contains(t, out, "6 games")
	assert.NotContains(t, out, "7 games")
}

// A match refused before its first game prints no results table: an unusable
// records folder, a refused resume, a folder locked by another match.
func TestMatchRefusedPrintsNoTable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	played := t.TempDir()
	runQuiet(t, quickMatch(played)...)
	tour := t.TempDir()
	runQuiet(t, quickMatch(filepath.Join(tour, "1-2"), "-games", "2")...)
	locked := t.TempDir()
	runQuiet(t, quickMatch(locked, "-games", "2")...)
	lock, err := rundir.Acquire(locked)
	require.NoError(t, err)
	defer lock.Release()
	for _, c := range []struct {
		args []string
		want string
	}{
		{quickMatch(filepath.Join(file, "records")), "records folder"},
		{quickMatch(played), "resume that match"},
		{quickMatch(played, "-resume", "-seed", "9"), "other settings"},
		{quickMatch(locked, "-resume"), "in use by another process"},
		{[]string{"tournament", "-players", "random,random", "-games", "2", "-max-plies", "20", "-records", tour}, "already holds"},
		{[]string{"tournament", "-players", "random,random", "-games", "2", "-max-plies", "20", "-records", file}, "records folder"},
	} {
		var err error
		out := captureStdout(t, func() { err = run(c.args) })
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.Empty(t, out, "%v printed before failing", c.args)
	}
}

// A training folder is held by one process at a time: a second resume is
// refused, naming the first.
func TestTrainResumeLocked(t *testing.T) {
	dir := t.TempDir()
	runQuiet(t, append(trainArgs("1", "1"), "-out", dir)...)
	lock, err := rundir.Acquire(dir)
	require.NoError(t, err)
	defer lock.Release()
	var err2 error
	out := captureStdout(t, func() { err2 = run([]string{"train", "-resume", dir, "-generations", "2", "-quiet"}) })
	require.Error(t, err2)
	assert.Contains(t, err2.Error(), "in use by another process (PID")
	assert.Empty(t, out)
}
