//go:build !js

package teach

// checkMask: a background count checks its context every 1024 nodes.
const checkMask = 1023

// givePage does nothing outside a browser (see page_js.go).
func givePage() {}
