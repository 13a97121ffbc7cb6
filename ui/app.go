package ui

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"math"
	"os"
	"runtime/debug"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/procs"
	"github.com/tablut-ai/tablut/ui/session"
	"github.com/tablut-ai/tablut/ui/shapes"
)

// Options configure the window.
type Options struct {
	// Settings, if set, start a game at once; otherwise the start panel opens
	// with the default settings.
	Settings *session.Settings
	// AskFirst: Settings come from a link (the page's address), which
	// asks before it replaces a kept, unfinished game (Config.KeepLastGame;
	// session.Controller.OfferLink).
	AskFirst bool
	// Load is a record file to open at start.
	Load string
	// Puzzle, if not 0, is the ID of a shipped puzzle put on the board at
	// start (tablut -puzzle N, the page's ?puzzle=N).
	Puzzle int
	// Screenshot, if set, is a PNG file written after Frames frames, after which
	// the window closes.
	Screenshot string
	Frames     int
	// Notice is shown in the start panel and the status line (e.g. a fallback).
	Notice string
	// Config wires the controller (engines, clock, save directory).
	Config session.Config
	// Teach opens the classroom view at start, on TeachPage.
	Teach     bool
	TeachPage int
	// Demo, if set, starts the demo (AI against AI, game after game) with
	// these settings; the start panel's Demo button uses them too.
	Demo *session.Demo
	// Fullscreen opens the window in full screen.
	Fullscreen bool
	// AfterDraw, if set, is called at the end of every frame, on the
	// window's goroutine: the web page says when its first frame is drawn
	// and, for its browser test, where the squares are (web/).
	AfterDraw func(*App)
}

// App is the game window: an ebiten.Game over a Controller.
type App struct {
	ctl    *session.Controller
	fonts  *fonts
	notice string

	geo       geometry // of the latest frame
	evalShown float64  // the evaluation bar's displayed share, gliding
	drag      dragState
	ptr       pointerState // the mouse or the finger that clicks, drags and hovers (pointer.go)
	touches   touchSource

	bannerHidden bool
	sound        *sounds

	static  layer // background, board, panel chrome: redrawn on resize or flip
	banner  layer // end-of-game banner
	overlay layer // start panel or help
	sprites sprites
	drawn   drawnFrame // what the screen shows, to redraw only what changed

	fullscreen bool // as last set by ToggleFullscreen (the buttons show it)

	demo         session.Demo // the demo's settings (Options.Demo)
	demoPress    bool         // the press that left the demo is still held (demo.go)
	cursorHidden bool

	// scale is device pixels per CSS pixel, as Layout last found it: the
	// phone layout sizes its text and buttons by it.
	scale float64
	// helpPart is the part of help page helpPartOf shown on a phone
	// (helpphone.go).
	helpPart, helpPartOf int

	filterCache [2]filterPlanes // the network pages' filter pictures

	teach       session.Classroom // the classroom view
	teachLive   string            // the searches' news shown in the view
	teachLiveAt time.Time         // when the view last followed them
	// teachBookBox is where the search page last drew its "Opening book"
	// box; empty when it drew none.
	teachBookBox rect

	afterDraw func(*App)

	screenshot string
	frames     int
	frame      int
	done       bool
	shotErr    error
	shotPath   string
}

// dragState follows the pointer (the mouse or a finger) between press and
// release over the board.
type dragState struct {
	active      bool
	from        game.Square
	wasSelected bool // the pressed piece was already selected
	moved       bool // the mouse left the square (a drag, not a click)
	x, y        float64
}

// NewApp builds the window's game without opening the window.
func NewApp(opts Options) (*App, error) {
	procs.AddSpare() // the searches' low-priority threads must not starve the frames
	f, err := loadFonts()
	if err != nil {
		return nil, fmt.Errorf("cannot load the fonts: %v", err)
	}
	a := &App{ctl: session.New(opts.Config), fonts: f, notice: opts.Notice,
		screenshot: opts.Screenshot, frames: opts.Frames, evalShown: 0.5, afterDraw: opts.AfterDraw}
	a.sound = newSounds(a.ctl.Prefs().Muted)
	// The device opens now, in the background, not at the first move: in a
	// browser, opening it held the page's only thread for 70 to 100 ms at
	// the person's first move (and that move's cue came before it was
	// ready, so it was never heard).
	a.sound.start()
	if opts.Settings != nil {
		a.ctl.SetPanel(*opts.Settings)
		asked := false
		if opts.AskFirst {
			if asked, err = a.ctl.OfferLink(*opts.Settings); err != nil {
				return nil, err
			}
		}
		if !asked {
			if err := a.ctl.Start(*opts.Settings); err != nil {
				return nil, err
			}
		}
	}
	if opts.Load != "" {
		if err := a.ctl.LoadFile(opts.Load); err != nil {
			return nil, err
		}
	}
	if opts.Puzzle != 0 {
		if err := a.ctl.StartPuzzle(opts.Puzzle); err != nil {
			return nil, err
		}
	}
	if opts.Demo != nil {
		a.demo = *opts.Demo
		if err := a.ctl.StartDemo(a.demo); err != nil {
			return nil, err
		}
	}
	if opts.Settings == nil && opts.Load == "" && opts.Puzzle == 0 && opts.Demo == nil {
		a.ctl.OfferLastGame() // with Config.KeepLastGame: the last game behind the start panel
	}
	if opts.Notice != "" {
		a.ctl.Notify(opts.Notice)
	}
	a.geo = newGeometry(designW, designH, a.ctl.Flipped(), a.ctl.WatchControls(), a.ctl.ChartShown())
	if opts.Teach {
		a.TeachPage(opts.TeachPage)
		a.classroomBoard()
	}
	return a, nil
}

// Controller returns the state machine behind the window, for tests that drive it.
func (a *App) Controller() *session.Controller { return a.ctl }

// SquareCenter returns where the centre of square s was drawn in the latest
// frame, in screen pixels.
func (a *App) SquareCenter(s game.Square) (x, y float64) { return a.geo.squareCenter(s) }

// SquareSize returns the side of a square in the latest frame, in screen pixels.
func (a *App) SquareSize() float64 { return a.geo.cell }

// Run opens the window and plays until it is closed.
func Run(opts Options) error {
	limitMemory() // before NewApp quantizes the players' networks
	if opts.Demo != nil {
		limitDemoMemory()
	}
	a, err := NewApp(opts)
	if err != nil {
		return err
	}
	defer a.Close()
	ebiten.SetWindowTitle("Tablut")
	ebiten.SetWindowSize(designW, designH)
	ebiten.SetWindowSizeLimits(minWindowW, minWindowH, -1, -1)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// The screen keeps its pixels: Draw redraws only what changed (frame.go).
	ebiten.SetScreenClearedEveryFrame(false)
	SetWindowIcon()
	stop := make(chan struct{})
	defer close(stop)
	startHeapProfiles(stop)
	if opts.Fullscreen {
		a.fullscreen = true
		ebiten.SetFullscreen(true)
	}
	if err := ebiten.RunGameWithOptions(a, RunOptions()); err != nil {
		return err
	}
	if a.shotErr != nil {
		return a.shotErr
	}
	if a.shotPath != "" {
		fmt.Println("screenshot saved to", a.shotPath)
	}
	return nil
}

// WindowClass is the window's X11 class and instance name (the two halves
// of ICCCM's WM_CLASS property). The Linux desktop entry names it in
// StartupWMClass (packaging/linux/tablut.desktop, after the freedesktop
// Desktop Entry specification), which is how a desktop's menu, dock and
// task switcher match the running window to the entry, its name and icon;
// Ebitengine's default, "Ebitengine-Application", matches nothing.
const WindowClass = "tablut"

// RunOptions are the options Run opens the window with: WindowClass on X11
// (XWayland included).
func RunOptions() *ebiten.RunGameOptions {
	return &ebiten.RunGameOptions{X11ClassName: WindowClass, X11InstanceName: WindowClass}
}

// windowIconSizes are the edges of the icons the window carries (on X11 its
// _NET_WM_ICON, from which a title bar takes 16 px and a task switcher 64 or
// 128), each drawn at its size by package shapes.
var windowIconSizes = []int{16, 24, 32, 48, 64, 128}

// SetWindowIcon gives the window the application icon at windowIconSizes;
// the system picks the size it shows. On macOS the bundle's icon is used
// instead.
func SetWindowIcon() {
	icons := make([]image.Image, len(windowIconSizes))
	for i, n := range windowIconSizes {
		icons[i] = shapes.Icon(n)
	}
	ebiten.SetWindowIcon(icons)
}

// windowMemoryLimit is the soft limit of the Go memory of the window's
// process (runtime/debug.SetMemoryLimit), and windowGCPercent its GOGC. The
// engines' tables and networks are most of the live heap, and the searches
// allocate little; with the default GOGC the heap grew to twice the live
// heap before a collection, and the resident set with it. A collection
// when the heap has grown by a quarter, and at the latest at the limit,
// costs a few milliseconds every second or so (docs/measurements.md,
// section Memory).
const (
	windowMemoryLimit = 96 << 20
	windowGCPercent   = 25
)

// DemoRowPatches is the row limit of each network in a window opened on
// the demo (player.WindowRowPatches elsewhere), and demoGCPercent its GOGC
// (windowGCPercent elsewhere). The demo's two networks fill their rows over
// the first minutes, and at the window's limit they took 19 MB; with a
// collection each time the heap grows by a tenth, the heap's peak stays
// closer to its live size. A window left on all day does without both:
// the rows give the same sums as the plain kernels bit for bit, so the
// games are the same, searched a little more slowly, and the demo's paced
// moves leave time for the collections (docs/measurements.md, section
// Memory).
const (
	DemoRowPatches = player.WindowRowPatches / 4
	demoGCPercent  = 10
)

// limitDemoMemory sets DemoRowPatches and, unless the environment chose
// otherwise (GOGC), demoGCPercent; after limitMemory, before the networks
// are quantized.
func limitDemoMemory() {
	player.SetRowPatchLimit(DemoRowPatches)
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(demoGCPercent)
	}
}

// limitMemory sets windowMemoryLimit and windowGCPercent, unless the
// environment (GOMEMLIMIT, GOGC) chose otherwise, and how many patches'
// layer-2 rows each network keeps (player.WindowRowPatches).
func limitMemory() {
	player.SetRowPatchLimit(player.WindowRowPatches)
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(windowMemoryLimit)
	}
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(windowGCPercent)
	}
}

// Update handles input and advances the controller; it never waits.
func (a *App) Update() error {
	if a.done {
		return ebiten.Termination
	}
	if !a.demoInput() {
		a.handleDrops()
		a.handleKeys()
		a.handlePointer()
	}
	a.ctl.Update()
	a.updateTeach()
	for _, q := range a.ctl.TakeCues() {
		a.sound.play(q)
	}
	a.glideEval()
	if !a.ctl.Over() {
		a.bannerHidden = false
	}
	return nil
}

// Layout makes the screen as many pixels as the window has device pixels, so
// that everything is drawn at the native resolution.
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	s := ebiten.Monitor().DeviceScaleFactor()
	a.scale = s
	return max(1, int(float64(outsideWidth)*s)), max(1, int(float64(outsideHeight)*s))
}

// Draw brings the frame up to date: the static layer (background, board, panel
// chrome) is drawn once per size and orientation, and of the rest only the
// regions whose contents changed since the previous frame are redrawn (see
// frame.go); a frame where nothing changed draws nothing.
func (a *App) Draw(screen *ebiten.Image) {
	b := screen.Bounds()
	a.geo = newScreenGeometry(b.Dx(), b.Dy(), a.scale, a.ctl.Flipped(), a.ctl.WatchControls(), a.ctl.ChartShown(), a.ctl.InLesson() || a.ctl.InPuzzle())
	g := &a.geo
	now := a.ctl.Now()
	w, h := b.Dx(), b.Dy()
	var static *ebiten.Image
	if a.teachShown() {
		// The classroom view covers the window and is drawn straight onto
		// the screen: the layers under it would hold a window-sized texture
		// each for nothing (docs/measurements.md, section Memory).
		a.static.release()
		a.overlay.release()
	} else {
		static = a.static.get(w, h, fmt.Sprint(g.flipped, len(g.buttons), g.chart.w > 0), func(dst *ebiten.Image) {
			dst.Fill(colBackground)
			a.drawBoard(dst, g)
			drawEvalBarFrame(dst, g)
			a.drawPanelStatic(dst, g)
		})
	}
	a.sprites.ensure(g.cell)
	f := a.frameState(g, now)
	d := &a.drawn
	full := !d.valid || ebiten.IsScreenClearedEveryFrame() || a.frame < 2 ||
		d.screen != screen || d.w != w || d.h != h || d.staticGen != a.static.gen
	a.drawFrame(screen, static, g, f, full, now)
	d.valid, d.screen, d.w, d.h, d.staticGen = true, screen, w, h, a.static.gen
	a.frame++
	if a.screenshot != "" && !a.done && a.frame >= a.frames {
		a.saveScreenshot(screen)
		a.done = true
	}
	if a.afterDraw != nil {
		a.afterDraw(a)
	}
}

// Invalidate makes the next Draw draw the whole frame rather than what
// changed, the classroom view with the searches' latest news.
func (a *App) Invalidate() {
	a.drawn.valid = false
	a.teachLiveAt = time.Time{}
}

// saveScreenshot writes the screen to the screenshot file.
func (a *App) saveScreenshot(screen *ebiten.Image) {
	b := screen.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	screen.ReadPixels(img.Pix)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		a.shotErr = fmt.Errorf("cannot encode the screenshot: %v", err)
		return
	}
	if err := os.WriteFile(a.screenshot, buf.Bytes(), 0o644); err != nil {
		a.shotErr = fmt.Errorf("cannot save the screenshot: %v", err)
		return
	}
	a.shotPath = a.screenshot
}

// handleDrops loads the first file dropped on the window as a record.
func (a *App) handleDrops() {
	files := ebiten.DroppedFiles()
	if files == nil {
		return
	}
	entries, err := fs.ReadDir(files, ".")
	if err != nil || len(entries) == 0 {
		return
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		f, err := files.Open(e.Name())
		if err != nil {
			a.ctl.Notify(fmt.Sprintf("Cannot open %s: %v", e.Name(), err))
			return
		}
		err = a.ctl.Load(f, e.Name())
		f.Close()
		if err == nil || !errors.Is(err, fs.ErrInvalid) {
			return
		}
	}
}

// cursor returns the pointer's position in screen pixels, for hovering: the
// mouse's, or the finger's while one is down, or a point far off the screen
// when the last finger lifted (a touch screen has nothing that hovers).
func (a *App) cursor() (float64, float64) {
	return a.ptr.x, a.ptr.y
}

// do carries out a panel or keyboard action.
func (a *App) do(act action) {
	c := a.ctl
	switch act {
	case actNew:
		c.ShowStart()
	case actUndo:
		c.Undo()
	case actRedo:
		c.Redo()
	case actFlip:
		c.Flip()
	case actHint:
		c.Hint()
	case actSave:
		c.SaveAs()
	case actOpen:
		c.Open()
	case actPause:
		c.TogglePause()
	case actStep:
		c.Step()
	case actSlower:
		c.Slower()
	case actFaster:
		c.Faster()
	case actHelp:
		c.ShowHelp(session.HelpRules)
	case actTeach:
		a.ToggleTeach()
	case actFullscreen:
		a.ToggleFullscreen()
	}
}

// ToggleFullscreen puts the window in full screen or back (F11, the
// buttons): for a projector. Layout follows the new size at the display's
// scale, so the picture stays sharp.
func (a *App) ToggleFullscreen() {
	a.fullscreen = !ebiten.IsFullscreen()
	ebiten.SetFullscreen(a.fullscreen)
	a.Invalidate()
}

// Close stops the background work (search, classroom analysis); call it when
// the window closes.
func (a *App) Close() {
	a.teach.Stop()
	a.teach.Evolution().Close()
	a.ctl.Close()
}

// ToggleTeach opens or closes the classroom view.
func (a *App) ToggleTeach() {
	a.teach.Toggle()
	if a.teach.IsOpen() {
		a.classroomBoard()
	}
}

// classroomBoard puts a game on the board for the classroom view, which
// explains the position on the board and is hidden by the start panel:
// back to the game behind the panel, or, on a first launch (tablut -teach
// with no game yet), a game with the panel's choices, as if Start had been
// pressed. A teacher asking for the classroom wants to see it, not a
// panel on which T and Esc would seem to do nothing.
func (a *App) classroomBoard() {
	c := a.ctl
	if c.Screen() != session.ScreenStart {
		return
	}
	c.Back()
	if c.Screen() == session.ScreenStart {
		if err := c.StartPanel(); err != nil {
			c.Notify("cannot start a game for the classroom: " + err.Error())
		}
	}
}

// TeachStatus is the classroom view's state and progress, for tests that
// drive the window.
type TeachStatus struct {
	Open bool
	Page int
	// EvalReady: the evaluation is taken apart; Filters: with a network's
	// filters; TableDone: the node table is complete.
	EvalReady, Filters, TableDone bool
	// Slow motion: the trace's steps (0 until it is ready), the steps shown,
	// and the kind of the last one shown.
	Steps, Step int
	StepKind    teach.StepKind
	// The guided lesson: on, its stop (0 between stops) and its length.
	Guided          bool
	Lesson, Lessons int
	Engine          string // the view's engine
	// BookBox is where the search page last drew its "Opening book" box
	// (x, y, w, h in screen pixels); all zero when it drew none.
	BookBox          [4]float64
	EvoRunning       bool // the evolution page's run
	EvoGen, EvoGames int  // its generation and the games of it played
	EvoBest          bool // a generation has ended: its best network is shown
	EvoCurve         int  // points on its learning curve
}

// TeachTabCenter returns where the classroom view's tab of page p was drawn
// in the latest frame, in screen pixels.
func (a *App) TeachTabCenter(p int) (x, y float64) {
	r := newTeachLayout(&a.geo).tabs[p]
	return r.cx(), r.cy()
}

// FullscreenButtonCenter returns where the classroom view's full-screen
// button was drawn in the latest frame, in screen pixels.
func (a *App) FullscreenButtonCenter() (x, y float64) {
	r := newTeachLayout(&a.geo).full
	return r.cx(), r.cy()
}

// TeachStatus returns the classroom view's state.
func (a *App) TeachStatus() TeachStatus {
	t := &a.teach
	an := t.Analysis()
	st := TeachStatus{Open: t.IsOpen(), Page: t.Page(), EvalReady: an.Ready, Filters: an.Network != nil, TableDone: an.Done}
	if tr := t.Trace(); tr != nil {
		st.Steps, st.Step = len(tr.Steps), t.Step()
		if t.Step() > 0 {
			st.StepKind = tr.Steps[t.Step()-1].Kind
		}
		st.Guided = t.Guided()
		st.Lesson, st.Lessons = t.LessonAt()
	}
	st.Engine = an.Spec
	b := a.teachBookBox
	st.BookBox = [4]float64{b.x, b.y, b.w, b.h}
	ev := t.Evolution()
	es := ev.State()
	st.EvoRunning, st.EvoGen, st.EvoGames, st.EvoBest, st.EvoCurve = ev.Running(), es.Gen, es.Games, es.Best != nil, len(es.Curve)
	return st
}

// TeachPage shows page p of the classroom view (session.TeachSearch, session.TeachSlow,
// session.TeachEval, session.TeachFilters), opening it if needed.
func (a *App) TeachPage(p int) {
	a.teach.ShowPage(p)
}

// teachShown reports whether the classroom view is on the screen (the start
// panel and the help go over it).
func (a *App) teachShown() bool {
	return a.teach.IsOpen() && a.ctl.Screen() == session.ScreenGame && !a.ctl.HelpShown()
}

// updateTeach keeps the classroom view's analysis on the position on the
// board and advances its slow motion.
func (a *App) updateTeach() {
	t := &a.teach
	if !a.teachShown() {
		return
	}
	t.Update(a.ctl, a.frame)
}

// Dragging reports whether a piece follows the mouse (between a press on it
// and the release).
func (a *App) Dragging() bool { return a.drag.active }

// EvalBarCenter returns the centre of the evaluation bar in the latest
// frame, in screen pixels.
func (a *App) EvalBarCenter() (x, y float64) {
	r := evalBarRect(&a.geo)
	return r.cx(), r.cy()
}

// RulesLessonButtonCenter returns the centre of the rules page's "Learn to
// play" button in the latest frame, for tests that click it.
func (a *App) RulesLessonButtonCenter() (x, y float64) {
	r := lessonButtonRect(&a.geo)
	return r.cx(), r.cy()
}

// ChartRect returns where the chart of White's chance was drawn in the
// latest frame (zero when there is none), in screen pixels.
func (a *App) ChartRect() (x, y, w, h float64) {
	r := a.geo.chart
	return r.x, r.y, r.w, r.h
}

// BannerButtonCenter returns the centre of the end banner's button named
// label ("Rematch", "Swap sides" or "Review") in the latest frame, for tests
// that click it.
func (a *App) BannerButtonCenter(label string) (x, y float64, ok bool) {
	b := newBannerGeometry(&a.geo)
	for _, btn := range []struct {
		r rect
		l string
	}{{b.rematch, "Rematch"}, {b.swap, "Swap sides"}, {b.review, "Review"}} {
		if btn.l == label {
			return btn.r.cx(), btn.r.cy(), true
		}
	}
	return 0, 0, false
}

// MoveCellRect returns where the move at index of the line is written in the
// move list of the latest frame (ok false when it is not shown).
func (a *App) MoveCellRect(index int) (x, y, w, h float64, ok bool) {
	for _, c := range a.moveCells(&a.geo) {
		if c.index == index {
			return c.r.x, c.r.y, c.r.w, c.r.h, true
		}
	}
	return 0, 0, 0, 0, false
}

// StatusLines returns the status box's three lines as the latest frame
// would show them, for tests.
func (a *App) StatusLines() [3]string {
	v := a.statusView(&a.geo)
	return [3]string{v.l1, v.l2, v.l3}
}

// DrawFinalScreen copies the finished frame to the window (Ebitengine's
// FinalScreenDrawer) without blending: the frame is opaque (every region is
// restored from the opaque static layer before it is drawn on), so a copy
// gives the same pixels as Ebitengine's default, which blends the frame over
// the black it has just filled the window with. A software renderer (the
// browser on a machine without a GPU, as on CI) pays for every blended pixel,
// once per presented frame: the copy and the page's opaque canvas
// (web/site/index.html) cut its work per frame by about a sixth
// (docs/measurements.md, section Web build).
func (a *App) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	op := &ebiten.DrawImageOptions{GeoM: geoM, Blend: ebiten.BlendCopy}
	if s := geoM.Element(0, 0); s != math.Floor(s) {
		op.Filter = ebiten.FilterLinear // as Ebitengine does at a fractional scale
	}
	screen.DrawImage(offscreen, op)
}
