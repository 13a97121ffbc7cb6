package rundir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// lockFile is the name of a run folder's lock file. It holds the process ID
// and command line of the process that holds the lock, for the message that
// refuses a second one; the file stays when the lock is released (removing it
// would let two processes lock two different files of the same name).
const lockFile = ".lock"

// errBusy is what the per-system tryLock returns when another process holds
// the lock.
var errBusy = errors.New("locked")

// Lock is a held lock on a run folder: while a process holds it, no other
// process can lock the folder. The operating system releases it when the
// process ends, however it ends (kill -9 included), so a lock never goes
// stale.
type Lock struct {
	f *os.File
}

// Acquire locks the run folder dir (which must exist) for this process, or
// says which process holds it. Locking is advisory (flock on Unix systems,
// LockFileEx on Windows): it keeps out the commands of this program, which
// all take it before they change a run folder.
func Acquire(dir string) (*Lock, error) {
	path := filepath.Join(dir, lockFile)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("cannot lock the run folder %s: %w", dir, err)
	}
	if err := tryLock(f); err != nil {
		holder := readHolder(f)
		f.Close()
		if errors.Is(err, errBusy) {
			return nil, fmt.Errorf("%s is in use by another process (%s); wait for it to end or stop it", dir, holder)
		}
		return nil, fmt.Errorf("cannot lock the run folder %s: %w", dir, err)
	}
	holder := fmt.Sprintf("PID %d: %s\n", os.Getpid(), strings.Join(os.Args, " "))
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(holder), 0) // only for the message of a refused process
	}
	return &Lock{f: f}, nil
}

// readHolder returns the lock file's first line, the holder's PID and
// command.
func readHolder(f *os.File) string {
	b := make([]byte, 512)
	n, _ := f.ReadAt(b, 0)
	line, _, _ := strings.Cut(string(b[:n]), "\n")
	if line = strings.TrimSpace(line); line == "" {
		return "process unknown"
	}
	return strings.ToValidUTF8(line, "?")
}

// Release unlocks the folder. It may be called on a nil Lock, and more than
// once.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlock(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}
