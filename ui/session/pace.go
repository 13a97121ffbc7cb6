package session

import (
	"fmt"
	"time"
)

// delays are the speeds of AI-vs-AI play: the pause after each move.
var delays = []time.Duration{0, 250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}

const defaultDelay = 2 // index into delays

// MaxDelay is the longest pause between AI moves that Slower reaches.
func MaxDelay() time.Duration { return delays[len(delays)-1] }

// Paused reports whether AI moves are paused.
func (c *Controller) Paused() bool { return c.paused }

// Delay returns the pause between AI moves when two AIs play.
func (c *Controller) Delay() time.Duration { return delays[c.delay] }

// WaitingText explains why no AI is moving while one is to move, or "".
func (c *Controller) WaitingText() string {
	if n := c.DemoNote(); n != "" {
		return n // a demo game stopped undecided: the next one comes
	}
	if c.screen != ScreenGame || c.Over() || c.job != nil || c.IsHuman(c.sideToMove()) {
		return ""
	}
	if c.game.CanRedo() && !c.resumeHere {
		if c.WatchControls() {
			return "Replay: ← → browse · End · Space plays on"
		}
		return "Replay: ← → browse · End: the last move"
	}
	if c.paused && !c.stepOnce {
		return "Paused: Space resumes, . plays one move"
	}
	if d := c.nextAI.Sub(c.cfg.Now()); d > 0 {
		return fmt.Sprintf("Next move in %.1f s", d.Seconds())
	}
	return ""
}

// WatchControls reports whether the AI-vs-AI controls (pause, step, pace)
// apply: only when no human plays, since an AI that answers a human must
// always answer.
func (c *Controller) WatchControls() bool { return c.screen == ScreenGame && !c.hasHuman() }

// TogglePause pauses or resumes AI moves when two AIs play; with a human at
// the board it does nothing.
func (c *Controller) TogglePause() {
	if !c.WatchControls() && !c.paused {
		return
	}
	c.paused = !c.paused
	c.stepOnce = false
	c.resumeHere = !c.paused
	if !c.paused {
		c.nextAI = c.cfg.Now()
	}
}

// Step pauses AI-vs-AI play and lets exactly one AI move happen.
func (c *Controller) Step() {
	if !c.WatchControls() {
		return
	}
	c.paused, c.stepOnce = true, true
	c.resumeHere = true
	c.nextAI = c.cfg.Now()
}

// Faster shortens the pause between AI moves; Slower lengthens it.
func (c *Controller) Faster() { c.delay = max(c.delay-1, 0) }

// Slower lengthens the pause between AI moves.
func (c *Controller) Slower() { c.delay = min(c.delay+1, len(delays)-1) }
