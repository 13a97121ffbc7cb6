package ui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// The slow-motion page: a small alpha-beta search replayed on the
// classroom board, as a guided lesson first (the stops of
// teach.GuidedWalk, each with its sentence) and then step by step. Alpha
// cutoffs (a Black node whose value fell to alpha) and beta cutoffs (a
// White node whose value rose to beta) are drawn apart: a red cross for
// beta, a violet double bar for alpha.

// colAlphaCut marks alpha cutoffs; beta cutoffs use colCapture.
var colAlphaCut = rgb(0xa77bff)

// drawCutMark draws a cutoff's mark over the board: a cross for a beta
// cutoff, two bars for an alpha cutoff; plain quads (no paths: see
// planArrow).
func drawCutMark(dst *ebiten.Image, b rect, kind string, w float64) {
	if kind == "beta" {
		quadLine(dst, b.x+b.w*0.3, b.y+b.h*0.3, b.x+b.w*0.7, b.y+b.h*0.7, w/2, withAlpha(colCapture, 0.85))
		quadLine(dst, b.x+b.w*0.7, b.y+b.h*0.3, b.x+b.w*0.3, b.y+b.h*0.7, w/2, withAlpha(colCapture, 0.85))
		return
	}
	for _, dx := range []float64{-0.06, 0.06} {
		quadLine(dst, b.x+b.w*(0.4+dx), b.y+b.h*0.72, b.x+b.w*(0.6+dx), b.y+b.h*0.28, w/2, withAlpha(colAlphaCut, 0.9))
	}
}

// cutColour is the colour of a cutoff of kind ("alpha" or "beta").
func cutColour(kind string) color.NRGBA {
	if kind == "beta" {
		return colCapture
	}
	return colAlphaCut
}

// drawTeachSlow draws the slow-motion page.
func (a *App) drawTeachSlow(dst *ebiten.Image, l teachLayout, f teachFaces) {
	u := l.u
	t := &a.teach
	tr := t.Trace()
	tt := &teachText{dst: dst, x: l.text.x, y: l.text.y + 12*u, w: l.text.w, f: f}
	root := t.Analysis().Pos
	l.board.draw(dst, f.coord)
	if tr == nil {
		a.drawClassPieces(dst, l.board, &root)
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
	side := root.SideToMove()
	// The board shows the node being searched: the root with the path's moves
	// played, the moves as numbered arrows.
	pos := root
	var path []game.Move
	for _, lv := range stack[1:] {
		pos.Make(lv.Move)
		path = append(path, lv.Move)
	}
	a.drawClassPieces(dst, l.board, &pos)
	for i, m := range path {
		col := colMoveArrow
		if i%2 == 1 {
			col = colReplyArrow
		}
		a.planArrow(dst, l.board, m, i+1, col, f.bold)
	}
	var cur teach.TraceStep
	if step > 0 {
		cur = tr.Steps[step-1]
	}
	if step > 1 && cur.Kind == teach.StepCutoff && len(path) > 0 {
		// The answer that caused the cutoff, as the next numbered arrow.
		if p := tr.Steps[step-2]; p.Kind == teach.StepBackUp && len(p.Path) == len(path)+1 {
			col := colMoveArrow
			if len(path)%2 == 1 {
				col = colReplyArrow
			}
			a.planArrow(dst, l.board, p.Path[len(path)], len(path)+1, col, f.bold)
		}
	}
	if step > 0 && cur.Kind == teach.StepCutoff && len(path) > 0 {
		kind := teach.CutKind(cur, side)
		b := l.board.r
		drawCutMark(dst, b, kind, 10*u)
		label := fmt.Sprintf("%s cutoff: %d pruned", map[string]string{"alpha": "α", "beta": "β"}[kind], cur.Pruned)
		w := textWidth(label, f.bold) + 32*u
		pill := rect{b.cx() - w/2, b.cy() - 24*u, w, 48 * u}
		quickRect(dst, pill, nrgba(0x15171c, 0xe8))
		drawText(dst, label, f.bold, pill.cx(), pill.cy(), cutColour(kind), alignCenter)
	}
	if step > 0 && cur.Kind == teach.StepLeaf && len(path) > 0 {
		q := l.board.sq(path[len(path)-1].To())
		label := session.ScoreText(cur.Value)
		w := textWidth(label, f.bold) + 16*u
		pill := rect{q.cx() - w/2, q.y - 34*u, w, 30 * u}
		quickRect(dst, pill, nrgba(0x15171c, 0xe8))
		drawText(dst, label, f.bold, pill.cx(), pill.cy(), colAccent, alignCenter)
	}

	tt.line(fmt.Sprintf("Alpha-beta in slow motion, depth %d", tr.Depth), f.title, colText)
	state := fmt.Sprintf("step %d of %d", step, len(tr.Steps))
	if i, n := t.LessonAt(); t.Guided() {
		state = fmt.Sprintf("Lesson: stop %d of %d (step %d of %d)", i, n, step, len(tr.Steps))
		if i == 0 && step > 0 {
			state = fmt.Sprintf("Lesson: %d stops (step %d of %d)", n, step, len(tr.Steps))
		}
	}
	if !tr.Complete {
		state += ", cut at the step limit"
	}
	if step == len(tr.Steps) {
		state += fmt.Sprintf(" · done: %v, %s", tr.Best, session.ScoreText(tr.Value))
	}
	if t.Playing() {
		state += " · playing"
	}
	tt.line(state+fmt.Sprintf(" · %v to move", side), f.body, colTextDim)
	searched, pruned := teach.Tally(tr, step)
	tt.line(fmt.Sprintf("Searched: %s · cut off: %s", session.Count(searched, "position"), session.Count(pruned, "move")), f.body, colAccent)
	tt.gap(0.1)
	sentence := fmt.Sprintf("Press → for the lesson: %d stops from the root to the first cutoff. %v is to move at the root.", len(t.Walk()), side)
	if step > 0 {
		sentence = session.SlowSentence(tr, step, side)
	}
	colS := colText
	if cur.Kind == teach.StepCutoff && step > 0 {
		colS = cutColour(teach.CutKind(cur, side))
	}
	tt.wrap(sentence, f.body, colS, 5)
	tt.gap(0.2)
	at := []float64{0, 0.08, 0.26, -0.63, -0.81, -1}
	tt.row([]string{"ply", "move", "played by", "α", "β", "best"}, at, f.bold, colAccent)
	for d, lv := range stack {
		mv, by := "root", ""
		if d > 0 {
			mv, by = lv.Move.String(), session.PlayedBy(side, d).String()
		}
		best := "·"
		if lv.HasBest {
			best = session.ScoreText(lv.Best)
		}
		tt.row([]string{fmt.Sprint(d), mv, by, session.ScoreText(lv.Alpha), session.ScoreText(lv.Beta), best}, at, f.mono, colText)
		if lv.Leaf != "" {
			tt.line("   leaf: "+lv.Leaf, f.small, colTextDim)
		}
	}
	// The legend, at the column's foot: who raises which bound, and the two
	// cutoff marks.
	// The two marks side by side, or one under the other in a narrow
	// column (a phone's).
	beta, alpha := "β cutoff: White reached β", "α cutoff: Black fell to α"
	stacked := 30*u+textWidth(beta, f.small)+8*u > tt.w*0.52
	room := 3.2
	if stacked {
		room += 0.8
	}
	tt.y = math.Max(tt.y+f.line*0.3, l.text.y+l.text.h-room*f.line)
	tt.wrap("White maximises and raises α; Black minimises and lowers β. A cut-off move is not searched, nor anything below it.", f.small, colTextDim, 2)
	y := tt.y
	mark := rect{tt.x, y - 11*u, 22 * u, 22 * u}
	drawCutMark(dst, mark, "beta", 3*u)
	drawText(dst, beta, f.small, tt.x+30*u, y, cutColour("beta"), alignLeft)
	mark.x = tt.x + tt.w*0.52
	if stacked {
		y += f.line * 0.8
		mark.x, mark.y = tt.x, y-11*u
	}
	drawCutMark(dst, mark, "alpha", 3*u)
	drawText(dst, alpha, f.small, mark.x+30*u, y, cutColour("alpha"), alignLeft)
}
