//go:build js

package pageturn

import (
	"runtime"
	"time"
)

// yielded is when work last gave the page its turn. One variable serves
// every goroutine: WebAssembly runs one at a time, and the page's turn is
// due after Slice of work by any of them.
var yielded time.Time

// Give lets the other goroutines run and, once per Slice, sleeps for Rest
// (see the package comment).
func Give() {
	runtime.Gosched()
	if time.Since(yielded) >= Slice {
		time.Sleep(Rest)
		yielded = time.Now()
	}
}
