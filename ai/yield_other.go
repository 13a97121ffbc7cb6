//go:build !js

package ai

// pollInterval is how many nodes a thread expands between two clock checks
// (see time.go).
const pollInterval = 256

// yieldPage does nothing outside a browser, where the operating system runs
// the search threads beside the window (see yield_js.go).
func (w *worker) yieldPage() {}
