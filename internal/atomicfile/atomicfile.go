// Package atomicfile writes files so that a reader (or a run killed at any moment)
// sees either the old content or the whole new one, never a half-written file: the
// data goes to a temporary file in the same folder, is synced, then renamed over the
// destination (rename is atomic within one file system).
package atomicfile

import (
	"io"
	"os"
	"path/filepath"
)

// Write creates or replaces path with what write produces. The file is readable by
// all (mode 0644), like an ordinary file. On any error the destination is untouched
// and the temporary file is removed.
func Write(path string, write func(w io.Writer) error) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	// CreateTemp makes the file private; these are ordinary files.
	if err = f.Chmod(0o644); err == nil {
		err = write(f)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// WriteBytes creates or replaces path with data, atomically (see Write).
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
