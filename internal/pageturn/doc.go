// Package pageturn lets long work in a browser give the page its turn.
//
// A WebAssembly program has one thread, and Go does not pre-empt a busy
// goroutine there: a search, a count or a network's calibration that never
// blocks holds the page (its frames, its input) until it returns. Go's js
// scheduler hands the thread back to the browser's event loop only when
// every goroutine is blocked. So such work calls Give at its periodic
// checks: Give lets the other goroutines run (runtime.Gosched, among them
// the window's frame loop when the browser has just woken it), and once per
// Slice of work it sleeps for Rest, during which the browser runs what
// waits: a frame that is due, input events, timers.
//
// Sleeping rather than waiting for the next animation frame keeps the work
// going when the page's frames are slow for reasons of their own (a
// software renderer, a busy graphics process): it then loses Rest per
// Slice, not the frames' time.
//
// In a Web Worker (the page's search, web/worker) no frame waits on the
// thread, only the worker's messages: a stop must be read soon, but a turn
// every WorkerSlice is soon enough, and the work loses less time.
//
// Outside a browser the operating system runs the threads beside the window
// and Give does nothing.
//
// The files:
//
//   - doc.go: this comment, Slice and Rest.
//   - give_js.go: Give in a browser (GOOS=js).
//   - give_other.go: Give everywhere else, empty.
//
// Its callers: the engine's search (ai/yield_js.go; in the page or in a
// search worker), the classroom's counts
// (ai/teach/page_js.go) and the network's load (the layer-1 table and the
// int8 calibration in ai/cnn).
package pageturn

import "time"

// Slice is the longest work runs between two of the page's turns, and Rest
// the sleep that hands the page its turn.
const (
	Slice = 8 * time.Millisecond
	Rest  = time.Millisecond
)

// WorkerSlice is Slice in a Web Worker.
const WorkerSlice = 50 * time.Millisecond
