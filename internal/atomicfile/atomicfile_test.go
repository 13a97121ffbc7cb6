package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteReplacesWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.txt")
	require.NoError(t, WriteBytes(path, []byte("old")))
	require.NoError(t, WriteBytes(path, []byte("new content")))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new content", string(got))
}

func TestWriteFailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	require.NoError(t, WriteBytes(path, []byte("old")))
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		w.Write([]byte("half"))
		return boom
	})
	require.ErrorIs(t, err, boom)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "old", string(got), "destination changed")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "temporary file left behind")
}

// A symlink stays a symlink: the file it names is replaced.
func TestWriteKeepsSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.txt")
	link := filepath.Join(dir, "link.txt")
	require.NoError(t, WriteBytes(real, []byte("old")))
	if err := os.Symlink("real.txt", link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	require.NoError(t, WriteBytes(link, []byte("new")))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link was replaced by a file")
	got, err := os.ReadFile(real)
	require.NoError(t, err)
	assert.Equal(t, "new", string(got))

	// A dangling link: its target is created.
	dangling := filepath.Join(dir, "dangling")
	require.NoError(t, os.Symlink("later.txt", dangling))
	require.NoError(t, WriteBytes(dangling, []byte("born")))
	got, err = os.ReadFile(filepath.Join(dir, "later.txt"))
	require.NoError(t, err)
	assert.Equal(t, "born", string(got))
}

// An existing file keeps its permission bits.
func TestWriteKeepsMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no permission bits beyond read-only")
	}
	path := filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
	require.NoError(t, os.Chmod(path, 0o600))
	require.NoError(t, WriteBytes(path, []byte("new")))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
}

// A folder, or no name at all, is refused with one line.
func TestWriteRefusesFolderAndEmptyName(t *testing.T) {
	dir := t.TempDir()
	err := WriteBytes(dir, []byte("x"))
	require.ErrorContains(t, err, "is a folder, not a file")
	err = WriteBytes("", []byte("x"))
	require.ErrorContains(t, err, "no file name")
}

// RemoveStale removes the temporary files of killed writes and nothing else.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	keep := []string{"state.json", ".hidden", "x.tmp1", ".a.tmp", ".a.tmp12x", ".tmp3"}
	stale := []string{".state.json.tmp123", ".net-0001.tnn.tmp9"}
	for _, n := range append(append([]string{}, keep...), stale...) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), nil, 0o644))
	}
	require.NoError(t, RemoveStale(dir))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, keep, names)
}

// Check finds before any work what would keep Write from writing a file,
// leaves nothing behind, and names no temporary file; nor does a failed
// Write.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, Check(filepath.Join(dir, "new.txt")))
	file := filepath.Join(dir, "file.txt")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	require.NoError(t, Check(file))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "Check leaves no file behind")

	missing := filepath.Join(dir, "no", "such")
	for path, want := range map[string]string{
		filepath.Join(missing, "x.txt"): "the folder " + missing + " does not exist",
		dir:                             "it is a folder, not a file",
		filepath.Join(file, "x.txt"):    "not a directory",
		"":                              "no file name",
	} {
		err := Check(path)
		require.Error(t, err, path)
		assert.Contains(t, err.Error(), want, path)
		assert.NotContains(t, err.Error(), ".tmp", path)
	}
	err = WriteBytes(filepath.Join(missing, "x.txt"), []byte("x"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), filepath.Join(missing, "x.txt"))
	assert.NotContains(t, err.Error(), ".tmp", "a failed write names the file asked for")
}
