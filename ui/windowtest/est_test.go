package windowtest

import (
	"sync"
	"testing"
	"time"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// handClock is a clock the test moves by hand; the window's loop reads it.
type handClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *handClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *handClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// tablut -teach on a first launch (no settings file) showed the start
// panel, and Esc, Back and T did nothing there. Real keys: the classroom is
// up at once; T closes it onto the board, T opens it again, Esc closes it.
func TestTeachOnAFirstLaunchWithRealKeys(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Teach: true, TeachPage: session.TeachSearch,
			Config: session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", Store: session.NewMemStore()}})
	})
	frames(t, 5)
	state := func() (open bool, screen session.Screen) {
		onLoop(t, func() { open, screen = app.TeachStatus().Open, app.Controller().Screen() })
		return
	}
	if open, screen := state(); !open || screen != session.ScreenGame {
		t.Fatalf("tablut -teach, first launch: classroom open %v, screen %v; want the classroom over a game", open, screen)
	}
	shoot(t, app, "teach-first-launch")
	key(t, "t")
	if open, screen := state(); open || screen != session.ScreenGame {
		t.Fatalf("after T: classroom open %v, screen %v; want the board", open, screen)
	}
	key(t, "t")
	if open, _ := state(); !open {
		t.Fatal("T did not open the classroom again")
	}
	key(t, "Escape")
	if open, screen := state(); open || screen != session.ScreenGame {
		t.Fatalf("after Esc: classroom open %v, screen %v; want the board", open, screen)
	}
}

// After Undo the clock showed a frozen time and still charged it; the
// clock ran while the rules page was open. Real clicks and keys, the
// controller's clock moved by hand.
func TestClockAfterUndoAndBehindTheRulesWithRealKeys(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	clk := &handClock{t: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: session.Human, MoveTime: time.Second, Clock: 5 * time.Minute},
			Config: session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", Store: session.NewMemStore(), Now: clk.now}})
	})
	frames(t, 5)
	left := func(side game.Color) (d time.Duration) {
		onLoop(t, func() { d, _ = app.Controller().ClockLeft(side) })
		return
	}
	clk.advance(10 * time.Second)
	tapAt(t, app, square(t, "e3"))
	tapAt(t, app, square(t, "b3")) // White 4:50
	clk.advance(20 * time.Second)
	tapAt(t, app, square(t, "d1"))
	tapAt(t, app, square(t, "d2")) // Black 4:40
	clk.advance(30 * time.Second)
	key(t, "u")
	if w, b := left(game.White), left(game.Black); w != 4*time.Minute+50*time.Second || b != 5*time.Minute {
		t.Fatalf("after Undo: White %v, Black %v; want that turn's clocks 4m50s and 5m0s", w, b)
	}
	clk.advance(5 * time.Second)
	frames(t, 3)
	if b := left(game.Black); b != 4*time.Minute+55*time.Second {
		t.Fatalf("5 s after Undo Black's clock reads %v; want it running from 5m0s: 4m55s", b)
	}
	shoot(t, app, "clock-after-undo")
	key(t, "F1")
	var help bool
	onLoop(t, func() { help = app.Controller().HelpShown() })
	if !help {
		t.Fatal("F1 did not open the rules")
	}
	onLoop(t, func() { app.Controller().ShowHelp(session.HelpRules) })
	shoot(t, app, "rules-cards")
	clk.advance(40 * time.Second)
	frames(t, 3)
	if b := left(game.Black); b != 4*time.Minute+55*time.Second {
		t.Fatalf("behind the rules page Black's clock ran to %v; want it stopped at 4m55s", b)
	}
	key(t, "Escape")
	clk.advance(time.Second)
	frames(t, 3)
	if b := left(game.Black); b != 4*time.Minute+54*time.Second {
		t.Fatalf("after the rules page Black's clock reads %v; want 4m54s", b)
	}
}

// The danger marks come with their legend in the status box (kept as
// danger-legend.png).
func TestTheDangerLegendIsDrawn(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	path := dangerRecord(t)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Load: path, Config: session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", Store: session.NewMemStore()}})
	})
	frames(t, 5)
	tapAt(t, app, square(t, "a3"))
	var legend string
	onLoop(t, func() { legend = app.Controller().DangerLegend() })
	if legend == "" {
		t.Fatal("no legend while the danger marks are shown")
	}
	shoot(t, app, "danger-legend")
}
