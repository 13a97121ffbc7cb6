package windowtest

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// xdo runs xdotool on the test window: real pointer and key events, as a
// person makes them.
func xdo(t *testing.T, args ...string) {
	t.Helper()
	if _, err := exec.LookPath("xdotool"); err != nil {
		if os.Getenv("TABLUT_REQUIRE_DISPLAY") == "1" {
			t.Fatal("xdotool is missing: install it (apt-get install xdotool; .ci/packages-ui.txt lists it)")
		}
		t.Skip("xdotool is missing: apt-get install xdotool")
	}
	out, err := exec.Command("xdotool", "search", "--name", "^Tablut window tests$").Output()
	ids := strings.Fields(string(out))
	if err != nil || len(ids) == 0 {
		t.Fatalf("xdotool finds no test window: %v", err)
	}
	full := []string{}
	for _, a := range args {
		full = append(full, strings.ReplaceAll(a, "WIN", ids[0]))
	}
	if out, err := exec.Command("xdotool", full...).CombinedOutput(); err != nil {
		t.Fatalf("xdotool %v: %v: %s", full, err, out)
	}
}

// onLoop runs f once on the game loop and waits for it.
func onLoop(t *testing.T, f func()) {
	t.Helper()
	run(t, 20*time.Second, &task{update: func(int) bool { f(); return true }})
}

// frames lets n frames pass.
func frames(t *testing.T, n int) {
	t.Helper()
	run(t, 20*time.Second, &task{update: func(frame int) bool { return frame >= n }})
}

// tapAt clicks square s of app with a press and a release sent together, so
// that both land in one frame, as a touchpad tap does.
func tapAt(t *testing.T, app *ui.App, s game.Square) {
	t.Helper()
	var x, y float64
	onLoop(t, func() { x, y = app.SquareCenter(s) })
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "mousedown", "1", "mouseup", "1")
	frames(t, 6)
}

// Defect 1: a tap on a piece selects it without sticking it to the cursor; a
// tap on a destination moves it.
func TestTapOnAPieceDoesNotStickToTheCursor(t *testing.T) {
	needDisplay(t)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: session.Human, MoveTime: time.Second}})
	})
	frames(t, 5)
	tapAt(t, app, square(t, "e3"))
	var sel game.Square
	var dragging bool
	onLoop(t, func() { sel, dragging = app.Controller().Selected(), app.Dragging() })
	if sel != square(t, "e3") || dragging {
		t.Fatalf("after a tap on e3: selected %v, dragging %v; want e3 selected, no drag", sel, dragging)
	}
	tapAt(t, app, square(t, "b3"))
	var last string
	onLoop(t, func() { last, dragging = app.Controller().LastMove().String(), app.Dragging() })
	if last != "e3-b3" || dragging {
		t.Fatalf("after a tap on b3: last move %s, dragging %v; want e3-b3", last, dragging)
	}
}
