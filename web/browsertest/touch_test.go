package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The touch tests play the page with real touch events (Chromium's
// Input.dispatchTouchEvent) on an emulated phone and tablet: touch
// emulation on, a mobile viewport at the device's pixel ratio. Ebitengine
// suppresses the mouse events a touch would otherwise bring, so these
// taps reach the game only as touches.

// touchDevice is an emulated touch screen.
type touchDevice struct {
	name   string
	w, h   int64
	ratio  float64
	mobile bool
}

var touchDevices = []touchDevice{
	{"phone", 390, 844, 3, true},
	{"tablet", 1280, 800, 2, true},
}

// touchState is the page's test state (web/main.go) with what the touch
// test reads besides the moves.
type touchState struct {
	pageState
	Screen   string
	Selected string
	Flipped  bool
	Dragging bool
	Played   []string
	Start    *struct{ X, Y float64 }
	Buttons  map[string]struct{ X, Y, W, H float64 }
}

func readTouchState(t *testing.T, ctx context.Context) touchState {
	t.Helper()
	var s string
	eval(t, ctx, `window.tablut_state || "{}"`, &s)
	var st touchState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		t.Fatalf("bad state %q: %v", s, err)
	}
	return st
}

// touchBrowser starts Chromium emulating device d and opens the page at
// query, waiting for its first frame.
func touchBrowser(t *testing.T, d touchDevice, url string) context.Context {
	t.Helper()
	ctx := browser(t)
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: d.w, Height: d.h, DeviceScaleFactor: d.ratio, Mobile: d.mobile}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{
			Enabled: true, MaxTouchPoints: 5})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablutFirstFrameAt || window.tablutError`, 120*time.Second)
	var errText string
	eval(t, ctx, `window.tablutError || ""`, &errText)
	if errText != "" {
		t.Fatalf("the page failed: %s", errText)
	}
	var w, dpr float64
	eval(t, ctx, `window.innerWidth`, &w)
	eval(t, ctx, `window.devicePixelRatio`, &dpr)
	if int64(w) != d.w || dpr != d.ratio {
		t.Fatalf("the page is %.0f CSS px wide at ratio %g, not %d at %g", w, dpr, d.w, d.ratio)
	}
	return ctx
}

// fingerAt is a touch point of finger id at (x, y) in CSS pixels.
func fingerAt(id float64, x, y float64) *input.TouchPoint {
	return &input.TouchPoint{X: x, Y: y, ID: &id}
}

// touch dispatches one touch event now: the fingers down after it (none
// for TouchEnd).
func touch(t *testing.T, ctx context.Context, typ input.DispatchTouchEventType, pts ...*input.TouchPoint) {
	t.Helper()
	touchAt(t, ctx, time.Now(), typ, pts...)
}

// touchAt dispatches one touch event that happened at the time at.
func touchAt(t *testing.T, ctx context.Context, at time.Time, typ input.DispatchTouchEventType, pts ...*input.TouchPoint) {
	t.Helper()
	if err := dispatchTouch(ctx, at, typ, pts...); err != nil {
		t.Fatalf("touch %s: %v", typ, err)
	}
}

func dispatchTouch(ctx context.Context, at time.Time, typ input.DispatchTouchEventType, pts ...*input.TouchPoint) error {
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts,
			Timestamp: input.TimeSinceEpoch(float64(at.UnixNano()) / 1e9)})
		return err
	}))
}

// waitFrames waits until the page has drawn n more frames.
func waitFrames(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	f := readState(t, ctx).Frame
	waitFor(t, ctx, fmt.Sprintf(`JSON.parse(window.tablut_state).Frame >= %d`, f+n), 10*time.Second)
}

// fingerTap touches (x, y) and lifts the finger 80 ms later, as a person
// taps. Chromium answers a dispatched event only once the page has handled
// it, which a busy page does a frame or more later (on a loaded machine,
// seconds): the lift is sent without waiting for that answer, as a finger
// lifts when it lifts, and says when it happened.
func fingerTap(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	at := time.Now()
	started := make(chan error, 1)
	go func() { started <- dispatchTouch(ctx, at, input.DispatchTouchEventTypeTouchStart, fingerAt(1, x, y)) }()
	time.Sleep(80 * time.Millisecond)
	touchAt(t, ctx, at.Add(80*time.Millisecond), input.DispatchTouchEventTypeTouchEnd)
	if err := <-started; err != nil {
		t.Fatalf("touch start: %v", err)
	}
	waitFrames(t, ctx, 2)
}

// waitState polls the page's state until cond holds.
func waitState(t *testing.T, ctx context.Context, what string, cond func(touchState) bool) touchState {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		st := readTouchState(t, ctx)
		if cond(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 30 s for %s; the state: moves %v, screen %q, selected %q, busy %v",
				what, st.Played, st.Screen, st.Selected, st.Busy)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// answered waits for the AI's answer to the person's move at ply.
func answered(t *testing.T, ctx context.Context, ply int) {
	t.Helper()
	waitState(t, ctx, "the AI's answer", func(s touchState) bool { return s.Ply >= ply+2 && s.Human && !s.Busy })
	time.Sleep(400 * time.Millisecond) // the answer's animation
}

// smallTargets lists the buttons less than 44 CSS pixels high or wide, the
// size a finger needs.
func smallTargets(st touchState) string {
	var out []string
	for l, b := range st.Buttons {
		if b.W < 44 || b.H < 44 {
			out = append(out, fmt.Sprintf("%s %.0fx%.0f", l, b.W, b.H))
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// TestTouchStartInBrowser: on a phone and a tablet, the start panel (which
// opens first without a game in the address) answers a tap on Start.
func TestTouchStartInBrowser(t *testing.T) {
	srv := serve(t)
	for _, d := range touchDevices {
		t.Run(d.name, func(t *testing.T) {
			ctx := touchBrowser(t, d, srv.URL+"/?test=1")
			st := waitState(t, ctx, "the start panel", func(s touchState) bool { return s.Screen == "start" && s.Start != nil })
			shot(t, ctx, "touch-"+d.name+"-start")
			fingerTap(t, ctx, st.Start.X, st.Start.Y)
			waitState(t, ctx, "the game after Start", func(s touchState) bool { return s.Screen == "game" })
			shot(t, ctx, "touch-"+d.name+"-started")
		})
	}
}

// TestTouchPlayInBrowser: on a phone and a tablet, a move played by a tap
// on the piece and a tap on its square, one by a drag, the AI's answers, a
// panel button pressed by a tap, a long press that drops the selection and
// two fingers that click nothing, all with real touch events.
func TestTouchPlayInBrowser(t *testing.T) {
	srv := serve(t)
	for _, d := range touchDevices {
		t.Run(d.name, func(t *testing.T) {
			ctx := touchBrowser(t, d, srv.URL+"/?white=human&black=level:beginner&test=1")
			st := waitState(t, ctx, "a person to move", func(s touchState) bool { return s.Human && len(s.Moves) > 0 })
			if small := smallTargets(st); small != "" {
				t.Logf("%s: buttons under 44 CSS px: %s", d.name, small)
			}

			// Tap the piece, then (a quick tap) its square.
			m := st.Moves[0]
			fingerTap(t, ctx, m.From.X, m.From.Y)
			waitState(t, ctx, "the tapped piece selected", func(s touchState) bool { return s.Selected == m.Name[:2] })
			fingerTap(t, ctx, m.To.X, m.To.Y)
			waitState(t, ctx, "the tapped move "+m.Name, func(s touchState) bool { return s.Ply >= 1 && s.Played[0] == m.Name })
			answered(t, ctx, 0)

			// Drag a piece, the finger moving over several frames.
			st = readTouchState(t, ctx)
			m = st.Moves[len(st.Moves)-1]
			// (The finger moves at once, not waiting for the page to answer
			// the touch: held still for longPress it would be a long press.)
			started := make(chan error, 1)
			go func() {
				started <- dispatchTouch(ctx, time.Now(), input.DispatchTouchEventTypeTouchStart, fingerAt(2, m.From.X, m.From.Y))
			}()
			time.Sleep(30 * time.Millisecond)
			const steps = 6
			for i := 1; i <= steps; i++ {
				k := float64(i) / steps
				touch(t, ctx, input.DispatchTouchEventTypeTouchMove, fingerAt(2, m.From.X+(m.To.X-m.From.X)*k, m.From.Y+(m.To.Y-m.From.Y)*k))
				if i == 1 {
					if err := <-started; err != nil {
						t.Fatal(err)
					}
				}
				waitFrames(t, ctx, 1)
				if i == steps/2 {
					if !readTouchState(t, ctx).Dragging {
						t.Error("half way, the piece does not follow the finger")
					}
					shot(t, ctx, "touch-"+d.name+"-drag")
				}
			}
			touch(t, ctx, input.DispatchTouchEventTypeTouchEnd)
			waitState(t, ctx, "the dragged move "+m.Name, func(s touchState) bool { return s.Ply >= 3 && s.Played[2] == m.Name })
			answered(t, ctx, 2)
			shot(t, ctx, "touch-"+d.name+"-game")

			// A panel button: Flip, then Undo (the last two moves).
			st = readTouchState(t, ctx)
			flip, ok := st.Buttons["Flip"]
			if !ok {
				t.Fatalf("no Flip button in %v", st.Buttons)
			}
			fingerTap(t, ctx, flip.X+flip.W/2, flip.Y+flip.H/2)
			waitState(t, ctx, "the board flipped", func(s touchState) bool { return s.Flipped })
			undo := st.Buttons["Undo"]
			fingerTap(t, ctx, undo.X+undo.W/2, undo.Y+undo.H/2)
			waitState(t, ctx, "the moves undone", func(s touchState) bool { return s.Ply == 2 && s.Human })
			waitFrames(t, ctx, 3)
			shot(t, ctx, "touch-"+d.name+"-flipped")

			// A long press on a legal destination drops the selection when
			// the finger lifts, and plays nothing; the ring around the
			// finger shows it coming.
			st = readTouchState(t, ctx)
			m = st.Moves[0]
			fingerTap(t, ctx, m.From.X, m.From.Y)
			waitState(t, ctx, "the piece selected", func(s touchState) bool { return s.Selected == m.Name[:2] })
			at := time.Now()
			started = make(chan error, 1)
			go func() {
				started <- dispatchTouch(ctx, at, input.DispatchTouchEventTypeTouchStart, fingerAt(3, m.To.X, m.To.Y))
			}()
			time.Sleep(300 * time.Millisecond)
			shot(t, ctx, "touch-"+d.name+"-hold") // the ring, if a frame came in time
			time.Sleep(time.Until(at.Add(700 * time.Millisecond)))
			touchAt(t, ctx, at.Add(700*time.Millisecond), input.DispatchTouchEventTypeTouchEnd)
			if err := <-started; err != nil {
				t.Fatal(err)
			}
			waitState(t, ctx, "the long press dropping the selection", func(s touchState) bool { return s.Selected == "" })
			waitFrames(t, ctx, 3)
			if s := readTouchState(t, ctx); s.Ply != 2 || s.Selected != "" {
				t.Errorf("after the long press: moves %v, selected %q", s.Played, s.Selected)
			}

			// Two fingers down at once (a pinch's start) select nothing.
			touch(t, ctx, input.DispatchTouchEventTypeTouchStart, fingerAt(4, m.From.X, m.From.Y), fingerAt(5, m.To.X, m.To.Y))
			waitFrames(t, ctx, 2)
			touch(t, ctx, input.DispatchTouchEventTypeTouchEnd)
			waitFrames(t, ctx, 2)
			if s := readTouchState(t, ctx); s.Ply != 2 || s.Selected != "" {
				t.Errorf("two fingers clicked: ply %d, selected %q", s.Ply, s.Selected)
			}
		})
	}
}
