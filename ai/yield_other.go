//go:build !js

package ai

// pollNodes is pollInterval outside a browser.
const pollNodes = 256

// yieldPage does nothing outside a browser, where the operating system runs
// the search threads beside the window (see yield_js.go).
func (w *worker) yieldPage() {}
