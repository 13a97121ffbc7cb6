package session

import "fmt"

// A page's address can name the players and the move time (a teacher's
// link). Started at once, such a game would overwrite the game kept from
// the last visit without a word; so when a kept, unfinished game waits,
// the kept game comes back on the board and the window asks which to play
// (ScreenLink). Keeping the kept game leaves the link's choices in the
// start panel, and says so, so that the link's game is one tap away.

// LinkOffer is the question of a link over a kept game.
type LinkOffer struct {
	Settings Settings // the link's game
	// Players names the link's players for people: "Human vs Club".
	Players string
	// KeptMoves is how many moves the kept game has had.
	KeptMoves int
}

// OfferLink is how a window opened by a link with settings s starts: with
// Config.KeepLastGame and a kept game that is unfinished, the kept game is
// put on the board under the question (ScreenLink) and OfferLink reports
// true; otherwise it does nothing and reports false, and the caller starts
// s. The link's settings are checked first: a bad link is an error, and
// the kept game stays untouched.
func (c *Controller) OfferLink(s Settings) (bool, error) {
	if _, err := c.buildEngines(s); err != nil {
		return false, err
	}
	if !c.OfferLastGame() {
		return false, nil
	}
	c.link = &s
	c.screen = ScreenLink
	c.msg = ""
	return true, nil
}

// LinkOffered returns the link's question while it is up.
func (c *Controller) LinkOffered() (LinkOffer, bool) {
	if c.screen != ScreenLink || c.link == nil {
		return LinkOffer{}, false
	}
	s := *c.link
	return LinkOffer{Settings: s, Players: matchName(s), KeptMoves: c.game.Ply()}, true
}

// matchName names a game's players for people: "Human vs Club".
func matchName(s Settings) string {
	name := func(spec string) string {
		if spec == Human {
			return "Human"
		}
		return EngineTitle(spec)
	}
	return name(s.White) + " vs " + name(s.Black)
}

// AcceptLink starts the link's game, which replaces the kept one.
func (c *Controller) AcceptLink() error {
	if c.link == nil {
		return nil
	}
	s := *c.link
	c.link = nil
	c.SetPanel(s)
	if err := c.Start(s); err != nil {
		c.screen = ScreenGame
		c.Notify("Cannot start the link's game: " + err.Error())
		return err
	}
	c.keepGame() // the kept game is replaced now, not at the first move
	return nil
}

// DeclineLink keeps playing the kept game. The link's choices wait in the
// start panel (New), and the status line says so.
func (c *Controller) DeclineLink() {
	if c.link == nil {
		return
	}
	s := *c.link
	c.link = nil
	c.screen = ScreenGame
	c.turnStart = c.cfg.Now()
	c.linkPanel = &s
	c.Notify(fmt.Sprintf("Your game goes on. The link's game (%s) waits in New game: New, then Start", matchName(s)))
}
