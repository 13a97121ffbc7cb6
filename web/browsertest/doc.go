// Package browsertest plays the web build in a real browser: Debian's
// Chromium, headless, driven over the DevTools protocol (chromedp). Its
// tests build the site (web/site), serve it, and check that the page loads
// and draws, that a move played with real mouse events gets the AI's
// answer while the page keeps its frames coming (and while the classroom
// view counts nodes), that Save downloads a
// record and Open reads one through the file picker, that an emulated
// phone and tablet play by real touch events (taps, a drag, a panel button,
// a long press, two fingers, Start), that failures are
// shown as messages, and compare the search speed in the page with the native
// build's. Without Chromium the tests skip, unless TABLUT_REQUIRE_BROWSER=1
// (as CI sets); under the race detector they skip (the timings would say
// nothing about the page), and with -short.
//
//   - browser_test.go: the browser (its flags: SwiftShader for WebGL, in
//     the browser's own process; no network; a fresh profile), the site
//     built and served, the game played, the frame gaps, the classroom
//     view's counts, Save and Open,
//     the failure messages, the screenshots (kept under $TABLUT_SHOTS as web-*.png).
//   - layout_test.go: a link's question over the kept game, and the page
//     at a phone's 390x844 (three device pixels each) and at 1280x800.
//   - load_test.go: a first visit served compressed (site.Handler) at a
//     school network's speed: the progress bar at once, then the
//     megabytes, then Preparing; what it transfers, service worker
//     included; the favicon and the manifest; the page started again with
//     the server gone.
//   - touch_test.go: touch events (Input.dispatchTouchEvent) on a phone
//     (390x844 CSS px at 3 device pixels each) and a tablet (1280x800 at
//     2), with the taps timed as a finger's, not by the page's answers.
//   - puzzle_test.go: ?puzzle=N on the phone: a puzzle solved and the next
//     failed by touch, a bad N refused with the valid range.
//   - bench_test.go: the nodes per second in the page and natively.
//   - worker_test.go: the search workers: their files, the page's frames
//     while each level thinks in them (at most 50 ms apart, see
//     maxThinkGap), a search
//     stopped by Undo, their speed against the page's (?bench=worker).
//   - race_on_test.go, race_off_test.go: whether the race detector is on.
package browsertest
