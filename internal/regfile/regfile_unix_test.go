//go:build unix

package regfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/tablut-ai/tablut/internal/regfile/fifotest"
)

// A named pipe without a writer, directly or through a symlink, and a
// device are refused at once with one line saying what they are.
func TestRefusesPipesAndDevices(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "settings.json")
	fifotest.Make(t, pipe)
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink("settings.json", link))
	for _, c := range []struct{ path, want string }{
		{pipe, "open " + pipe + ": is not a regular file (a named pipe)"},
		{link, "open " + link + ": is not a regular file (a named pipe)"},
		{"/dev/null", "open /dev/null: is not a regular file (a device)"},
	} {
		_, err := ReadFile(c.path)
		require.ErrorIs(t, err, ErrNotRegular, c.path)
		assert.Equal(t, c.want, err.Error())
		f, err := Open(c.path)
		assert.Nil(t, f)
		require.ErrorIs(t, err, ErrNotRegular, c.path)
		assert.Equal(t, c.want, err.Error())
	}
	fi, err := os.Lstat(pipe)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the pipe was replaced")
}

// The regular file Open returns is in blocking mode, as os.Open leaves it.
func TestOpenLeavesFileBlocking(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	require.NoError(t, os.WriteFile(path, []byte("x"), 0o644))
	f, err := Open(path)
	require.NoError(t, err)
	defer f.Close()
	rc, err := f.SyscallConn()
	require.NoError(t, err)
	var flags int
	var ferr error
	require.NoError(t, rc.Control(func(fd uintptr) { flags, ferr = unix.FcntlInt(fd, unix.F_GETFL, 0) }))
	require.NoError(t, ferr)
	assert.Zero(t, flags&unix.O_NONBLOCK, "O_NONBLOCK left set")
}
