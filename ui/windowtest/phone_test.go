package windowtest

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// A window the shape of a phone held upright (390x844, here at one device
// pixel to a CSS pixel): the game, the start panel, the help's three pages,
// the lesson and the end banner are each drawn and kept (as phone-*.png
// under $TABLUT_SHOTS), and the board spans the window's width.
func TestPhoneShapedWindow(t *testing.T) {
	needDisplay(t)
	resize(t, 390, 844)
	defer resize(t, 1180, 780)
	rec := selfPlay(t, 24)
	human := &session.Settings{White: session.Human, Black: "level:club", MoveTime: time.Second}
	game := func(setup func(c *session.Controller)) func() *ui.App {
		return func() *ui.App {
			app := newApp(t, ui.Options{Settings: human})
			if app == nil {
				return nil
			}
			if setup != nil {
				setup(app.Controller())
			}
			return app
		}
	}
	wide := func(app *ui.App, screen *ebiten.Image) {
		if s := app.SquareSize(); s*9 < 330 {
			t.Errorf("the board's squares span %.0f px of a 390 px window", s*9)
		}
	}
	showAfter(t, "phone-game", 10, game(func(c *session.Controller) {
		if err := c.Load(strings.NewReader(rec), "game.txt"); err != nil {
			t.Error(err)
		}
	}), wide)
	showAfter(t, "phone-start", 10, game(func(c *session.Controller) { c.ShowStart() }), nil)
	for _, p := range []int{session.HelpRules, session.HelpRulesText, session.HelpKeys} {
		p := p
		showAfter(t, "phone-help-"+string(rune('0'+p)), 10, game(func(c *session.Controller) { c.ShowHelp(p) }), nil)
	}
	showAfter(t, "phone-lesson", 10, game(func(c *session.Controller) {
		if err := c.StartLesson(0); err != nil {
			t.Error(err)
		}
	}), nil)
	end := recordFrom(t, "...BBB.../....B..../........./B.K.....B/BB......B/B.......B/........./....B..../...BBB... W", "human", "level:beginner")
	showAfter(t, "phone-gameover", 40, game(func(c *session.Controller) {
		if err := c.Load(strings.NewReader(end), "end.txt"); err != nil {
			t.Error(err)
		}
		c.Select(square(t, "c4"))
		c.Select(square(t, "c1"))
	}), nil)
}
