package ai

import (
	"context"
	"sync/atomic"
	"time"
)

// Time and stop control, after the TabZAI time policy (Giordani, Tablut Challenge
// 2020): the clock is checked as nodes are expanded and the search is interrupted at
// 90% of the move time; the rest of the time is left for unwinding and for
// returning the move.
//
// A search stops through one atomic flag that every node reads. It is raised by
//   - the hard deadline (90% of Limits.MoveTime), from a timer and, in case the
//     timer goroutine is starved on a loaded machine, from the nodes' own clock
//     checks every pollInterval nodes;
//   - the caller's context being cancelled (context.AfterFunc);
//   - the node budget (Limits.Nodes) being spent;
//   - the main thread finishing its last iteration (helpers then stop too).
// At 95% of the move time Search returns the best move completed so far even if
// the threads have not unwound yet: on an oversubscribed machine a thread may
// not run for a while after the flag is raised, but the waiting goroutine is
// woken by its own timer.
// How late the search returns compared with those deadlines (the operating
// system not running the process in time) is remembered as a decaying maximum,
// and later searches aim that much earlier: the move time is a promise to the
// caller, and on a machine oversubscribed several times over a wake-up can come
// hundreds of milliseconds late.
// Between iterations a soft limit (60% of the move time) decides whether another
// depth is worth starting: the next iteration costs several times the last one, and
// one that cannot get through its first move is wasted.

// pollInterval is how many nodes a thread expands between two clock checks. Small
// enough for slow evaluators (a CNN at ~20k nodes/s still checks every ~13 ms).
const pollInterval = 256

const (
	hardFraction   = 0.90 // of MoveTime: stop searching
	returnFraction = 0.95 // of MoveTime: return the best move so far, unwound or not
	softFraction   = 0.60 // of MoveTime: do not start another iteration
)

// control is the stop state shared by the threads of one search.
type control struct {
	stop      atomic.Bool
	nodes     atomic.Int64 // nodes flushed by the threads
	nodeLimit int64        // 0 = none
	start     time.Time
	hard      time.Time // zero = no deadline
	soft      time.Time
	ret       time.Time // return the best move so far (zero = no deadline)
	ctx       context.Context
}

// newControl starts the clock for one search and arms the stop triggers. The
// hard and return deadlines are moved early by the scheduling delay seen in
// earlier searches (at most down to half the move time). The returned function
// releases the timer and the context hook.
func newControl(ctx context.Context, lim Limits, early time.Duration) (*control, func()) {
	c := &control{nodeLimit: lim.Nodes, start: time.Now(), ctx: ctx}
	var timer *time.Timer
	if lim.MoveTime > 0 {
		early = min(early, lim.MoveTime/2)
		hard := max(time.Duration(float64(lim.MoveTime)*hardFraction)-early, lim.MoveTime/2)
		c.ret = c.start.Add(max(time.Duration(float64(lim.MoveTime)*returnFraction)-early, lim.MoveTime/2))
		c.hard = c.start.Add(hard)
		c.soft = c.start.Add(min(time.Duration(float64(lim.MoveTime)*softFraction), hard))
		timer = time.AfterFunc(hard, func() { c.stop.Store(true) })
	}
	unhook := context.AfterFunc(ctx, func() { c.stop.Store(true) })
	if ctx.Err() != nil {
		c.stop.Store(true)
	}
	return c, func() {
		unhook()
		if timer != nil {
			timer.Stop()
		}
	}
}

// poll adds a thread's recent nodes to the total and raises the stop flag when a
// limit is reached.
func (c *control) poll(newNodes int64) {
	total := c.nodes.Add(newNodes)
	if c.nodeLimit > 0 && total >= c.nodeLimit {
		c.stop.Store(true)
	}
	if !c.hard.IsZero() && time.Now().After(c.hard) {
		c.stop.Store(true)
	}
}

// stopped reports whether the search must stop now.
func (c *control) stopped() bool { return c.stop.Load() }

// canStartIteration reports whether there is time for another depth.
func (c *control) canStartIteration() bool {
	if c.stopped() {
		return false
	}
	return c.soft.IsZero() || time.Now().Before(c.soft)
}

// lateness is how far past its deadlines the search is at now: past the
// return deadline, or past the hard one when the threads unwound after it.
func (c *control) lateness(now time.Time, viaDeadline bool) time.Duration {
	switch {
	case c.ret.IsZero():
		return 0
	case viaDeadline:
		return max(0, now.Sub(c.ret))
	}
	return max(0, now.Sub(c.hard))
}

// elapsed is the wall time since the search started.
func (c *control) elapsed() time.Duration { return time.Since(c.start) }
