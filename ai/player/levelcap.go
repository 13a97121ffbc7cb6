package player

import (
	"context"
	"time"
)

// A level with a node budget (Expert, Master) plays the same moves on every
// machine as long as it can spend its budget within the move time; on a
// machine too slow for that (a phone-class CPU, the browser, the pure-Go
// network) it would think many times longer than the move time the player
// chose. moveCap bounds it: the search is also stopped, through its
// context, when the chosen move time has passed, and the engine plays the
// best move of its last completed iteration (as any timed search does). On
// a slow machine such a level therefore plays weaker rather than slower.
// Only the cap is added: below it the node budget alone decides, so the
// level stays deterministic wherever it fits in the time, and it gets no
// soft time policy (a timed search may stop early between iterations; a
// level must not). With no move time (tablut match -movetime 0, tests) there
// is no cap.
type moveCap struct {
	d time.Duration // 0: none
	// withTimeout makes the capped context; nil is context.WithTimeout.
	// Tests give it a fake clock.
	withTimeout func(context.Context, time.Duration) (context.Context, context.CancelFunc)
}

// newMoveCap returns the cap of an engine of spec: the chosen move time for
// a level with a node budget, none otherwise.
func newMoveCap(spec Spec) moveCap {
	l, ok := LevelNamed(spec.Net)
	if !ok || spec.Kind != LevelKind || l.Nodes <= 0 || spec.MoveTime <= 0 {
		return moveCap{}
	}
	return moveCap{d: spec.MoveTime}
}

// apply returns ctx bounded by the cap, and the function that releases it.
func (c moveCap) apply(ctx context.Context) (context.Context, context.CancelFunc) {
	switch {
	case c.d <= 0:
		return ctx, func() {}
	case c.withTimeout != nil:
		return c.withTimeout(ctx, c.d)
	}
	return context.WithTimeout(ctx, c.d)
}

// MoveCap returns how long the engine may think per move whatever its node
// budget (see moveCap), or 0 if only its limits bound it.
func (e *Engine) MoveCap() time.Duration { return e.cap.d }
