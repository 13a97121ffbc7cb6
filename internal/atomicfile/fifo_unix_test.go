//go:build unix

package atomicfile

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// A FIFO is written through to its reader and stays a FIFO.
func TestWriteThroughFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, unix.Mkfifo(path, 0o644))
	// The reader opens without blocking, so the writer's open finds it and the
	// data waits in the pipe; a replaced FIFO would read as empty instead.
	r, err := os.OpenFile(path, os.O_RDONLY|unix.O_NONBLOCK, 0)
	require.NoError(t, err)
	defer r.Close()
	require.NoError(t, WriteBytes(path, []byte("through")))
	got, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Equal(t, "through", string(got))
	fi, err := os.Lstat(path)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the FIFO was replaced")
}

// A private character device (the mknod fake c 1 3, made only where
// the test may make nodes, as root) is written through and stays a device,
// named itself or through a symlink. The system's /dev/null is never used: a
// broken Write would replace it.
func TestWriteThroughPrivateDevice(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fake")
	if err := unix.Mknod(path, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
		t.Skipf("cannot make a device node here: %v", err)
	}
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink("fake", link))
	for _, p := range []string{path, link} {
		require.NoError(t, WriteBytes(p, []byte("x")), p)
		fi, err := os.Lstat(path)
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&os.ModeCharDevice, "%s: the device was replaced by %v", p, fi.Mode())
	}
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link was replaced")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "a temporary file was left")
}
