package windowtest

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// evalBarColour returns the colour of the evaluation bar's centre in a
// freshly drawn frame.
func evalBarColour(t *testing.T, app *ui.App) (got [3]uint8) {
	t.Helper()
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
			x, y := app.EvalBarCenter()
			r, g, b, _ := snapshot(screen).At(int(x), int(y)+20).RGBA()
			got = [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
		},
	})
	return got
}

// estimateSpec is an estimating engine for the window's tests: the
// heuristic to depth d.
func estimateSpec(d int) *player.Spec {
	s, _ := player.ParseSpec(player.Heuristic)
	s.Depth = d
	return &s
}

// The evaluation bar is grey until the position's estimate arrives, and
// nothing else paints it: a hint (H, a real key) does not. Once estimates
// come, the bar never turns grey again between moves: it holds the last
// figure while the next one is computed.
func TestEvaluationBarIsGreyUntilAPositionIsEvaluated(t *testing.T) {
	needDisplay(t)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: "level:beginner", MoveTime: time.Second},
			Config: session.Config{Engines: session.DepthEngine(2), HintSpec: "heuristic", Store: session.NewMemStore(),
				EstimateSpec: estimateSpec(40)}}) // never done in the test's time
	})
	frames(t, 5)
	grey := ui.Colors()["evalUnknown"]
	if c := evalBarColour(t, app); !nearRGB(c, grey) {
		t.Fatalf("before any estimate the bar is %v, want grey %v", c, grey)
	}
	key(t, "h")
	waitFor(t, "a hint", func() bool { return app.Controller().HintMove() != game.NoMove })
	frames(t, 30)
	if c := evalBarColour(t, app); !nearRGB(c, grey) {
		t.Fatalf("a hint's search painted the bar %v: only the position's estimate may", c)
	}

	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: "level:beginner", MoveTime: time.Second},
			Config: session.Config{Engines: session.DepthEngine(2), HintSpec: "heuristic", Store: session.NewMemStore(),
				EstimateSpec: estimateSpec(2)}})
	})
	waitFor(t, "the start's estimate", func() bool { _, ok := app.Controller().Eval(); return ok })
	frames(t, 30)
	if c := evalBarColour(t, app); nearRGB(c, grey) {
		t.Fatalf("with the estimate the bar is still grey")
	}
	tapAt(t, app, square(t, "e3"))
	tapAt(t, app, square(t, "b3"))
	waitFor(t, "Beginner's reply", func() bool { return app.Controller().Game().Ply() == 2 && !app.Controller().Busy() })
	if c := evalBarColour(t, app); nearRGB(c, grey) {
		t.Fatalf("after the moves the bar turned grey")
	}
}

func nearRGB(c [3]uint8, want interface{ RGBA() (r, g, b, a uint32) }) bool {
	r, g, b, _ := want.RGBA()
	d := func(x uint8, y uint32) bool { v := int(x) - int(y>>8); return v < 12 && v > -12 }
	return d(c[0], r) && d(c[1], g) && d(c[2], b)
}

// countNear counts the pixels of the rectangle (x, y, w, h) whose colour is
// near want, read with at.
func countNear(at func(x, y float64) [3]uint8, x, y, w, h float64, want interface{ RGBA() (r, g, b, a uint32) }) int {
	n := 0
	for px := x; px < x+w; px++ {
		for py := y; py < y+h; py++ {
			if nearRGB(at(px, py), want) {
				n++
			}
		}
	}
	return n
}

// The clocks stand still behind the start panel (N, a real key) and go on
// from where they stood after Esc: the side to move's clock used to run
// down to a red 0.0 behind the panel.
func TestClockStandsStillBehindTheStartPanel(t *testing.T) {
	needDisplay(t)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: session.Human, MoveTime: time.Second, Clock: 5 * time.Second},
			Config: session.Config{Store: session.NewMemStore()}})
	})
	frames(t, 5)
	key(t, "n")
	var before time.Duration
	onLoop(t, func() { before, _ = app.Controller().ClockLeft(game.White) })
	time.Sleep(6 * time.Second)
	frames(t, 5)
	var after time.Duration
	onLoop(t, func() { after, _ = app.Controller().ClockLeft(game.White) })
	if after != before || after == 0 {
		t.Fatalf("White's clock behind the panel went from %v to %v", before, after)
	}
	key(t, "Escape")
	if app.Controller().Screen() != session.ScreenGame || app.Controller().Over() {
		t.Fatal("after Esc the game is not back, or it was lost on time")
	}
}
