package regfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A regular file reads whole, through Open as through ReadFile, also through
// a symlink; a missing one is fs.ErrNotExist, as with os.Open.
func TestReadsRegularFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "record.txt")
	want := strings.Repeat("a line of a record\n", 1000)
	require.NoError(t, os.WriteFile(path, []byte(want), 0o644))
	names := []string{path}
	if err := os.Symlink("record.txt", filepath.Join(dir, "link.txt")); err == nil {
		names = append(names, filepath.Join(dir, "link.txt"))
	}
	for _, name := range names {
		got, err := ReadFile(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, string(got), name)
		f, err := Open(name)
		require.NoError(t, err, name)
		got, err = io.ReadAll(f)
		require.NoError(t, err)
		assert.Equal(t, want, string(got), name)
		require.NoError(t, f.Close())
	}
	empty := filepath.Join(dir, "empty")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	got, err := ReadFile(empty)
	require.NoError(t, err)
	assert.Empty(t, got)
	_, err = ReadFile(filepath.Join(dir, "missing"))
	require.ErrorIs(t, err, fs.ErrNotExist)
	_, err = Open(filepath.Join(dir, "missing"))
	require.ErrorIs(t, err, fs.ErrNotExist)
}

// A folder is refused with one line naming it, by Open and by ReadFile.
func TestRefusesFolder(t *testing.T) {
	dir := t.TempDir()
	for _, read := range []func(string) error{
		func(p string) error { _, err := ReadFile(p); return err },
		func(p string) error { f, err := Open(p); assert.Nil(t, f); return err },
	} {
		err := read(dir)
		require.ErrorIs(t, err, ErrNotRegular)
		assert.Equal(t, "open "+dir+": is a folder, not a file", err.Error())
		var pe *fs.PathError
		require.True(t, errors.As(err, &pe))
	}
}
