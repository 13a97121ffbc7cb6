//go:build !js

package ai

// yieldPage does nothing outside a browser, where the operating system runs
// the search threads beside the window (see yield_js.go).
func (w *worker) yieldPage() {}
