package windowtest

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// dangerRecord writes a record of the position where White's pawn a3 may
// go to e3 and be taken there at once (Black's h4 comes to e4, against the
// camp e2), against the Beginner level.
func dangerRecord(t *testing.T) string {
	t.Helper()
	rec := recordFrom(t, "........./...B...../W......../.......B./....K..../........./........./........./B........ W", session.Human, "level:beginner")
	path := filepath.Join(t.TempDir(), "danger.txt")
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// drawnFrame draws a full frame, hands check a reader of its pixels, and
// keeps it as name.png under $TABLUT_SHOTS.
func drawnFrame(t *testing.T, app *ui.App, name string, check func(img func(x, y float64) [3]uint8)) {
	t.Helper()
	drawnImage(t, app, name, func(img *image.RGBA) {
		check(func(x, y float64) [3]uint8 {
			r, g, b, _ := img.At(int(math.Round(x)), int(math.Round(y))).RGBA()
			return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
		})
	})
}

// drawnImage draws a full frame on the window's loop, hands check its
// pixels, and keeps it as name.png under $TABLUT_SHOTS (none for "").
func drawnImage(t *testing.T, app *ui.App, name string, check func(img *image.RGBA)) {
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
			check(snapshot(screen))
			if name != "" {
				keepShot(t, screen, name)
			}
		},
	})
}

// Holding a piece against Beginner marks in red the destination where it
// would be captured at once; the safe ones keep the blue dot. Real clicks
// (press and release in one frame).
func TestDangerPreviewOnTheBoard(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	path := dangerRecord(t)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Load: path, Config: session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", Store: session.NewMemStore()}})
	})
	frames(t, 5)
	tapAt(t, app, square(t, "a3"))
	if app.Controller().Selected() != square(t, "a3") {
		t.Fatal("a tap on a3 did not select it")
	}
	red := ui.Colors()["capture"]
	drawnFrame(t, app, "danger", func(at func(x, y float64) [3]uint8) {
		x, y := app.SquareCenter(square(t, "e3"))
		if c := at(x, y); !nearRGB(c, red) {
			t.Errorf("e3 (captured at once) is %v at its centre, want the capture red %v", c, red)
		}
		x, y = app.SquareCenter(square(t, "c3"))
		if c := at(x, y); nearRGB(c, red) {
			t.Errorf("c3 (safe) is marked red")
		}
	})
}

// A click that does nothing says why, with a mark on the square: a tap on
// Black's piece, then on a square the held piece cannot reach.
func TestRefusedClicksAreExplained(t *testing.T) {
	needDisplay(t)
	path := dangerRecord(t)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Load: path, Config: session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", Store: session.NewMemStore()}})
	})
	frames(t, 5)
	tapAt(t, app, square(t, "h4"))
	var msg string
	onLoop(t, func() { msg = app.Controller().Message() })
	if !strings.Contains(msg, "Black piece") {
		t.Fatalf("a tap on Black's h4 says %q", msg)
	}
	tapAt(t, app, square(t, "a3"))
	tapAt(t, app, square(t, "b4"))
	onLoop(t, func() { msg = app.Controller().Message() })
	if !strings.Contains(msg, "row or column") {
		t.Fatalf("a tap on b4 with a3 held says %q", msg)
	}
	red := ui.Colors()["capture"]
	drawnFrame(t, app, "refused", func(at func(x, y float64) [3]uint8) {
		x, y := app.SquareCenter(square(t, "b4"))
		// The cross's arms pass through the centre.
		if c := at(x, y); !nearRGB(c, red) {
			t.Errorf("b4's centre is %v, want the cross's red", c)
		}
	})
	if _, ok := app.Controller().Refused(); !ok {
		t.Fatal("no refused square")
	}
}
