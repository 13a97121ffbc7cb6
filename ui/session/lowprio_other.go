//go:build !linux

package session

// lowerThreadPriority does nothing here: only Linux lets a program lower the
// priority of one thread without privileges.
func lowerThreadPriority() {}
