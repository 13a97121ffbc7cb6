//go:build !unix

package cli

// openFileLimit is 0 where the system sets no small limit on open files
// (Windows gives a process millions of handles).
func openFileLimit() int { return 0 }
