// Package rundir holds what the long-running, resumable commands (tablut train,
// tablut learn, tablut match -records) do alike with their run folders.
//
//   - rundir.go: refuse to start a run where it could destroy someone's files,
//     but take again a folder that holds only what a run of the same kind
//     killed before its first checkpoint left; read a run's JSON checkpoint
//     with errors that say what to do.
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
	"path"
	"path/filepath"
	"slices"

	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/regfile"
)

// Kind describes the run folders of one resumable command: what it calls
// its runs, its checkpoint, and what a new run writes before that
// checkpoint exists. A run killed in that time leaves those files behind
// with no checkpoint to resume from; knowing them by name lets a new run
// take the folder again (and tell them from anyone else's files).
type Kind struct {
	// Name is the kind of run in messages: "training", "learning".
	Name string
	// State is the checkpoint file: once it is written, the folder holds a
	// run to resume.
	State string
	// Dirs are the subfolders a new run makes before its first checkpoint.
	Dirs []string
	// Early are the files a new run writes before its first checkpoint, as
	// path.Match patterns relative to the folder ("pop/g0000-*.tnn").
	Early []string
}

// CheckNew reports whether a new run of kind k may start in dir: dir must be
// named, must not hold a run already, and must be new, empty or hold only
// what a run of this kind killed before its first checkpoint left (its
// lock file, its subfolders, the files of that checkpoint, whole or
// half-written), unless force is set. It reports whether dir is missing (to
// be created by the caller). Whether a live process still holds the lock is
// for Acquire to say; call RemoveLeftovers once the lock is held.
func (k Kind) CheckNew(dir string, force bool) (missing bool, err error) {
	if dir == "" {
		return false, fmt.Errorf("a %s run needs a folder of its own; name it with -out DIR", k.Name)
	}
	if _, err := os.Stat(filepath.Join(dir, k.State)); err == nil {
		return false, fmt.Errorf("%s already holds a %s run; continue it with -resume %s or choose another -out", dir, k.Name, dir)
	}
	foreign, err := k.foreign(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return true, nil
	case err != nil:
		return false, fmt.Errorf("cannot use %s as the run folder: %w", dir, err)
	case foreign != "" && !force:
		return false, fmt.Errorf("%s is not empty and holds no %s run (%s is not one of its files); choose an empty or new -out folder, or add -force to write the run there (its files may be overwritten)", dir, k.Name, foreign)
	}
	return false, nil
}

// ReadState reads the JSON checkpoint of the run of kind k in dir into v. A
// folder with no checkpoint is refused with what to do: start a run, or,
// where a run was killed before its first checkpoint, start it again.
func (k Kind) ReadState(dir string, v any) error {
	path := filepath.Join(dir, k.State)
	b, err := regfile.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := os.Stat(filepath.Join(dir, lockFile)); lerr == nil {
			if foreign, ferr := k.foreign(dir); ferr == nil && foreign == "" {
				return fmt.Errorf("%s holds no %s run to resume: its run was stopped before its first checkpoint; start it again with -out %s", dir, k.Name, dir)
			}
		}
		return fmt.Errorf("%s holds no %s run (%s is missing); start one with -out instead", dir, k.Name, k.State)
	}
	if err != nil {
		return fmt.Errorf("cannot read the checkpoint in %s: %w", dir, err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("the checkpoint %s is damaged (%v); start a new run", path, err)
	}
	return nil
}

// RemoveLeftovers removes from dir the files a run of kind k killed before
// its first checkpoint left: the whole and half-written files of that
// checkpoint, so that none of them is taken for the new run's. Subfolders,
// the lock file and every other file stay. Call it only while holding dir's
// lock, before the new run's first checkpoint.
func (k Kind) RemoveLeftovers(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, k.State)); err == nil {
		return fmt.Errorf("%s already holds a %s run; continue it with -resume %s or choose another -out", dir, k.Name, dir)
	}
	for _, sub := range append([]string{"."}, k.Dirs...) {
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(sub)))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("cannot tidy the run folder %s: %w", dir, err)
		}
		for _, e := range entries {
			rel := path.Join(sub, e.Name())
			if e.Type().IsRegular() && rel != lockFile && k.leftover(rel) {
				if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil {
					return fmt.Errorf("cannot tidy the run folder %s: %w", dir, err)
				}
			}
		}
	}
	return nil
}

// foreign returns the first entry of dir (slash-separated, relative to dir)
// that a run of kind k killed before its first checkpoint would not have
// left there, or "" if there is none.
func (k Kind) foreign(dir string) (string, error) {
	return k.foreignIn(dir, ".")
}

func (k Kind) foreignIn(dir, sub string) (string, error) {
	entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(sub)))
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		rel := path.Join(sub, e.Name())
		switch {
		case e.IsDir() && slices.Contains(k.Dirs, rel):
			if f, err := k.foreignIn(dir, rel); f != "" || err != nil {
				return f, err
			}
		case e.Type().IsRegular() && (rel == lockFile || k.leftover(rel)):
		default:
			return rel, nil
		}
	}
	return "", nil
}

// leftover reports whether the file rel (slash-separated, relative to the
// run folder) is one a new run of kind k writes before its first
// checkpoint: one of Early, or the temporary file of a write into one of
// Early or into State.
func (k Kind) leftover(rel string) bool {
	if target, ok := atomicfile.TempTarget(path.Base(rel)); ok {
		rel = path.Join(path.Dir(rel), target)
		if rel == k.State {
			return true
		}
	}
	for _, p := range k.Early {
		if ok, _ := path.Match(p, rel); ok {
			return true
		}
	}
	return false
}
