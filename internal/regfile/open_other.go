//go:build !unix

package regfile

import "os"

// open opens path and checks what the open file names. Without unix named
// pipes in the file system (Windows keeps its pipes apart, under \\.\pipe\,
// and opening one never waits for a writer) the open cannot block; a device
// such as NUL or CON opens but is refused before it is read.
func open(path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = Check(path, fi)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}
