package ui

import (
	"fmt"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// The classroom view is drawn for a projector: type at least 18 units (about
// 19 pixels at 1280x800) and mostly 21 or more, light on the dark card, with
// the board as large as the card allows.

// teachLayout places the classroom card's parts.
type teachLayout struct {
	card  rect
	tabs  []rect
	board classBoard
	text  rect // the column right of the board (or under it, on a tall window)
	body  rect // the whole area under the tabs, above the keys
	foot  rect // the keys, under the body
	full  rect // the full-screen button, at the tabs' right
	u     float64
}

func newTeachLayout(g *geometry) teachLayout {
	u := g.u
	card := helpCard(g)
	fullW := 46 * u
	tabW := math.Min(150, (card.w-48*u-fullW)/float64(session.TeachPages)/u-10) // the tabs fit a narrow window
	l := teachLayout{card: card, tabs: cardTabs(g, session.TeachPages, tabW), u: u}
	t0 := l.tabs[0]
	l.full = rect{card.x + card.w - 24*u - fullW, t0.y, fullW, t0.h}
	top := card.y + 62*u
	footH := 44 * u
	if g.phone {
		// A phone: the tabs in two rows a finger can hit, the keys over
		// three lines of text that is never smaller than phoneMinText.
		tabs := session.TeachPages
		perRow := (tabs + 1) / 2
		th := math.Max(34*u, phoneTouch*g.scale)
		w := (card.w - 48*u - fullW - 8*u - float64(perRow-1)*8*u) / float64(perRow)
		for i := range l.tabs {
			l.tabs[i] = rect{card.x + 24*u + float64(i%perRow)*(w+8*u), card.y + 14*u + float64(i/perRow)*(th+8*u), w, th}
		}
		l.full = rect{card.x + card.w - 24*u - fullW, card.y + 14*u, fullW, th}
		top = card.y + 14*u + 2*(th+8*u) + 10*u
		footH = 3*18*u*tightLine + 12*u
	}
	bottom := card.y + card.h - footH
	l.foot = rect{card.x + 24*u, bottom + 2*u, card.w - 48*u, footH - 6*u}
	l.body = rect{card.x + 24*u, top, card.w - 48*u, bottom - top}
	side := math.Max(90, math.Min(bottom-top, card.w*0.5))
	if card.w < card.h {
		// A tall window: the board above, the text below (on a phone,
		// whose text is large for its width, the board takes less).
		share := 0.5
		if g.phone {
			share = 0.3
		}
		side = math.Max(90, math.Min(card.w-48*u, (bottom-top)*share))
		l.board = newClassBoard(rect{math.Round(card.x + (card.w-side)/2), math.Round(top), math.Round(side), math.Round(side)}, g.flipped, u)
		l.text = rect{card.x + 24*u, top + side + 20*u, card.w - 48*u, bottom - top - side - 20*u}
		return l
	}
	l.board = newClassBoard(rect{math.Round(card.x + 24*u), math.Round(top), math.Round(side), math.Round(side)}, g.flipped, u)
	x := l.board.outer.x + side + 28*u
	l.text = rect{x, top, card.x + card.w - 24*u - x, bottom - top}
	return l
}

// teachFaces are the classroom view's type sizes.
type teachFaces struct {
	title, body, bold, mono, small, coord text.Face
	line                                  float64 // body line height
	// specs say what each face is, so that text that does not fit can be
	// drawn smaller in the same typeface.
	specs []faceSpec
	// minSize is the smallest size text of a size is drawn at (nil: a
	// share of it, legibleScale).
	minSize func(size float64) float64
}

// faceSpec is a face's typeface and size.
type faceSpec struct {
	f    text.Face
	src  *fontSource
	size float64
}

func (a *App) teachFaces(u float64) teachFaces {
	f := teachFaces{line: 29 * u}
	for _, s := range []struct {
		to   *text.Face
		src  *fontSource
		size float64
	}{{&f.title, a.fonts.bold, 25}, {&f.body, a.fonts.regular, 21}, {&f.bold, a.fonts.bold, 21},
		{&f.mono, a.fonts.mono, 20}, {&f.small, a.fonts.regular, 18}, {&f.coord, a.fonts.bold, 18}} {
		*s.to = face(s.src, s.size*u)
		f.specs = append(f.specs, faceSpec{*s.to, s.src, s.size * u})
	}
	return f
}

// spec returns what face fc is.
func (f *teachFaces) spec(fc text.Face) (faceSpec, bool) {
	for _, s := range f.specs {
		if s.f == fc {
			return s, true
		}
	}
	return faceSpec{}, false
}

// minK is the smallest share of size that text is drawn at.
func (f *teachFaces) minK(size float64) float64 {
	if f.minSize == nil {
		return legibleScale
	}
	return f.minSize(size) / size
}

// teachRedraw is the shortest time between two redraws of the classroom view
// for news from the searches (a key press redraws it at once): redrawing the
// whole window costs software rendering tens of milliseconds, and a search
// reports several depths a second.
const teachRedraw = 300 * time.Millisecond

// evolutionRedraw is teachRedraw for the evolution page: its games end
// several times a second, and the crosstable need not follow each at once.
const evolutionRedraw = time.Second

// teachKey identifies what the classroom view shows, so that its layer is
// redrawn only when that changes: at once for the person's keys, at most
// every teachRedraw for the searches' news.
func (a *App) teachKey(now time.Time) string {
	t := &a.teach
	rec, _ := a.ctl.Search()
	pos := a.ctl.Position()
	live := fmt.Sprint(t.Live(), " ", len(rec.Infos), rec.Running, rec.Ply, rec.Name, pos.Hash(), t.Waiting(), a.proofKey())
	every := teachRedraw
	if t.Page() == session.TeachEvolution {
		every = evolutionRedraw
	}
	if live != a.teachLive && now.Sub(a.teachLiveAt) >= every {
		a.teachLive, a.teachLiveAt = live, now
	}
	return fmt.Sprint("teach ", t.Page(), " ", t.Gen(), " ", a.teachLive)
}

// drawTeach draws the classroom view.
func (a *App) drawTeach(dst *ebiten.Image, g *geometry) {
	u := g.u
	quickRect(dst, rect{0, 0, g.w, g.h}, colBackground) // opaque: see drawFrame
	l := newTeachLayout(g)
	fillRoundRect(dst, l.card, 14*u, colPanel)
	t := &a.teach
	a.drawTabs(dst, g, l.tabs, session.TeachPageNames[:], t.Page(), 19)
	f := a.teachFaces(u)
	f.minSize = g.minTextSize
	a.drawFullscreenButton(dst, l.full, f.bold)
	// The engine the view explains, and whose side its scores are from.
	if t.Page() != session.TeachEvolution {
		caption := "Engine: " + a.teachEngineName()
		last := l.tabs[len(l.tabs)-1]
		if right := l.full.x - 12*u; right-textWidth(caption, f.small) > last.x+last.w+12*u {
			drawText(dst, caption, f.small, right, l.tabs[0].cy(), colTextDim, alignRight)
		}
	}
	var keys string
	a.teachBookBox = rect{} // drawn again by the search page, if it has one
	switch t.Page() {
	case session.TeachSearch:
		a.drawTeachSearch(dst, l, f)
		keys = "H: the engine thinks here  ·  E: another engine  ·  ← → browse the game  ·  Tab: next page  ·  T or Esc: back"
	case session.TeachSlow:
		a.drawTeachSlow(dst, l, f)
		keys = "→ next  ·  ← back  ·  G: lesson / free  ·  ↓ finish the node  ·  C next cutoff  ·  Space play  ·  2 / 3 depth  ·  E engine"
	case session.TeachEval:
		a.drawTeachEval(dst, l, f)
		keys = "E: another engine  ·  ← → browse the game  ·  Tab: next page  ·  T or Esc: back to the game"
		if t.Analysis().HasNetMap {
			keys = "N: the network alone / the whole score  ·  E: another engine  ·  ← → browse  ·  Tab  ·  T or Esc"
		}
	case session.TeachFilters:
		a.drawTeachNetwork(dst, l, f)
		keys = "E: another engine  ·  ← → browse the game  ·  Tab: next page  ·  T or Esc: back to the game"
	case session.TeachEvolution:
		keys = a.drawTeachEvolution(dst, l, f)
	}
	keys += "  ·  F11 full screen"
	// The keys at the foot, over two lines in a narrow window, under the
	// body (which ends 44 units above the card's foot).
	drawFit(dst, []para{{keys, a.fonts.regular, 18 * u, colTextDim}}, l.foot, 1.25, f.minK(18*u), alignCenter, alignMiddle)
}

// teachEngineName names the view's engine for people: "Club (heuristic)",
// "champion".
func (a *App) teachEngineName() string {
	an := a.teach.Analysis()
	name := session.ShortSpec(an.Spec)
	if l, ok := session.LevelOf(an.Spec); ok {
		name += " (" + session.ShortSpec(l.Eval) + ")"
	}
	if a.teach.Picked() {
		name += ", picked"
	}
	return name
}

// drawFullscreenButton draws the full-screen button in r: four corners, in
// plain rectangles (no paths: see planArrow).
func (a *App) drawFullscreenButton(dst *ebiten.Image, r rect, f text.Face) {
	bg := colButton
	if a.fullscreen {
		bg = colButtonOn
	}
	quickRect(dst, r, bg)
	k := math.Round(r.h * 0.28)
	w := math.Max(2, math.Round(r.h*0.07))
	l := math.Round(k * 0.6)
	cx, cy := math.Round(r.cx()), math.Round(r.cy())
	for _, c := range [][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
		x, y := cx+c[0]*k, cy+c[1]*k // the corner
		quickRect(dst, rect{math.Min(x, x-c[0]*l), y - w/2, l, w}, colText)
		quickRect(dst, rect{x - w/2, math.Min(y, y-c[1]*l), w, l}, colText)
	}
}

// teachText writes lines down a column.
type teachText struct {
	dst    *ebiten.Image
	x      float64
	y      float64 // the next line's centre
	w      float64
	f      teachFaces
	bottom float64 // the column's foot, where known (0: not)
}

// line writes s on the next line, or wrapped over several when it is
// wider than the column.
func (tt *teachText) line(s string, f text.Face, clr color.Color) {
	if textWidth(s, f) <= tt.w {
		drawText(tt.dst, s, f, tt.x, tt.y, clr, alignLeft)
		tt.y += tt.f.line
		return
	}
	tt.fit(s, f, clr, 0)
}

// wrap writes s wrapped in the room of n lines: smaller if it must, and
// over more lines at the smallest size rather than cut.
func (tt *teachText) wrap(s string, f text.Face, clr color.Color, n int) {
	tt.fit(s, f, clr, n)
}

// fit writes s wrapped from the next line down: in the room of n lines,
// smaller if it must (n = 0: as many lines as it takes), never cut.
func (tt *teachText) fit(s string, f text.Face, clr color.Color, n int) {
	sp, ok := tt.f.spec(f)
	if !ok {
		sp = faceSpec{f, nil, tt.f.line / 1.38}
	}
	ratio := math.Max(tightLine, math.Min(1.4, tt.f.line/sp.size))
	top := tt.y - tt.f.line/2
	var total float64
	p := []para{{s, sp.src, sp.size, clr}}
	if ft := fitParas(p, tt.w, float64(n)*tt.f.line, ratio, tt.f.minK(sp.size)); n > 0 && ok && ft.ok {
		total = drawFit(tt.dst, p, rect{tt.x, top, tt.w, float64(n) * tt.f.line}, ratio, tt.f.minK(sp.size), alignLeft, alignTop)
	} else {
		// As many lines as it takes, at the smallest size when n lines
		// were not enough.
		fc, size := f, sp.size
		if n > 0 && ok {
			size *= tt.f.minK(sp.size)
			fc = face(sp.src, size)
		}
		lh := size * ratio
		for _, l := range wrapLines(s, fc, tt.w) {
			drawText(tt.dst, l, fc, tt.x, top+total+lh/2, clr, alignLeft)
			total += lh
		}
	}
	tt.y = top + math.Max(total, tt.f.line) + tt.f.line/2
}

// wrapKey identifies a paragraph wrapped for the classroom view.
type wrapKey struct {
	s      string
	face   text.Face
	w      float64
	nLines int
}

// wrapped remembers the classroom's paragraphs as wrapped: wrapping
// measures the text once per word, and the view redraws the same
// paragraphs several times a second while the AIs think. Only the game
// loop's goroutine uses it.
var wrapped = map[wrapKey][]string{}

// wrapMemo is wrapText, remembered in wrapped.
func wrapMemo(s string, f text.Face, w float64, n int) []string {
	k := wrapKey{s, f, w, n}
	if l, ok := wrapped[k]; ok {
		return l
	}
	if len(wrapped) > 256 {
		clear(wrapped)
	}
	l := wrapText(s, f, w, n)
	wrapped[k] = l
	return l
}

// row writes cells at the given offsets (fractions of the column's width);
// a negative offset right-aligns the cell at its absolute value.
// The cells are made smaller together when two would touch (a long
// score beside its move).
func (tt *teachText) row(cells []string, at []float64, f text.Face, clr color.Color) {
	fc := f
	if sp, ok := tt.f.spec(f); ok {
		minK := tt.f.minK(sp.size)
		for k := 1.0; ; k = math.Max(minK, k*0.95) {
			fc = f
			if k < 1 {
				fc = face(sp.src, sp.size*k)
			}
			if tt.rowFits(cells, at, fc) || k <= minK {
				break
			}
		}
	}
	for i, c := range cells {
		x, al := tt.x+at[i]*tt.w, alignLeft
		if at[i] < 0 {
			x, al = tt.x-at[i]*tt.w, alignRight
		}
		drawText(tt.dst, c, fc, x, tt.y, clr, al)
	}
	tt.y += tt.f.line
}

// rowFitsSmallest reports whether the cells of a row keep apart in f at
// the smallest size it may take.
func (tt *teachText) rowFitsSmallest(cells []string, at []float64, f text.Face) bool {
	if sp, ok := tt.f.spec(f); ok {
		f = face(sp.src, sp.size*tt.f.minK(sp.size))
	}
	return tt.rowFits(cells, at, f)
}

// rowFits reports whether the cells of a row keep apart, each within the
// column, in face f.
func (tt *teachText) rowFits(cells []string, at []float64, f text.Face) bool {
	var boxes [][2]float64
	for i, c := range cells {
		w := textWidth(c, f)
		x := tt.x + at[i]*tt.w
		if at[i] < 0 {
			x = tt.x - at[i]*tt.w - w
		}
		if x < tt.x-0.5 || x+w > tt.x+tt.w+0.5 {
			return false
		}
		boxes = append(boxes, [2]float64{x, x + w})
	}
	gap := textWidth(" ", f)
	for i, b := range boxes {
		for _, o := range boxes[i+1:] {
			if b[0] < o[1]+gap && o[0] < b[1]+gap {
				return false
			}
		}
	}
	return true
}

func (tt *teachText) gap(k float64) { tt.y += tt.f.line * k }

// drawTeachSearch draws the live search page: the view's engine's search
// of the position on the board (or of the one before, just played), its
// plan as numbered arrows; where the engine plays the opening book, the
// book's move and how it was found instead (drawTeachBook).
func (a *App) drawTeachSearch(dst *ebiten.Image, l teachLayout, f teachFaces) {
	c := a.ctl
	v := a.teach.SearchPage(c)
	rec, ok, pos, spec := v.Rec, v.Searched, v.Pos, v.Spec
	tt := &teachText{dst: dst, x: l.text.x, y: l.text.y + 12*l.u, w: l.text.w, f: f, bottom: l.text.y + l.text.h}
	l.board.draw(dst, f.coord)
	a.drawClassPieces(dst, l.board, &pos)
	if pz, ok := c.PuzzleNow(); ok {
		a.drawTeachProof(dst, l, tt, pz) // drawproof.go
		return
	}
	if v.InBook && len(rec.Infos) == 0 {
		a.drawTeachBook(dst, l, tt, v)
		a.drawTeachNodeTable(tt)
		return
	}
	if !ok {
		tt.line("The search, live", f.title, colText)
		tt.gap(0.3)
		how := "Press H: it thinks about the position on the board, and this page follows it depth by depth."
		if !c.HumanToMove() {
			how = "H works when a person is to move; with AIs playing, the page follows the AI to move (E back to it)."
		}
		tt.wrap("No search of this position by "+session.ShortSpec(spec)+" yet. "+how+" Scores are from White's side: + is good for White, − for Black.", f.body, colTextDim, 5)
		a.drawTeachNodeTable(tt)
		return
	}
	var last ai.Info
	if n := len(rec.Infos); n > 0 {
		last = rec.Infos[n-1]
	}
	a.drawPlan(dst, l.board, last.PV, f)
	who := fmt.Sprintf("%s, %v to move", session.ShortSpec(rec.Name), pos.SideToMove())
	if rec.Running {
		tt.line(who+": thinking", f.title, colText)
	} else {
		tt.line(who+": searched", f.title, colText)
	}
	tt.line("Scores from White's side: + good for White, − for Black", f.small, colTextDim)
	// The depth table, the last rows if there are many.
	rows := session.DepthRows(rec.Infos)
	at := []float64{0, 0.16, -0.64, -1}
	tt.row([]string{"depth", "best", "score", "nodes"}, at, f.bold, colAccent)
	if len(rows) == 0 {
		tt.line("starting…", f.body, colTextDim)
	}
	for _, r := range rows[max(0, len(rows)-6):] {
		tt.row([]string{fmt.Sprint(r.Depth), r.Move, r.Score, humanCount(r.Nodes)}, at, f.mono, colText)
	}
	tt.gap(0.2)
	if len(last.Root) > 0 {
		tt.line(fmt.Sprintf("Root moves at depth %d", last.Depth), f.bold, colAccent)
		rr := session.RootRows(last, pos.SideToMove(), 4)
		// Two moves to a row, or one where a pair does not fit even in
		// smaller type (a long proven win on a phone).
		per := 2
		for i := 0; i+1 < len(rr); i += 2 {
			if !tt.rowFitsSmallest([]string{rr[i].Move, rr[i].Score, rr[i+1].Move, rr[i+1].Score}, []float64{0, -0.47, 0.53, -1}, f.mono) {
				per = 1
			}
		}
		for i := 0; i < len(rr); i += per {
			cells, at := []string{rr[i].Move, rr[i].Score}, []float64{0, -0.47}
			if per == 1 {
				at[1] = -1
			} else if i+1 < len(rr) {
				cells, at = append(cells, rr[i+1].Move, rr[i+1].Score), append(at, 0.53, -1)
			}
			tt.row(cells, at, f.mono, colText)
		}
		tt.line("≤ / ≥: a bound, proved no better · arrows: the plan, in order", f.small, colTextDim)
	}
	a.drawTeachNodeTable(tt)
}

// drawPlan draws the first moves of a principal variation on b as numbered
// arrows: the side to move's in orange, the replies in blue.
func (a *App) drawPlan(dst *ebiten.Image, b classBoard, pv []game.Move, f teachFaces) {
	var placed [][2]float64 // the numbers' centres, kept apart
	for i, m := range pv {
		if i == 4 {
			break
		}
		col := colMoveArrow
		if i%2 == 1 {
			col = colReplyArrow
		}
		a.planArrowClear(dst, b, m, i+1, col, f.bold, &placed)
	}
}

// bookLines bounds the lines of one of the book box's sentences: more
// than any takes.
const bookLines = 99

// drawTeachBook writes the search page's "Opening book" box: the engine
// plays the book's move without searching, so the page shows the move, how
// the book's offline search found it and its plan (as arrows on the board
// too, like a live search's), in place of the live search's tables.
func (a *App) drawTeachBook(dst *ebiten.Image, l teachLayout, tt *teachText, v session.SearchView) {
	f, u, e := tt.f, l.u, v.Book
	pv := e.PV
	if len(pv) == 0 {
		pv = []game.Move{e.Move}
	}
	a.drawPlan(dst, l.board, pv, f)
	tt.line(fmt.Sprintf("%s, %v to move: the book", session.ShortSpec(v.Spec), v.Pos.SideToMove()), f.title, colText)
	tt.line("Scores from White's side: + good for White, − for Black", f.small, colTextDim)
	tt.gap(0.2)
	// The box's text is wrapped first, so that the box is drawn under it at
	// its height.
	pad := 12 * u
	inner := tt.w - 2*pad
	// As many lines as each takes (a long plan on a narrow column): the
	// box's height follows.
	how := wrapMemo(session.BookHow(e), f.body, inner, bookLines)
	plan := wrapMemo("Its plan: "+game.MoveList(pv), f.mono, inner, bookLines)
	why := wrapMemo("The engine plays this move at once, without searching here: the live search's tables stay empty for this move.", f.small, inner, bookLines)
	n := 2 + len(how) + len(plan)
	h := float64(n)*f.line + float64(len(why))*f.line*0.8 + pad
	box := rect{math.Round(tt.x), math.Round(tt.y - f.line/2), math.Round(tt.w), math.Round(h)}
	quickRect(dst, box, colPanelInset)
	quickRect(dst, rect{box.x, box.y, math.Round(4 * u), box.h}, colAccent)
	a.teachBookBox = box
	bt := &teachText{dst: dst, x: tt.x + pad, y: tt.y + pad/2, w: inner, f: f}
	bt.line("Opening book", f.bold, colAccent)
	bt.line("Book move: "+e.Move.String(), f.bold, colText)
	for _, s := range how {
		bt.line(s, f.body, colText)
	}
	for _, s := range plan {
		bt.line(s, f.mono, colText)
	}
	for _, s := range why {
		drawText(dst, s, f.small, bt.x, bt.y, colTextDim, alignLeft)
		bt.y += f.line * 0.8
	}
	tt.y = box.y + box.h + f.line/2
}

// drawTeachNodeTable writes the minimax against alpha-beta table of the
// position on the board.
func (a *App) drawTeachNodeTable(tt *teachText) {
	an := a.teach.Analysis()
	f := tt.f
	// Where the column is too short for the whole table (a phone's, under
	// a long search), the table is left out rather than drawn in part.
	title := "Nodes on this position: minimax vs alpha-beta"
	need := (0.3 + 2 + float64(len(an.Rows)) + 1) * f.line
	if textWidth(title, f.bold) > tt.w {
		need += f.line
	}
	if tt.bottom > 0 && tt.y-f.line/2+need > tt.bottom {
		return
	}
	tt.gap(0.3)
	tt.line(title, f.bold, colAccent)
	at := []float64{0, -0.3, -0.67, -1}
	tt.row([]string{"depth", "minimax", "alpha-beta", "+ ordering"}, at, f.small, colTextDim)
	for _, r := range an.Rows {
		cells := session.TreeRowText(r)
		tt.row(cells[:], at, f.mono, colText)
	}
	switch {
	case a.teach.Waiting() && !an.Done:
		tt.line("counted when the AI has moved", f.body, colTextDim)
	case !an.Done:
		tt.line("counting…", f.body, colTextDim)
	}
}

// humanCount writes a node count briefly: 950, 12.3k, 4.56M.
func humanCount(n int64) string {
	switch {
	case n >= 10_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1_000_000:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

// drawTeachEval draws the evaluation page.
func (a *App) drawTeachEval(dst *ebiten.Image, l teachLayout, f teachFaces) {
	u := l.u
	an := a.teach.Analysis()
	tt := &teachText{dst: dst, x: l.text.x, y: l.text.y + 12*u, w: l.text.w, f: f}
	pos := an.Pos
	l.board.draw(dst, f.coord)
	heat := an.Impact
	if a.teach.NetHeat() && an.HasNetMap {
		heat = an.NetImpact
	}
	if an.Ready && an.Err == "" {
		drawHeat(dst, l.board, &heat, &an.ImpactOK)
	}
	a.drawClassPieces(dst, l.board, &pos)
	if an.Ready && an.Err == "" {
		drawHeatLabels(dst, l.board, &heat, &an.ImpactOK, f)
	}
	tt.line("The evaluation taken apart", f.title, colText)
	switch {
	case !an.Ready:
		tt.line("evaluating…", f.body, colTextDim)
		return
	case an.Err != "":
		tt.wrap(session.Capitalize(an.Err)+".", f.body, colTextDim, 3)
		return
	}
	tt.line(an.EvalName, f.body, colTextDim)
	tt.line(fmt.Sprintf("Score %s: + good for White, − for Black", session.ScoreText(an.Score)), f.body, colText)
	tt.gap(0.3)
	if an.HasTerms {
		at := []float64{0, -0.68, -0.82, -1}
		tt.row([]string{"term", "weight", "×", "= value"}, at, f.bold, colAccent)
		for _, term := range an.Terms {
			tt.row([]string{term.Name, fmt.Sprint(term.Weight), fmt.Sprint(term.Count), session.ScoreText(term.Value)}, at, f.body, colText)
		}
		tt.row([]string{"the heuristic", "", "", session.ScoreText(an.Heuristic)}, at, f.bold, colText)
		if an.Net {
			label := fmt.Sprintf("the network's correction (±%d at most)", an.NetScale)
			if an.NetScale >= ai.MaxEval {
				label = "the network's own score"
			}
			tt.row([]string{label, "", "", session.ScoreText(an.Score + an.Offset - an.Heuristic)}, at, f.body, colText)
		}
		if an.Offset != 0 {
			tt.row([]string{"centred: the start position scores 0", "", "", session.ScoreText(-an.Offset)}, at, f.body, colText)
		}
		if an.Net || an.Offset != 0 {
			tt.row([]string{"the score", "", "", session.ScoreText(an.Score)}, at, f.bold, colText)
		}
	} else {
		tt.wrap("A pure network: no hand-made terms. The board shows what it sees.", f.body, colTextDim, 2)
	}
	tt.gap(0.2)
	if a.teach.NetHeat() && an.HasNetMap {
		tt.wrap("On the board: how much the network's own output (before it is scaled down to at most ±"+fmt.Sprint(an.NetScale)+") drops when each pawn is taken off (green: the pawn helps White, red: Black).", f.small, colTextDim, 3)
	} else {
		tt.wrap("On the board: how much the score drops when each pawn is taken off (green: the pawn helps White, red: Black).", f.small, colTextDim, 3)
	}
}

// heatScale is the impact shown at full colour: the largest on the board.
func heatScale(heat *[game.NumSquares]int32, ok *[game.NumSquares]bool) float64 {
	m := 1.0
	for s, on := range ok {
		if on {
			m = math.Max(m, math.Abs(float64(heat[s])))
		}
	}
	return m
}

// drawHeat tints each pawn's square by its impact.
func drawHeat(dst *ebiten.Image, b classBoard, heat *[game.NumSquares]int32, ok *[game.NumSquares]bool) {
	m := heatScale(heat, ok)
	for s := game.Square(0); s < game.NumSquares; s++ {
		if !ok[s] {
			continue
		}
		v := float64(heat[s])
		col := colWin
		if v < 0 {
			col = colCapture
		}
		quickRect(dst, b.sq(s), withAlpha(col, 0.15+0.75*math.Abs(v)/m))
	}
}

// drawHeatLabels writes each pawn's impact under it, in one size for the
// board: smaller when a square is narrower than the widest label (a
// phone's), down to half the page's small text; on squares narrower still
// the colours alone tell the impact.
func drawHeatLabels(dst *ebiten.Image, b classBoard, heat *[game.NumSquares]int32, ok *[game.NumSquares]bool, f teachFaces) {
	lf, widest := f.small, 0.0
	for s := game.Square(0); s < game.NumSquares; s++ {
		if ok[s] {
			widest = math.Max(widest, textWidth(session.ScoreText(heat[s]), lf))
		}
	}
	room := b.sq(0).w - 8
	if sp, found := f.spec(lf); found && widest > room {
		k := room / widest
		if k < 0.5 {
			return
		}
		lf = face(sp.src, sp.size*k*0.97)
	}
	for s := game.Square(0); s < game.NumSquares; s++ {
		if !ok[s] {
			continue
		}
		q := b.sq(s)
		label := session.ScoreText(heat[s])
		w := textWidth(label, lf) + 8
		pill := rect{q.cx() - w/2, q.y + q.h - f.line*0.8, w, f.line * 0.75}
		quickRect(dst, pill, nrgba(0x15171c, 0xd8)) // square: thirty rounded pills cost a redraw dearly
		drawText(dst, label, lf, pill.cx(), pill.cy(), colText, alignCenter)
	}
}
