package windowtest

import (
	"fmt"
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

// A link's game over a kept game asks first, answered by real clicks: on a
// phone-shaped window "Keep playing my game" keeps the kept game on the
// board and the link's players in the start panel; at the desktop's size
// "Start the link's game" starts it.
func TestLinkAsksBeforeReplacingTheKeptGame(t *testing.T) {
	needDisplay(t)
	store := session.NewMemStore()
	cfg := session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(),
		Store: store, NoPonder: true, KeepLastGame: true}
	// A kept game: a person's move against the heuristic, then the window closes.
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: "heuristic", MoveTime: time.Second}, Config: cfg})
		c := app.Controller()
		m := c.Game().LegalMoves()[0]
		c.Select(m.From())
		c.Drop(m.To())
	})
	waitFor(t, "the heuristic's answer", func() bool { return app.Controller().Game().Ply() == 2 && !app.Controller().Busy() })
	onLoop(t, closeApp)

	link := &session.Settings{White: session.Human, Black: "level:club", MoveTime: 2 * time.Second}
	clickLink := func(start bool) {
		var x, y float64
		var ok bool
		onLoop(t, func() { x, y, ok = app.LinkButtonCenter(start) })
		if !ok {
			t.Fatal("the link's question is not up")
		}
		xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
		frames(t, 4)
	}
	for _, size := range [][2]int{{390, 844}, {1280, 800}} {
		resize(t, size[0], size[1])
		showAfter(t, fmt.Sprintf("link-%dx%d", size[0], size[1]), 10, func() *ui.App {
			app = newApp(t, ui.Options{Settings: link, AskFirst: true, Config: cfg})
			return app
		}, func(app *ui.App, screen *ebiten.Image) {
			if o, ok := app.Controller().LinkOffered(); !ok || o.Players != "Human vs Club" || o.KeptMoves != 2 {
				t.Errorf("the question is %+v (up %v), want Human vs Club over 2 moves", o, ok)
			}
		})
		c := app.Controller()
		if size[0] == 390 {
			clickLink(false)
			if c.Screen() != session.ScreenGame || c.Game().Ply() != 2 || c.Settings().Black != "heuristic" {
				t.Fatalf("Keep left screen %v at ply %d against %s", c.Screen(), c.Game().Ply(), c.Settings().Black)
			}
			onLoop(t, func() { c.ShowStart() })
			if p, _ := c.Panel(); p.Black != "level:club" {
				t.Errorf("the start panel after Keep offers %s, want the link's level:club", p.Black)
			}
			onLoop(t, func() { c.Back() })
			onLoop(t, closeApp)
			continue
		}
		clickLink(true)
		if c.Screen() != session.ScreenGame || c.Game().Ply() != 0 || c.Settings().Black != "level:club" {
			t.Fatalf("Start left screen %v at ply %d against %s", c.Screen(), c.Game().Ply(), c.Settings().Black)
		}
		onLoop(t, closeApp)
	}
	resize(t, 1180, 780)
}
