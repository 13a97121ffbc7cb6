//go:build unix

package fifotest

import (
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// grace is how long a reader may stay blocked in opening a pipe of Make
// before the pipe is freed. A reader that refuses pipes never blocks, so the
// figure only bounds how long a broken reader takes to fail.
const grace = 3 * time.Second

// Make makes a named pipe at path with no writer. Until the test ends, a
// reader still blocked on it after the grace period is freed: a writer end
// is opened and closed at once, which lets the reader's open return and its
// reads find the end of the file. A writer blocked on it is freed the same
// way, by a reader end, and its writes then fail.
func Make(t testing.TB, path string) {
	t.Helper()
	if err := unix.Mkfifo(path, 0o644); err != nil {
		t.Fatalf("cannot make a named pipe at %s: %v", path, err)
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	t.Cleanup(func() {
		close(done)
		<-stopped
	})
	go func() {
		defer close(stopped)
		wait := time.NewTimer(grace)
		defer wait.Stop()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		select {
		case <-done:
			return
		case <-wait.C:
		}
		for {
			free(path)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
}

// free opens each end of path without blocking and closes it at once. The
// writer end wakes the readers that wait for one (without a reader its open
// fails with ENXIO, and nothing happens); the reader end, which always
// opens, wakes the writers.
func free(path string) {
	if fd, err := unix.Open(path, unix.O_WRONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0); err == nil {
		unix.Close(fd)
	}
	if fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0); err == nil {
		unix.Close(fd)
	}
}
