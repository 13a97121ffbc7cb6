package session

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStores: what a store saves it loads back; nothing saved is
// fs.ErrNotExist; names that are not plain file names are refused; a
// folder store makes its folder and replaces a blob whole.
func TestStores(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "config", "tablut")
	for _, st := range []Store{DirStore{Dir: dir}, NewMemStore()} {
		_, err := st.Load("settings.json")
		require.ErrorIs(t, err, fs.ErrNotExist)
		require.NoError(t, st.Save("settings.json", []byte(`{"a":1}`)))
		require.NoError(t, st.Save("settings.json", []byte(`{"b":2}`)))
		b, err := st.Load("settings.json")
		require.NoError(t, err)
		assert.Equal(t, `{"b":2}`, string(b))
		for _, bad := range []string{"", "../x", "a/b", ".hidden"} {
			assert.Error(t, st.Save(bad, nil), "name %q", bad)
			_, err := st.Load(bad)
			assert.Error(t, err, "name %q", bad)
		}
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file left behind")
	// A folder that cannot be made is one error naming it.
	file := filepath.Join(t.TempDir(), "plain")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	err = DirStore{Dir: filepath.Join(file, "sub")}.Save("x", nil)
	require.ErrorContains(t, err, "cannot make the folder")
}
