//go:build unix

package learn

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/regfile/fifotest"
)

// A named pipe in place of a file of a run (its checkpoint, network,
// optimiser state, validation or training data) is refused at once with one
// line when the run is resumed, and so is one in place of the data of the
// run -data-from names; before, the resume waited for a writer, or called a
// pipe data shorter than its checkpoint.
func TestRunRefusesPipes(t *testing.T) {
	dir := finishedRun(t, tinyConfig())
	st := readState(t, dir)
	// swap puts a pipe in place of dir/name until the returned func.
	swap := func(dir, name string) (string, func()) {
		path := filepath.Join(dir, name)
		kept := filepath.Join(t.TempDir(), name)
		require.NoError(t, os.Rename(path, kept))
		fifotest.Make(t, path)
		return path, func() {
			require.NoError(t, os.Remove(path))
			require.NoError(t, os.Rename(kept, path))
		}
	}
	want := func(err error, path string) {
		t.Helper()
		require.Error(t, err, path)
		assert.Contains(t, err.Error(), path+": is not a regular file (a named pipe)")
		assert.NotContains(t, err.Error(), "\n")
	}
	for _, name := range []string{stateFile, st.Net, st.Adam, valFile, dataFile} {
		path, restore := swap(dir, name)
		r, err := Open(dir)
		if err == nil {
			r.Close()
		}
		want(err, path)
		restore()
	}
	r, err := Open(dir)
	require.NoError(t, err, "the restored run")
	require.NoError(t, r.Close())

	for _, name := range []string{dataFile, valFile} {
		path, restore := swap(dir, name)
		c := tinyConfig()
		c.DataFrom = dir
		r, err := Start(c, t.TempDir(), false)
		require.NoError(t, err)
		err = r.Run(context.Background())
		r.Close()
		want(err, path)
		restore()
	}
}
