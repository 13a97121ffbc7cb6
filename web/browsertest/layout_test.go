package browsertest

import (
	"context"
	"encoding/json"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// linkState is the link's question as web/main.go publishes it in test
// mode (state.Link), where its buttons are in CSS pixels.
type linkState struct {
	Link *struct {
		Players     string
		Start, Keep struct{ X, Y float64 }
	}
}

// readLink returns the link's question shown now, or nil.
func readLink(t *testing.T, ctx context.Context) *linkState {
	t.Helper()
	var s string
	eval(t, ctx, `window.tablut_state || "{}"`, &s)
	var st linkState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		t.Fatalf("bad state %q: %v", s, err)
	}
	return &st
}

// viewport makes the page w x h CSS pixels at scale device pixels each, a
// phone's (mobile: its viewport meta tag applies) or a desktop's.
func viewport(t *testing.T, ctx context.Context, w, h int64, scale float64, mobile bool) {
	t.Helper()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetDeviceMetricsOverride,
			emulation.SetDeviceMetricsOverrideParams{Width: w, Height: h, DeviceScaleFactor: scale, Mobile: mobile})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
}

// open loads the page at path and waits for its first frame and state.
func open(t *testing.T, ctx context.Context, url, ready string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablutFirstFrameAt || window.tablutError`, 90*time.Second)
	var errText string
	eval(t, ctx, `window.tablutError || ""`, &errText)
	if errText != "" {
		t.Fatalf("the page failed: %s", errText)
	}
	waitFor(t, ctx, `window.tablut_state && (`+ready+`)`, 30*time.Second)
}

// TestLinkAsksFirstOnAPhone: a game is kept in the page's storage (a move
// played against the heuristic); a link naming other players then asks
// before it replaces it, on a phone's screen (390x844 CSS pixels, three
// device pixels each) and at 1280x800. On the phone "Keep playing my
// game" keeps it, and the board takes the screen's width; at 1280x800
// "Start the link's game" starts the link's. Screenshots: web-phone-link,
// web-phone, web-1280x800-link and web-1280x800.
func TestLinkAsksFirstOnAPhone(t *testing.T) {
	ctx := browser(t)
	srv := serve(t)
	viewport(t, ctx, 1280, 800, 1, false)
	// The kept game: one move of a person's, and the heuristic's answer.
	open(t, ctx, srv.URL+"/?white=human&black=heuristic&movetime=250ms&test=1", `JSON.parse(window.tablut_state).Human`)
	m := readState(t, ctx).Moves[0]
	click(t, ctx, m.From.X, m.From.Y)
	click(t, ctx, m.To.X, m.To.Y)
	waitFor(t, ctx, `JSON.parse(window.tablut_state).Ply == 2 && JSON.parse(window.tablut_state).Human`, 60*time.Second)

	const link = "/?white=human&black=level:club&movetime=2s&test=1"
	viewport(t, ctx, 390, 844, 3, true)
	open(t, ctx, srv.URL+link, `JSON.parse(window.tablut_state).Link`)
	q := readLink(t, ctx).Link
	if q.Players != "Human vs Club" {
		t.Errorf("the question names %q, want Human vs Club", q.Players)
	}
	if st := readState(t, ctx); st.Ply != 2 {
		t.Errorf("under the question the board shows ply %d, want the kept game's 2", st.Ply)
	}
	img := shot(t, ctx, "phone-link")
	if b := img.Bounds(); b.Dx() != 390*3 || b.Dy() != 844*3 {
		t.Errorf("the phone's screenshot is %dx%d, want %dx%d", b.Dx(), b.Dy(), 390*3, 844*3)
	}
	click(t, ctx, q.Keep.X, q.Keep.Y)
	waitFor(t, ctx, `!JSON.parse(window.tablut_state).Link && JSON.parse(window.tablut_state).Human`, 10*time.Second)
	if st := readState(t, ctx); st.Ply != 2 {
		t.Errorf("after Keep the board shows ply %d, want the kept game's 2", st.Ply)
	}
	time.Sleep(300 * time.Millisecond)
	img = shot(t, ctx, "phone")
	if f := boardRowShare(img, 24*3); f < 0.9 {
		t.Errorf("the board's frame spans %.0f%% of the phone's width, want at least 90%%", 100*f)
	}

	viewport(t, ctx, 1280, 800, 1, false)
	open(t, ctx, srv.URL+link, `JSON.parse(window.tablut_state).Link`)
	shot(t, ctx, "1280x800-link")
	q = readLink(t, ctx).Link
	click(t, ctx, q.Start.X, q.Start.Y)
	waitFor(t, ctx, `!JSON.parse(window.tablut_state).Link && JSON.parse(window.tablut_state).Human`, 10*time.Second)
	if st := readState(t, ctx); st.Ply != 0 {
		t.Errorf("after Start the board shows ply %d, want a new game", st.Ply)
	}
	// The link's game is kept now: the same link no longer asks.
	m = readState(t, ctx).Moves[0]
	click(t, ctx, m.From.X, m.From.Y)
	click(t, ctx, m.To.X, m.To.Y)
	time.Sleep(300 * time.Millisecond)
	shot(t, ctx, "1280x800")
}

// boardRowShare is the share of the pixels of row y that differ from the
// page's background (its top left pixel, in the margin): across the
// board's frame, how much of the width the board takes.
func boardRowShare(img image.Image, y int) float64 {
	b := img.Bounds()
	bg := img.At(b.Min.X, b.Min.Y)
	n := 0
	for x := b.Min.X; x < b.Max.X; x++ {
		if !sameColour(img.At(x, y), bg) {
			n++
		}
	}
	return float64(n) / float64(b.Dx())
}

func sameColour(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(p, q uint32) int { return int(p>>8) - int(q>>8) }
	return abs(d(r1, r2)) < 6 && abs(d(g1, g2)) < 6 && abs(d(b1, b2)) < 6
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
