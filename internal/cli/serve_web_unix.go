//go:build unix

package cli

import "syscall"

// openFileLimit is how many descriptors this process may hold open (Go
// raises the soft limit to the hard one at start), or 0 if unknown.
func openFileLimit() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0
	}
	return int(min(r.Cur, 1<<20))
}
