package ui

import (
	"fmt"
	"image"
	"math"
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// The screen keeps its pixels from one frame to the next (Run turns off
// Ebitengine's clearing), so a frame redraws only the regions whose contents
// changed, and a frame where nothing changed draws nothing at all. Under
// software OpenGL copying the full-screen static layer and redrawing every
// piece and label costs as much as the rest of the frame put together; most
// frames, even while the AIs play, change only the status box or nothing.
//
// The screen is cut into regions side by side, each drawn clipped to itself from
// the static layer up, so that a region looks the same whether it is redrawn
// alone or with the whole frame:
//
//   - board: the board, its pieces, highlights, arrows and the end-of-game banner;
//   - eval: the evaluation bar and its score;
//   - panel: the side panel, and within it the status box, redrawn alone when
//     only the status changes (a thinking AI's time bar).
//
// The whole frame is drawn when the screen is cleared every frame (as in some
// tests), at the first frames, on a new size or a new static layer, while a
// piece is dragged (it can be anywhere), and whenever anything changes under
// an overlay (start panel, help), which covers every region. The classroom
// view covers the whole window with an opaque layer: under it nothing is
// drawn, and the layer is copied to the screen only when it changes.

// frameState is what a frame shows, region by region; each part is
// comparable, and a region is redrawn when its part differs from the frame
// before.
type frameState struct {
	board   boardState
	dests   []game.Move // legal destinations of the selected piece
	eval    evalView
	panel   panelState
	status  statusView
	overlay string // "" with no overlay
	drag    bool   // a piece is being dragged
	held    int    // a finger held still: the long press's progress in twentieths (pointer.go)
}

// boardState is what the board region shows besides the static layer.
type boardState struct {
	pos      game.Position
	last     game.Move
	selected game.Square
	anim     int64 // the frame's time while an animation runs, else 0
	dragFrom game.Square
	outcome  game.Outcome
	reason   game.EndReason
	banner   bool
	pvHint   bool
	pv       [4]game.Move
	refute   [4]game.Move // a wrong puzzle move's refutation (drawpuzzle.go)
	hint     game.Move
	caps     [4]game.Capture // the marks of the last move's captures
	danger   [2]uint64       // the danger preview's squares, a bit each
	refused  game.Square     // the square of a refused click, marked a moment
	watch    bool            // two AIs play: the king's open lines are marked
}

// panelState is what the side panel shows besides the static layer and the
// status box.
type panelState struct {
	game         *game.Game
	plies, moves int
	hash         uint64
	white, black string
	toMove       game.Color
	over         bool
	buttons      uint32 // two bits a button: enabled, on
	hot          int    // the hovered button, or -1
	paused       bool
	delay        time.Duration
	message      string
	clocks       [2]string // as shown
	lesson       string    // the lesson's box, when the lesson is on
	chart        string    // the chance chart, AI vs AI and under review
	review       string    // the review's progress and marks
	lost         [2]int    // the pieces each side lost
}

// drawnFrame remembers what is on the screen.
type drawnFrame struct {
	screen    *ebiten.Image
	w, h      int
	staticGen int
	state     frameState
	valid     bool
}

// regions of the screen for geometry g, on whole pixels.
type regions struct {
	board, eval, panel, status image.Rectangle
}

func newRegions(g *geometry) regions {
	w, h := int(g.w), int(g.h)
	u := g.u
	// The eval region starts just right of the board frame's edge (drawn 3u
	// outside the frame) and ends where the panel starts, leaving the score
	// above the bar room on both sides.
	xa := min(w, int(math.Ceil(g.frame.x+g.frame.w+3*u))+1)
	s := g.status
	status := func(panel image.Rectangle) image.Rectangle {
		// The box's top margin (no text of its own: drawStatus starts 9
		// units down) is left out, for a long player name's second line.
		return image.Rect(int(math.Floor(s.x))-1, int(math.Floor(s.y+8*u)),
			int(math.Ceil(s.x+s.w))+1, int(math.Ceil(s.y+s.h))+1).Intersect(panel)
	}
	if g.phone {
		// The evaluation bar lies across between the board and the panel.
		ye := max(0, min(h, int(math.Ceil(g.frame.y+g.frame.h+3*u))+1))
		yb := max(ye, min(h, int(math.Floor(g.panel.y))))
		panel := image.Rect(0, yb, w, h)
		return regions{
			board:  image.Rect(0, 0, w, ye),
			eval:   image.Rect(0, ye, w, yb),
			panel:  panel,
			status: status(panel),
		}
	}
	if g.portrait {
		// The panel is below the board and the evaluation bar.
		yb := max(0, min(h, int(math.Floor(g.panel.y))))
		panel := image.Rect(0, yb, w, h)
		return regions{
			board:  image.Rect(0, 0, xa, yb),
			eval:   image.Rect(xa, 0, w, yb),
			panel:  panel,
			status: status(panel),
		}
	}
	xb := max(xa, min(w, int(math.Floor(g.panel.x))))
	return regions{
		board:  image.Rect(0, 0, xa, h),
		eval:   image.Rect(xa, 0, xb, h),
		panel:  image.Rect(xb, 0, w, h),
		status: status(image.Rect(xb, 0, w, h)),
	}
}

// frameState returns what the frame shows now.
func (a *App) frameState(g *geometry, now time.Time) frameState {
	c := a.ctl
	var f frameState
	pos := c.Position()

	b := &f.board
	b.pos = pos
	b.last = c.LastMove()
	b.selected = c.Selected()
	if c.Animations().Active() {
		b.anim = now.UnixNano()
	}
	b.dragFrom = game.NoSquare
	if a.drag.active {
		b.dragFrom = a.drag.from
	}
	b.outcome, b.reason = c.Game().Outcome(), c.Game().Reason()
	b.banner = c.Over() && !a.bannerHidden && !c.InLesson() && !c.InPuzzle()
	for i := range b.pv {
		b.pv[i] = game.NoMove
	}
	if st, ok := c.Think(); ok {
		b.pvHint = st.Hint
		copy(b.pv[:], st.Info.PV)
	}
	b.hint = c.HintMove()
	for i := range b.refute {
		b.refute[i] = game.NoMove
	}
	if v, ok := c.PuzzleNow(); ok {
		copy(b.refute[:], v.Refute)
	}
	copy(b.caps[:], c.CaptureMarks())
	for _, s := range c.Danger() {
		b.danger[s/64] |= 1 << (s % 64)
	}
	b.refused, _ = c.Refused()
	b.watch = c.WatchControls()
	f.dests = c.Destinations()
	f.drag = a.drag.active && a.drag.moved
	f.held = int(a.ptr.held * 20)

	f.eval = a.evalView(g)

	p := &f.panel
	p.game = c.Game()
	p.plies, p.moves = c.Game().Ply(), len(c.Game().Line())
	p.hash = pos.Hash()
	p.white, p.black = c.Settings().Spec(game.White), c.Settings().Spec(game.Black)
	p.toMove, p.over = pos.SideToMove(), c.Over()
	p.hot = -1
	cx, cy := a.cursor()
	for i, btn := range g.buttons {
		enabled, on := a.buttonState(btn.act)
		if enabled {
			p.buttons |= 1 << (2 * i)
		}
		if on {
			p.buttons |= 2 << (2 * i)
		}
		if enabled && btn.r.contains(cx, cy) && c.Screen() == session.ScreenGame && !c.HelpShown() {
			p.hot = i
		}
	}
	p.paused, p.delay, p.message = c.Paused(), c.Delay(), c.Message()
	p.lesson = a.lessonKey(g) + a.puzzleKey(g)
	p.chart = a.chartKey(g)
	p.review = a.reviewKey()
	p.lost[0], p.lost[1] = c.Captured()
	for i := range p.clocks {
		if left, ok := c.ClockLeft(game.Color(i)); ok {
			p.clocks[i] = clockText(left)
		}
	}

	f.status = a.statusView(g)

	if c.Screen() == session.ScreenLink {
		f.overlay = a.linkKey(g)
	} else if c.Screen() == session.ScreenStart {
		f.overlay = "start " + a.startKey(g)
	} else if c.HelpShown() {
		f.overlay = fmt.Sprint("help ", c.HelpPage(), " ", a.helpPartKey())
	} else if a.teachShown() {
		f.overlay = a.teachKey(now)
	}
	return f
}

// drawFrame brings the screen up to date with state f, redrawing the regions
// that changed, or everything if full.
func (a *App) drawFrame(screen, static *ebiten.Image, g *geometry, f frameState, full bool, now time.Time) {
	old := &a.drawn.state
	if a.teachShown() {
		// The classroom view covers the whole window: nothing under it is
		// drawn, and the view itself only when what it shows changed.
		if full || f.overlay != old.overlay {
			a.drawTeach(screen, g) // opaque over the whole window
		}
		a.drawn.state = f
		a.drawn.state.dests = slices.Clone(f.dests)
		return
	}
	if !full && f.overlay != "" && (f.board != old.board || !slices.Equal(f.dests, old.dests) ||
		f.eval != old.eval || f.panel != old.panel || f.status != old.status || f.overlay != old.overlay) {
		full = true // the overlay covers every region
	}
	if f.overlay != old.overlay || f.drag || old.drag || f.held != old.held {
		full = true
	}
	r := newRegions(g)
	if full || f.board != old.board || !slices.Equal(f.dests, old.dests) {
		dst := a.region(screen, static, r.board)
		a.drawPieces(dst, g, now)
		if f.board.banner {
			c := a.ctl
			title, why := c.EndWords()
			bb := bannerBounds(g)
			demo, _ := demoBannerLine(c)
			key := fmt.Sprint(title, "\x00", why, "\x00", demo, g.cell, g.u, bb.Min)
			img := a.banner.get(bb.Dx(), bb.Dy(), key, func(dst *ebiten.Image) { a.drawBanner(dst, g, bb.Min) })
			op := &ebiten.DrawImageOptions{}
			op.GeoM.Translate(float64(bb.Min.X), float64(bb.Min.Y))
			dst.DrawImage(img, op)
		}
	}
	if full || f.eval != old.eval {
		a.drawEvalBar(a.region(screen, static, r.eval), g, f.eval)
	}
	if full || f.panel != old.panel {
		a.drawPanel(a.region(screen, static, r.panel), g, f.status)
	} else if f.status != old.status {
		a.drawStatus(a.region(screen, static, r.status), g, f.status)
	}
	if f.drag {
		a.drawDragged(screen)
	}
	if full && f.overlay != "" {
		w, h := int(g.w), int(g.h)
		var img *ebiten.Image
		switch a.ctl.Screen() {
		case session.ScreenLink:
			img = a.overlay.get(w, h, f.overlay, func(dst *ebiten.Image) { a.drawLink(dst, g) })
		case session.ScreenStart:
			img = a.overlay.get(w, h, f.overlay, func(dst *ebiten.Image) { a.drawStart(dst, g) })
		default:
			img = a.overlay.get(w, h, f.overlay, func(dst *ebiten.Image) { a.drawHelp(dst, g) })
		}
		screen.DrawImage(img, nil)
	}
	if f.held > 0 {
		a.drawHeld(screen, g)
	}
	a.drawn.state = f
	a.drawn.state.dests = slices.Clone(f.dests)
}

// region restores r of the screen from the static layer and returns the screen
// clipped to r, to draw the region's contents on.
func (a *App) region(screen, static *ebiten.Image, r image.Rectangle) *ebiten.Image {
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
	screen.DrawImage(static.SubImage(r).(*ebiten.Image), op)
	return screen.SubImage(r).(*ebiten.Image)
}
