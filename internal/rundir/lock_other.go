//go:build !unix && !windows

package rundir

import "os"

// On systems without file locks (js/wasm runs one process in a browser or
// under Node) the lock file is written but nothing is locked.
func tryLock(*os.File) error { return nil }

func unlock(*os.File) error { return nil }
