//go:build !unix

package ai

import "time"

// cpuClock has no processor time to read on this system (see
// cputime_unix_test.go).
type cpuClock struct{}

func newCPUClock() cpuClock { return cpuClock{} }

func (cpuClock) since() (time.Duration, bool) { return 0, false }
