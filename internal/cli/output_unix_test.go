//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// A private character device given as an output (the mknod -m 666
// fake c 1 3; tablut filters -o fake) stays a device; made only where the
// test may make device nodes (as root).
func TestOutputToDevice(t *testing.T) {
	fake := filepath.Join(t.TempDir(), "fake")
	if err := unix.Mknod(fake, unix.S_IFCHR|0o666, int(unix.Mkdev(1, 3))); err != nil {
		t.Skipf("cannot make a device node here: %v", err)
	}
	for _, args := range [][]string{{"filters", "-o", fake}, {"relabel", testNetFile(t, t.TempDir()), fake, "x"}} {
		runQuiet(t, args...)
		fi, err := os.Lstat(fake)
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&os.ModeCharDevice, "%v replaced the device by %v", args, fi.Mode())
	}
}
