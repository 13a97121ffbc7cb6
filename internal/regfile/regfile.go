// Package regfile opens and reads the files a person names (a record, a
// network, a book) or keeps in a folder of theirs (the window's settings, a
// run's checkpoint), but only when they are regular files. Anything else is
// refused with one line, before a byte is read: a named pipe (FIFO) nobody
// writes would make the open wait for ever, a device such as /dev/zero never
// ends, and a folder is no file at all. A symlink is followed: the file it
// names is what counts.
//
// On unix the file is opened without blocking and checked with fstat on the
// open descriptor (open_unix.go), so that nothing can be swapped in between
// a check and the open. Elsewhere (open_other.go: Windows, whose pipes live
// apart from its files, and the browser, which reads no files) the open
// itself never waits for a writer, and the same check follows it.
//
//   - regfile.go: Open, ReadFile, Check and their error.
//   - fifotest/: a named pipe for the tests of every reader.
package regfile

import (
	"bytes"
	"errors"
	"io/fs"
	"math"
	"os"
)

// ErrNotRegular is what errors.Is finds in the error of a path that names
// something other than a regular file; ErrFolder too when that is a folder,
// for a caller that words that case its own way.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrFolder     = errors.New("a folder")
)

// notRegular is the cause of a refusal; kind says what the path names.
type notRegular struct{ kind string }

func (e notRegular) Error() string {
	if e.kind == "" {
		return "is a folder, not a file"
	}
	return "is not a regular file (" + e.kind + ")"
}

func (e notRegular) Is(target error) bool {
	return target == ErrNotRegular || target == ErrFolder && e.kind == ""
}

// Check returns nil when fi, what path names, is a regular file, and the
// refusal Open would give otherwise. It is for a writer that must not write
// through what is there (a named pipe would make it wait for a reader); a
// reader calls Open, which checks the file it opened, not a name that may
// have changed since.
func Check(path string, fi fs.FileInfo) error {
	m := fi.Mode()
	var kind string
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		kind = ""
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	default:
		kind = "a special file"
	}
	return &fs.PathError{Op: "open", Path: path, Err: notRegular{kind}}
}

// Open opens path for reading, as os.Open does, if it names a regular file.
// Otherwise the error is a *fs.PathError ("open PATH: is not a regular file
// (a named pipe)", "open PATH: is a folder, not a file") wrapping
// ErrNotRegular; a missing file is fs.ErrNotExist as with os.Open.
func Open(path string) (*os.File, error) {
	return open(path)
}

// ReadFile reads the whole of path, as os.ReadFile does, if it names a
// regular file (see Open).
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The size is a hint (the file may change while it is read): one
	// allocation for the usual file that stays as it was.
	var buf bytes.Buffer
	if fi, err := f.Stat(); err == nil && fi.Size() < math.MaxInt32 {
		buf.Grow(int(fi.Size()) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
