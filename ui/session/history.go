package session

import "github.com/tablut-ai/tablut/game"

// Undo takes back moves: in a game with a human, back to the human's turn (so
// one press undoes the AI's answer and the human's move); with two AIs, one move,
// and play pauses. An AI still thinking is stopped first.
func (c *Controller) Undo() bool {
	if c.screen != ScreenGame || c.puzzle != nil || !c.game.CanUndo() {
		return false
	}
	c.cancelSearch()
	c.game.Undo()
	if c.hasHuman() {
		for !c.IsHuman(c.sideToMove()) && c.game.CanUndo() {
			c.game.Undo()
		}
	} else {
		c.paused = true
	}
	c.afterHistoryJump()
	// The person takes a move back to play again: their clock runs from
	// where it stood at that turn (a game of two AIs stays paused).
	c.clockLive = c.hasHuman()
	return true
}

// Redo plays again what Undo took back, up to the next turn of a human.
func (c *Controller) Redo() bool {
	if c.screen != ScreenGame || c.puzzle != nil || !c.game.CanRedo() {
		return false
	}
	c.cancelSearch()
	c.game.Redo()
	if c.hasHuman() {
		for !c.IsHuman(c.sideToMove()) && c.game.CanRedo() {
			c.game.Redo()
		}
	}
	c.afterHistoryJump()
	return true
}

// GoTo shows the game after its first ply moves of the line (0 = the start),
// for replay: any game, a loaded one included, can be browsed. A search in
// progress stops; no AI moves while an earlier point is shown (see Update), and
// a move played there starts a new line, as after Undo.
func (c *Controller) GoTo(ply int) bool {
	if c.screen != ScreenGame || c.puzzle != nil {
		return false
	}
	ply = max(0, min(ply, len(c.game.Line())))
	if ply == c.game.Ply() {
		return false
	}
	c.cancelSearch()
	for c.game.Ply() > ply && c.game.Undo() {
	}
	for c.game.Ply() < ply && c.game.Redo() {
	}
	c.afterHistoryJump()
	return true
}

// StepBack shows the previous ply; StepForward the next; GoToStart and GoToEnd
// the start and the last move of the line.
func (c *Controller) StepBack() bool { return c.GoTo(c.game.Ply() - 1) }

// StepForward shows the next ply of the line.
func (c *Controller) StepForward() bool { return c.GoTo(c.game.Ply() + 1) }

// GoToStart shows the start position.
func (c *Controller) GoToStart() bool { return c.GoTo(0) }

// GoToEnd shows the last move of the line.
func (c *Controller) GoToEnd() bool { return c.GoTo(len(c.game.Line())) }

// Browsing reports whether an earlier point of the line is shown (moves
// follow it that Redo or End would play again).
func (c *Controller) Browsing() bool { return c.screen == ScreenGame && c.game.CanRedo() }

func (c *Controller) afterHistoryJump() {
	if l := c.lesson; l != nil && c.game.Ply() < len(LessonSteps[l.step].Before)+1 {
		l.solved, l.say, l.good = false, "", false // the solution was taken back
	}
	c.resumeHere = false
	c.turnStart = c.cfg.Now() // browsing costs no one time
	if n := c.game.Ply(); c.clockOn && n < len(c.clockAt) {
		c.clocks = c.clockAt[n] // the clocks as they stood at that turn
	}
	c.clockLive = false
	c.caps = nil
	c.ClearSelection()
	c.anims.clear()
	c.hint, c.hintPV = game.NoMove, nil
	c.nextAI = c.cfg.Now()
}

// CanUndo and CanRedo tell whether Undo and Redo would do something.
func (c *Controller) CanUndo() bool {
	return c.screen == ScreenGame && c.puzzle == nil && c.game.CanUndo()
}

// CanRedo reports whether Redo would do something.
func (c *Controller) CanRedo() bool {
	return c.screen == ScreenGame && c.puzzle == nil && c.game.CanRedo()
}
