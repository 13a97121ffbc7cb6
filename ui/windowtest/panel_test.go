package windowtest

import (
	"fmt"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// clickItem clicks the start panel's item labelled label with a real
// pointer click, then moves the pointer away so that nothing is hovered.
func clickItem(t *testing.T, app *ui.App, label string) {
	t.Helper()
	var x, y float64
	var ok bool
	onLoop(t, func() { x, y, ok = app.StartItemCenter(label) })
	if !ok {
		t.Fatalf("the start panel has no %q", label)
	}
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
	frames(t, 4)
	xdo(t, "mousemove", "--window", "WIN", "2", "2")
	frames(t, 4)
}

// checkItemColour checks the colour of the start panel's item labelled label
// near its left edge (clear of its text): "buttonOn" when chosen.
func checkItemColour(t *testing.T, app *ui.App, label, want string) {
	t.Helper()
	var x, y float64
	onLoop(t, func() { x, y, _ = app.StartItemCenter(label) })
	done := false
	run(t, 20*time.Second, &task{
		update: func(int) bool { return done },
		draw: func(frame int, screen *ebiten.Image) {
			if frame < 2 || done {
				return
			}
			done = true
			app.Invalidate()
			app.Draw(screen)
			img := snapshot(screen)
			// Walk left from the centre to the last pixel of the item's face.
			px := int(x)
			for px > 0 && near(img.At(px-1, int(y)-12), ui.Colors()[want], 12) {
				px--
			}
			if got := img.At(px+3, int(y)-12); !near(got, ui.Colors()[want], 12) {
				t.Errorf("%q at (%d,%d) is %v, want %s", label, px+3, int(y)-12, got, want)
			}
		},
	})
}

// The start panel with real clicks: the mode row, a level, the engines
// behind "More engines...", the options; Start plays with those choices
// and the next run of the window proposes them again.
func TestStartPanelByClicks(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	st := session.NewMemStore()
	cfg := session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", Store: st}
	var app *ui.App
	onLoop(t, func() { app = newApp(t, ui.Options{Config: cfg}) })
	frames(t, 5)
	s, _ := app.Controller().Panel()
	if s.Black != session.DefaultLevel || s.White != session.Human {
		t.Fatalf("the first run proposes %+v, want a person against %s", s, session.DefaultLevel)
	}
	shoot(t, app, "start-panel")
	checkItemColour(t, app, "I play White", "buttonOn")
	checkItemColour(t, app, "Beginner", "buttonOn")

	clickItem(t, app, "I play Black")
	clickItem(t, app, "Casual")
	s, _ = app.Controller().Panel()
	if s.White != "level:casual" || s.Black != session.Human {
		t.Fatalf("after clicks on I play Black and Casual: %+v", s)
	}
	checkItemColour(t, app, "Casual", "buttonOn")
	checkItemColour(t, app, "Beginner", "button")

	clickItem(t, app, "More engines")
	if _, open := app.Controller().MoreEnginesFor(); !open {
		t.Fatal("More engines did not open the engines' list")
	}
	shoot(t, app, "start-panel-engines")
	clickItem(t, app, "Classic")
	clickItem(t, app, "Danger marks")
	if s, _ = app.Controller().Panel(); s.White != "heuristic" {
		t.Fatalf("a click on Classic chose %q", s.White)
	}
	clickItem(t, app, "Start")
	if app.Controller().Screen() != session.ScreenGame || app.Controller().IsHuman(game.White) || !app.Controller().IsHuman(game.Black) {
		t.Fatal("Start did not start the chosen game")
	}

	onLoop(t, func() { app = newApp(t, ui.Options{Config: cfg}) })
	frames(t, 5)
	s, _ = app.Controller().Panel()
	if s.White != "heuristic" || s.Black != session.Human || !app.Controller().Prefs().Danger {
		t.Fatalf("the next run proposes %+v (danger %v), want the last choices", s, app.Controller().Prefs().Danger)
	}
}

// The A key in the start panel starts the AI-vs-AI game, as the panel's
// watch choice and Start do (it used to fill in the players only).
func TestAKeyStartsWatching(t *testing.T) {
	needDisplay(t)
	cfg := session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", Store: session.NewMemStore()}
	var app *ui.App
	onLoop(t, func() { app = newApp(t, ui.Options{Config: cfg}) })
	frames(t, 5)
	key(t, "a")
	c := app.Controller()
	if c.Screen() != session.ScreenGame || c.IsHuman(game.White) || c.IsHuman(game.Black) {
		t.Fatalf("after A: screen %v, humans %v/%v; want an AI-vs-AI game", c.Screen(), c.IsHuman(game.White), c.IsHuman(game.Black))
	}
}

// A damaged settings file does not stop the window: the start panel opens
// with the defaults and says the file was ignored.
func TestDamagedSettingsOpenThePanel(t *testing.T) {
	needDisplay(t)
	st := session.NewMemStore()
	if err := st.Save(session.PrefsName, []byte("\x00garbage")); err != nil {
		t.Fatal(err)
	}
	var app *ui.App
	onLoop(t, func() { app = newApp(t, ui.Options{Config: session.Config{Store: st}}) })
	frames(t, 5)
	if app.Controller().Screen() != session.ScreenStart || app.Controller().PanelNotice() == "" {
		t.Fatal("the damaged file was not reported in the start panel")
	}
	shoot(t, app, "start-panel-damaged")
}

// Watching from the panel by clicks turns the fair-contest handicap on for
// the default pair; a click on it turns it off, another on again, and the
// game's panel names the handicapped side.
func TestHandicapByClicks(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	cfg := session.Config{Engines: session.DepthEngine(1), WatchNodes: 2000, HintSpec: "heuristic", Store: session.NewMemStore()}
	var app *ui.App
	onLoop(t, func() { app = newApp(t, ui.Options{Config: cfg}) })
	frames(t, 5)
	clickItem(t, app, "Watch AI vs AI")
	label := fmt.Sprintf("Handicap: Black 1/%d of the search", session.WatchHandicap)
	if s, _ := app.Controller().Panel(); s.Handicap != session.WatchHandicap {
		t.Fatalf("watching the default pair proposes handicap %d, want %d", s.Handicap, session.WatchHandicap)
	}
	checkItemColour(t, app, label, "buttonOn")
	shoot(t, app, "start-panel-watch")
	clickItem(t, app, label)
	if s, _ := app.Controller().Panel(); s.Handicap != 0 {
		t.Fatalf("a click on the handicap left it at %d", s.Handicap)
	}
	clickItem(t, app, "Handicap: none")
	clickItem(t, app, "Start")
	c := app.Controller()
	if c.Screen() != session.ScreenGame || c.Settings().Handicap != session.WatchHandicap {
		t.Fatalf("Start played with handicap %d (screen %v), want %d", c.Settings().Handicap, c.Screen(), session.WatchHandicap)
	}
	if got := c.Settings().HandicapNote(game.Black); got == "" {
		t.Fatal("Black's handicap has no note in the game's panel")
	}
}
