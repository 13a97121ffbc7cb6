// Package procs gives the process one Go processor (P) more than the
// runtime's default (the cores it may use), once, unless the GOMAXPROCS environment variable chose a number.
// Searches may occupy every core, some of them at the lowest priority, which
// a busy system leaves waiting for a core while they hold a P; the spare P
// lets a goroutine woken by a timer (a search's return deadline, the window's
// next frame) run at once instead of waiting for a search thread to be
// preempted. On an oversubscribed machine that wait made 2 s searches return
// late (tablut bench deadline; docs/measurements.md, section Move time under
// load). The command line (internal/cli) and the window (ui, also when a test
// or the web page opens it without the command line) both ask for it.
//
//   - procs.go: AddSpare.
package procs

import (
	"os"
	"runtime"
	"sync"
)

var once sync.Once

// AddSpare raises GOMAXPROCS by one, the first time it is called, unless the
// GOMAXPROCS environment variable is set.
func AddSpare() {
	once.Do(func() {
		if os.Getenv("GOMAXPROCS") == "" {
			runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + 1)
		}
	})
}
