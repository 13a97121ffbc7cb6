//go:build unix

package ai

import (
	"syscall"
	"time"
)

// cpuClock reads the process's user+system processor time from its creation:
// less sensitive than wall time to other programs loading the machine.
type cpuClock struct{ start time.Duration }

func newCPUClock() cpuClock { return cpuClock{start: cpuTime()} }

// since returns the processor time used since c was made; ok is false where
// the system does not say.
func (c cpuClock) since() (time.Duration, bool) { return cpuTime() - c.start, true }

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
