package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// A puzzle in the side panel: while one is on the board, the move list's
// box shows its title ("White to move and win in 2"), the answer to the
// last move, the person's puzzle rating and the buttons that go on; the
// board shows a wrong move's refutation as numbered arrows (session/puzzle.go
// holds the state and judges the moves).

// puzzleButton is one of the puzzle's buttons.
type puzzleButton struct {
	label string
	r     rect
	do    func(c *session.Controller)
	main  bool // the button Enter presses, drawn highlighted
}

// puzzleButtons lays out the buttons of the puzzle's phase along the bottom
// of the move list's box.
func puzzleButtons(g *geometry, v session.PuzzleView) []puzzleButton {
	type b struct {
		label string
		do    func(c *session.Controller)
		main  bool
	}
	var bs []b
	leave := b{"Leave  (Esc)", (*session.Controller).LeavePuzzle, false}
	switch v.Phase {
	case session.PuzzleFailed:
		// Four buttons: no room for the keys (the status box says them).
		bs = []b{{"Try again", (*session.Controller).RetryPuzzle, true}, {"Show", (*session.Controller).ShowPuzzleSolution, false},
			{"Next  ›", (*session.Controller).NextPuzzle, false}, {"Leave", (*session.Controller).LeavePuzzle, false}}
	case session.PuzzleSolved, session.PuzzleShown:
		bs = []b{{"Next  ›  (Enter)", (*session.Controller).NextPuzzle, true}, leave}
	default:
		bs = []b{{"Show", (*session.Controller).ShowPuzzleSolution, false}, {"Skip  ›", (*session.Controller).NextPuzzle, false}, leave}
	}
	u := g.u
	in := g.moves.inset(10 * u)
	h := 38 * u
	if g.phone {
		h = math.Max(h, phoneTouch*g.scale)
	}
	n := float64(len(bs))
	w := (in.w - (n-1)*8*u) / n
	y := in.y + in.h - h
	out := make([]puzzleButton, len(bs))
	for i, x := range bs {
		out[i] = puzzleButton{x.label, rect{in.x + float64(i)*(w+8*u), y, w, h}, x.do, x.main}
	}
	return out
}

// puzzleHeader is the first line of the puzzle's box.
func puzzleHeader(v session.PuzzleView) string {
	s := fmt.Sprintf("Puzzle %d  ·  rated %d", v.ID, v.Rating)
	if v.Daily {
		s += "  ·  puzzle of the day"
	}
	return s
}

// puzzleRatingLine says the person's rating and what this puzzle did to it.
func puzzleRatingLine(v session.PuzzleView) string {
	s := fmt.Sprintf("Your puzzle rating: %d", v.Player)
	switch {
	case v.Replay:
		s += "  (played before: not rated again)"
	case v.Change > 0:
		s += fmt.Sprintf("  (+%d)", v.Change)
	case v.Change < 0:
		s += fmt.Sprintf("  (−%d)", -v.Change)
	}
	return s
}

// drawPuzzle draws the puzzle in the move list's box.
func (a *App) drawPuzzle(dst *ebiten.Image, g *geometry, v session.PuzzleView) {
	u := g.u
	in := g.moves.inset(12 * u)
	y := in.y + 8*u
	drawText(dst, ellipsis(puzzleHeader(v), face(a.fonts.bold, 16*u), in.w), face(a.fonts.bold, 16*u), in.x, y, colTextDim, alignLeft)
	y += 30 * u
	drawText(dst, ellipsis(v.Title, face(a.fonts.bold, 21*u), in.w), face(a.fonts.bold, 21*u), in.x, y, colText, alignLeft)
	y += 26 * u
	f := face(a.fonts.regular, 17*u)
	lh := 23 * u
	if len(v.Themes) > 0 {
		drawText(dst, ellipsis("Themes: "+strings.Join(v.Themes, ", "), face(a.fonts.regular, 16*u), in.w), face(a.fonts.regular, 16*u), in.x, y, colTextFaint, alignLeft)
		y += lh
	}
	y += 4 * u
	say, col := puzzleSay(v)
	bf := face(a.fonts.bold, 17*u)
	for _, line := range wrapText(say, bf, in.w, 4) {
		drawText(dst, line, bf, in.x, y, col, alignLeft)
		y += lh
	}
	if v.Also != "" {
		for _, line := range wrapText(v.Also, f, in.w, 2) {
			drawText(dst, line, f, in.x, y, colTextDim, alignLeft)
			y += lh
		}
	}
	if len(v.Refute) > 0 {
		drawText(dst, ellipsis("On the board: "+refuteText(v.Refute), f, in.w), f, in.x, y, colTextDim, alignLeft)
		y += lh
	}
	y += 4 * u
	drawText(dst, ellipsis(puzzleRatingLine(v), f, in.w), f, in.x, y, colTextFaint, alignLeft)
	cx, cy := a.cursor()
	for _, b := range puzzleButtons(g, v) {
		bg := colButton
		if b.main {
			bg = colButtonOn
		}
		if b.r.contains(cx, cy) {
			bg = colButtonHot
		}
		fillRoundRect(dst, b.r, 6*u, bg)
		bl := face(a.fonts.regular, 16*u)
		drawText(dst, ellipsis(b.label, bl, b.r.w-8*u), bl, b.r.cx(), b.r.cy(), colText, alignCenter)
	}
}

// puzzleSay is the puzzle's sentence of the moment and its colour.
func puzzleSay(v session.PuzzleView) (string, color.NRGBA) {
	switch v.Phase {
	case session.PuzzleToMove:
		if v.Step == 0 {
			return "Find the winning move.", colText
		}
		return fmt.Sprintf("Your move: %d to go.", v.Depth-v.Step), colText
	case session.PuzzleChecking:
		return "Checking your move…", colTextDim
	case session.PuzzleFailed:
		return v.Say, colAccent
	case session.PuzzleSolved, session.PuzzleRight:
		return v.Say, colWin
	}
	return v.Say, colTextDim
}

// refuteText writes a refutation line as moves.
func refuteText(ms []game.Move) string {
	var parts []string
	for i, m := range ms {
		parts = append(parts, fmt.Sprintf("%d. %v", i+1, m))
	}
	return strings.Join(parts, "  ")
}

// puzzleKey identifies what the puzzle's box shows, for the redraw test.
func (a *App) puzzleKey(g *geometry) string {
	v, ok := a.ctl.PuzzleNow()
	if !ok {
		return ""
	}
	cx, cy := a.cursor()
	hot := -1
	for i, b := range puzzleButtons(g, v) {
		if b.r.contains(cx, cy) {
			hot = i
		}
	}
	return fmt.Sprint(v.ID, v.Phase, v.Step, v.Say, v.Also, v.Player, v.Change, hot)
}

// clickPuzzle handles a click on the puzzle's buttons; it reports whether
// one was hit.
func (a *App) clickPuzzle(x, y float64) bool {
	v, ok := a.ctl.PuzzleNow()
	if !ok {
		return false
	}
	for _, b := range puzzleButtons(&a.geo, v) {
		if b.r.contains(x, y) {
			b.do(a.ctl)
			return true
		}
	}
	return false
}

// puzzleEnter is the puzzle's Enter key: the highlighted button.
func (a *App) puzzleEnter() {
	v, ok := a.ctl.PuzzleNow()
	if !ok {
		return
	}
	for _, b := range puzzleButtons(&a.geo, v) {
		if b.main {
			b.do(a.ctl)
			return
		}
	}
}

// startPuzzles opens the next puzzle (the easiest not yet solved).
func (a *App) startPuzzles() {
	if err := a.ctl.StartNextPuzzle(); err != nil {
		a.ctl.Notify("Cannot open a puzzle: " + err.Error())
	}
}

// startPuzzleOfTheDay opens the puzzle of the day.
func (a *App) startPuzzleOfTheDay() {
	if err := a.ctl.StartPuzzleOfTheDay(); err != nil {
		a.ctl.Notify("Cannot open the puzzle of the day: " + err.Error())
	}
}

// puzzleOfTheDayLabel is the start panel's button for the puzzle of the
// day (short: without the depth, for a phone's narrower button).
func (a *App) puzzleOfTheDayLabel(short bool) string {
	if p, ok := session.PuzzleOfTheDay(a.ctl.Now()); ok {
		if short {
			return fmt.Sprintf("Of the day: #%d", p.ID)
		}
		return fmt.Sprintf("Of the day: #%d, win in %d", p.ID, p.Depth)
	}
	return "Of the day"
}

// puzzleSummary is the start panel's line about the person's puzzles.
func (a *App) puzzleSummary() string {
	r := a.ctl.PuzzleResultsNow()
	solved := 0
	for _, res := range r.Done {
		if res.Solved {
			solved++
		}
	}
	return fmt.Sprintf("Rating %d  ·  %d/%d solved", int(r.Player.Rating+0.5), solved, len(puzzle.Shipped()))
}

// PuzzleButtonCenter returns the centre of the puzzle's button whose label
// starts with label, in the latest frame, for tests that click it.
func (a *App) PuzzleButtonCenter(label string) (x, y float64, ok bool) {
	v, in := a.ctl.PuzzleNow()
	if !in {
		return 0, 0, false
	}
	for _, b := range puzzleButtons(&a.geo, v) {
		if strings.HasPrefix(b.label, label) {
			return b.r.cx(), b.r.cy(), true
		}
	}
	return 0, 0, false
}

// PuzzleButtons returns the puzzle's buttons as drawn in the latest frame
// (none when no puzzle is on the board), for the page's test.
func (a *App) PuzzleButtons() []PanelButton {
	v, in := a.ctl.PuzzleNow()
	if !in {
		return nil
	}
	var out []PanelButton
	for _, b := range puzzleButtons(&a.geo, v) {
		out = append(out, PanelButton{b.label, b.r.x, b.r.y, b.r.w, b.r.h})
	}
	return out
}

// drawRefutation draws a wrong move's refutation: the defender's moves
// blue, the solver's orange, numbered in order.
func (a *App) drawRefutation(dst *ebiten.Image, g *geometry) {
	v, ok := a.ctl.PuzzleNow()
	if !ok || len(v.Refute) == 0 {
		return
	}
	ms := v.Refute
	if len(ms) > 4 {
		ms = ms[:4]
	}
	for i := len(ms) - 1; i >= 0; i-- {
		col := colReplyArrow
		if i%2 == 1 {
			col = colMoveArrow
		}
		a.moveArrow(dst, g, ms[i], col, []float64{0.9, 0.65, 0.5, 0.4}[i], i+1)
	}
}
