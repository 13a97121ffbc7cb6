// Package atomicfile writes files so that a reader (or a run killed at any moment)
// sees either the old content or the whole new one, never a half-written file: the
// data goes to a temporary file in the same folder, is synced, then renamed over the
// destination (rename is atomic within one file system; the technique of
// github.com/google/renameio).
//
// Only a regular file (or a missing one) is replaced that way. A symlink is
// followed, and the file it names is replaced, so the link stays a link; a
// character device, a FIFO or a socket (an output such as /dev/null or a pipe
// made with mkfifo) is written through, as a shell redirection would, since
// renaming over it would put a regular file in its place. An existing file
// keeps its permission bits.
//
// A run killed between creating and renaming its temporary file leaves it
// behind under a name of the form .NAME.tmpDIGITS; RemoveStale removes those
// of a folder when its run is resumed.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLinks bounds the chain of symlinks followed, like the kernel's ELOOP.
const maxLinks = 40

// Write creates or replaces path with what write produces. A new file is
// readable by all (mode 0644), like an ordinary file; an existing one keeps its
// mode. On any error the destination is untouched and the temporary file is
// removed (a device or FIFO, written through, has whatever write wrote).
func Write(path string, write func(w io.Writer) error) error {
	if path == "" {
		return errors.New("no file name given")
	}
	target, err := resolve(path)
	if err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	switch fi, err := os.Stat(target); {
	case err == nil && fi.IsDir():
		return errors.New("it is a folder, not a file")
	case err == nil && !fi.Mode().IsRegular():
		return writeThrough(target, write)
	case err == nil:
		mode = fi.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return replace(target, mode, write)
}

// Check reports whether Write could write path, for a command to call
// before its long work rather than fail after it: the folder path lies in
// (links followed) must exist and take a new file, which Check makes and
// removes at once, and path must not be a folder. Its errors name no
// temporary file; the caller names path.
func Check(path string) error {
	if path == "" {
		return errors.New("no file name given")
	}
	target, err := resolve(path)
	if err != nil {
		return err
	}
	switch fi, err := os.Stat(target); {
	case err == nil && fi.IsDir():
		return errors.New("it is a folder, not a file")
	case err == nil && !fi.Mode().IsRegular():
		return nil // a device or FIFO, written through
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return bare(err)
	}
	dir := filepath.Dir(target)
	switch fi, err := os.Stat(dir); {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("the folder %s does not exist", dir)
	case err != nil:
		return bare(err)
	case !fi.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	}
	f, err := os.CreateTemp(dir, tempPattern(target))
	if err != nil {
		return bare(err)
	}
	f.Close()
	os.Remove(f.Name())
	return nil
}

// bare returns the reason of a failed file operation without the path it
// names.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// named returns err, from an operation on the temporary file tmp, as one on
// target: the caller asked to write target and knows no other name.
func named(err error, tmp, target string) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe) && (pe.Path == tmp || pe.Op == "createtemp" || strings.HasPrefix(filepath.Base(pe.Path), strings.TrimSuffix(tempPattern(target), "*"))):
		return &fs.PathError{Op: pe.Op, Path: target, Err: pe.Err}
	case errors.As(err, &le) && le.Old == tmp:
		return &fs.PathError{Op: le.Op, Path: target, Err: le.Err}
	}
	return err
}

// replace writes a temporary file beside target, syncs it and renames it over
// target. Its errors name target, not the temporary file.
func replace(target string, mode fs.FileMode, write func(w io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(target), tempPattern(target))
	if err != nil {
		return named(err, "", target)
	}
	tmp := f.Name()
	// CreateTemp makes the file private; these are ordinary files.
	if err = f.Chmod(mode); err == nil {
		err = write(f)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return named(err, tmp, target)
}

// writeThrough writes into an existing file that is not a regular one (a
// device, a FIFO), without truncating or replacing it.
func writeThrough(target string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(target, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// resolve follows path's symlinks to the file they name, which may not exist
// yet (a dangling link is written through to its target, as a shell would).
func resolve(path string) (string, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) || err == nil && fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// WriteBytes creates or replaces path with data, atomically (see Write).
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// tempPattern is os.CreateTemp's pattern of the temporary files that
// writes into target use: .NAME.tmpDIGITS beside it (TempTarget reads it
// back).
func tempPattern(target string) string { return "." + filepath.Base(target) + ".tmp*" }

// TempTarget reports whether name (a base name) has the form of Write's
// temporary files, .NAME.tmpDIGITS, and returns the NAME it was written for:
// a run folder tells its own half-written files from others by it.
func TempTarget(name string) (target string, ok bool) {
	i := strings.LastIndex(name, ".tmp")
	if len(name) < 2 || name[0] != '.' || i < 2 || i+4 == len(name) {
		return "", false
	}
	for _, c := range name[i+4:] {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	return name[1:i], true
}

// RemoveStale removes the temporary files that writes into dir left behind
// when their process died before renaming them. Call it only while no other
// process writes into dir (a resumed run holding its folder's lock).
func RemoveStale(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if _, temp := TempTarget(e.Name()); temp && e.Type().IsRegular() {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}
