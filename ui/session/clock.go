package session

import (
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// ClockLeft returns the time left on side s's clock, counting the current
// turn; ok is false in a game without a clock.
func (c *Controller) ClockLeft(s game.Color) (left time.Duration, ok bool) {
	if !c.clockOn {
		return 0, false
	}
	left = c.clocks[s]
	switch {
	case c.Over() || c.sideToMove() != s:
	case c.help && c.screen == ScreenGame && (!c.game.CanRedo() || c.clockLive):
		left -= c.helpAt.Sub(c.turnStart) // stopped where the help found it
	case !c.clockStopped():
		left -= c.cfg.Now().Sub(c.turnStart)
	}
	return max(left, 0), true
}

// clockStopped reports whether no one's time runs: while the start panel is
// over the game (its time is given back on Back), while the help hides the
// board (given back when it closes, setHelp) or an earlier position is
// browsed (not after Undo, which hands the turn back: clockLive).
func (c *Controller) clockStopped() bool {
	return c.screen != ScreenGame || c.help || c.game.CanRedo() && !c.clockLive
}

// setHelp shows or hides the help overlay; the time it was up is no one's.
func (c *Controller) setHelp(on bool) {
	now := c.cfg.Now()
	switch {
	case on && !c.help:
		c.helpAt = now
	case !on && c.help:
		c.turnStart = c.turnStart.Add(now.Sub(c.helpAt))
	}
	c.help = on
}

// checkFlag ends the game when the side to move has run out of time.
func (c *Controller) checkFlag(now time.Time) {
	if !c.clockOn || c.Over() || c.clockStopped() {
		return
	}
	side := c.sideToMove()
	if c.clocks[side]-now.Sub(c.turnStart) > 0 {
		return
	}
	c.cancelSearch()
	c.clocks[side] = 0
	c.game.Resign(side)
	c.timeLoss = true
	c.cues = append(c.cues, CueEnd)
}

// moveBudget is the time an AI gives its next move: the move time, or with a
// clock a twentieth of the time left plus most of the increment, whichever is
// less (and never under 50 ms). A handicapped game's engines also stop at
// their node budgets.
func (c *Controller) moveBudget(side game.Color) time.Duration {
	b := c.settings.MoveTimeOf(side)
	if left, ok := c.ClockLeft(side); ok {
		b = min(b, max(50*time.Millisecond, left/20+c.settings.Increment*3/4))
	}
	return b
}

// limitable is an engine whose limits can change between moves (ai/player's
// engines): a clock sets its move time.
type limitable interface {
	Limits() ai.Limits
	SetLimits(ai.Limits)
}
