package windowtest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// The demo in the window: game after game on its own, the default pair
// taking turns at White from the handicap match's openings, the last
// game's result and why on the screen between games; a real key press
// leaves it for the start panel, and so does a real click, which does
// nothing else. Small node budgets and a short pace make the games quick.
func TestDemoPlaysGameAfterGame(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	cfg := session.Config{Engines: session.DepthEngine(1), WatchNodes: 1500, HintSpec: "heuristic", Store: session.NewMemStore()}
	demo := &session.Demo{MoveTime: 10 * time.Millisecond, Between: 2 * time.Second}
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Config: cfg, Demo: demo})
		app.Controller().Faster()
		app.Controller().Faster() // no pause between moves
	})
	c := app.Controller()
	type seen struct {
		white, black string
		opening      []game.Move
		why          string
	}
	var games []seen
	shot := false
	run(t, 3*time.Minute, &task{
		update: func(int) bool {
			st, ok := c.Demo()
			if !ok {
				t.Error("the demo stopped by itself")
				return true
			}
			if len(games) < st.Game {
				s := c.Settings()
				games = append(games, seen{white: s.White, black: s.Black, opening: slices.Clone(c.Game().Line()[:4])})
			}
			if st.Next > 0 && games[len(games)-1].why == "" {
				_, why := c.EndWords()
				if !c.Over() {
					why = c.Message() // stopped undecided
				}
				games[len(games)-1].why = why
			}
			return st.Game >= 3
		},
		draw: func(frame int, screen *ebiten.Image) {
			if st, _ := c.Demo(); !shot && st.Next > 0 && st.Next < time.Second && c.Over() {
				// The first finished game, as the audience sees it.
				shot = true
				app.Invalidate()
				app.Draw(screen)
				keepShot(t, screen, "window-demo-between")
			}
		},
	})
	if len(games) < 3 {
		t.Fatalf("the demo played %d games", len(games))
	}
	w, b := session.WatchPair()
	for i, g := range games[:3] {
		wantW, wantB := w, b
		if i%2 == 1 {
			wantW, wantB = b, w
		}
		if g.white != wantW || g.black != wantB {
			t.Errorf("game %d: %s against %s, want %s against %s", i+1, g.white, g.black, wantW, wantB)
		}
		if !slices.Equal(g.opening, session.DemoOpening(1, i)) {
			t.Errorf("game %d opened %v, want the match's %v", i+1, g.opening, session.DemoOpening(1, i))
		}
		if i < 2 && g.why == "" {
			t.Errorf("game %d: no reason for its end was shown", i+1)
		}
		t.Logf("game %d: %s against %s, opening %v: %s", i+1, g.white, g.black, g.opening, g.why)
	}
	if slices.Equal(games[0].opening, games[1].opening) {
		t.Error("two games with one opening")
	}

	// A real key leaves the demo for the start panel.
	xdo(t, "key", "--window", "WIN", "space")
	frames(t, 6)
	if _, ok := c.Demo(); ok || c.Screen() != session.ScreenStart {
		t.Fatalf("a key press left the demo running (screen %v)", c.Screen())
	}
	// The panel's Demo button starts it again; a click anywhere leaves it,
	// and the click does nothing on the panel that opens under it.
	clickItem(t, app, "Demo")
	if _, ok := c.Demo(); !ok {
		t.Fatal("the panel's Demo button did not start the demo")
	}
	frames(t, 10)
	var x, y float64
	onLoop(t, func() { x, y, _ = app.StartItemCenter("Start") })
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
	frames(t, 6)
	if _, ok := c.Demo(); ok || c.Screen() != session.ScreenStart {
		t.Fatalf("a click left the demo running (screen %v)", c.Screen())
	}
	if dir := os.Getenv("TABLUT_SHOTS"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "window-demo-between.png")); err != nil {
			t.Errorf("no screenshot between games: %v", err)
		}
	}
	onLoop(t, closeApp)
}
