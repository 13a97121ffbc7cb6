package windowtest

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// keepShot saves the screen as name.png in the folder $TABLUT_SHOTS, if set:
// the README's screenshots are taken this way. Call it in a draw hook.
func keepShot(t *testing.T, screen *ebiten.Image, name string) {
	dir := os.Getenv("TABLUT_SHOTS")
	if dir == "" {
		return
	}
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		t.Error(err)
		return
	}
	defer f.Close()
	if err := png.Encode(f, snapshot(screen)); err != nil {
		t.Error(err)
	}
}

// resize sets the test window's size and waits for the screen to follow.
func resize(t *testing.T, w, h int) {
	t.Helper()
	run(t, 20*time.Second, &task{update: func(frame int) bool {
		if frame == 0 {
			ebiten.SetWindowSize(w, h)
		}
		ww, hh := ebiten.WindowSize()
		return frame > 10 && ww == w && hh == h
	}})
}

// Defect 9: a tall window puts the panel under the board, which takes the
// window's width.
func TestPortraitWindowReflows(t *testing.T) {
	needDisplay(t)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: session.Human, MoveTime: time.Second}})
	})
	resize(t, 600, 1000)
	defer resize(t, 1180, 780)
	checked := false
	run(t, 20*time.Second, &task{
		update: func(frame int) bool { return checked },
		draw: func(frame int, screen *ebiten.Image) {
			if frame < 5 || checked {
				return
			}
			b := screen.Bounds()
			if b.Dx() != 600 || b.Dy() != 1000 {
				return
			}
			checked = true
			if side := app.SquareSize() * 9; side < 480 {
				t.Errorf("the board is %.0f px wide in a 600x1000 window, want at least 480", side)
			}
			// The panel is below the board: its background shows under a1.
			_, y := app.SquareCenter(square(t, "a1"))
			checkPixels(t, snapshot(screen), app, []pixelCheck{{"e3", 0, 0, "whitePiece"}})
			if y > 700 {
				t.Errorf("a1 is at y=%.0f: the board leaves no room for the panel", y)
			}
			keepShot(t, screen, "portrait")
		},
	})
}
