package windowtest

import (
	"testing"
	"time"

	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// A game between two AIs shows the pieces each side lost, White's chance
// over the game as a chart under the moves (its line drawn in the bar's
// white), and the king's open lines; checked on the pixels of the frame.
func TestAIvsAIShowsTheChartAndTheLosses(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	var app *ui.App
	w, b := session.WatchPair() // the default pair, at a fixed depth
	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: w, Black: b, MoveTime: time.Second},
			Config: session.Config{Engines: session.DepthEngine(3), Store: session.NewMemStore()}})
		app.Controller().Faster()
		app.Controller().Faster()
		app.Controller().Faster()
	})
	waitFor(t, "14 plies and a capture", func() bool {
		lw, lb := app.Controller().Captured()
		return app.Controller().Game().Ply() >= 14 && lw+lb > 0 || app.Controller().Over()
	})
	key(t, "space") // pause, for a still frame
	waitFor(t, "the AI to stop", func() bool { return !app.Controller().Busy() })
	// Every position's estimate comes in the background (the champion's).
	waitFor(t, "the estimates of the line", func() bool {
		for _, pt := range app.Controller().ChanceCurve() {
			if !pt.Known {
				return false
			}
		}
		return true
	})
	frames(t, 10)
	white := ui.Colors()["evalWhite"]
	drawnFrame(t, app, "ai-vs-ai", func(at func(x, y float64) [3]uint8) {
		x, y, w, h := app.ChartRect()
		if w == 0 {
			t.Fatal("no chart in an AI-vs-AI game")
		}
		line := countNear(at, x, y+h*0.25, w, h*0.75, white)
		if line < 20 {
			t.Errorf("the chart has %d pixels of its line, want a drawn curve", line)
		}
	})
	lw, lb := app.Controller().Captured()
	if lw+lb == 0 && !app.Controller().Over() {
		t.Error("no capture counted")
	}
}
