package windowtest

import (
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// key sends real key presses to the test window and lets frames pass.
func key(t *testing.T, keys ...string) {
	t.Helper()
	for _, k := range keys {
		xdo(t, "key", "--window", "WIN", k)
		frames(t, 3)
	}
}

// waitFor lets frames pass until cond holds on the game loop.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	ok := false
	run(t, 90*time.Second, &task{update: func(frame int) bool {
		ok = cond()
		return ok
	}})
	if !ok {
		t.Fatalf("the window never showed %s", what)
	}
}

// shoot draws a full frame and keeps it as name.png under $TABLUT_SHOTS.
func shoot(t *testing.T, app *ui.App, name string) {
	t.Helper()
	done := false
	run(t, 20*time.Second, &task{
		update: func(int) bool { return done },
		draw: func(frame int, screen *ebiten.Image) {
			if frame < 2 || done {
				return
			}
			app.Invalidate()
			app.Draw(screen)
			keepShot(t, screen, name)
			done = true
		},
	})
}

// The classroom view at 1280x800, driven by real keys: T opens it on the
// search page, where H lets the view's engine think and the page follows it
// depth by depth; Tab goes to the slow motion, which starts as the guided
// lesson (→ goes from stop to stop and ends on the first cutoff; G leaves
// it, ↓ finishes a node, C goes to the next cutoff); Tab again to the
// evaluation, taken apart (N: the network's own heatmap), to the network
// page and to the evolution page, where C starts the genetic algorithm and
// the crosstable fills while a generation is played, then X stops it; a
// click on a tab goes to its page, F11 and the button put the window in
// full screen and back, and Esc closes the view. The frames are the
// README's screenshots (TABLUT_SHOTS).
func TestClassroomViewFollowsTheKeys(t *testing.T) {
	needDisplay(t)
	opp, _ := session.DefaultOpponent()
	rec := recordFrom(t, ".WB..B.../.......B./..BWW..../B.K...W.B/B.W...B../B...B..../.W...B.../....B..../...BB.... W", "human", opp)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Config: session.Config{Engines: session.DepthEngine(5), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: session.NewMemStore()}})
		if app != nil {
			if err := app.Controller().Load(strings.NewReader(rec), "lesson.txt"); err != nil {
				t.Error(err)
			}
		}
	})
	if app == nil {
		t.Fatal("no app")
	}
	defer onLoop(t, closeApp) // stops the evolution
	resize(t, 1280, 800)
	defer resize(t, 1180, 780)
	frames(t, 5)

	key(t, "t")
	var st ui.TeachStatus
	onLoop(t, func() { st = app.TeachStatus() })
	if !st.Open || st.Page != session.TeachSearch || st.Engine != opp {
		t.Fatalf("after T: %+v, want the classroom view open on the search page, explaining %s", st, opp)
	}
	key(t, "h")
	c := app.Controller()
	waitFor(t, "the engine's search, five depths", func() bool {
		rec, ok := c.Search()
		return ok && !rec.Running && len(rec.Infos) == 5 && rec.Name == opp
	})
	waitFor(t, "the node table", func() bool { return app.TeachStatus().TableDone })
	shoot(t, app, "teach-search")

	key(t, "Tab")
	waitFor(t, "the slow-motion trace", func() bool { return app.TeachStatus().Steps > 0 })
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Page != session.TeachSlow || st.Step != 0 || !st.Guided || st.Lessons == 0 || st.Lessons > 30 {
		t.Fatalf("after Tab: %+v, want the guided lesson at its start, at most 30 stops", st)
	}
	key(t, "Right", "Right")
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Lesson != 2 {
		t.Fatalf("after two steps of the lesson: %+v", st)
	}
	for range st.Lessons - 2 {
		key(t, "Right")
	}
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Lesson != st.Lessons || st.StepKind != teach.StepCutoff {
		t.Fatalf("at the lesson's last stop: %+v, want the first cutoff", st)
	}
	shoot(t, app, "teach-slow")
	key(t, "g", "Down") // free: a node finished
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Guided || st.StepKind != teach.StepBackUp {
		t.Fatalf("after G and ↓: %+v, want free steps and a value backed up", st)
	}
	key(t, "c")
	onLoop(t, func() { st = app.TeachStatus() })
	if st.StepKind != teach.StepCutoff {
		t.Fatalf("C did not go to a cutoff: %+v", st)
	}

	key(t, "Tab")
	waitFor(t, "the evaluation", func() bool { return app.TeachStatus().EvalReady })
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Page != session.TeachEval || (strings.HasPrefix(opp, "cnn:") && !st.Filters) {
		t.Fatalf("on the evaluation page: %+v, want the network's filters", st)
	}
	key(t, "n") // the network's own output
	shoot(t, app, "teach-eval")

	key(t, "Tab")
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Page != session.TeachFilters {
		t.Fatalf("after Tab: %+v, want the network page", st)
	}
	shoot(t, app, "teach-network")

	key(t, "Tab", "c")
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Page != session.TeachEvolution || !st.EvoRunning {
		t.Fatalf("after Tab and C: %+v, want the evolution running", st)
	}
	waitFor(t, "a generation of the evolution", func() bool { return app.TeachStatus().EvoCurve > 0 })
	waitFor(t, "two generations of the evolution and games of the third", func() bool {
		st := app.TeachStatus()
		return st.EvoBest && st.EvoCurve >= 2 && st.EvoGames >= 20
	})
	shoot(t, app, "teach-evolution")
	key(t, "x")
	onLoop(t, func() { st = app.TeachStatus() })
	if st.EvoRunning {
		t.Fatalf("X did not stop the evolution: %+v", st)
	}

	// A click on a tab goes to its page.
	var x, y float64
	onLoop(t, func() { x, y = app.TeachTabCenter(session.TeachSlow) })
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
	frames(t, 6)
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Page != session.TeachSlow || !st.Open {
		t.Fatalf("after a click on the Slow motion tab: %+v", st)
	}

	// F11 and the button: full screen and back.
	full := false
	key(t, "F11")
	frames(t, 10)
	onLoop(t, func() { full = ebiten.IsFullscreen() })
	if !full {
		t.Fatal("F11 did not make the window full screen")
	}
	onLoop(t, func() { x, y = app.FullscreenButtonCenter() })
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
	frames(t, 10)
	onLoop(t, func() { full = ebiten.IsFullscreen() })
	if full {
		t.Fatal("the full-screen button did not bring the window back")
	}

	key(t, "Escape")
	onLoop(t, func() { st = app.TeachStatus() })
	if st.Open {
		t.Fatal("Esc left the classroom view open")
	}
}

// TestClassroomViewKeepsTheWindowResponsive is the responsiveness test with
// the classroom view open while two AIs play: keys go through every page,
// step the slow motion and start the evolution page's genetic algorithm,
// which then plays in the background too, and the window must keep the same
// pace (15 frames a second on average, no frame held for half a second).
func TestClassroomViewKeepsTheWindowResponsive(t *testing.T) {
	needDisplay(t)
	if raceEnabled {
		t.Skip("frame timing is not measured under the race detector (CI runs the window frame-time tests without -race)")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		xdo(t) // fails or skips, saying what to install
	}
	const wantMoves = 6
	var sent atomic.Int32
	stop := make(chan struct{})
	keysDone := make(chan struct{})
	go func() {
		// Real key presses while the AIs think: Tab through the pages,
		// steps and finished nodes on the slow motion, and C after each
		// Tab: on the evolution page it starts the genetic algorithm (the
		// other pages ignore it, or go to the next cutoff), whichever page
		// a lost key leaves the cycle on.
		defer close(keysDone)
		keys := []string{"Tab", "c", "Right", "Right", "Down", "Right", "Tab", "c", "Tab", "c", "Tab", "c", "Tab"}
		tick := time.NewTicker(400 * time.Millisecond)
		defer tick.Stop()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			out, err := exec.Command("xdotool", "search", "--name", "^Tablut window tests$").Output()
			ids := strings.Fields(string(out))
			if err != nil || len(ids) == 0 {
				continue
			}
			if exec.Command("xdotool", "key", "--window", ids[0], keys[i%len(keys)]).Run() == nil {
				sent.Add(1)
			}
		}
	}()
	var pages [session.TeachPages]bool
	evolved := 0
	ply, over, busy := frameTimes(t, 2*time.Minute, func() *ui.App {
		s := session.Settings{White: "heuristic", Black: "heuristic", MoveTime: time.Second}
		a := newApp(t, ui.Options{Settings: &s, Teach: true})
		if a != nil {
			a.Controller().Faster()
			a.Controller().Faster()
		}
		return a
	}, func(a *ui.App) bool {
		st := a.TeachStatus()
		if st.Open && st.Page >= 0 && st.Page < len(pages) {
			pages[st.Page] = true
		}
		evolved = max(evolved, st.EvoGen*56+st.EvoGames)
		seen := !slices.Contains(pages[:], false)
		return (a.Controller().Game().Ply() >= wantMoves || a.Controller().Over()) && seen && evolved >= 10
	})
	close(stop)
	<-keysDone
	onLoop(t, closeApp) // stops the evolution
	if ply < wantMoves && !over {
		t.Fatalf("AI vs AI played %d moves under the classroom view, want %d", ply, wantMoves)
	}
	if sent.Load() == 0 || slices.Contains(pages[:], false) || evolved < 10 {
		t.Fatalf("%d keys sent, pages seen %v, %d evolution games: the view was not driven", sent.Load(), pages, evolved)
	}
	checkPace(t, busy, ply, "under the classroom view", func(mean, worst time.Duration) {
		t.Logf("classroom view, AIs thinking, evolution running: %d frames, mean %v, median %v, p95 %v, worst %v; %d keys, %d evolution games",
			len(busy), mean.Round(time.Microsecond), percentile(busy, 50), percentile(busy, 95), worst, sent.Load(), evolved)
	})
}
