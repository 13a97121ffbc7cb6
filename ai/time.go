package ai

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablut-ai/tablut/game"
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
//   - the time policy, when an iteration completes (see timePolicy);
//   - the main thread finishing its last iteration (helpers then stop too).
// At 95% of the move time Search returns the best move completed so far even if
// the threads have not unwound yet: on an oversubscribed machine a thread may
// not run for a while after the flag is raised, but the waiting goroutine is
// woken by its own timer.
// How late the search returns compared with those deadlines (the operating
// system not running the process in time) is remembered as a decaying maximum,
// and later searches aim that much earlier: the move time is a promise to the
// caller, and on a machine oversubscribed several times over a wake-up can come
// late by a sizeable share of the move time (docs/measurements.md, section Move
// time under load).
//
// The deadlines are armed when the search starts, or later for a ponder search
// (Searcher.Ponder): it runs without a clock on the opponent's time, and a
// ponder hit arms the move time from that moment on, while the threads go on.
// That is why the deadlines are atomics, offsets from the search's start.

// pollInterval, how many nodes a thread expands between two clock checks, is
// defined per platform: small enough that a search with the slowest network
// evaluator still checks the clock many times a second (yield_other.go; the
// speeds are in docs/measurements.md, section Search speed), and smaller in a
// browser, where each check is also the search's chance to give the page its
// turn (yield_js.go).

const (
	hardFraction   = 0.90 // of MoveTime: stop searching
	returnFraction = 0.95 // of MoveTime: return the best move so far, unwound or not
)

// control is the stop state shared by the threads of one search.
type control struct {
	stop      atomic.Bool
	nodes     atomic.Int64 // nodes flushed by the threads
	nodeLimit int64        // 0 = none
	start     time.Time
	early     time.Duration // how early the deadlines aim (lateness seen before)
	ctx       context.Context

	// Deadlines as offsets from start (0 = none yet), set by arm.
	armedAt  atomic.Int64 // when the move time started
	moveTime atomic.Int64
	hard     atomic.Int64
	ret      atomic.Int64
	// retCh is closed at the return deadline.
	retCh   chan struct{}
	armOnce sync.Once
	timers  []*time.Timer
	timerMu sync.Mutex

	// Lazy SMP bookkeeping: the deepest iteration completed by any thread,
	// and how many threads search each depth now.
	done    atomic.Int32
	threads int32
	busy    [maxDepth + 2]atomic.Int32

	// The iterations reported to the caller (under mu).
	mu       sync.Mutex
	reported int // depth of the last iteration reported
	policy   timePolicy
	iters    chan iteration
}

// newControl starts the clock for one search and arms the stop triggers (the
// deadlines too when lim has a move time). The hard and return deadlines are
// moved early by the scheduling delay seen in earlier searches (at most down
// to half the move time). The returned function releases the timers and the
// context hook.
func newControl(ctx context.Context, lim Limits, early time.Duration) (*control, func()) {
	c := &control{nodeLimit: lim.Nodes, start: time.Now(), ctx: ctx, early: early,
		retCh: make(chan struct{}), iters: make(chan iteration, maxDepth+3), threads: 1}
	if lim.MoveTime > 0 {
		c.arm(lim.MoveTime)
	}
	unhook := context.AfterFunc(ctx, func() { c.stop.Store(true) })
	if ctx.Err() != nil {
		c.stop.Store(true)
	}
	return c, func() {
		unhook()
		c.timerMu.Lock()
		for _, t := range c.timers {
			t.Stop()
		}
		c.timerMu.Unlock()
	}
}

// arm starts the move time now: the hard and return deadlines, their timers.
// Only the first call counts.
func (c *control) arm(moveTime time.Duration) {
	c.armOnce.Do(func() {
		now := time.Since(c.start)
		early := min(c.early, moveTime/2)
		hard := max(time.Duration(float64(moveTime)*hardFraction)-early, moveTime/2)
		ret := max(time.Duration(float64(moveTime)*returnFraction)-early, moveTime/2)
		c.moveTime.Store(int64(moveTime))
		c.hard.Store(int64(now + hard))
		c.ret.Store(int64(now + ret))
		c.armedAt.Store(int64(now))
		c.timerMu.Lock()
		c.timers = append(c.timers,
			time.AfterFunc(hard, func() { c.stop.Store(true) }),
			time.AfterFunc(ret, func() { close(c.retCh) }))
		c.timerMu.Unlock()
	})
}

// poll adds a thread's recent nodes to the total and raises the stop flag when a
// limit is reached.
func (c *control) poll(newNodes int64) {
	total := c.nodes.Add(newNodes)
	if c.nodeLimit > 0 && total >= c.nodeLimit {
		c.stop.Store(true)
	}
	if h := c.hard.Load(); h > 0 && time.Since(c.start) > time.Duration(h) {
		c.stop.Store(true)
	}
}

// stopped reports whether the search must stop now.
func (c *control) stopped() bool { return c.stop.Load() }

// retDeadline returns the return deadline as a time (zero when not armed).
func (c *control) retDeadline() time.Time {
	if r := c.ret.Load(); r > 0 {
		return c.start.Add(time.Duration(r))
	}
	return time.Time{}
}

// lateness is how far past its deadlines the search is at now: past the
// return deadline, or past the hard one when the threads unwound after it.
func (c *control) lateness(now time.Time, viaDeadline bool) time.Duration {
	el := now.Sub(c.start)
	switch {
	case c.ret.Load() == 0:
		return 0
	case viaDeadline:
		return max(0, el-time.Duration(c.ret.Load()))
	}
	return max(0, el-time.Duration(c.hard.Load()))
}

// elapsed is the wall time since the search started.
func (c *control) elapsed() time.Duration { return time.Since(c.start) }

// offer hands an iteration to the caller if it is deeper than the last one
// reported (Lazy SMP: whichever thread completes a depth first reports it),
// or, for the main thread's unfinished iteration (partial), as deep. After a
// completed iteration the time policy decides whether another one is worth
// starting; a proven win or loss within the depth ends the search. It reports
// whether the iteration was taken.
func (c *control) offer(it iteration, partial bool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if it.depth < c.reported || (!partial && it.depth == c.reported) || len(it.pv) == 0 {
		return false
	}
	c.reported = it.depth
	c.iters <- it
	if partial {
		return true
	}
	if int(c.done.Load()) < it.depth {
		c.done.Store(int32(it.depth))
	}
	frac := c.policy.update(it.depth, it.pv[0], it.score)
	if proven(it.score, it.depth) {
		c.stop.Store(true)
	}
	if mt := time.Duration(c.moveTime.Load()); mt > 0 {
		since := time.Since(c.start) - time.Duration(c.armedAt.Load())
		if !keepSearching(frac, mt, since) {
			c.stop.Store(true)
		}
	}
	return true
}

// proven reports whether score is a win or loss found within depth plies,
// which a deeper search cannot change.
func proven(score int32, depth int) bool {
	return (score > winBound || score < -winBound) && int(WinScore-abs32(score)) <= depth
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// keepSearching reports whether another iteration may start after since of
// the move time mt, when the policy allows frac of it.
func keepSearching(frac float64, mt, since time.Duration) bool {
	return since < time.Duration(frac*float64(mt))
}

// The time policy decides, each time an iteration completes, how much of the
// move time the search may use before it starts no new iteration (the soft
// limit; the hard limit at 90% stops an iteration already running):
//
//   - softFraction (60%) by default: the next iteration costs several times the
//     last one, and one that cannot get through its first move is wasted;
//   - more (unstableFraction) when the best move has just changed or the score
//     has just fallen: the search is still changing its mind, and an answer cut
//     short there is the likeliest to be a mistake;
//   - less when the best move has stayed the same for stableIters iterations
//     (stableFraction), and less again after twice as many (settledFraction):
//     more depth would most likely confirm it, and the time saved goes to
//     the opponent's turn, where pondering can use it.
//
// Options.FullTime replaces all of this by the whole move time: under a fixed
// time per move the time saved is not carried over, and pondering runs on
// the opponent's turn anyway (measured in docs/measurements.md, section
// Pondering, contempt and the time policy).
//
// Shallow iterations (below policyMinDepth) are too quick and too noisy to
// judge; they keep the default. A single legal move and a found forced win are
// answered at once before any of this (Searcher.Search, control.offer).
// Stockfish scales its optimum time by best-move changes and score drops in
// the same spirit; these fractions suit a fixed time per move.
const (
	softFraction     = 0.60
	unstableFraction = 0.85
	stableFraction   = 0.35
	settledFraction  = 0.20
	stableIters      = 3
	policyMinDepth   = 5
	// scoreDrop is a fall of the score, in evaluator units, that counts as
	// instability (a tenth of a pawn in the heuristic's scale is ~100).
	scoreDrop = 150
)

// timePolicy follows the completed iterations of one search.
type timePolicy struct {
	fixed  bool // always softFraction (Options.FixedSoftLimit)
	full   bool // always the whole move time (Options.FullTime)
	best   game.Move
	stable int // iterations in a row that kept best
	score  int32
	seen   bool
}

// update records a completed iteration (depth, its best move and score for
// the side to move) and returns the share of the move time the search may use
// before it starts no new iteration.
func (p *timePolicy) update(depth int, best game.Move, score int32) float64 {
	changed := !p.seen || best != p.best
	fell := p.seen && score < p.score-scoreDrop
	if changed {
		p.stable = 0
	} else {
		p.stable++
	}
	p.best, p.score, p.seen = best, score, true
	switch {
	case p.full:
		return 1 // new iterations until the hard limit stops one
	case p.fixed || depth < policyMinDepth:
		return softFraction
	case changed || fell:
		return unstableFraction
	case p.stable >= 2*stableIters:
		return settledFraction
	case p.stable >= stableIters:
		return stableFraction
	}
	return softFraction
}
