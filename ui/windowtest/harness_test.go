package windowtest

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ui"
)

// noDisplay is set when there is no display to open a window on.
var noDisplay bool

// h is the running harness; tests talk to it through do.
var h *harness

func TestMain(m *testing.M) {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		if os.Getenv("TABLUT_REQUIRE_DISPLAY") == "1" {
			fmt.Fprintln(os.Stderr, "windowtest: TABLUT_REQUIRE_DISPLAY=1 but there is no display; run the tests under xvfb-run -a")
			os.Exit(1)
		}
		noDisplay = true
		os.Exit(m.Run())
	}
	// The window's kept settings go to a folder of the test's own, never
	// the user's configuration folder.
	cfg, err := os.MkdirTemp("", "tablut-windowtest")
	if err != nil {
		fmt.Fprintln(os.Stderr, "windowtest:", err)
		os.Exit(1)
	}
	os.Setenv("XDG_CONFIG_HOME", cfg)
	h = &harness{tasks: make(chan *task)}
	code := 1
	go func() {
		code = m.Run()
		close(h.tasks)
	}()
	ebiten.SetWindowSize(1180, 780)
	ebiten.SetWindowTitle("Tablut window tests")
	// As ui.Run does: the window redraws only what changed on a screen that
	// keeps its pixels, and has the game's icons and X11 class.
	ebiten.SetScreenClearedEveryFrame(false)
	ui.SetWindowIcon()
	if err := ebiten.RunGameWithOptions(h, ui.RunOptions()); err != nil {
		fmt.Fprintln(os.Stderr, "windowtest: the window failed:", err)
		os.Exit(1)
	}
	os.RemoveAll(cfg)
	os.Exit(code)
}

// task is a script run on the game loop: update is called before each frame's
// update until it reports that the task is finished; draw, if set, after each
// frame is drawn.
type task struct {
	update func(frame int) bool
	draw   func(frame int, screen *ebiten.Image)
	frame  int
	done   chan struct{}
}

// harness is the ebiten.Game of the tests: it forwards to the App of the
// current test and runs the current task's hooks around it.
type harness struct {
	app   *ui.App
	tasks chan *task
	cur   *task
}

func (h *harness) Update() error {
	if h.cur == nil {
		select {
		case t, ok := <-h.tasks:
			if !ok {
				return ebiten.Termination
			}
			h.cur = t
		default:
		}
	}
	if t := h.cur; t != nil {
		if t.update(t.frame) {
			h.cur = nil
			close(t.done)
		}
		t.frame++
	}
	if h.app != nil {
		return h.app.Update()
	}
	return nil
}

func (h *harness) Draw(screen *ebiten.Image) {
	if h.app != nil {
		h.app.Draw(screen)
	}
	if t := h.cur; t != nil && t.draw != nil {
		t.draw(t.frame, screen)
	}
}

func (h *harness) Layout(w, hh int) (int, int) {
	if h.app != nil {
		return h.app.Layout(w, hh)
	}
	return w, hh
}

// run runs a task on the game loop and waits for it to finish.
func run(t *testing.T, timeout time.Duration, tk *task) {
	t.Helper()
	tk.done = make(chan struct{})
	h.tasks <- tk
	select {
	case <-tk.done:
	case <-time.After(timeout):
		t.Fatalf("the window script did not finish in %v", timeout)
	}
}

// needDisplay skips the test without a display.
func needDisplay(t *testing.T) {
	t.Helper()
	if noDisplay {
		t.Skip("no display: run under xvfb-run -a (TABLUT_REQUIRE_DISPLAY=1 makes this a failure)")
	}
}

// newApp replaces the harness's app; call it on the game loop.
func newApp(t *testing.T, opts ui.Options) *ui.App {
	a, err := ui.NewApp(opts)
	if err != nil {
		t.Error(err)
		return nil
	}
	if h.app != nil {
		h.app.Close()
	}
	h.app = a
	return a
}

// closeApp closes the harness's app (its searches and background work stop)
// and leaves the window empty; call it on the game loop. A closed app must
// not be updated again: its controller would start new searches.
func closeApp() {
	if h.app != nil {
		h.app.Close()
		h.app = nil
	}
}

// snapshot reads the whole screen into an image.
func snapshot(screen *ebiten.Image) *image.RGBA {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	return img
}

// near reports whether two colours are within tol in every channel.
func near(a color.Color, b color.NRGBA, tol int) bool {
	r, g, bb, _ := a.RGBA()
	d := func(x uint32, y uint8) int {
		v := int(x>>8) - int(y)
		if v < 0 {
			v = -v
		}
		return v
	}
	return d(r, b.R) <= tol && d(g, b.G) <= tol && d(bb, b.B) <= tol
}
