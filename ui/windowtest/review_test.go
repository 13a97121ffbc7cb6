package windowtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// reviewApp opens a finished two-ply game between two people: Black, to move
// with the king on c7 one step from escaping, plays a8-a9 instead of
// blocking, and the king escapes at c9. Its reviews use the heuristic at
// depth 2, quick and deterministic. dialogs, if not nil, are the window's
// file dialogs.
func reviewApp(t *testing.T, dialogs session.Dialogs) *ui.App {
	t.Helper()
	rec := recordFrom(t, "........./........./........./..B....../........./..W....../.BKWB..../B......../......... B",
		session.Human, session.Human, "a8-a9", "c7-c9")
	path := filepath.Join(t.TempDir(), "blunder.txt")
	if err := os.WriteFile(path, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := player.Spec{Kind: player.Heuristic, Depth: 2}
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Load: path, Config: session.Config{
			Engines: session.DepthEngine(1), Store: session.NewMemStore(), ReviewSpec: &spec, Dialogs: dialogs}})
	})
	frames(t, 5)
	var over bool
	onLoop(t, func() { over = app.Controller().Over() })
	if !over {
		t.Fatal("the game is not over")
	}
	return app
}

// reviewDone waits for the review to have gone through the game.
func reviewDone(t *testing.T, app *ui.App) {
	t.Helper()
	waitFor(t, "the review to finish", func() bool {
		_, _, running, on := app.Controller().ReviewProgress()
		return on && !running
	})
	frames(t, 5)
}

// A real click on the end banner's Review button lifts the banner, and the
// review marks the blunder in red after its move in the move list and draws
// White's chance over the game in the chart under the moves.
func TestReviewFromTheBanner(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	app := reviewApp(t, nil)
	var x, y float64
	var ok bool
	onLoop(t, func() { x, y, ok = app.BannerButtonCenter("Review") })
	if !ok {
		t.Fatal("no Review button on the banner")
	}
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "mousedown", "1", "mouseup", "1")
	frames(t, 6)
	reviewDone(t, app)
	var mark string
	onLoop(t, func() { mark = app.Controller().ReviewMark(0) })
	if mark != "??" {
		t.Fatalf("a8-a9 marked %q, want ??", mark)
	}
	colours := ui.Colors()
	drawnFrame(t, app, "review", func(at func(x, y float64) [3]uint8) {
		// The banner is gone: the board's centre shows the throne, not the
		// banner's dark box.
		cx, cy := app.SquareCenter(40)
		if c := at(cx, cy); c[0] < 60 && c[1] < 60 && c[2] < 60 {
			t.Errorf("the board's centre is %v: the banner still covers it", c)
		}
		// The mark: red pixels in a8-a9's cell of the move list.
		markDrawn(t, app, at, 0, "error")
		// The chart: drawn, with its line.
		x, y, w, h := app.ChartRect()
		if w == 0 {
			t.Fatal("no chart for a game under review")
		}
		if line := countNear(at, x, y+h*0.25, w, h*0.75, colours["evalWhite"]); line < 10 {
			t.Errorf("the chart has %d pixels of its line, want a drawn curve", line)
		}
	})
}

// V reviews a finished game from any point of it: browsed back to the
// blunder with the real Left key, the status box then tells the review of
// the move on the board.
func TestReviewKeyWhileBrowsing(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	app := reviewApp(t, nil)
	key(t, "Left")
	var ply int
	onLoop(t, func() { ply = app.Controller().Game().Ply() })
	if ply != 1 {
		t.Fatalf("Left showed ply %d, want 1", ply)
	}
	key(t, "v")
	reviewDone(t, app)
	var r session.ReviewedMove
	var ok bool
	onLoop(t, func() { r, ok = app.Controller().ReviewHere() })
	if !ok || r.Mark != "??" {
		t.Fatalf("the review of a8-a9 here: %+v, %v; want it marked ??", r, ok)
	}
	drawnFrame(t, app, "review-browse", func(func(x, y float64) [3]uint8) {})
	var got [3]string
	onLoop(t, func() { got = app.StatusLines() })
	if got[0] != "Review: Black played a8-a9??" || !strings.HasPrefix(got[1], "Blunder: ") ||
		!strings.HasPrefix(got[2], "Black's chance ") {
		t.Errorf("status lines %q", got)
	}
}

// The review of a real game, as a person meets it: the champion's win as
// White at 60 s a move over the heuristic (game 1 of the 60 s match in
// docs/runs/m60), reviewed by the champion at Expert's 20,000 positions a
// move so that the test is quick and repeatable. The review reaches every
// move after the match's random opening, every position before one of them
// gets the champion's estimate (the chart's curve), and the frame showing the first marked move is kept as
// review.png under $TABLUT_SHOTS.
func TestReviewOfARealGame(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	path, err := filepath.Abs("testdata/review-game.txt")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := player.ParseSpec("cnn:champion")
	if err != nil {
		t.Fatal(err)
	}
	spec.Nodes, spec.Threads, spec.MoveTime = 20000, 1, 0
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Load: path, Config: session.Config{
			Engines: session.DepthEngine(1), Store: session.NewMemStore(), ReviewSpec: &spec}})
	})
	frames(t, 5)
	key(t, "v")
	reviewDone(t, app)
	c := app.Controller()
	// The record's first 4 plies were random (its Opening tag): the review
	// starts after them. What the controller holds is read on the game loop.
	var n, done, total, marked int
	var curve []session.ChancePoint
	onLoop(t, func() {
		n = len(c.Game().Line())
		done, total, _, _ = c.ReviewProgress()
		curve = c.ChanceCurve()
		marked = -1
		for i := 0; i < n && marked < 0; i++ {
			if c.ReviewMark(i) != "" {
				marked = i
			}
		}
	})
	if done != total || total != n-4 {
		t.Fatalf("reviewed %d of %d moves, the game has %d after 4 random plies", done, total, n)
	}
	for _, pt := range curve[4:n] {
		if !pt.Known {
			t.Errorf("no estimate of the position at ply %d", pt.Ply)
		}
	}
	if marked >= 0 {
		onLoop(t, func() { c.GoTo(marked + 1) })
		frames(t, 5)
	}
	drawnFrame(t, app, "review", func(func(x, y float64) [3]uint8) {})
	var status [3]string
	onLoop(t, func() { status = app.StatusLines() })
	t.Logf("first mark at ply %d; status %q", marked+1, status)
}

// saveTo is the desktop's save dialog answering with one path.
type saveTo string

func (s saveTo) SaveFile(string, string) (string, error) { return string(s), nil }
func (s saveTo) OpenFile(string) (string, error)         { return "", session.ErrCancelled }

// A finished review is saved with the game by the real S key, and the saved
// game opens reviewed in a new window: the mark in the move list and the
// chart are there at once, though that window's reviewing engine could not
// even load (its network file does not exist).
func TestReviewSavedAndReopened(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	saved := filepath.Join(t.TempDir(), "reviewed.txt")
	app := reviewApp(t, saveTo(saved))
	key(t, "v")
	reviewDone(t, app)
	key(t, "s")
	waitFor(t, "the game to be saved", func() bool {
		b, err := os.ReadFile(saved)
		return err == nil && strings.Contains(string(b), "Review-Moves: ")
	})
	var msg string
	onLoop(t, func() { msg = app.Controller().Message() })
	if !strings.Contains(msg, "with its review") {
		t.Errorf("the notice after saving: %q", msg)
	}

	app = openReviewed(t, saved)
	var done, total int
	var running, on bool
	onLoop(t, func() { done, total, running, on = app.Controller().ReviewProgress() })
	if !on || running || done != 2 || total != 2 {
		t.Fatalf("the reopened game's review: %d of %d, running %v, on %v", done, total, running, on)
	}
	drawnFrame(t, app, "review-reopened", func(at func(x, y float64) [3]uint8) {
		markDrawn(t, app, at, 0, "error")
		if _, _, w, _ := app.ChartRect(); w == 0 {
			t.Error("no chart for the reviewed game")
		}
	})
}

// A game reviewed ahead of time by tablut analyse -save (game 11 of the
// 60 s match, by the champion at 0.5 s a position: testdata/reviewed-game.txt)
// opens reviewed, as a teacher would show it: browsed to its one marked
// move, White's d5-d2 at ply 13, the status box says what the champion
// preferred, and the mark is drawn in the move list.
func TestReviewPreparedByAnalyse(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	path, err := filepath.Abs("testdata/reviewed-game.txt")
	if err != nil {
		t.Fatal(err)
	}
	app := openReviewed(t, path)
	var mark string
	onLoop(t, func() {
		mark = app.Controller().ReviewMark(12)
		app.Controller().GoTo(13)
	})
	if mark != "?" {
		t.Fatalf("ply 13 marked %q, want ?", mark)
	}
	frames(t, 5)
	var status [3]string
	onLoop(t, func() { status = app.StatusLines() })
	if status[0] != "Review: White played d5-d2?" || status[1] != "Mistake: Champion prefers d5-d7" ||
		!strings.HasPrefix(status[2], "White's chance ") {
		t.Errorf("status lines %q", status)
	}
	drawnFrame(t, app, "review-prepared", func(at func(x, y float64) [3]uint8) {
		markDrawn(t, app, at, 12, "accent")
	})
}

// markDrawn checks that the cell of the line's move at index in the move
// list shows its review mark: pixels of the theme's colour (error for ??,
// accent for ?).
func markDrawn(t *testing.T, app *ui.App, at func(x, y float64) [3]uint8, index int, colour string) {
	t.Helper()
	mx, my, mw, mh, ok := app.MoveCellRect(index)
	if !ok {
		t.Fatalf("move %d is not in the move list", index+1)
	}
	if n := countNear(at, mx, my, mw, mh, ui.Colors()[colour]); n < 5 {
		t.Errorf("%d pixels of the %s colour in move %d's cell, want its mark", n, colour, index+1)
	}
}

// openReviewed opens the record in path in a window whose own reviews
// cannot run (their network file does not exist): a review it shows comes
// from the record.
func openReviewed(t *testing.T, path string) *ui.App {
	t.Helper()
	missing := player.Spec{Kind: player.CNN, Net: filepath.Join(t.TempDir(), "none.tnn")}
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Load: path, Config: session.Config{Engines: session.DepthEngine(1),
			Store: session.NewMemStore(), ReviewSpec: &missing}})
	})
	frames(t, 5)
	return app
}
