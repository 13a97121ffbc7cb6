//go:build !js

package pageturn

// Give does nothing outside a browser (see the package comment).
func Give() {}
