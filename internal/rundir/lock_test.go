package rundir

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A second lock on a folder is refused, in this process and in another one,
// with the holder's PID in the message; a released lock can be taken again.
func TestLockIsExclusive(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no file locks")
	}
	dir := t.TempDir()
	l, err := Acquire(dir)
	require.NoError(t, err)
	_, err = Acquire(dir)
	require.ErrorContains(t, err, fmt.Sprintf("in use by another process (PID %d: ", os.Getpid()))
	require.NoError(t, l.Release())
	require.NoError(t, l.Release(), "a second release is harmless")
	l, err = Acquire(dir)
	require.NoError(t, err)
	require.NoError(t, l.Release())
}

// TestLockHelper holds the lock of $RUNDIR_LOCK_DIR until its standard input
// closes; TestLockAcrossProcesses runs it as a second process.
func TestLockHelper(t *testing.T) {
	dir := os.Getenv("RUNDIR_LOCK_DIR")
	if dir == "" {
		t.Skip("run by TestLockAcrossProcesses")
	}
	l, err := Acquire(dir)
	require.NoError(t, err)
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
	l.Release()
}

func TestLockAcrossProcesses(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("no processes")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLockHelper$")
	cmd.Env = append(os.Environ(), "RUNDIR_LOCK_DIR="+dir)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "locked\n", line)

	_, err = Acquire(dir)
	require.ErrorContains(t, err, fmt.Sprintf("(PID %d: ", cmd.Process.Pid), "the holder is named")
	assert.NotContains(t, err.Error(), "\n")

	stdin.Close()
	require.NoError(t, cmd.Wait())
	l, err := Acquire(dir)
	require.NoError(t, err, "the lock ends with its process")
	require.NoError(t, l.Release())
}
