package ui

import (
	"fmt"
	"image/color"
	"math"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/teach"
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
	board smallBoard
	text  rect // the column right of the board (or under it, on a tall window)
	u     float64
}

func newTeachLayout(g *geometry) teachLayout {
	u := g.u
	card := helpCard(g)
	tabW := math.Min(170, (card.w-48*u)/float64(session.TeachPages)/u-10) // four tabs fit a narrow window
	l := teachLayout{card: card, tabs: cardTabs(g, session.TeachPages, tabW), u: u}
	top := card.y + 66*u
	bottom := card.y + card.h - 44*u
	side := math.Max(90, math.Min(bottom-top, card.w*0.5))
	if card.w < card.h {
		// A tall window: the board above, the text below.
		side = math.Max(90, math.Min(card.w-48*u, (bottom-top)*0.5))
		l.board = smallBoard{rect{math.Round(card.x + (card.w-side)/2), math.Round(top), math.Round(side), math.Round(side)}}
		l.text = rect{card.x + 24*u, top + side + 20*u, card.w - 48*u, bottom - top - side - 20*u}
		return l
	}
	l.board = smallBoard{rect{math.Round(card.x + 28*u), math.Round(top), math.Round(side), math.Round(side)}}
	x := l.board.r.x + side + 32*u
	l.text = rect{x, top, card.x + card.w - 24*u - x, bottom - top}
	return l
}

// teachFaces are the classroom view's type sizes.
type teachFaces struct {
	title, body, bold, mono, small text.Face
	line                           float64 // body line height
}

func (a *App) teachFaces(u float64) teachFaces {
	return teachFaces{
		title: face(a.fonts.bold, 25*u),
		body:  face(a.fonts.regular, 21*u),
		bold:  face(a.fonts.bold, 21*u),
		mono:  face(a.fonts.mono, 20*u),
		small: face(a.fonts.regular, 18*u),
		line:  29 * u,
	}
}

// teachRedraw is the shortest time between two redraws of the classroom view
// for news from the searches (a key press redraws it at once): redrawing the
// whole window costs software rendering tens of milliseconds, and a search
// reports several depths a second.
const teachRedraw = 300 * time.Millisecond

// teachKey identifies what the classroom view shows, so that its layer is
// redrawn only when that changes: at once for the person's keys, at most
// every teachRedraw for the searches' news.
func (a *App) teachKey(now time.Time) string {
	t := &a.teach
	rec, _ := a.ctl.Search()
	pos := a.ctl.Position()
	live := fmt.Sprint(t.Live(), " ", len(rec.Infos), rec.Running, rec.Ply, rec.Name, pos.Hash(), t.Waiting())
	if live != a.teachLive && now.Sub(a.teachLiveAt) >= teachRedraw {
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
	name := t.Analysis().EvalName
	if name == "" {
		name = session.ShortSpec(t.Analysis().Spec)
	}
	caption := "Classroom · " + name
	last := l.tabs[len(l.tabs)-1]
	if right := l.card.x + l.card.w - 24*u; right-textWidth(caption, f.small) > last.x+last.w+12*u {
		drawText(dst, caption, f.small, right, l.tabs[0].cy(), colTextDim, alignRight)
	}
	var keys string
	switch t.Page() {
	case session.TeachSearch:
		a.drawTeachSearch(dst, l, f)
		keys = "H: let the AI think here  ·  ← → browse the game  ·  Tab: next page  ·  T or Esc: back to the game"
	case session.TeachSlow:
		a.drawTeachSlow(dst, l, f)
		keys = "→ step  ·  ← back  ·  ↓ finish the node  ·  C next cutoff  ·  Space play  ·  Home  ·  2 / 3 depth  ·  Tab  ·  T"
	case session.TeachEval:
		a.drawTeachEval(dst, l, f)
		keys = "← → browse the game  ·  Tab: next page  ·  T or Esc: back to the game"
		if t.Analysis().HasNetMap {
			keys = "N: the network alone / the whole score  ·  ← → browse the game  ·  Tab  ·  T or Esc"
		}
	case session.TeachFilters:
		a.drawTeachFilters(dst, l, f)
		keys = "← → browse the game  ·  Tab: next page  ·  T or Esc: back to the game"
	}
	// The keys at the foot, over two lines in a narrow window.
	lines := wrapText(keys, f.small, l.card.w-48*u, 2)
	for i, ln := range lines {
		y := l.card.y + l.card.h - 22*u - float64(len(lines)-1-i)*f.line*0.8
		drawText(dst, ln, f.small, l.card.cx(), y, colTextDim, alignCenter)
	}
}

// teachText writes lines down a column.
type teachText struct {
	dst *ebiten.Image
	x   float64
	y   float64 // the next line's centre
	w   float64
	f   teachFaces
}

func (tt *teachText) line(s string, f text.Face, clr color.Color) {
	drawText(tt.dst, ellipsis(s, f, tt.w), f, tt.x, tt.y, clr, alignLeft)
	tt.y += tt.f.line
}

// wrap writes s over at most n lines.
func (tt *teachText) wrap(s string, f text.Face, clr color.Color, n int) {
	for _, l := range wrapText(s, f, tt.w, n) {
		tt.line(l, f, clr)
	}
}

// row writes cells at the given offsets (fractions of the column's width);
// a negative offset right-aligns the cell at its absolute value.
func (tt *teachText) row(cells []string, at []float64, f text.Face, clr color.Color) {
	for i, c := range cells {
		x, al := tt.x+at[i]*tt.w, alignLeft
		if at[i] < 0 {
			x, al = tt.x-at[i]*tt.w, alignRight
		}
		drawText(tt.dst, c, f, x, tt.y, clr, al)
	}
	tt.y += tt.f.line
}

func (tt *teachText) gap(k float64) { tt.y += tt.f.line * k }

// drawTeachSearch draws the live search page.
func (a *App) drawTeachSearch(dst *ebiten.Image, l teachLayout, f teachFaces) {
	u := l.u
	c := a.ctl
	rec, ok := c.Search()
	tt := &teachText{dst: dst, x: l.text.x, y: l.text.y + 12*u, w: l.text.w, f: f}
	pos := c.Position()
	if ok && (rec.Running || rec.Ply == c.Game().Ply()-1 || rec.Ply == c.Game().Ply()) {
		pos = rec.Pos
	} else {
		ok = false
	}
	l.board.drawSquares(dst)
	a.drawSmallPieces(dst, l.board, &pos)
	if !ok {
		tt.line("The search, live", f.title, colText)
		tt.gap(0.3)
		tt.wrap("No search of this position yet. Let an AI move, or press H: the AI thinks about the position on the board and this page follows it depth by depth.", f.body, colTextDim, 5)
		a.drawTeachNodeTable(tt)
		return
	}
	var last ai.Info
	if n := len(rec.Infos); n > 0 {
		last = rec.Infos[n-1]
	}
	for i, m := range last.PV {
		if i == 4 {
			break
		}
		col := colMoveArrow
		if i%2 == 1 {
			col = colReplyArrow
		}
		l.board.arrow(dst, m, withAlpha(col, 0.9-0.15*float64(i)))
	}
	who := fmt.Sprintf("%v · %s", pos.SideToMove(), session.ShortSpec(rec.Name))
	if rec.Running {
		tt.line(who+" is thinking", f.title, colText)
	} else {
		tt.line(who+" searched", f.title, colText)
	}
	// The depth table, the last rows if there are many.
	rows := session.DepthRows(rec.Infos)
	at := []float64{0, 0.16, -0.64, -1}
	tt.row([]string{"depth", "best", "score", "nodes"}, at, f.bold, colAccent)
	if len(rows) == 0 {
		tt.line("starting…", f.body, colTextDim)
	}
	for _, r := range rows[max(0, len(rows)-7):] {
		tt.row([]string{fmt.Sprint(r.Depth), r.Move, r.Score, humanCount(r.Nodes)}, at, f.mono, colText)
	}
	tt.gap(0.3)
	if len(last.Root) > 0 {
		tt.line(fmt.Sprintf("Root moves at depth %d", last.Depth), f.bold, colAccent)
		rr := session.RootRows(last, pos.SideToMove(), 6)
		for i := 0; i < len(rr); i += 2 {
			cells, at := []string{rr[i].Move, rr[i].Score}, []float64{0, -0.47}
			if i+1 < len(rr) {
				cells, at = append(cells, rr[i+1].Move, rr[i+1].Score), append(at, 0.53, -1)
			}
			tt.row(cells, at, f.mono, colText)
		}
		tt.line("≤ / ≥: a bound; alpha-beta proved the move no better", f.small, colTextDim)
	}
	a.drawTeachNodeTable(tt)
}

// drawTeachNodeTable writes the minimax against alpha-beta table of the
// position on the board.
func (a *App) drawTeachNodeTable(tt *teachText) {
	an := a.teach.Analysis()
	f := tt.f
	tt.gap(0.3)
	tt.line("Nodes on this position: minimax vs alpha-beta", f.bold, colAccent)
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

// drawTeachSlow draws the slow-motion page.
func (a *App) drawTeachSlow(dst *ebiten.Image, l teachLayout, f teachFaces) {
	u := l.u
	t := &a.teach
	tr := t.Trace()
	tt := &teachText{dst: dst, x: l.text.x, y: l.text.y + 12*u, w: l.text.w, f: f}
	root := t.Analysis().Pos
	l.board.drawSquares(dst)
	if tr == nil {
		a.drawSmallPieces(dst, l.board, &root)
		tt.line(fmt.Sprintf("Alpha-beta in slow motion, depth %d", t.Depth()), f.title, colText)
		if t.Waiting() {
			tt.wrap("Prepared when the AI has moved (Space pauses a game between AIs).", f.body, colTextDim, 2)
		} else {
			tt.line("preparing the search…", f.body, colTextDim)
		}
		return
	}
	step := min(t.Step(), len(tr.Steps))
	stack := session.SlowStack(tr, step)
	// The board shows the node being searched: the root with the path's moves
	// played, the moves as numbered arrows.
	pos := root
	var path []game.Move
	for _, lv := range stack[1:] {
		pos.Make(lv.Move)
		path = append(path, lv.Move)
	}
	a.drawSmallPieces(dst, l.board, &pos)
	for i, m := range path {
		col := colMoveArrow
		if i%2 == 1 {
			col = colReplyArrow
		}
		l.board.arrow(dst, m, withAlpha(col, 0.9))
		q := l.board.sq(m.From())
		fillCircle(dst, q.cx(), q.cy(), 13*u, col)
		drawText(dst, fmt.Sprint(i+1), f.bold, q.cx(), q.cy(), colText, alignCenter)
	}
	var cur teach.TraceStep
	if step > 0 {
		cur = tr.Steps[step-1]
	}
	if step > 0 && cur.Kind == teach.StepCutoff && len(path) > 0 {
		// A cutoff: a red cross over the board's centre line and the count.
		b := l.board.r
		line(dst, b.x+b.w*0.3, b.y+b.h*0.3, b.x+b.w*0.7, b.y+b.h*0.7, 10*u, withAlpha(colCapture, 0.85))
		line(dst, b.x+b.w*0.7, b.y+b.h*0.3, b.x+b.w*0.3, b.y+b.h*0.7, 10*u, withAlpha(colCapture, 0.85))
		pill := rect{b.cx() - 150*u, b.cy() - 24*u, 300 * u, 48 * u}
		fillRoundRect(dst, pill, 10*u, nrgba(0x15171c, 0xe8))
		drawText(dst, fmt.Sprintf("cutoff: %d moves pruned", cur.Pruned), f.bold, pill.cx(), pill.cy(), colError, alignCenter)
	}
	if step > 0 && cur.Kind == teach.StepLeaf && len(path) > 0 {
		q := l.board.sq(path[len(path)-1].To())
		label := session.ScoreText(cur.Value)
		w := textWidth(label, f.bold) + 16*u
		pill := rect{q.cx() - w/2, q.y - 34*u, w, 30 * u}
		fillRoundRect(dst, pill, 8*u, nrgba(0x15171c, 0xe8))
		drawText(dst, label, f.bold, pill.cx(), pill.cy(), colAccent, alignCenter)
	}

	tt.line(fmt.Sprintf("Alpha-beta in slow motion, depth %d", tr.Depth), f.title, colText)
	state := fmt.Sprintf("step %d of %d", step, len(tr.Steps))
	if !tr.Complete {
		state += " (cut at the step limit)"
	}
	if step == len(tr.Steps) {
		state += fmt.Sprintf(" · done: %v, %s", tr.Best, session.ScoreText(tr.Value))
	}
	if t.Playing() {
		state += " · playing"
	}
	tt.line(state, f.body, colTextDim)
	tt.gap(0.2)
	sentence := "Press → to take the first step: White's nodes maximise (raise α), Black's minimise (lower β)."
	if step > 0 {
		sentence = session.SlowSentence(cur, root.SideToMove())
	}
	tt.wrap(sentence, f.body, colText, 3)
	tt.gap(0.3)
	at := []float64{0, 0.09, 0.29, -0.66, -0.83, -1}
	tt.row([]string{"ply", "move", "side", "α", "β", "best"}, at, f.bold, colAccent)
	for d, lv := range stack {
		side := root.SideToMove()
		if d%2 == 1 {
			side = side.Other()
		}
		mv, role := "root", "max"
		if d > 0 {
			mv = lv.Move.String()
		}
		if side == game.Black {
			role = "min"
		}
		best := "·"
		if lv.HasBest {
			best = session.ScoreText(lv.Best)
		}
		tt.row([]string{fmt.Sprint(d), mv, side.String() + " " + role, session.ScoreText(lv.Alpha), session.ScoreText(lv.Beta), best}, at, f.mono, colText)
		if lv.Leaf != "" {
			tt.line("   leaf: "+lv.Leaf, f.small, colTextDim)
		}
	}
	// The root moves valued so far, the last few.
	done := 0
	for _, s := range tr.Steps[:step] {
		if s.Kind == teach.StepBackUp && len(s.Path) == 1 {
			done++
		}
	}
	if done > 0 {
		tt.gap(0.3)
		tt.line(fmt.Sprintf("Root moves valued: %d of %d searched", done, len(tr.RootMoves)), f.bold, colAccent)
		from := max(0, done-4)
		for i := from; i < done; i++ {
			s := session.ScoreText(tr.RootValue[i])
			if !tr.RootExact[i] {
				s = map[game.Color]string{game.White: "≤ ", game.Black: "≥ "}[root.SideToMove()] + s + "  (refuted)"
			}
			tt.row([]string{tr.RootMoves[i].String(), s}, []float64{0, 0.22}, f.mono, colText)
		}
	}
	// The legend, at the column's foot.
	tt.y = math.Max(tt.y+f.line*0.3, l.text.y+l.text.h-3.6*f.line)
	tt.wrap("α: the score White is sure of so far; β: the score Black is sure of. When α ≥ β the node cannot matter: its other moves are cut off. Orange arrows: the root side's moves; blue: the replies.", f.small, colTextDim, 4)
}

// drawTeachEval draws the evaluation page.
func (a *App) drawTeachEval(dst *ebiten.Image, l teachLayout, f teachFaces) {
	u := l.u
	an := a.teach.Analysis()
	tt := &teachText{dst: dst, x: l.text.x, y: l.text.y + 12*u, w: l.text.w, f: f}
	pos := an.Pos
	l.board.drawSquares(dst)
	heat := an.Impact
	if a.teach.NetHeat() && an.HasNetMap {
		heat = an.NetImpact
	}
	if an.Ready && an.Err == "" {
		drawHeat(dst, l.board, &heat, &an.ImpactOK)
	}
	a.drawSmallPieces(dst, l.board, &pos)
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
	tt.line(fmt.Sprintf("%s: %s for White", an.EvalName, session.ScoreText(an.Score)), f.body, colText)
	tt.gap(0.3)
	if an.HasTerms {
		at := []float64{0, -0.68, -0.82, -1}
		tt.row([]string{"term", "weight", "×", "= value"}, at, f.bold, colAccent)
		for _, term := range an.Terms {
			tt.row([]string{ellipsis(term.Name, f.body, tt.w*0.56), fmt.Sprint(term.Weight), fmt.Sprint(term.Count), session.ScoreText(term.Value)}, at, f.body, colText)
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

// drawTeachFilters draws the filters page: a network's first-layer filters
// as large as the board, and what they are.
func (a *App) drawTeachFilters(dst *ebiten.Image, l teachLayout, f teachFaces) {
	u := l.u
	an := a.teach.Analysis()
	tt := &teachText{dst: dst, x: l.text.x, y: l.text.y + 12*u, w: l.text.w, f: f}
	tt.line("The network's first layer", f.title, colText)
	switch {
	case !an.Ready:
		tt.line("loading…", f.body, colTextDim)
		return
	case an.Filters == nil:
		tt.wrap(session.ShortSpec(an.Spec)+" is not a network: it has no filters. Play against a network (cnn:champion) to see them.", f.body, colTextDim, 4)
		return
	}
	img := a.teachFilters(an)
	b := l.board.r
	quickRect(dst, b, rgb(0x141414))
	k := b.w / float64(img.Bounds().Dx())
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(b.x, b.y)
	dst.DrawImage(img, op)
	tt.line(an.EvalName, f.body, colTextDim)
	tt.gap(0.3)
	tt.wrap("The board enters the network as a 9x9 grid of numbers, one per square. Each of these 64 filters is a 3x3 pattern slid over it: where the squares match the pattern, the filter lights up, and the next layers combine what the filters saw.", f.body, colText, 7)
	tt.gap(0.3)
	tt.wrap("Green weights are positive, red negative; the brighter, the larger ("+an.FilterMax+"). The genetic algorithm found them: nobody drew them by hand.", f.body, colText, 5)
}

// teachFilters returns the filters picture as an image, made once per
// analysis.
func (a *App) teachFilters(an *session.Analysis) *ebiten.Image {
	if a.teachFilterImg == nil || a.teachFilterSrc != an.Filters {
		a.teachFilterImg = ebiten.NewImageFromImage(an.Filters)
		a.teachFilterSrc = an.Filters
	}
	return a.teachFilterImg
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
func drawHeat(dst *ebiten.Image, b smallBoard, heat *[game.NumSquares]int32, ok *[game.NumSquares]bool) {
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

// drawHeatLabels writes each pawn's impact under it.
func drawHeatLabels(dst *ebiten.Image, b smallBoard, heat *[game.NumSquares]int32, ok *[game.NumSquares]bool, f teachFaces) {
	for s := game.Square(0); s < game.NumSquares; s++ {
		if !ok[s] {
			continue
		}
		q := b.sq(s)
		label := session.ScoreText(heat[s])
		w := textWidth(label, f.small) + 8
		pill := rect{q.cx() - w/2, q.y + q.h - f.line*0.8, w, f.line * 0.75}
		quickRect(dst, pill, nrgba(0x15171c, 0xd8)) // square: thirty rounded pills cost a redraw dearly
		drawText(dst, label, f.small, pill.cx(), pill.cy(), colText, alignCenter)
	}
}
