//go:build js

package teach

import "time"

// In a browser the classroom's counts share the page's one thread, and only
// a goroutine that blocks lets the browser draw (see ai/yield_js.go, where
// the engine's search does the same): every checkMask+1 nodes a background
// count checks the time, and after pageSlice of counting it sleeps for
// pageRest, which hands the thread back to the browser. The check comes
// every 16 nodes, as the engine's, for the network's slow evaluations.
const (
	checkMask = 15
	pageSlice = 8 * time.Millisecond
	pageRest  = time.Millisecond
)

// yielded is when a count last gave the page its turn (one goroutine runs at
// a time in WebAssembly).
var yielded time.Time

// givePage sleeps for pageRest once per pageSlice.
func givePage() {
	if time.Since(yielded) >= pageSlice {
		time.Sleep(pageRest)
		yielded = time.Now()
	}
}
