package ui

import (
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

// HeapProfileEnv names a file to which a running window writes a heap
// profile of its Go memory (runtime/pprof, after a collection) every
// heapProfileEvery: a hidden way to see what grows in a window left on for
// hours (the demo), read with `go tool pprof FILE`. Unset, nothing is
// written.
const HeapProfileEnv = "TABLUT_HEAPPROFILE"

// heapProfileEvery is how often the profile is written again.
const heapProfileEvery = time.Minute

// startHeapProfiles writes the profile named by HeapProfileEnv every
// heapProfileEvery until stop is closed; it does nothing when the variable
// is unset.
func startHeapProfiles(stop <-chan struct{}) {
	path := os.Getenv(HeapProfileEnv)
	if path == "" {
		return
	}
	go func() {
		t := time.NewTicker(heapProfileEvery)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				writeHeapProfile(path)
			}
		}
	}()
}

// writeHeapProfile writes the heap profile to path, through a temporary
// file so that a reader never sees half of one.
func writeHeapProfile(path string) {
	runtime.GC()
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return
	}
	err = pprof.WriteHeapProfile(f)
	if cerr := f.Close(); err == nil && cerr == nil {
		os.Rename(tmp, path)
	}
}
