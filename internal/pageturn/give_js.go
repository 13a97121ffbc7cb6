//go:build js

package pageturn

import (
	"runtime"
	"sync"
	"syscall/js"
	"time"
)

// yielded is when work last gave the page its turn. One variable serves
// every goroutine: WebAssembly runs one at a time, and the page's turn is
// due after Slice of work by any of them.
var yielded time.Time

// slice is Slice in a page and WorkerSlice in a Web Worker, which has no
// document: there no frame waits, only the worker's messages (a stop), so
// the turn is given less often and the work runs faster.
var slice = sync.OnceValue(func() time.Duration {
	if js.Global().Get("document").IsUndefined() {
		return WorkerSlice
	}
	return Slice
})

// Give lets the other goroutines run and, once per Slice (WorkerSlice in a
// worker), sleeps for Rest (see the package comment).
func Give() {
	runtime.Gosched()
	if time.Since(yielded) >= slice() {
		time.Sleep(Rest)
		yielded = time.Now()
	}
}
