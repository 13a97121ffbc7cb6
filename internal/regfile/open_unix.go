//go:build unix

package regfile

import (
	"os"
	"syscall"
)

// open opens path with O_NONBLOCK, so that a named pipe without a writer
// opens at once instead of waiting for one, checks what the descriptor
// names, and gives a regular file back its ordinary blocking mode (which a
// regular file's reads ignore anyway, but whoever takes the file next
// should find it as os.Open leaves it).
func open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = Check(path, fi)
	}
	if err == nil {
		err = setBlocking(f)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// setBlocking clears O_NONBLOCK on f's descriptor.
func setBlocking(f *os.File) error {
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = syscall.SetNonblock(int(fd), false) }); err != nil {
		return err
	}
	if serr != nil {
		return &os.PathError{Op: "open", Path: f.Name(), Err: serr}
	}
	return nil
}
