package rundir

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// kind is a run kind like the training's: a subfolder, and files of its
// first checkpoint in it.
var kind = Kind{Name: "training", State: "state.json", Dirs: []string{"pop"}, Early: []string{"pop/g0000-*.tnn"}}

func TestCheckNew(t *testing.T) {
	learning := Kind{Name: "learning", State: "state.json"}
	missing, err := kind.CheckNew(filepath.Join(t.TempDir(), "new"), false)
	require.NoError(t, err)
	assert.True(t, missing, "a folder that does not exist yet")

	empty := t.TempDir()
	missing, err = kind.CheckNew(empty, false)
	require.NoError(t, err)
	assert.False(t, missing)

	_, err = kind.CheckNew("", true)
	require.ErrorContains(t, err, "folder of its own")

	busy := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(busy, "notes.txt"), nil, 0o644))
	_, err = learning.CheckNew(busy, false)
	require.ErrorContains(t, err, "not empty and holds no learning run (notes.txt is not one of its files)")
	_, err = learning.CheckNew(busy, true)
	require.NoError(t, err, "-force writes into a busy folder")

	require.NoError(t, os.WriteFile(filepath.Join(busy, "state.json"), []byte("{}"), 0o644))
	_, err = learning.CheckNew(busy, true)
	require.ErrorContains(t, err, "already holds a learning run", "not even -force starts a run over another")
}

// A folder that holds only what a run killed before its first checkpoint
// left is taken by a new run of the same kind (and refused to -resume with
// what to do); anything else in it, or in its subfolders, is refused.
// RemoveLeftovers removes the checkpoint's files, whole and half-written,
// and nothing else.
func TestLeftovers(t *testing.T) {
	for _, c := range []struct {
		files   []string // "/" at the end: a folder
		foreign string   // the entry named by the refusal, "" if accepted
		gone    []string // removed by RemoveLeftovers
	}{
		{[]string{".lock"}, "", nil},
		{[]string{".lock", "pop/"}, "", nil},
		{[]string{".lock", "pop/", "pop/g0000-0.tnn", "pop/.g0000-1.tnn.tmp123", ".state.json.tmp9"}, "",
			[]string{"pop/g0000-0.tnn", "pop/.g0000-1.tnn.tmp123", ".state.json.tmp9"}},
		{[]string{".lock", "pop/", "pop/g0001-0.tnn"}, "pop/g0001-0.tnn", nil},
		{[]string{".lock", "pop/", "pop/notes.txt"}, "pop/notes.txt", nil},
		{[]string{".lock", "pop/", "pop/sub/"}, "pop/sub", nil},
		{[]string{".lock", "g0000-0.tnn"}, "g0000-0.tnn", nil},
		{[]string{".lock", ".notes.txt.tmp1"}, ".notes.txt.tmp1", nil},
		{[]string{".lock", ".state.json.tmpx"}, ".state.json.tmpx", nil},
		{[]string{".lock", "other/"}, "other", nil},
		{[]string{"pop/", "champion.tnn"}, "champion.tnn", nil},
	} {
		dir := t.TempDir()
		for _, f := range c.files {
			p := filepath.Join(dir, filepath.FromSlash(f))
			if strings.HasSuffix(f, "/") {
				require.NoError(t, os.MkdirAll(p, 0o755))
			} else {
				require.NoError(t, os.WriteFile(p, []byte("x"), 0o644))
			}
		}
		_, err := kind.CheckNew(dir, false)
		var v struct{}
		rerr := kind.ReadState(dir, &v)
		if c.foreign != "" {
			require.ErrorContains(t, err, "("+c.foreign+" is not one of its files)", "%v", c.files)
			assert.ErrorContains(t, err, "-force", "%v", c.files)
			assert.ErrorContains(t, rerr, "start one with -out", "%v", c.files)
			continue
		}
		require.NoError(t, err, "%v", c.files)
		assert.ErrorContains(t, rerr, "stopped before its first checkpoint; start it again with -out "+dir, "%v", c.files)
		require.NoError(t, kind.RemoveLeftovers(dir))
		for _, f := range c.files {
			if slices.Contains(c.gone, f) {
				assert.NoFileExists(t, filepath.Join(dir, f))
			} else {
				_, err := os.Stat(filepath.Join(dir, f))
				assert.NoError(t, err, "%s stays", f)
			}
		}
	}
}

func TestReadState(t *testing.T) {
	dir := t.TempDir()
	var v struct{ Generation int }
	require.ErrorContains(t, kind.ReadState(dir, &v), "holds no training run")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "state.json"), []byte(`{"Generation":`), 0o644))
	require.ErrorContains(t, kind.ReadState(dir, &v), "damaged")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "state.json"), []byte(`{"Generation":7}`), 0o644))
	require.NoError(t, kind.ReadState(dir, &v))
	assert.Equal(t, 7, v.Generation)
}
