package session

import "syscall"

// lowerThreadPriority makes the calling OS thread yield to the window's threads
// (nice 19, the lowest) when the CPUs are busy. The caller has locked its goroutine to the
// thread and never unlocks it, so the thread ends with the goroutine and no other
// goroutine ever runs at the lowered priority. On Linux a "process" priority
// given a thread id applies to that thread alone.
func lowerThreadPriority() {
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
}
