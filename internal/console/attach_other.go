//go:build !windows

package console

// AttachParent does nothing outside Windows: the standard handles are already the
// terminal's.
func AttachParent() {}
