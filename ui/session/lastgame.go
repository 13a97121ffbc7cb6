package session

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
)

// lastGameName is the Store entry holding the game left on the board.
const lastGameName = "last-game.txt"

// keepGame writes the game on the board, as a record, into the Store when
// Config.KeepLastGame asks for it: after every move and at Close, so that a
// closed window or tab (or a crash) loses nothing. A game without moves or
// one that is over leaves an empty entry: nothing to offer back. A store
// that refuses (a browser's blocked storage) is said once in the status
// line; the game goes on.
func (c *Controller) keepGame() {
	if !c.cfg.KeepLastGame || c.puzzle != nil || c.demoKeep {
		return // a puzzle is no game to come back to, and the demo's games are not the person's (nor worth a write a move all day): the kept one stays
	}
	var buf bytes.Buffer
	if c.started && c.game.Ply() > 0 && !c.Over() {
		if err := c.game.WriteRecord(&buf, c.recordMeta(c.game)); err != nil {
			return
		}
	}
	if err := c.cfg.Store.Save(lastGameName, buf.Bytes()); err != nil && !c.keepFailed {
		c.keepFailed = true
		c.Notify("Cannot keep the game for next time: " + err.Error())
	}
}

// OfferLastGame puts the game kept by an earlier run behind the start panel:
// the panel stays up, with a line saying that Back returns to that game. It
// reports whether there was one. With Config.KeepLastGame off it does
// nothing.
func (c *Controller) OfferLastGame() bool {
	if !c.cfg.KeepLastGame {
		return false
	}
	b, err := c.cfg.Store.Load(lastGameName)
	switch {
	case errors.Is(err, fs.ErrNotExist), err == nil && len(bytes.TrimSpace(b)) == 0:
		return false
	case err != nil:
		c.Notify("Cannot read the last game: " + err.Error())
		return false
	}
	if err := c.Load(bytes.NewReader(b), "your last game"); err != nil {
		return false
	}
	c.screen = ScreenStart
	c.Notify(fmt.Sprintf("Your last game (%s) is kept: Back returns to it", Count(c.game.Ply(), "move")))
	return true
}
