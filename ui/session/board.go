package session

import "github.com/tablut-ai/tablut/game"

// Selected returns the selected square, or game.NoSquare.
func (c *Controller) Selected() game.Square { return c.selected }

// Destinations returns the legal moves of the selected piece.
func (c *Controller) Destinations() []game.Move { return c.dests }

// Flipped reports whether the board is shown from Black's side.
func (c *Controller) Flipped() bool { return c.flipped }

// HelpShown reports whether the help overlay is up.
func (c *Controller) HelpShown() bool { return c.help }

// Select is a click on square s: it plays the selected piece's move to s if that
// is legal, selects s if it holds a piece of the human to move (clicking the
// selected piece again deselects it), and otherwise clears the selection. It
// reports whether a move was played. Clicks when no human may move are ignored.
func (c *Controller) Select(s game.Square) bool {
	if !c.HumanToMove() || c.help || !s.Valid() {
		return false
	}
	if m, ok := c.destination(s); ok {
		c.playHuman(m)
		return true
	}
	if s == c.selected {
		c.ClearSelection()
		return false
	}
	p := c.game.Position()
	if pc := p.At(s); pc != game.Empty && pc.Color() == p.SideToMove() {
		c.selected = s
		c.dests = c.dests[:0]
		for _, m := range c.game.LegalMoves() {
			if m.From() == s {
				c.dests = append(c.dests, m)
			}
		}
		if len(c.dests) == 0 {
			c.refuse(s, whyNotSelectable(p, s, nil))
			c.ClearSelection()
		}
		return false
	}
	switch {
	case c.selected != game.NoSquare:
		c.refuse(s, WhyNotMove(p, c.selected, s))
	default:
		if why := whyNotSelectable(p, s, nil); why != "" {
			c.refuse(s, why)
		}
	}
	c.ClearSelection()
	return false
}

// Drop ends a drag of the selected piece on square s: it plays the move if it is
// legal and otherwise keeps the selection. It reports whether a move was played.
func (c *Controller) Drop(s game.Square) bool {
	if !c.HumanToMove() || c.help {
		return false
	}
	if m, ok := c.destination(s); ok {
		c.playHuman(m)
		return true
	}
	if c.selected != game.NoSquare && s.Valid() && s != c.selected {
		c.refuse(s, WhyNotMove(c.game.Position(), c.selected, s))
	}
	return false
}

// destination returns the selected piece's legal move to s.
func (c *Controller) destination(s game.Square) (game.Move, bool) {
	if c.selected == game.NoSquare {
		return game.NoMove, false
	}
	for _, m := range c.dests {
		if m.To() == s {
			return m, true
		}
	}
	return game.NoMove, false
}

// ClearSelection drops the selected piece (Escape, a right click, a click
// off the board).
func (c *Controller) ClearSelection() {
	c.selected = game.NoSquare
	c.dests = c.dests[:0]
}

// playHuman plays a human's legal move.
func (c *Controller) playHuman(m game.Move) {
	c.cancelJob() // a hint in progress is moot now; an AI's ponder goes on
	before := c.game.Position()
	if c.puzzle != nil {
		c.judgePuzzleMove(m)
		return
	}
	c.play(m)
	if c.lesson != nil {
		c.judgeLesson(before, m)
	}
	c.nextAI = c.cfg.Now()
	// A move at an earlier point of the line (after undo or in replay) plays on
	// from there: the AI answers even if the old line continues.
	c.resumeHere = true
}

// play plays a legal move with its animation.
func (c *Controller) play(m game.Move) {
	before := c.game.Position()
	if err := c.game.Play(m); err != nil {
		c.Notify(err.Error())
		return
	}
	if c.clockOn {
		// The mover's thinking time comes off its clock; the increment goes on.
		now := c.cfg.Now()
		side := before.SideToMove()
		c.clocks[side] += c.settings.Increment - now.Sub(c.turnStart)
		c.turnStart = now
		if n := c.game.Ply(); n <= len(c.clockAt) {
			c.clockAt = append(c.clockAt[:n], c.clocks)
		}
	}
	c.clockLive = false
	c.anims.onMove(before, c.game.Position(), m, c.cfg.Now())
	c.caps, c.capsAt = game.CapturesOf(before, m), c.cfg.Now()
	switch {
	case c.Over():
		c.cues = append(c.cues, CueEnd)
	case len(c.caps) > 0:
		c.cues = append(c.cues, CueCapture)
	default:
		c.cues = append(c.cues, CueMove)
	}
	c.ClearSelection()
	c.hint, c.hintPV = game.NoMove, nil
	c.keepGame()
}

// Flip turns the board around.
func (c *Controller) Flip() { c.flipped = !c.flipped }

// ToggleHelp shows or hides the help overlay.
func (c *Controller) ToggleHelp() { c.setHelp(!c.help) }

// The pages of the help overlay.
const (
	HelpRules     = iota // the rules, with small illustrated boards
	HelpRulesText        // the rules in full, in words
	HelpKeys             // the keyboard and mouse
	HelpPages            // the number of pages
)

// HelpPage returns the page the help overlay shows.
func (c *Controller) HelpPage() int { return c.helpPage }

// ShowHelp opens the help overlay on page p.
func (c *Controller) ShowHelp(p int) {
	c.setHelp(true)
	c.helpPage = (p%HelpPages + HelpPages) % HelpPages
}

// CloseHelp hides the help overlay.
func (c *Controller) CloseHelp() { c.setHelp(false) }
