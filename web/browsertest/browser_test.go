package browsertest

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/web/site"
)

// maxWasm is the most the game's .wasm may weigh, uncompressed: a page a
// school's network serves to a class at once.
const maxWasm = 20_000_000

// TestSiteFiles: the site folder holds the page, Go's glue and the game,
// the game within maxWasm. It needs no browser.
func TestSiteFiles(t *testing.T) {
	needSite(t)
	dir, err := built()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "wasm_exec.js", site.WasmName} {
		fi, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Size() == 0 {
			t.Errorf("%s is empty", f)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, site.WasmName))
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	w.Write(b)
	w.Close()
	t.Logf("%s: %.1f MB, %.1f MB gzipped", site.WasmName, float64(len(b))/1e6, float64(z.Len())/1e6)
	if len(b) > maxWasm {
		t.Errorf("%s weighs %.1f MB, more than %.0f MB", site.WasmName, float64(len(b))/1e6, maxWasm/1e6)
	}
}

// needSite skips a test that needs the built site with -short, and under
// the race detector: the build compresses both .wasm files with brotli at
// its best quality in this process, about a minute and a half as built for
// users and many times that under the detector, which would starve the
// other packages' tests. CI checks the site in its web step, without -race.
func needSite(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the web game")
	}
	if raceEnabled {
		t.Skip("builds and compresses the web game: run it without -race")
	}
}

// chromium finds the browser, or skips the test (fails it when
// TABLUT_REQUIRE_BROWSER=1).
func chromium(t *testing.T) string {
	t.Helper()
	must := os.Getenv("TABLUT_REQUIRE_BROWSER") == "1"
	if raceEnabled && !must {
		t.Skip("the browser tests time the page: run them without -race")
	}
	if testing.Short() && !must {
		t.Skip("the browser tests build the web game and start Chromium")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if must {
		t.Fatal("TABLUT_REQUIRE_BROWSER=1 but no chromium on PATH (apt-get install -y --no-install-recommends chromium)")
	}
	t.Skip("no chromium on PATH")
	return ""
}

// built is the site folder, made once per test binary.
var built = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "tablut-site-")
	if err != nil {
		return "", err
	}
	return dir, site.Build(dir, "")
})

// serve builds the site and serves it as tablut serve-web does (its
// precompressed files included), so the page loads as a room sees it.
func serve(t *testing.T) *httptest.Server {
	t.Helper()
	chromium(t) // skips, as every browser test does, before the site's build
	dir, err := built()
	if err != nil {
		t.Fatal(err)
	}
	h, err := site.NewHandler(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// browser starts a headless Chromium with a fresh profile and no network
// beyond the test's server; extra flags are added to the usual ones.
func browser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	// chromedp's defaults (headless, no first run, no background
	// networking, no sync, ...) and what this machine needs.
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.NoSandbox,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(960, 640),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("mute-audio", true),
		// WebGL without a GPU: ANGLE over SwiftShader, Chromium's CPU renderer.
		chromedp.Flag("use-gl", "angle"),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("ignore-gpu-blocklist", true),
		// The software renderer in the browser's own process: a frame then
		// needs no round trips to a GPU process, each of which waits for
		// that process to be scheduled (many frames lost on a busy machine;
		// docs/measurements.md, section Web build).
		chromedp.Flag("in-process-gpu", true),
	)
	opts = append(opts, extra...)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("cannot start chromium: %v", err)
	}
	return ctx
}

// eval evaluates a JavaScript expression into *out.
func eval[T any](t *testing.T, ctx context.Context, expr string, out *T) {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	*out = v
}

// waitFor polls a JavaScript condition until it is true, failing with the
// page's message after timeout.
func waitFor(t *testing.T, ctx context.Context, cond string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		var ok bool
		eval(t, ctx, "!!("+cond+")", &ok)
		if ok {
			return
		}
		if time.Now().After(deadline) {
			var msg string
			eval(t, ctx, `document.getElementById("msg").textContent`, &msg)
			t.Fatalf("waited %v for %s; the page says %q", timeout, cond, msg)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// pageState is what web/main.go publishes after each frame in test mode.
type pageState struct {
	Frame int
	Ply   int
	Busy  bool
	Human bool
	Moves []move
}

// move is a legal move and where its squares are, in CSS pixels.
type move struct {
	Name     string
	From, To struct{ X, Y float64 }
}

func readState(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	var s string
	eval(t, ctx, `window.tablut_state || "{}"`, &s)
	var st pageState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		t.Fatalf("bad state %q: %v", s, err)
	}
	return st
}

// click presses and releases the left button at (x, y) in CSS pixels, as
// real input events. The game reads the mouse once per frame, so each
// event is held until the page has drawn two more frames.
func click(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	for _, ev := range []chromedp.Action[chromedp.Void]{
		chromedp.MouseEvent(chromedp.MouseMoved, x, y),
		chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
	} {
		f := readState(t, ctx).Frame
		if err := chromedp.Do(ctx, ev); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, fmt.Sprintf(`JSON.parse(window.tablut_state).Frame >= %d`, f+2), 10*time.Second)
	}
}

// press presses and releases a letter key (e.g. "s"), each held for two
// frames as click does.
func press(t *testing.T, ctx context.Context, letter string) {
	t.Helper()
	up := strings.ToUpper(letter)
	for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeKeyDown, input.DispatchKeyEventTypeKeyUp} {
		p := input.DispatchKeyEventParams{Type: typ, Key: letter, Code: "Key" + up, WindowsVirtualKeyCode: int64(up[0])}
		if typ == input.DispatchKeyEventTypeKeyDown {
			p.Text = letter
		}
		f := readState(t, ctx).Frame
		err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, p)
			return err
		}))
		if err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, fmt.Sprintf(`JSON.parse(window.tablut_state).Frame >= %d`, f+2), 10*time.Second)
	}
}

// shot takes a screenshot of the page, keeps it as web-NAME.png under
// $TABLUT_SHOTS if set and name is not empty, and returns it.
func shot(t *testing.T, ctx context.Context, name string) image.Image {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("TABLUT_SHOTS"); dir != "" && name != "" {
		if err := os.WriteFile(filepath.Join(dir, "web-"+name+".png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return img
}

// colours counts the distinct colours of img, sampled on a grid.
func colours(img image.Image) int {
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
		}
	}
	return len(seen)
}

// changed counts the pixels that differ between a and b around (x, y).
func changed(a, b image.Image, x, y, r int) int {
	n := 0
	for py := y - r; py <= y+r; py++ {
		for px := x - r; px <= x+r; px++ {
			if a.At(px, py) != b.At(px, py) {
				n++
			}
		}
	}
	return n
}

// TestPlayInBrowser: the page loads and draws its first frame, a move played
// with the mouse gets the AI's answer, the page's frames never stop for more
// than maxThinkGap while the AI thinks, and the screenshots show the board
// and the moves.
func TestPlayInBrowser(t *testing.T) {
	ctx := browser(t)
	srv := serve(t)
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?white=human&black=cnn:champion&movetime=3s&test=1")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablutFirstFrameAt || window.tablutError`, 90*time.Second)
	var errText string
	eval(t, ctx, `window.tablutError || ""`, &errText)
	if errText != "" {
		t.Fatalf("the page failed: %s", errText)
	}
	var first float64
	eval(t, ctx, `window.tablutFirstFrameAt`, &first)
	t.Logf("first frame: %.0f ms after navigation (%.1f s with the browser's start)", first, time.Since(start).Seconds())

	waitFor(t, ctx, `window.tablut_state && JSON.parse(window.tablut_state).Human`, 30*time.Second)
	before := shot(t, ctx, "start")
	if n := colours(before); n < 20 {
		t.Fatalf("the first screenshot has %d colours: a blank page?", n)
	}
	// For comparison: the page's frames with nothing thinking (no AI has
	// moved yet, so none ponders), on the same machine at the same moment.
	var mark int
	eval(t, ctx, `window.tablutFrames.length`, &mark)
	time.Sleep(2 * time.Second)
	var idle []float64
	eval(t, ctx, fmt.Sprintf(`window.tablutFrames.slice(%d)`, mark), &idle)
	n, g := frameStats(idle)
	t.Logf("nothing thinking: %.0f page frames a second, longest gap %.0f ms", n, g)
	// The first answer also warms the page up (each of the renderer's
	// programs is made at its first use); the second is timed.
	_, warm, _ := playAndWait(t, ctx)
	t.Logf("first AI answer: longest frame gap %.0f ms (the page's first move included)", warm)
	time.Sleep(500 * time.Millisecond) // the answer's animation
	before = shot(t, ctx, "")
	m, gap, busy := playAndWait(t, ctx)
	if !busy {
		t.Error("the page never said that the AI was thinking")
	}
	if time.Duration(gap*float64(time.Millisecond)) > maxThinkGap {
		t.Errorf("the page went %.0f ms without a frame while the AI thought (at most %v)", gap, maxThinkGap)
	}

	time.Sleep(500 * time.Millisecond) // the answer's animation
	after := shot(t, ctx, "game")
	var dpr float64
	eval(t, ctx, `window.devicePixelRatio`, &dpr)
	for _, p := range []struct{ X, Y float64 }{m.From, m.To} {
		if n := changed(before, after, int(p.X*dpr), int(p.Y*dpr), 6); n == 0 {
			t.Errorf("the screenshots show no change at (%.0f, %.0f), where %s was played", p.X, p.Y, m.Name)
		}
	}
}

// playAndWait plays the first legal move with the mouse, waits for the AI's
// answer and returns the move, the longest gap between two of the page's
// frames while the AI thought, in milliseconds, and whether the page was
// seen saying that the AI thought (a short search may come and go between
// two looks).
func playAndWait(t *testing.T, ctx context.Context) (move, float64, bool) {
	t.Helper()
	st := readState(t, ctx)
	if len(st.Moves) == 0 {
		t.Fatal("a person is to move but the page lists no legal move")
	}
	m := st.Moves[0]
	ply := st.Ply
	var mark int
	eval(t, ctx, `window.tablutFrames.length`, &mark)
	click(t, ctx, m.From.X, m.From.Y)
	click(t, ctx, m.To.X, m.To.Y)
	waitFor(t, ctx, fmt.Sprintf(`JSON.parse(window.tablut_state).Ply > %d`, ply), 10*time.Second)
	sawBusy := false
	deadline := time.Now().Add(30 * time.Second)
	for {
		st = readState(t, ctx)
		sawBusy = sawBusy || st.Busy
		if st.Ply >= ply+2 && !st.Busy && st.Human {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the AI did not answer %s within 30 s (ply %d)", m.Name, st.Ply)
		}
		time.Sleep(50 * time.Millisecond)
	}
	var frames []float64
	eval(t, ctx, fmt.Sprintf(`window.tablutFrames.slice(%d)`, mark), &frames)
	gap := 0.0
	var gaps []string
	for i := 1; i < len(frames); i++ {
		d := frames[i] - frames[i-1]
		gap = max(gap, d)
		if d > 100 {
			gaps = append(gaps, fmt.Sprintf("%.0f ms at %.1f s", d, (frames[i-1]-frames[0])/1000))
		}
	}
	secs := (frames[len(frames)-1] - frames[0]) / 1000
	t.Logf("%s and the answer: %d page frames in %.1f s (%.0f a second), longest gap %.0f ms; over 100 ms: %s",
		m.Name, len(frames), secs, float64(len(frames))/secs, gap, strings.Join(gaps, ", "))
	return m, gap, sawBusy
}

// frameStats returns the frames a second and the longest gap in
// milliseconds of a list of frame timestamps.
func frameStats(frames []float64) (perSecond, gap float64) {
	if len(frames) < 2 {
		return 0, 0
	}
	for i := 1; i < len(frames); i++ {
		gap = max(gap, frames[i]-frames[i-1])
	}
	return float64(len(frames)-1) / (frames[len(frames)-1] - frames[0]) * 1000, gap
}

// maxCountGap is the longest the page may stop while the classroom view
// counts nodes (the textbook searches of ai/teach): a freeze, which is what
// a count that never gave the page its turn did (tens of seconds).
const maxCountGap = time.Second

// TestClassroomViewInBrowser: the classroom view (key T) opens in the page
// and its node counts run without freezing it.
func TestClassroomViewInBrowser(t *testing.T) {
	ctx := browser(t)
	srv := serve(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?white=human&black=human&test=1")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablutFirstFrameAt || window.tablutError`, 90*time.Second)
	waitFor(t, ctx, `window.tablut_state && JSON.parse(window.tablut_state).Human`, 30*time.Second)
	before := shot(t, ctx, "")
	var mark int
	eval(t, ctx, `window.tablutFrames.length`, &mark)
	press(t, ctx, "t")
	time.Sleep(6 * time.Second)
	var frames []float64
	eval(t, ctx, fmt.Sprintf(`window.tablutFrames.slice(%d)`, mark), &frames)
	n, gap := frameStats(frames)
	t.Logf("classroom view counting: %.0f page frames a second, longest gap %.0f ms", n, gap)
	if time.Duration(gap*float64(time.Millisecond)) > maxCountGap {
		t.Errorf("the page went %.0f ms without a frame while the classroom view counted (at most %v)", gap, maxCountGap)
	}
	after := shot(t, ctx, "classroom")
	b := after.Bounds()
	if n := changed(before, after, b.Dx()*3/4, b.Dy()/3, 60); n < 500 {
		t.Errorf("the classroom view did not appear (%d pixels changed where its text goes)", n)
	}
}

// TestSaveAndOpenInBrowser: S downloads the game as a record file, and O
// opens a record through the browser's file picker.
func TestSaveAndOpenInBrowser(t *testing.T) {
	ctx := browser(t)
	srv := serve(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?white=human&black=heuristic&movetime=1s&test=1")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablutFirstFrameAt || window.tablutError`, 90*time.Second)
	waitFor(t, ctx, `window.tablut_state && JSON.parse(window.tablut_state).Human`, 30*time.Second)
	playAndWait(t, ctx)

	// Catch the download: a click on a link with the download attribute.
	var ok bool
	eval(t, ctx, `(() => { window.tablutDownloads = []; const click = HTMLAnchorElement.prototype.click;
		HTMLAnchorElement.prototype.click = function () {
			if (this.download) { window.tablutDownloads.push({name: this.download, href: this.href}); return; }
			click.call(this); }; return true; })()`, &ok)
	press(t, ctx, "s")
	waitFor(t, ctx, `window.tablutDownloads.length > 0`, 10*time.Second)
	var name string
	eval(t, ctx, `window.tablutDownloads[0].name`, &name)
	if !strings.HasPrefix(name, "tablut-") || !strings.HasSuffix(name, ".txt") {
		t.Errorf("the download is named %q", name)
	}
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(window.tablutDownloads[0].href).then(r => r.text())`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	g, meta, err := game.ReadRecord(strings.NewReader(text))
	if err != nil {
		t.Fatalf("the download is no record (%v):\n%s", err, text)
	}
	if g.Ply() != 2 || meta.White != "human" || meta.Black != "heuristic" {
		t.Errorf("the download holds %d moves of %s against %s:\n%s", g.Ply(), meta.White, meta.Black, text)
	}

	// Open a record of the first move alone through the file picker, which
	// the browser hands to the test instead of showing it.
	one := game.NewGame(game.StartPosition())
	if err := one.Play(g.Moves()[0]); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "one.txt")
	var rec bytes.Buffer
	if err := one.WriteRecord(&rec, game.RecordMeta{White: "human", Black: "human"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, rec.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
	press(t, ctx, "o")
	waitFor(t, ctx, `document.getElementById("tablut-open")`, 10*time.Second)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("tablut-open"), []string{file})); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `JSON.parse(window.tablut_state).Ply === 1`, 10*time.Second)
	waitFor(t, ctx, `!document.getElementById("tablut-open")`, 10*time.Second)
}

// TestPageFailures: a page that cannot run the game says why instead of
// staying blank: without WebGL, and when the .wasm cannot be fetched.
func TestPageFailures(t *testing.T) {
	dir := t.TempDir()
	if err := site.Static(dir); err != nil { // no tablut.wasm
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()
	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablutError`, 30*time.Second)
	var msg string
	eval(t, ctx, `document.getElementById("msg").textContent`, &msg)
	if !strings.Contains(msg, "could not be loaded") || !strings.Contains(msg, "404") {
		t.Errorf("without the .wasm the page says %q", msg)
	}
	shot(t, ctx, "no-wasm")

	full := serve(t)
	ctx = browser(t, chromedp.Flag("disable-webgl", true), chromedp.Flag("disable-3d-apis", true))
	if err := chromedp.Do(ctx, chromedp.Navigate(full.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablutError`, 30*time.Second)
	eval(t, ctx, `document.getElementById("msg").textContent`, &msg)
	shot(t, ctx, "no-webgl")
	if !strings.Contains(msg, "WebGL") {
		t.Errorf("without WebGL the page says %q", msg)
	}
	var visible bool
	eval(t, ctx, `getComputedStyle(document.getElementById("msg")).display !== "none"`, &visible)
	if !visible {
		t.Error("the failure message is hidden")
	}
}
