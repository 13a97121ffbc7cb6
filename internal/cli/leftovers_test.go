package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/rundir"
)

// Issue 60, item 3: a train or learn run killed before its first checkpoint
// leaves its lock file, the subfolder it made and the files of the
// checkpoint it was writing (some whole, one half-written under
// atomicfile's temporary name). Such a folder is the run's own: -out takes
// it again, while -resume says that there is nothing to resume and how to
// start again.

// killedRun makes in dir what a run killed while writing its first
// checkpoint leaves there: the lock file, taken and released as a dead
// process leaves it, the given empty subfolders, and the given files (whole
// ones and temporary ones alike).
func killedRun(t *testing.T, dir string, subdirs, files []string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	lock, err := rundir.Acquire(dir)
	require.NoError(t, err)
	for _, d := range subdirs {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	for _, f := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("half"), 0o644))
	}
	require.NoError(t, lock.Release())
}

// tinyLearnArgs is the smallest learning run: one distillation game, no
// validation games, one epoch.
func tinyLearnArgs(dir string) []string {
	return []string{"learn", "-out", dir, "-seed", "3", "-games", "1", "-chunk", "1", "-nodes", "100",
		"-val-games", "0", "-max-plies", "12", "-epochs", "1", "-batch", "16", "-rounds", "0",
		"-eval-every", "0", "-threads", "1", "-quiet"}
}

// The leftovers of train and learn runs killed before their first
// checkpoint, as the code writes them: StartFrom makes pop/ and takes the
// lock, then writes the population pop/g0000-N.tnn one by one and
// state.json; learn.Start takes the lock, then writes net-0000.tnn,
// adam-0000.bin and state.json.
var killedRuns = []struct {
	name    string
	subdirs []string
	files   []string
	start   func(dir string) []string
	resume  []string
}{
	{"train, before the population", []string{"pop"}, nil,
		func(dir string) []string { return append(trainArgs("1", "1"), "-out", dir) },
		[]string{"train", "-quiet", "-resume"}},
	{"train, in the population", []string{"pop"}, []string{"pop/g0000-0.tnn", "pop/.g0000-1.tnn.tmp2841937"},
		func(dir string) []string { return append(trainArgs("1", "1"), "-out", dir) },
		[]string{"train", "-quiet", "-resume"}},
	{"train, in state.json", []string{"pop"}, []string{"pop/g0000-0.tnn", "pop/g0000-1.tnn", "pop/g0000-2.tnn", "pop/g0000-3.tnn", ".state.json.tmp55"},
		func(dir string) []string { return append(trainArgs("1", "1"), "-out", dir) },
		[]string{"train", "-quiet", "-resume"}},
	{"learn, in the network", nil, []string{".net-0000.tnn.tmp1234"}, tinyLearnArgs, []string{"learn", "-quiet", "-resume"}},
	{"learn, in state.json", nil, []string{"net-0000.tnn", "adam-0000.bin", ".state.json.tmp987654"}, tinyLearnArgs,
		[]string{"learn", "-quiet", "-resume"}},
}

// -resume on such a folder says that no checkpoint was written and to start
// again with -out DIR; -out DIR then starts the run there, and the
// half-written files are gone.
func TestKilledRunStartsAgain(t *testing.T) {
	for _, c := range killedRuns {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			killedRun(t, dir, c.subdirs, c.files)

			var err error
			out := captureStdout(t, func() { err = run(append(c.resume, dir)) })
			require.Error(t, err)
			assert.Contains(t, err.Error(), "stopped before its first checkpoint")
			assert.Contains(t, err.Error(), "start it again with -out "+dir)
			assert.NotContains(t, err.Error(), "\n")
			assert.Empty(t, out)

			runQuiet(t, c.start(dir)...)
			_, err = os.Stat(filepath.Join(dir, "state.json"))
			require.NoError(t, err, "the run started")
			for _, f := range c.files {
				if base := filepath.Base(f); base[0] == '.' {
					assert.NoFileExists(t, filepath.Join(dir, f), "a half-written file of the killed run is removed")
				}
			}
		})
	}
}

// A folder that holds anything besides a killed run's leftovers is still
// refused, naming -force, and keeps every file; so is one whose lock a live
// process holds, naming it.
func TestKilledRunOthersRefused(t *testing.T) {
	for _, c := range killedRuns {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "run")
			killedRun(t, dir, c.subdirs, append(c.files, "notes.txt"))
			err := run(c.start(dir))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "-force")
			assert.Contains(t, err.Error(), "notes.txt", "the file that is not the run's is named")
			for _, f := range append(c.files, "notes.txt", ".lock") {
				assert.FileExists(t, filepath.Join(dir, f), "a refused folder keeps its files")
			}

			held := filepath.Join(t.TempDir(), "held")
			killedRun(t, held, c.subdirs, c.files)
			lock, err := rundir.Acquire(held)
			require.NoError(t, err)
			defer lock.Release()
			err = run(c.start(held))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "in use by another process")
			for _, f := range c.files {
				assert.FileExists(t, filepath.Join(held, f), "a folder in use keeps its files")
			}
		})
	}
}
