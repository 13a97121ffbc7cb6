// Package rundir holds what the long-running, resumable commands (tablut train,
// tablut learn, tablut match -records) do alike with their run folders.
//
//   - rundir.go: refuse to start a run where it could destroy someone's files,
//     and read a run's JSON checkpoint with errors that say what to do.
//   - lock.go, lock_unix.go, lock_windows.go, lock_other.go: one process at a
//     time per folder, through an advisory lock on the folder's .lock file
//     (flock(2) on Unix systems, LockFileEx on Windows), released by the
//     operating system when the process ends, so it never goes stale; the
//     file names the holder for the refusal's message.
package rundir

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tablut-ai/tablut/internal/regfile"
)

// CheckNew reports whether a new run of the given kind ("training",
// "learning") may start in dir, whose checkpoint is the file state: dir must be
// named, must not hold a run already, and must be new or empty unless force
// is set. It reports whether dir is missing (to be created by the caller).
func CheckNew(dir, state, kind string, force bool) (missing bool, err error) {
	if dir == "" {
		return false, fmt.Errorf("a %s run needs a folder of its own; name it with -out DIR", kind)
	}
	if _, err := os.Stat(filepath.Join(dir, state)); err == nil {
		return false, fmt.Errorf("%s already holds a %s run; continue it with -resume %s or choose another -out", dir, kind, dir)
	}
	entries, err := os.ReadDir(dir)
	if len(entries) == 1 && entries[0].Name() == lockFile {
		entries = nil // left by a run that stopped before its first checkpoint
	}
	switch {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("cannot use %s as the run folder: %w", dir, err)
	case len(entries) > 0 && !force:
		return false, fmt.Errorf("%s is not empty and holds no %s run; choose an empty or new -out folder, or add -force to write the run there (its files may be overwritten)", dir, kind)
	}
	return errors.Is(err, fs.ErrNotExist), nil
}

// ReadState reads the JSON checkpoint state of the run in dir into v.
func ReadState(dir, state, kind string, v any) error {
	path := filepath.Join(dir, state)
	b, err := regfile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s holds no %s run (%s is missing); start one with -out instead", dir, kind, state)
	}
	if err != nil {
		return fmt.Errorf("cannot read the checkpoint in %s: %w", dir, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("the checkpoint %s is damaged (%v); start a new run", path, err)
	}
	return nil
}
