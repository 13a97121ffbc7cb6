package browsertest

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablut-ai/tablut/web/nps"
)

// benchMoveTime is each bench position's search time, in the page and
// natively.
const benchMoveTime = 300 * time.Millisecond

// TestSearchSpeedInBrowser reports the nodes per second of one search thread
// in the page (?bench=1) and natively, with the heuristic and the champion
// network, in the same run (docs/measurements.md, section Web build). It
// checks only that both searched: speed is reported, not asserted.
func TestSearchSpeedInBrowser(t *testing.T) {
	ctx := browser(t)
	srv := serve(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?bench=1&movetime="+benchMoveTime.String())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablut_bench || window.tablutError`, 3*time.Minute)
	var raw string
	eval(t, ctx, `window.tablut_bench || ""`, &raw)
	page := map[string]float64{}
	if err := json.Unmarshal([]byte(raw), &page); err != nil {
		var msg string
		eval(t, ctx, `window.tablutError || ""`, &msg)
		t.Fatalf("no bench figures (%q): %s", raw, msg)
	}
	for _, spec := range []string{"heuristic", "cnn:champion"} {
		native, err := nps.Measure(spec, benchMoveTime)
		if err != nil {
			t.Fatal(err)
		}
		if page[spec] <= 0 || native.NPS() <= 0 {
			t.Fatalf("%s: page %.0f nps, native %.0f nps", spec, page[spec], native.NPS())
		}
		t.Logf("%-13s page %8.0f nps   native %8.0f nps   page/native %.2f", spec, page[spec], native.NPS(), page[spec]/native.NPS())
	}
}
