package ui

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// The classroom's search page over a puzzle shows its proof in place of a
// live search: the tree of defences, collapsed (session/puzzleproof.go
// works it out). Each of the solver's steps is a line with its move; under
// it the defences, grouped by how many more moves the solver needs against
// them, a few named in each group; the longest, the puzzle's line, leads
// to the next step. The board shows the line's first moves as arrows.

// proofKey identifies what the proof shows, for the classroom's redraw.
func (a *App) proofKey() string {
	if !a.ctl.InPuzzle() || a.teach.Page() != session.TeachSearch {
		return ""
	}
	pr, _ := a.ctl.PuzzleProof()
	return fmt.Sprint(len(pr.Steps), pr.Done, pr.Err)
}

// proofMoves names at most n moves, then how many more.
func proofMoves(ms []game.Move, n int) string {
	var parts []string
	for i, m := range ms {
		if i == n {
			parts = append(parts, fmt.Sprintf("and %d more", len(ms)-n))
			break
		}
		parts = append(parts, m.String())
	}
	return strings.Join(parts, " ")
}

// drawTeachProof writes the proof of the puzzle v on the search page.
func (a *App) drawTeachProof(dst *ebiten.Image, l teachLayout, tt *teachText, v session.PuzzleView) {
	f := tt.f
	p, _ := puzzle.ByID(v.ID)
	if a.ctl.Game().Ply() == 0 {
		a.drawPlan(dst, l.board, p.Line, f)
	}
	solver, defender := p.Solver(), p.Solver().Other()
	tt.line(fmt.Sprintf("Puzzle %d: the proof", v.ID), f.title, colText)
	tt.wrap(v.Title+". Every defence was tried to the end, with no pruning that could miss one; the longest is the puzzle's line.", f.small, colTextDim, 3)
	tt.gap(0.2)
	pr, _ := a.ctl.PuzzleProof()
	// The lines of each step at three levels of detail: all of them; without
	// the defences' moves; the moves alone. The first that fits the column
	// is drawn (a phone's column is short), rather than text running into
	// the keys under it.
	type proofLine struct {
		s   string
		f   text.Face
		clr color.Color
	}
	var levels [3][]proofLine
	for i, st := range pr.Steps {
		head := fmt.Sprintf("%d. %v %v", i+1, solver, st.Move)
		if st.Final {
			head += " wins"
		}
		switch {
		case st.Others == 0:
			head += ": the only winning move"
		case st.Others == 1:
			head += ": one other move wins too"
		default:
			head += fmt.Sprintf(": %d other moves win too", st.Others)
		}
		for k := range levels {
			levels[k] = append(levels[k], proofLine{head, f.bold, colAccent})
		}
		if st.Final {
			continue
		}
		total := 0
		var counts []string
		for _, g := range st.Groups {
			total += len(g.Moves)
			counts = append(counts, fmt.Sprintf("%d %s", len(g.Moves), needsWords(g.Needs)))
		}
		count := proofLine{fmt.Sprintf("   %v's %d defences: %s", defender, total, strings.Join(counts, ", ")), f.body, colText}
		longest := proofLine{fmt.Sprintf("   the longest, %v, leads on:", st.Longest), f.body, colText}
		levels[0] = append(levels[0], count)
		for _, g := range st.Groups {
			levels[0] = append(levels[0], proofLine{fmt.Sprintf("      %s: %s", needsWords(g.Needs), proofMoves(g.Moves, 4)), f.small, colTextDim})
		}
		levels[0] = append(levels[0], longest)
		levels[1] = append(levels[1], count, longest)
	}
	shown := levels[2]
	for _, ls := range levels {
		rows := 1.0 // the line under the proof (working out the next step)
		for _, l := range ls {
			rows += float64(len(wrapLines(l.s, l.f, tt.w)))
		}
		if tt.bottom == 0 || tt.y+rows*tt.f.line <= tt.bottom {
			shown = ls
			break
		}
	}
	for _, l := range shown {
		tt.line(l.s, l.f, l.clr)
	}
	switch {
	case pr.Err != "":
		tt.wrap("The proof could not be worked out: "+pr.Err, f.body, colError, 2)
	case !pr.Done:
		tt.line("working out the next step…", f.body, colTextDim)
	}
}

// needsWords says how long a group of defences lasts.
func needsWords(k int) string {
	switch k {
	case 0:
		return "hold without the game's history"
	case 1:
		return "lose to 1 more move"
	}
	return fmt.Sprintf("lose to %d more moves", k)
}
