package ui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/tablut-ai/tablut/ui/session"
)

// The evolution page (session/evolution.go): the crosstable of the
// generation being played on the left, with how each member was made and
// what it took from its parents; on the right the first layer of the best
// network so far and the learning curve, drawn with vector paths.

// Colours of the two parents, in the layer strips of crossover children.
var colParent = [2]colorPair{{rgb(0xf07c1e), "orange"}, {rgb(0x3f7fd0), "blue"}}

// colorPair is a colour with its name, for legends.
type colorPair struct {
	c    color.NRGBA
	name string
}

// drawTeachEvolution draws the evolution page and returns its keys.
func (a *App) drawTeachEvolution(dst *ebiten.Image, l teachLayout, f teachFaces) string {
	u := l.u
	ev := a.teach.Evolution()
	st := ev.State()
	body := l.body
	tt := &teachText{dst: dst, x: body.x, y: body.y + 12*u, w: body.w, f: f}
	back := "Tab: next page  ·  T or Esc: back to the game"
	if !ev.Available() {
		tt.line("Evolution, live", f.title, colText)
		tt.gap(0.3)
		tt.wrap("Evolution runs in the desktop version of the game. There, this page breeds networks with the seed's genetic algorithm while you watch: eight networks play each other, the two best become parents, and their children are made by crossover and mutation.", f.body, colText, 6)
		return back
	}
	if st.Members == nil && ev.Running() {
		tt.line("Evolution, live", f.title, colText)
		tt.line("starting: drawing the first population from "+st.From+"…", f.body, colTextDim)
		return "X: stop  ·  " + back
	}
	if st.Members == nil {
		tt.line("Evolution, live", f.title, colText)
		if st.Err != "" {
			tt.wrap("The evolution failed: "+st.Err, f.body, colError, 3)
		}
		tt.gap(0.3)
		tt.wrap("Press C to breed networks from the shipped champion, or R to start from random weights. The genetic algorithm of the seed's report (the code of tablut train) runs in the background at the lowest priority: eight networks play each other once with each colour, the two best become parents, and the next generation is the parents, two children by crossover of whole layers, and four mutants.", f.body, colText, 8)
		tt.gap(0.3)
		tt.wrap("The crosstable fills game by game; the best network's first layer and its score against the hand-made heuristic follow generation after generation. X stops, K keeps the best network as a file you can play.", f.body, colTextDim, 4)
		return "C: from the champion  ·  R: from random weights  ·  " + back
	}
	state := "stopped"
	switch {
	case st.Err != "":
		state = "failed: " + st.Err
	case ev.Running():
		state = "running at low priority"
	}
	tt.line(fmt.Sprintf("Evolution from %s: generation %d, game %d of %d · %s", st.From, st.Gen, st.Games, st.GamesPerGen, state), f.title, colText)
	tt.line(fmt.Sprintf("Population %d, every pair twice (once with each colour), %d nodes a move, seed %d: what tablut train plays", len(st.Members), st.Nodes, st.Seed), f.small, colTextDim)
	left := rect{body.x, tt.y, body.w * 0.5, body.y + body.h - tt.y}
	if n := float64(len(st.Members)); left.w < (58+70+96)*u+n*28*u {
		// A narrow card (a phone's): the crosstable across the card, the
		// best network and the curve under it.
		left.w = body.w
		end := a.drawCrosstable(dst, left, st, f, u)
		if r := (rect{body.x, end, body.w, body.y + body.h - end}); r.h > 8*f.line {
			// Only where there is room for the pictures: a phone's card
			// may hold the crosstable alone.
			a.drawEvoRight(dst, r, st, f, u)
		}
	} else {
		right := rect{body.x + body.w*0.53, tt.y - f.line*0.4, body.w * 0.47, body.y + body.h - tt.y + f.line*0.4}
		a.drawCrosstable(dst, left, st, f, u)
		a.drawEvoRight(dst, right, st, f, u)
	}
	keys := "X: stop  ·  K: keep the best network  ·  " + back
	if !ev.Running() {
		keys = "C: from the champion  ·  R: from random weights  ·  K: keep the best network  ·  " + back
	}
	return keys
}

// drawCrosstable draws the crosstable of the generation being played in r
// and returns the y below what it wrote.
func (a *App) drawCrosstable(dst *ebiten.Image, r rect, st *session.EvoState, f teachFaces, u float64) float64 {
	n := len(st.Members)
	rowH := f.line
	markW, cellW, ptsW := 58*u, math.Min(40*u, (r.w-58*u-70*u-96*u)/float64(n)), 62*u
	x0 := r.x + markW
	y := r.y + rowH*0.5
	for j := range n {
		drawText(dst, fmt.Sprint(j), f.bold, x0+(float64(j)+0.5)*cellW, y, colAccent, alignCenter)
	}
	drawText(dst, "pts", f.bold, x0+float64(n)*cellW+ptsW-8*u, y, colAccent, alignRight)
	drawText(dst, "layers", f.bold, x0+float64(n)*cellW+ptsW+8*u, y, colAccent, alignLeft)
	for i, m := range st.Members {
		y := r.y + rowH*(float64(i)+1.5)
		mark, col := map[session.EvoKind]string{session.EvoParent: "P", session.EvoCross: "×", session.EvoMutant: "~", session.EvoInit: "=", session.EvoRandom: "?"}[m.Kind], colText
		if m.Kind == session.EvoInit && i > 0 {
			mark = "~"
		}
		if m.Kind == session.EvoParent {
			col = colAccent
			quickRect(dst, rect{r.x - 4*u, y - rowH/2 + 2*u, markW + float64(n)*cellW + ptsW, rowH - 4*u}, withAlpha(colAccent, 0.16))
		}
		drawText(dst, fmt.Sprintf("%s %d", mark, i), f.bold, r.x+4*u, y, col, alignLeft)
		for j := range n {
			cx := x0 + (float64(j)+0.5)*cellW
			s := st.Cross[i][j]
			switch {
			case i == j:
				drawText(dst, "—", f.mono, cx, y, colTextFaint, alignCenter)
			case s < 0:
				drawText(dst, "·", f.mono, cx, y, colTextFaint, alignCenter)
			case s == 1:
				drawText(dst, "1", f.mono, cx, y, colWin, alignCenter)
			case s == 0:
				drawText(dst, "0", f.mono, cx, y, colError, alignCenter)
			default:
				drawText(dst, "½", f.mono, cx, y, colTextDim, alignCenter)
			}
		}
		drawText(dst, halfText(m.Score), f.mono, x0+float64(n)*cellW+ptsW-8*u, y, colText, alignRight)
		// The layer strip: four boxes, a crossover child's in the colour of
		// the parent each layer came from, a mutant's filled as far as the
		// share of the layer's weights its mutation changed.
		bx := x0 + float64(n)*cellW + ptsW + 8*u
		for k, lay := range m.Layers {
			box := rect{bx + float64(k)*22*u, y - 9*u, 18 * u, 18 * u}
			quickRect(dst, box, colPanelInset)
			switch {
			case lay.From >= 0:
				quickRect(dst, box, colParent[lay.From].c)
			case lay.Mutated > 0:
				h := math.Max(2, box.h*lay.Mutated)
				quickRect(dst, rect{box.x, box.y + box.h - h, box.w, h}, colHintArrow)
			case m.Kind == session.EvoParent:
				quickRect(dst, box.inset(5*u), colAccent)
			}
		}
	}
	tt := &teachText{dst: dst, x: r.x, y: r.y + rowH*(float64(n)+1.9), w: r.w, f: f}
	tt.wrap("Row plays White, column Black: 1 a White win, 0 a Black win, ½ a draw. P: a parent, kept; ×: a crossover child, each layer from parent 0 (orange) or 1 (blue); ~: a mutant, each layer filled as far as its mutation changed it.", f.small, colTextDim, 4)
	if len(st.Last) >= 2 {
		tt.gap(0.2)
		tt.wrap(fmt.Sprintf("Generation %d ranked %s and %s first (most points, then most wins): they are this generation's parents P 0 and P 1.",
			st.LastGen, st.LastLabel[st.Last[0]], st.LastLabel[st.Last[1]]), f.small, colText, 3)
	}
	if st.Note != "" {
		tt.wrap(st.Note, f.small, colAccent, 3)
	}
	return tt.y - f.line/2
}

// halfText writes a score in halves: 5, 5½.
func halfText(s float64) string {
	w := math.Floor(s)
	if s-w >= 0.25 {
		if w == 0 {
			return "½"
		}
		return fmt.Sprintf("%.0f½", w)
	}
	return fmt.Sprintf("%.0f", w)
}

// drawEvoRight draws the best network's first layer and the learning curve.
func (a *App) drawEvoRight(dst *ebiten.Image, r rect, st *session.EvoState, f teachFaces, u float64) {
	tt := &teachText{dst: dst, x: r.x, y: r.y + 12*u, w: r.w, f: f}
	gridH := r.h * 0.36
	if st.Best == nil {
		tt.line("The best network's first layer", f.bold, colAccent)
		tt.wrap("shown when the first generation ends", f.body, colTextDim, 2)
	} else {
		net := st.Best
		tt.line(fmt.Sprintf("Best of generation %d: its first layer", st.BestGen), f.bold, colAccent)
		planes := len(net.Filters)
		cell := filterGrid(planes, r.w, gridH)
		side := 7*(3*cell+math.Round(0.7*cell)) + 3*cell
		top := math.Round(tt.y - f.line*0.3)
		for p := range planes {
			x := math.Round(r.x + float64(p)*(side+1.5*cell))
			a.drawFilterPlane(dst, x, top, cell, net, p)
			drawText(dst, net.Planes[p], f.small, x+side/2, top+side+f.line*0.45, colTextDim, alignCenter)
		}
		tt.y = top + side + f.line*1.5
	}
	tt.line("Score of the best against the heuristic, same budget", f.bold, colAccent)
	plot := rect{r.x + 44*u, tt.y - f.line*0.2, r.w - 56*u, r.y + r.h - tt.y - f.line*0.9}
	if plot.h < 40*u {
		return
	}
	a.drawCurve(dst, plot, st.Curve, f, u)
}

// drawCurve draws the learning curve in r: score 0 to 1 up, generations
// across, each point with its 95% interval, the points joined.
func (a *App) drawCurve(dst *ebiten.Image, r rect, pts []session.EvoPoint, f teachFaces, u float64) {
	quickRect(dst, r, colPanelInset)
	gens := 4
	for _, p := range pts {
		gens = max(gens, p.Gen+1)
	}
	x := func(g int) float64 { return r.x + r.w*(float64(g)+0.5)/float64(gens) }
	y := func(s float64) float64 { return r.y + r.h*(1-s) }
	for _, s := range []float64{0, 0.5, 1} {
		quickRect(dst, rect{r.x, math.Round(y(s)), r.w, math.Max(1, u)}, colButton)
		drawText(dst, halfText(s), f.small, r.x-8*u, y(s), colTextDim, alignRight)
	}
	drawText(dst, "generation", f.small, r.x+r.w, r.y+r.h+f.line*0.5, colTextDim, alignRight)
	drawText(dst, "0", f.small, x(0), r.y+r.h+f.line*0.5, colTextDim, alignCenter)
	if len(pts) == 0 {
		drawText(dst, "a point after each generation", f.small, r.cx(), r.cy()-f.line*0.5, colTextDim, alignCenter)
		return
	}
	var path vector.Path
	for i, p := range pts {
		px, py := float32(x(p.Gen)), float32(y(p.Score))
		if i == 0 {
			path.MoveTo(px, py)
		} else {
			path.LineTo(px, py)
		}
	}
	strokePath(dst, &path, 3*u, colAccent)
	// The intervals and points as plain rectangles and the disc sprite: one
	// path (the curve) per redraw is enough.
	unit := a.sprites.cell * 0.15
	for _, p := range pts {
		quickRect(dst, rect{math.Round(x(p.Gen) - u), y(p.Hi), math.Max(2, 2*u), y(p.Lo) - y(p.Hi)}, withAlpha(colAccent, 0.5))
		drawTinted(dst, a.sprites.disc, x(p.Gen), y(p.Score), 5*u/unit, colAccent)
	}
	last := pts[len(pts)-1]
	drawText(dst, fmt.Sprintf("generation %d: %.2f (+%d =%d −%d)", last.Gen, last.Score, last.Wins, last.Draws, last.L), f.small, r.x+8*u, r.y+f.line*0.5, colText, alignLeft)
}
