//go:build js

package ai

import (
	"runtime"
	"time"
)

// In a browser a WebAssembly program has one thread, and Go does not pre-empt
// a busy goroutine there: a search that never blocks would hold the page (its
// frames, its input) until it returns. So a search thread gives way at each
// clock check (every pollInterval nodes):
//   - runtime.Gosched lets the other goroutines run, among them the window's
//     frame loop when the browser has just woken it;
//   - once per pageSlice of searching it sleeps for pageRest: Go's js
//     scheduler hands the thread back to the browser's event loop only when
//     every goroutine is blocked, and only then are requestAnimationFrame and
//     input events delivered.
//
// The search keeps its move time (the deadlines are wall-clock times) and its
// node budget; it expands fewer nodes in that time, by the share of pageRest
// in every pageSlice plus the frames drawn meanwhile (docs/measurements.md,
// section Web build).
const (
	pageSlice = 12 * time.Millisecond
	pageRest  = time.Millisecond
)

// yieldPage gives the browser its turn; see above.
func (w *worker) yieldPage() {
	runtime.Gosched()
	if now := time.Now(); now.Sub(w.yielded) >= pageSlice {
		time.Sleep(pageRest)
		w.yielded = time.Now()
	}
}
