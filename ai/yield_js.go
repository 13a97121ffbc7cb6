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
//     every goroutine is blocked, and the browser then runs what waits: a
//     frame that is due (requestAnimationFrame, hence the game's Update and
//     Draw), input events, timers.
//
// Sleeping rather than waiting for the next animation frame keeps the search
// going when the page's frames are slow for reasons of their own (a software
// renderer, a busy graphics process): the search then loses pageRest per
// pageSlice, not the frames' time. It keeps its move time (the deadlines are
// wall-clock times) and its node budget, and expands fewer nodes in that
// time (docs/measurements.md, section Web build).
//
// The checks come every pollInterval nodes, 16 rather than the desktop's 256:
// a network's full evaluation is slow in WebAssembly (no SIMD), and 256 of
// them would hold the page for a large part of a second. At the heuristic's
// speed 16 nodes are a fraction of a millisecond, and a clock check costs
// little beside them (docs/measurements.md, section Web build).
const (
	pollInterval = 16
	pageSlice    = 8 * time.Millisecond
	pageRest     = time.Millisecond
)

// yielded is when a search thread last gave the page its turn. One
// variable serves every thread: a WebAssembly program runs one goroutine at
// a time, and the page's turn is due after pageSlice of searching by any of
// them.
var yielded time.Time

// yieldPage gives the browser its turn; see above.
func (w *worker) yieldPage() {
	runtime.Gosched()
	if time.Since(yielded) >= pageSlice {
		time.Sleep(pageRest)
		yielded = time.Now()
	}
}
