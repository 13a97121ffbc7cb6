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

// backgroundNice is the priority of the evolution page's threads: low, so
// that the window and the game's AIs go first, but not the lowest. Go
// stops every thread for a moment at each garbage collection, and a thread
// at nice 19 on a loaded machine can wait seconds for a core before it
// stops, holding the whole process (the window included) meanwhile.
const backgroundNice = 10

// lowerBackgroundPriority gives the calling OS thread backgroundNice; the
// caller locks its goroutine to the thread, as for lowerThreadPriority.
func lowerBackgroundPriority() {
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), backgroundNice)
}
