package ui

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// Every sentence the window draws fits its place: each screen (the start
// panel, the game's panel with long names, a warning, a hint and a message
// with a long path, two AIs with a clock and a handicap, every step of the
// lesson, every page of the classroom, the help's pages, the end banner)
// is drawn at 1280x800, full screen at 1920x1080, at the smallest window
// and on a phone held upright (390x844 CSS pixels at three
// device pixels each), with drawText's recording hook on, and the test
// fails when a string is cut with "…", when a word is broken inside, when a
// string leaves the region it was drawn on, or when two strings overlap
// each other or a button. The
// boxes are measured (advance and the face's ascent and descent), not
// scanned from pixels, so the test needs no display: Ebitengine defers the
// drawing itself until a game loop runs, which here never does.

// fitSizes are the window sizes every screen is drawn at.
var fitSizes = []struct {
	name  string
	w, h  int
	scale float64
}{
	{"1280x800", 1280, 800, 1},
	{"full screen 1920x1080", 1920, 1080, 1},
	{"smallest", minWindowW, minWindowH, 1},
	{"phone", 390 * 3, 844 * 3, 3},
}

// drawnText is one string as drawn: its box and the bounds of the image it
// was drawn on.
type drawnText struct {
	s    string
	box  rect
	clip image.Rectangle
}

// longPath is a saved file's path as the message shows it.
const longPath = "/home/a-teacher/Documents/Tablut games/Classroom 4B, Thursday afternoon/2026-11-28 Master against the champion, game 12.txt"

// Long names of players, as a loaded record may give them.
const (
	longWhite = "Deep Tafl Experimental Network trained overnight (generation 412)"
	longBlack = "Another Very Long Engine Name From A Tournament File v12.7-beta"
)

// fitScreen is one screen of the window: setup makes the app show it.
type fitScreen struct {
	name  string
	setup func(t *testing.T) *App
}

func TestAllTextFits(t *testing.T) {
	if testing.Short() {
		t.Skip("draws some sixty screens at three sizes")
	}
	var problems []string
	for _, sc := range fitScreens(t) {
		a := sc.setup(t)
		if a == nil {
			continue
		}
		for _, sz := range fitSizes {
			texts, obstacles, broken := drawAll(a, sz.w, sz.h, sz.scale)
			for _, d := range texts {
				if textsCut[d.s] {
					problems = append(problems, fmt.Sprintf("%s at %s: %q is cut with \"…\"", sc.name, sz.name, d.s))
				}
			}
			for _, p := range fitProblems(texts, obstacles, sz.w, sz.h) {
				problems = append(problems, fmt.Sprintf("%s at %s: %s", sc.name, sz.name, p))
			}
			if broken > 0 {
				problems = append(problems, fmt.Sprintf("%s at %s: %d words broken inside to fit", sc.name, sz.name, broken))
			}
		}
		a.teach.Evolution().Close()
		a.ctl.Close()
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// drawAll draws the whole window at w x h (scale device pixels to a CSS
// pixel) with every layer redrawn, and returns the strings drawn, the
// rectangles no string may partly cover (buttons and the chance chart)
// and how many words were broken inside to fit.
func drawAll(a *App, w, h int, scale float64) ([]drawnText, []rect, int) {
	a.scale = scale
	a.static.release()
	a.overlay.release()
	a.banner.release()
	a.Invalidate()
	var texts []drawnText
	textDrawn = func(s string, box rect, clip image.Rectangle) {
		texts = append(texts, drawnText{s, box, clip})
	}
	defer func() { textDrawn = nil }()
	img := ebiten.NewImage(w, h)
	defer img.Deallocate()
	midWordBreaks = 0
	textsCut = map[string]bool{}
	a.Draw(img)
	g := &a.geo
	var obstacles []rect
	c := a.ctl
	if a.drawn.state.board.banner {
		// The end banner is drawn in its own layer at the window's point
		// bb.Min; it hides what lies under it.
		bb := bannerBounds(g)
		own := image.Rect(0, 0, bb.Dx(), bb.Dy())
		box := newBannerGeometry(g)
		var kept []drawnText
		for _, d := range texts {
			switch {
			case d.clip == own:
				d.box.x += float64(bb.Min.X)
				d.box.y += float64(bb.Min.Y)
				d.clip = d.clip.Add(bb.Min)
			case inside(d.box, box.box):
				continue
			}
			kept = append(kept, d)
		}
		texts = kept
		obstacles = append(obstacles, box.rematch, box.swap, box.review)
	}
	switch {
	case c.Screen() == session.ScreenStart:
		// Only the card's own text counts: the panel under it is hidden.
		texts = nil
		textDrawn = func(s string, box rect, clip image.Rectangle) {
			texts = append(texts, drawnText{s, box, clip})
		}
		over := ebiten.NewImage(w, h)
		defer over.Deallocate()
		a.drawStart(over, g)
		for _, it := range a.newStartLayout(g).items {
			obstacles = append(obstacles, it.r)
		}
	case c.HelpShown():
		texts = nil
		textDrawn = func(s string, box rect, clip image.Rectangle) {
			texts = append(texts, drawnText{s, box, clip})
		}
		over := ebiten.NewImage(w, h)
		defer over.Deallocate()
		a.drawHelp(over, g)
		obstacles = append(obstacles, helpTabs(g)...)
	case a.teachShown():
		l := newTeachLayout(g)
		obstacles = append(append(obstacles, l.tabs...), l.full)
	default:
		for _, b := range g.buttons {
			obstacles = append(obstacles, b.r)
		}
		if g.chart.w > 0 {
			obstacles = append(obstacles, g.chart)
		}
		if l, ok := c.LessonNow(); ok {
			for _, b := range lessonButtons(g, l) {
				obstacles = append(obstacles, b.r)
			}
		}
	}
	textsCut = nil
	return texts, obstacles, midWordBreaks
}

// fitProblems lists what does not fit among the strings drawn on a w x h
// screen.
func fitProblems(texts []drawnText, obstacles []rect, w, h int) []string {
	var out []string
	// The same string drawn twice at one place (a region redrawn) is one.
	seen := map[drawnText]bool{}
	var uniq []drawnText
	for _, d := range texts {
		if d.s == "" || seen[d] {
			continue
		}
		seen[d] = true
		uniq = append(uniq, d)
	}
	for _, d := range uniq {
		c := d.clip.Intersect(image.Rect(0, 0, w, h))
		if d.box.x < float64(c.Min.X)-1 || d.box.x+d.box.w > float64(c.Max.X)+1 ||
			d.box.y+d.box.h*0.2 < float64(c.Min.Y) || d.box.y+d.box.h*0.8 > float64(c.Max.Y) {
			out = append(out, fmt.Sprintf("%q (%s) leaves its region %v", d.s, boxText(d.box), c))
		}
	}
	for i, p := range uniq {
		for _, q := range uniq[i+1:] {
			if textsOverlap(p.box, q.box) {
				out = append(out, fmt.Sprintf("%q (%s) overlaps %q (%s)", p.s, boxText(p.box), q.s, boxText(q.box)))
			}
		}
		for _, o := range obstacles {
			if textsOverlap(p.box, o) && !inside(p.box, o) {
				out = append(out, fmt.Sprintf("%q (%s) covers part of the button or chart at %s", p.s, boxText(p.box), boxText(o)))
			}
		}
	}
	return out
}

// textsOverlap reports whether two boxes overlap by more than a pixel
// across and by more than a fifth of the smaller one's height: a face's
// ascent leaves room above the capitals, so lines set close touch there
// without their letters meeting.
func textsOverlap(a, b rect) bool {
	ox := math.Min(a.x+a.w, b.x+b.w) - math.Max(a.x, b.x)
	oy := math.Min(a.y+a.h, b.y+b.h) - math.Max(a.y, b.y)
	return ox > 1 && oy > 0.2*math.Min(a.h, b.h)
}

// inside reports whether box a lies within b (a label on its button),
// give or take a pixel and a fifth of its height.
func inside(a, b rect) bool {
	return a.x >= b.x-1 && a.x+a.w <= b.x+b.w+1 && a.y+a.h*0.2 >= b.y && a.y+a.h*0.8 <= b.y+b.h
}

func boxText(r rect) string {
	return fmt.Sprintf("%.0f,%.0f %.0fx%.0f", r.x, r.y, r.w, r.h)
}

// fitApp opens a window's game with fast engines and no dialogs.
func fitApp(t *testing.T, s *session.Settings) *App {
	t.Helper()
	a, err := NewApp(Options{Settings: s, Config: session.Config{Engines: session.DepthEngine(2), HintSpec: "heuristic",
		SaveDir: t.TempDir(), Store: session.NewMemStore(), Dialogs: noDialogs{}}})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// pump runs the controller (and the classroom view) until cond holds.
func pump(t *testing.T, a *App, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
		a.ctl.Update()
		a.updateTeach()
		a.teach.Poll()
		a.frame++
		time.Sleep(5 * time.Millisecond)
	}
}

// loadRecord loads the game from position pos (the project's notation)
// between white and black after moves.
func loadRecord(t *testing.T, a *App, pos, white, black string, moves ...string) {
	t.Helper()
	p, err := game.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	g := game.NewGame(p)
	for _, s := range moves {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	if err := g.WriteRecord(&b, game.RecordMeta{White: white, Black: black}); err != nil {
		t.Fatal(err)
	}
	if err := a.ctl.Load(strings.NewReader(b.String()), "game.txt"); err != nil {
		t.Fatal(err)
	}
}

// kingOpen is a position with Black to move where the king on c3 reaches
// the edge next move: the king warning shows.
const kingOpen = "...BBB.../....B..../..K....../B.......B/BB.W....B/B.......B/........./....B..../...BBB... B"

// capture is a position where b3-d3 captures d2 against the camp d1.
const capturePos = "...BBB.../...BB..../.W......./B.......B/BB..K..BB/B.......B/........./....B..../...BBB... W"

func fitScreens(t *testing.T) []fitScreen {
	human := &session.Settings{White: session.Human, Black: "level:beginner", MoveTime: time.Second}
	screens := []fitScreen{
		{"start panel, Beginner", func(t *testing.T) *App {
			a := fitApp(t, nil)
			a.ctl.ShowStart()
			a.ctl.SetPanelSide(game.Black, "level:beginner")
			return a
		}},
		{"start panel, two AIs, engines listed", func(t *testing.T) *App {
			a := fitApp(t, nil)
			a.ctl.ShowStart()
			a.ctl.SetPanelMode(session.PlayWatch)
			a.ctl.ToggleMoreEngines(game.White)
			return a
		}},
		{"game, long names, a piece lost", func(t *testing.T) *App {
			a := fitApp(t, human)
			loadRecord(t, a, capturePos, longWhite, longBlack, "b3-d3")
			a.ctl.Notify("Saved to " + longPath)
			return a
		}},
		{"game, the king warning and a hint", func(t *testing.T) *App {
			a := fitApp(t, human)
			loadRecord(t, a, kingOpen, "heuristic", session.Human)
			if !a.ctl.Hint() {
				t.Fatal("no hint asked")
			}
			pump(t, a, "the hint", func() bool { return !a.ctl.Busy() && a.ctl.HintMove() != game.NoMove })
			return a
		}},
		{"game, an error with a long path", func(t *testing.T) *App {
			a := fitApp(t, human)
			a.ctl.Notify("Cannot save " + longPath + ": permission denied")
			return a
		}},
		{"two AIs, a clock and a handicap", func(t *testing.T) *App {
			a := fitApp(t, &session.Settings{White: "heuristic", Black: "heuristic", MoveTime: 50 * time.Millisecond,
				Clock: 5 * time.Minute, Handicap: 14})
			for a.ctl.Delay() > 0 {
				a.ctl.Faster()
			}
			pump(t, a, "a black pawn taken", func() bool { _, b := a.ctl.Captured(); return b > 0 || a.ctl.Over() })
			a.ctl.TogglePause()
			pump(t, a, "the search to stop", func() bool { return !a.ctl.Busy() })
			a.ctl.Notify("Saved to " + longPath)
			return a
		}},
	}
	// A puzzle: the deepest shipped one as it opens, and one failed by a
	// wrong move (its sentence, the refutation and Try again/Show).
	ps := puzzle.Shipped()
	deepest := ps[0]
	for _, p := range ps {
		if p.Depth > deepest.Depth {
			deepest = p
		}
	}
	screens = append(screens, fitScreen{"a puzzle", func(t *testing.T) *App {
		a := fitApp(t, nil)
		if err := a.ctl.StartPuzzle(deepest.ID); err != nil {
			t.Fatal(err)
		}
		return a
	}}, fitScreen{"a puzzle failed", func(t *testing.T) *App {
		a := fitApp(t, nil)
		if err := a.ctl.StartPuzzle(deepest.ID); err != nil {
			t.Fatal(err)
		}
		var wrong game.Move
		for _, m := range game.NewGame(deepest.Start).LegalMoves() {
			if m != deepest.Line[0] {
				wrong = m
				break
			}
		}
		a.ctl.Select(wrong.From())
		if !a.ctl.Select(wrong.To()) {
			t.Fatalf("%v was not played", wrong)
		}
		pump(t, a, "the verdict", func() bool { v, _ := a.ctl.PuzzleNow(); return v.Phase == session.PuzzleFailed })
		return a
	}})
	for _, p := range []int{session.HelpRules, session.HelpRulesText, session.HelpKeys} {
		screens = append(screens, fitScreen{fmt.Sprintf("help page %d", p), func(t *testing.T) *App {
			a := fitApp(t, human)
			a.ctl.ShowHelp(p)
			return a
		}})
	}
	screens = append(screens, fitScreen{"game over", func(t *testing.T) *App {
		a := fitApp(t, human)
		loadRecord(t, a, "...BBB.../....B..../........./B.K.....B/BB......B/B.......B/........./....B..../...BBB... W", session.Human, "level:beginner", "c4-c1")
		return a
	}})
	for i := range session.LessonSteps {
		screens = append(screens, fitScreen{fmt.Sprintf("lesson step %d", i+1), func(t *testing.T) *App {
			a := fitApp(t, human)
			if err := a.ctl.StartLesson(i); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				a.ctl.Notify("Saved to " + longPath)
			}
			return a
		}})
	}
	teach := func(name string, page int, setup func(t *testing.T, a *App)) fitScreen {
		return fitScreen{"classroom: " + name, func(t *testing.T) *App {
			a := fitApp(t, human)
			loadRecord(t, a, ".WB..B.../.......B./..BWW..../B.K...W.B/B.W...B../B...B..../.W...B.../....B..../...BB.... W", session.Human, "level:beginner")
			a.teach.Toggle()
			a.teach.ShowPage(page)
			pump(t, a, "the analysis", func() bool { a.teach.Follow(a.ctl); return a.teach.Analysis().Ready || page == session.TeachEvolution })
			if setup != nil {
				setup(t, a)
			}
			return a
		}}
	}
	// The proof of a depth-3 puzzle on the classroom's search page.
	var deep3 puzzle.Puzzle
	for _, p := range ps {
		if p.Depth == 3 {
			deep3 = p
			break
		}
	}
	screens = append(screens, fitScreen{"classroom: a puzzle's proof", func(t *testing.T) *App {
		a := fitApp(t, nil)
		if err := a.ctl.StartPuzzle(deep3.ID); err != nil {
			t.Fatal(err)
		}
		a.teach.Toggle()
		a.teach.ShowPage(session.TeachSearch)
		pump(t, a, "the proof", func() bool { pr, ok := a.ctl.PuzzleProof(); return ok && (pr.Done || pr.Err != "") })
		return a
	}})
	screens = append(screens,
		teach("search, not yet", session.TeachSearch, nil),
		teach("search, root moves", session.TeachSearch, func(t *testing.T, a *App) {
			if !a.teach.ThinkHere(a.ctl) {
				t.Fatal("the classroom's engine did not start")
			}
			pump(t, a, "the search and the node table", func() bool {
				r, ok := a.ctl.Search()
				return ok && !r.Running && !a.ctl.Busy() && a.teach.Analysis().Done
			})
		}),
		teach("slow motion", session.TeachSlow, func(t *testing.T, a *App) {
			pump(t, a, "the trace", func() bool { return a.teach.Trace() != nil })
			a.teach.StepBy(12)
		}),
		teach("evaluation", session.TeachEval, nil),
		teach("network", session.TeachFilters, nil),
		teach("evolution, not started", session.TeachEvolution, nil),
		teach("evolution, kept", session.TeachEvolution, func(t *testing.T, a *App) {
			st := a.teach.Evolution().State()
			st.From, st.Seed, st.Nodes, st.GamesPerGen = session.EvolutionFrom, 7, 400, 56
			st.Gen, st.Games = 3, 20
			for i := range 8 {
				st.Members = append(st.Members, session.EvoMember{Label: fmt.Sprint("g3-", i), Kind: session.EvoKind(2 + i%3),
					Layers: []session.EvoLayer{{From: i % 2}, {From: -1, Mutated: 0.3}, {From: 1}, {From: 0}}, Score: float64(i) / 2})
				row := make([]float64, 8)
				for j := range row {
					row[j] = float64((i+j)%3) / 2
				}
				st.Cross = append(st.Cross, row)
			}
			st.Curve = []session.EvoPoint{{Gen: 0, Score: 0.4, Lo: 0.3, Hi: 0.5}, {Gen: 1, Score: 0.55, Lo: 0.45, Hi: 0.65}}
			st.Note = "Kept as " + longPath + ": play it as cnn:" + longPath + "."
		}),
	)
	return screens
}

// The search page's root moves stand two to a row; a long score (a proven
// win behind a bound) used to run into the move beside it. The row is drawn
// smaller instead, at every size, on the classroom's text column.
func TestRootMovesRowFits(t *testing.T) {
	a := fitApp(t, nil)
	defer a.ctl.Close()
	cells := []string{"e4-e7", "≥ White wins in 11", "d1-d3", "≤ Black wins in 12"}
	at := []float64{0, -0.47, 0.53, -1}
	for _, sz := range fitSizes {
		g := newScreenGeometry(sz.w, sz.h, sz.scale, false, false, false, false)
		l := newTeachLayout(&g)
		f := a.teachFaces(g.u)
		f.minSize = g.minTextSize
		var texts []drawnText
		textDrawn = func(s string, box rect, clip image.Rectangle) { texts = append(texts, drawnText{s, box, clip}) }
		img := ebiten.NewImage(sz.w, sz.h)
		tt := &teachText{dst: img, x: l.text.x, y: l.text.y + 12*g.u, w: l.text.w, f: f}
		if tt.rowFitsSmallest(cells, at, f.mono) {
			tt.row(cells, at, f.mono, colText)
		} else {
			// A narrow column: one move to a row, as the search page does.
			tt.row(cells[:2], []float64{0, -1}, f.mono, colText)
			tt.row(cells[2:], []float64{0, -1}, f.mono, colText)
		}
		textDrawn = nil
		img.Deallocate()
		for _, p := range fitProblems(texts, nil, sz.w, sz.h) {
			t.Errorf("%s: %s", sz.name, p)
		}
		if len(texts) != len(cells) {
			t.Errorf("%s: %d cells drawn, want %d", sz.name, len(texts), len(cells))
		}
	}
}

// A long path is wrapped after its separators, never inside a word, and the
// spaces between words stay as written ("  ·  ").
func TestWrapLinesAtPathSeparators(t *testing.T) {
	fs, err := loadFonts()
	if err != nil {
		t.Fatal(err)
	}
	f := face(fs.regular, 16)
	msg := "Saved to " + longPath
	for _, w := range []float64{120, 200, 320} {
		lines := wrapLines(msg, f, w)
		for _, l := range lines {
			if textWidth(l, f) > w {
				t.Errorf("width %v: %q is wider than the line", w, l)
			}
		}
		if got := strings.Join(lines, ""); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(msg, " ", "") {
			t.Errorf("width %v: the lines %q lose text", w, lines)
		}
		for _, l := range lines[:len(lines)-1] {
			last := l[len(l)-1]
			if !strings.ContainsRune(pathBreaks, rune(last)) && !strings.HasPrefix(msg[strings.Index(msg, l)+len(l):], " ") {
				t.Errorf("width %v: %q ends inside a word", w, l)
			}
		}
	}
	if got := wrapLines("A: watch  ·  L: rules", f, 1000); len(got) != 1 || got[0] != "A: watch  ·  L: rules" {
		t.Errorf("the spaces are not kept: %q", got)
	}
}
