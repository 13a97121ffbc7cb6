package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// drawPanelStatic draws what does not change in the side panel, in the static
// layer: its background, the boxes, the button faces, the side markers.
func (a *App) drawPanelStatic(dst *ebiten.Image, g *geometry) {
	u := g.u
	fillRoundRect(dst, g.panel, 12*u, colPanel)
	inner := g.panel.inset(16 * u)
	for i, side := range []game.Color{game.White, game.Black} {
		y := inner.y + g.playersY + float64(i)*24*u
		x := inner.x + 9*u
		if side == game.White {
			fillCircle(dst, x, y, 7*u, colWhiteRim)
			fillCircle(dst, x, y, 5.5*u, colWhitePiece)
		} else {
			fillCircle(dst, x, y, 7*u, colBlackRim)
			fillCircle(dst, x, y, 5.5*u, colBlackInner)
		}
	}
	fillRoundRect(dst, g.status, 8*u, colPanelInset)
	for _, b := range g.buttons {
		fillRoundRect(dst, b.r, 6*u, colButton)
	}
	fillRoundRect(dst, g.moves, 8*u, colPanelInset)
	if g.chart.w > 0 {
		fillRoundRect(dst, g.chart, 8*u, colPanelInset)
	}
}

// drawPanel draws the side panel's changing parts: players, status, button
// labels and states, move list, message line.
func (a *App) drawPanel(dst *ebiten.Image, g *geometry, status statusView) {
	u := g.u
	c := a.ctl
	inner := g.panel.inset(16 * u)

	// Header: the players, the side to move marked; the title where
	// there is room for it (not on a phone).
	if !g.phone {
		drawText(dst, "Ashton Tablut", face(a.fonts.bold, 21*u), inner.x, inner.y+12*u, colText, alignLeft)
	}
	pos := c.Position()
	for i, side := range []game.Color{game.White, game.Black} {
		y := inner.y + g.playersY + float64(i)*24*u
		x := inner.x + 9*u
		name := session.PlayerLabel(c.PlayerName(side))
		if note := c.Settings().HandicapNote(side); note != "" {
			// The handicapped engine by its short name, so that the note
			// fits beside the pieces it lost.
			name = session.EngineTitle(c.PlayerName(side)) + " · " + note
		}
		col := colTextDim
		if !c.Over() && pos.SideToMove() == side {
			col = colText
			quickRect(dst, rect{math.Round(inner.x + inner.w - 10*u), math.Round(y - 4*u), math.Round(8 * u), math.Round(8 * u)}, colAccent)
		}
		// The clock and the pieces lost stand at the right; the name takes
		// what is left, made smaller if it must, and without the side's
		// word (the disc says it) before it is cut.
		right := inner.x + inner.w - 22*u
		if left, ok := c.ClockLeft(side); ok {
			cc := col
			if left < 10*time.Second {
				cc = colError
			}
			cf := face(a.fonts.mono, 16*u)
			drawText(dst, clockText(left), cf, right, y, cc, alignRight)
			right -= textWidth(clockText(left), cf) + 12*u
		}
		// The pieces this side has lost, when it lost any.
		if lost := lostBy(c, side); lost > 0 {
			lf := face(a.fonts.regular, 16*u)
			ls := fmt.Sprintf("lost %d", lost)
			drawText(dst, ls, lf, right, y, colTextDim, alignRight)
			right -= textWidth(ls, lf)
		}
		// A name over two lines may take the room above White's row (under
		// the title) and below Black's (over the status box's top margin,
		// which its own redraw leaves alone: newRegions).
		row := rect{x + 16*u, y - 12*u, right - 10*u - (x + 16*u), 24 * u}
		room := rect{row.x, inner.y + 24*u, row.w, row.y + row.h - (inner.y + 24*u)}
		if g.phone {
			room.y, room.h = inner.y-8*u, row.y+row.h-(inner.y-8*u)
		}
		if side == game.Black {
			room = rect{row.x, row.y, row.w, g.status.y + 8*u - row.y}
		}
		a.drawPlayerName(dst, g, side.String()+":  "+name, name, row, room, col)
	}

	a.drawStatus(dst, g, status)

	// Buttons: the faces are in the static layer; hovered and switched-on ones
	// are painted over.
	cx, cy := a.cursor()
	hot, onImg := a.sprites.buttons(g.buttons[0].r, u)
	for _, b := range g.buttons {
		enabled, on := a.buttonState(b.act)
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(math.Round(b.r.x), math.Round(b.r.y))
		if on {
			dst.DrawImage(onImg, op)
		} else if enabled && b.r.contains(cx, cy) && c.Screen() == session.ScreenGame && !c.HelpShown() {
			dst.DrawImage(hot, op)
		}
	}
	bf := face(a.fonts.regular, 16*u)
	for _, b := range g.buttons {
		enabled, _ := a.buttonState(b.act)
		tc := colText
		if !enabled {
			tc = colTextFaint
		}
		label := b.label
		if b.act == actPause && c.Paused() {
			label = "Resume"
		}
		drawText(dst, label, bf, b.r.cx(), b.r.cy()-1*u, tc, alignCenter)
	}

	if l, ok := c.LessonNow(); ok {
		a.drawLesson(dst, g, l)
	} else if v, ok := c.PuzzleNow(); ok {
		a.drawPuzzle(dst, g, v)
	} else {
		a.drawMoveList(dst, g)
	}
	if g.chart.w > 0 {
		a.drawChart(dst, g)
	}

	// The message in its own place at the panel's foot: a notice in grey,
	// an error in red, wrapped (a path at its separators) and made smaller
	// rather than cut. With none, the main keys (a phone has no room, and
	// mostly no keys).
	msg, col := c.Message(), colTextDim
	if session.IsErrorMessage(msg) {
		col = colError
	}
	if msg == "" && !g.phone {
		msg, col = "? help  ·  P learn to play  ·  O open a game", colTextFaint
	}
	if msg != "" {
		size := 16 * u
		drawFit(dst, []para{{msg, a.fonts.regular, size, col}}, g.msg, 1.25, g.minTextSize(size)/size, alignLeft, alignBottom)
	}
}

// drawPlayerName draws a player's line in its row: full, or smaller, or
// the name alone (the disc beside it says the side), or the name over two
// lines in room, set close.
func (a *App) drawPlayerName(dst *ebiten.Image, g *geometry, full, name string, row, room rect, col color.Color) {
	size := 16 * g.u
	minK := g.minTextSize(size) / size
	for _, s := range []string{full, name} {
		if f := fitParas([]para{{s, a.fonts.regular, size, col}}, row.w, size*tightLine, 1, minK); f.ok {
			drawText(dst, f.lines[0][0], f.faces[0], row.x, row.cy(), col, alignLeft)
			return
		}
	}
	f := face(a.fonts.regular, size*minK)
	lines := wrapLines(name, f, row.w)
	if len(lines) > 2 {
		lines = []string{lines[0], ellipsis(strings.Join(lines[1:], " "), f, row.w)}
	}
	lh := math.Min(size*minK*tightLine, room.h/2)
	for i, l := range lines {
		drawText(dst, l, f, row.x, room.cy()+(float64(i)-float64(len(lines)-1)/2)*lh, col, alignLeft)
	}
}

// wrapText breaks s into lines at most w wide in f (wrapLines), keeping at
// most maxLines (the last ends in an ellipsis if text is left).
func wrapText(s string, f text.Face, w float64, maxLines int) []string {
	lines := wrapLines(s, f, w)
	if len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] = ellipsis(lines[maxLines-1]+" …", f, w)
	}
	return lines
}

// buttonState reports whether a panel button does something now, and whether
// it is switched on.
func (a *App) buttonState(act action) (enabled, on bool) {
	c := a.ctl
	switch act {
	case actUndo:
		return c.CanUndo(), false
	case actRedo:
		return c.CanRedo(), false
	case actHint:
		return c.HumanToMove() && !c.InPuzzle(), c.HintMove() != game.NoMove
	case actPause:
		return true, c.Paused()
	case actFlip:
		return true, c.Flipped()
	case actHelp:
		return true, c.HelpShown()
	case actStep:
		return !c.Over(), false
	case actFaster:
		return c.Delay() > 0, false
	case actSlower:
		return c.Delay() < session.MaxDelay(), false
	}
	return true, false
}

// statusView is what the status box shows: three lines of text and, while an
// AI thinks, a bar of the time left. It is comparable, so that the box is
// redrawn only when what it shows changes.
type statusView struct {
	l1, l2, l3 string // headline (bold), detail, footnote
	c1, c2, c3 color.NRGBA
	bar        bool    // the time bar is shown
	timed      bool    // the search has a clock: the bar fills and is labelled
	barFill    float64 // filled width of the bar, in whole pixels
	barText    string
}

// statusView returns what the status box shows now: the result, the thinking
// AI (depth, evaluation, speed, a bar of the time left), or whose move it is.
func (a *App) statusView(g *geometry) statusView {
	c := a.ctl
	var v statusView
	if l, ok := c.LessonNow(); ok {
		// The lesson's box says the task; the status says whose move and
		// what the keys do.
		pos := c.Position()
		v.l1, v.c1 = fmt.Sprintf("%v to move: your turn", pos.SideToMove()), colText
		v.l2, v.c2 = a.howToMove(), colTextDim
		if l.Solved {
			v.l1, v.c1 = "Solved", colWin
			v.l2 = "Enter: the next step"
		}
		v.l3, v.c3 = "Esc leaves the lesson", colTextFaint
		return v
	}
	if p, ok := c.PuzzleNow(); ok {
		// The puzzle's box says the rest; the status says whose move.
		pos := c.Position()
		v.l1, v.c1 = fmt.Sprintf("%v to move", pos.SideToMove()), colText
		v.l2, v.c2 = "", colTextDim
		switch p.Phase {
		case session.PuzzleToMove:
			v.l1 = fmt.Sprintf("%v to move: your turn", pos.SideToMove())
			v.l2 = a.howToMove()
		case session.PuzzleChecking:
			v.l2 = "Checking every defence…"
		case session.PuzzleRight:
			v.l2 = "The defence answers…"
		case session.PuzzleSolved:
			v.l1, v.c1 = "Solved", colWin
			v.l2 = "Enter: the next puzzle"
		case session.PuzzleFailed:
			v.l1, v.c1 = "Not this move", colAccent
			v.l2 = "Enter: try again"
		case session.PuzzleShowing, session.PuzzleShown:
			v.l1 = "The solution"
		}
		v.l3, v.c3 = "Esc leaves the puzzles", colTextFaint
		return v
	}
	switch st, thinking := c.Think(); {
	case c.Over():
		title, why := c.EndWords()
		v.l1, v.c1 = title, endColour(c.Game().Outcome(), title)
		v.l2, v.c2 = why, colTextDim
		v.l3, v.c3 = "Enter rematch  ·  X swap sides  ·  V review", colTextFaint
		if r, ok := c.ReviewHere(); ok {
			// The last move's review, under the result.
			v.l2, v.c2 = reviewChoice(r), reviewColour(r.Mark)
			v.l3 = r.Chance
		} else if _, _, _, on := c.ReviewProgress(); on {
			v.l3 = reviewProgress(c)
		}
		if n := c.DemoNote(); n != "" {
			v.l3 = n // the demo: the next game, in a few seconds
		}
	case thinking:
		// The status follows the clock at statusTick: the box is redrawn four
		// times a second rather than every frame.
		st.Elapsed = st.Elapsed.Truncate(statusTick)
		who := fmt.Sprintf("%v (%s) is thinking", st.Side, session.ShortSpec(st.Name))
		if st.Hint {
			who = "Finding a hint (" + session.ShortSpec(st.Name) + ")"
		}
		v.l1, v.c1 = who+dots(st.Elapsed.Seconds()), colText
		var parts []string
		if st.Info.Depth > 0 {
			// No chance here: the bar and the chart speak for the position
			// (one estimate per position), not the search under way.
			parts = append(parts, fmt.Sprintf("depth %d", st.Info.Depth), humanRate(st.Info.NPS)+" nodes/s")
		} else {
			parts = append(parts, "starting…")
		}
		v.l2, v.c2 = strings.Join(parts, "  ·  "), colTextDim
		// What the arrows on the board mean, unless a capture was just made.
		v.l3, v.c3 = "Arrows: orange its plan, blue the expected reply", colTextFaint
		if st.Hint {
			v.l3 = "Arrows: green the hint, blue the expected reply"
		}
		if caps := c.CaptureMarks(); len(caps) > 0 {
			v.l3, v.c3 = session.CaptureText(caps), colCapture
		}
		v.bar = true
		if st.MoveTime > 0 {
			left := 1 - math.Min(1, st.Elapsed.Seconds()/st.MoveTime.Seconds())
			v.timed = true
			v.barFill = math.Round(a.statusBar(g).w * left)
			v.barText = fmt.Sprintf("%.1f s left", math.Max(0, (st.MoveTime-st.Elapsed).Seconds()))
		}
	default:
		pos := c.Position()
		side := pos.SideToMove()
		if c.IsHuman(side) {
			v.l1, v.c1 = fmt.Sprintf("%v to move: your turn", side), colText
			v.l2, v.c2 = a.howToMove(), colTextDim
			if c.HintMove() != game.NoMove {
				v.l2 = "Hint: " + c.HintMove().String() + " (green arrow)"
			}
		} else {
			v.l1, v.c1 = fmt.Sprintf("%v to move", side), colText
			v.l2, v.c2 = c.WaitingText(), colTextDim
		}
		// The king's warning takes the second line; a hint asked for then
		// takes the last, over the estimate (the bar still shows it): the
		// warning must not hide the hint.
		hint := ""
		if w := c.Warning(); w != "" && !c.Browsing() {
			if c.HintMove() != game.NoMove {
				hint = v.l2
			}
			v.l2, v.c2 = w, colAccent
		}
		if r, ok := c.ReviewHere(); ok {
			// A reviewed game, browsed: the review of the move that led
			// here, in place of whose turn it would be.
			v.l1 = fmt.Sprintf("Review: %v played %v%s", side.Other(), c.LastMove(), r.Mark)
			v.l2, v.c2 = reviewChoice(r), reviewColour(r.Mark)
			v.l3, v.c3 = r.Chance, colTextFaint
			break
		}
		if b, ok := c.LastBookMove(); ok {
			// The move came from the opening book, not a search here: say
			// so, with the chance when the line has room for both.
			v.l3, v.c3 = a.bookLine(g, session.BookMoveText(b.Entry)), colTextFaint
		} else if score, ok := c.Eval(); ok {
			// The chance of the position on the board, and whose search said so.
			_, you := c.HumanSide()
			v.l3, v.c3 = session.EvalSentence(score, c.Viewpoint(), you)+"  ·  "+c.EvalSource(), colTextFaint
		} else {
			// Every position is estimated in the background (one estimate
			// per position): say so until it comes.
			v.l3, v.c3 = "Estimating this position…", colTextFaint
		}
		if hint != "" {
			v.l3, v.c3 = hint, colText
		}
		if caps := c.CaptureMarks(); len(caps) > 0 {
			v.l3, v.c3 = session.CaptureText(caps), colCapture
		}
		if legend := c.DangerLegend(); legend != "" {
			v.l3, v.c3 = legend, colCapture // while a piece is held, what its red marks mean
		}
	}
	return v
}

// reviewChoice is the review's sentence on a move: the engine's own choice,
// and the mark's meaning when the move has one.
func reviewChoice(r session.ReviewedMove) string {
	switch r.Mark {
	case "??":
		return "Blunder: " + r.Choice
	case "?":
		return "Mistake: " + r.Choice
	}
	return r.Choice
}

// reviewColour is the colour of a review mark and its sentence.
func reviewColour(mark string) color.NRGBA {
	switch mark {
	case "??":
		return colError
	case "?":
		return colAccent
	}
	return colTextDim
}

// reviewProgress says how far the review has come, or what it found
// ("reviewing 12/48", "reviewed: 3 marked").
func reviewProgress(c *session.Controller) string {
	done, total, running, _ := c.ReviewProgress()
	if running {
		return fmt.Sprintf("reviewing %d/%d", done, total)
	}
	mistakes, blunders := c.ReviewSummary()
	if marks := mistakes[0] + mistakes[1] + blunders[0] + blunders[1]; marks > 0 {
		return fmt.Sprintf("reviewed: %d marked", marks)
	}
	return "reviewed: no marks"
}

// bookLine is the status box's last line after a move from the opening
// book: the chance of the position and the book's note when both fit the
// box, else the note alone.
func (a *App) bookLine(g *geometry, note string) string {
	c := a.ctl
	score, ok := c.Eval()
	if !ok {
		return note
	}
	_, you := c.HumanSide()
	both := session.EvalSentence(score, c.Viewpoint(), you) + "  ·  " + note
	if textWidth(both, face(a.fonts.regular, 16*g.u)) <= g.status.inset(12*g.u).w {
		return both
	}
	return note
}

// howToMove is the status line that says how to move, in the words of the
// pointer last used: a finger taps, a mouse clicks.
func (a *App) howToMove() string {
	if a.ptr.byTouch {
		return "Tap a piece, then a square, or drag it."
	}
	return "Click a piece, then a square, or drag it."
}

// statusTick is how often a thinking AI's status (time bar, seconds left,
// dots) moves: four times a second. Each change of the screen costs a
// software renderer (a browser without a GPU, as on CI) a whole frame's
// compositing several times over (Ebitengine presents the next three frames
// too), so a status moving ten times a second kept such a renderer busy and
// held the page's frames back while the AI thought (docs/measurements.md,
// section Web build).
const statusTick = 250 * time.Millisecond

// statusLines are the vertical centres of the status box's three lines.
func statusLines(g *geometry) [3]float64 {
	u := g.u
	in := g.status.inset(12 * u)
	return [3]float64{in.y + 9*u, in.y + 35*u, in.y + 59*u}
}

// statusBar is where the time bar of a thinking AI is drawn: a thin bar
// between the headline and the detail, clear of the lines' text.
func (a *App) statusBar(g *geometry) rect {
	u := g.u
	in := g.status.inset(12 * u)
	return rect{math.Round(in.x), math.Round(in.y + 20*u), math.Round(in.w), math.Round(4 * u)}
}

// drawStatus draws the status box's contents (its box is in the static
// layer): its lines wrapped and made smaller where they must, never cut.
func (a *App) drawStatus(dst *ebiten.Image, g *geometry, v statusView) {
	u := g.u
	in := g.status.inset(12 * u)
	size := 16 * u
	minK := g.minTextSize(size) / size
	head := para{v.l1, a.fonts.bold, 17 * u, v.c1}
	var paras []para
	for _, p := range []para{{v.l2, a.fonts.regular, size, v.c2}, {v.l3, a.fonts.regular, size, v.c3}} {
		if p.s != "" {
			paras = append(paras, p)
		}
	}
	// The lines are 24 units apart as long as they fit; the box's whole
	// height is theirs (the headline's too, with no time bar between).
	box := rect{in.x, in.y - 3*u, in.w, in.h + 11*u}
	if v.bar {
		// The headline above the bar, the seconds left at its right end;
		// the other lines below it.
		l1w := in.w
		if v.timed {
			tf := face(a.fonts.regular, 16*u)
			drawText(dst, v.barText, tf, in.x+in.w, statusLines(g)[0], colTextDim, alignRight)
			l1w -= textWidth(v.barText, tf) + 8*u
		}
		drawFit(dst, []para{head}, rect{in.x, in.y - 3*u, l1w, 24 * u}, 1.5, minK, alignLeft, alignMiddle)
		box = rect{in.x, in.y + 24*u, in.w, in.h - 16*u}
		bar := a.statusBar(g)
		quickRect(dst, bar, colButton)
		if v.timed {
			quickRect(dst, rect{bar.x, bar.y, v.barFill, bar.h}, colAccent)
		}
	} else {
		paras = append([]para{head}, paras...)
	}
	drawFit(dst, paras, box, 1.5, minK, alignLeft, alignTop)
}

// dots animates an ellipsis while a search runs.
func dots(sec float64) string { return strings.Repeat(".", int(sec*2)%4) }

// humanRate writes a rate like 12.3k or 1.2M.
func humanRate(n int64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1000:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

// resultTitle is the headline of a finished game.
func resultTitle(o game.Outcome) (string, color.NRGBA) {
	switch o {
	case game.WhiteWins:
		return "White wins", colEvalWhite
	case game.BlackWins:
		return "Black wins", colAccent
	}
	return "Draw", colTextDim
}

// ellipsis shortens s to fit width w in f.
func ellipsis(s string, f text.Face, w float64) string {
	if textWidth(s, f) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && textWidth(string(r)+"…", f) > w {
		r = r[:len(r)-1]
	}
	cut := string(r) + "…"
	if textsCut != nil {
		textsCut[cut] = true // drawn, a test's failure (TestAllTextFits)
	}
	return cut
}

// moveCell is where move index of the line is written in the move list.
type moveCell struct {
	index int
	row   int // the move number - 1
	r     rect
}

// moveListLayout says which rows of the move list show: rowH is their
// height, top the first row's top, from the first row shown and rows how many
// fit. The rows scroll so that the shown ply is in view.
func (a *App) moveListLayout(g *geometry) (top, rowH float64, from, rows, total, first int) {
	u := g.u
	in := g.moves.inset(10 * u)
	rowH = 23 * u
	top = in.y + 26*u
	bottom := in.y + in.h
	if g.msg.y < bottom && a.ctl.Message() != "" {
		// A phone's message stands at the move list's foot.
		bottom = g.msg.y - 4*u
	}
	rows = max(0, int((bottom-top)/rowH))
	line := a.ctl.Game().Line()
	if st := a.ctl.Game().Start(); st.SideToMove() == game.Black {
		first = 1 // the first row starts with Black's move
	}
	total = (len(line) + first + 1) / 2
	cur := max(0, (a.ctl.Game().Ply()-1+first)/2)
	from = max(0, min(total-rows, cur-rows+2))
	return top, rowH, from, rows, total, first
}

// moveCells returns where the moves shown in the move list are, for drawing
// and for clicks.
func (a *App) moveCells(g *geometry) []moveCell {
	u := g.u
	in := g.moves.inset(10 * u)
	top, rowH, from, rows, total, first := a.moveListLayout(g)
	n := len(a.ctl.Game().Line())
	colW := (in.w - 44*u) / 2
	var cells []moveCell
	for row := from; row < total && row < from+rows; row++ {
		y := top + float64(row-from)*rowH
		for k := 0; k < 2; k++ {
			i := row*2 + k - first
			if i < 0 || i >= n {
				continue
			}
			x := in.x + 44*u + float64(k)*colW
			cells = append(cells, moveCell{i, row, rect{math.Round(x - 6*u), math.Round(y + 1*u), math.Round(colW - 8*u), math.Round(rowH - 2*u)}})
		}
	}
	return cells
}

// drawMoveList draws the line in two columns, White and Black, numbered: the
// move on the board is highlighted, moves after it (that End or Redo would
// play again) are dimmed, and a click on a move shows the game after it.
func (a *App) drawMoveList(dst *ebiten.Image, g *geometry) {
	u := g.u
	in := g.moves.inset(10 * u)
	drawText(dst, "Moves", face(a.fonts.bold, 16*u), in.x, in.y+7*u, colTextDim, alignLeft)
	if _, _, _, on := a.ctl.ReviewProgress(); on {
		// The review's progress; the marks follow the moves.
		drawText(dst, reviewProgress(a.ctl), face(a.fonts.regular, 16*u), in.x+in.w, in.y+7*u, colAccent, alignRight)
	} else if a.ctl.WatchControls() {
		// The pace of AI-vs-AI play, set by Slower and Faster.
		drawText(dst, fmt.Sprintf("delay %.2g s", a.ctl.Delay().Seconds()), face(a.fonts.regular, 16*u),
			in.x+in.w, in.y+7*u, colTextDim, alignRight)
	} else if a.ctl.Browsing() {
		drawText(dst, "replay · End: last move", face(a.fonts.regular, 16*u), in.x+in.w, in.y+7*u, colAccent, alignRight)
	}
	mf := face(a.fonts.mono, 16*u)
	top, rowH, _, rows, _, _ := a.moveListLayout(g)
	if rows <= 0 {
		return
	}
	gm := a.ctl.Game()
	line := gm.Line()
	if len(line) == 0 {
		drawText(dst, "no moves yet", face(a.fonts.regular, 16*u), in.x, top+rowH/2, colTextFaint, alignLeft)
	}
	caps := lineCaptures(gm, line)
	lastRow := -1
	for _, cell := range a.moveCells(g) {
		y := cell.r.cy()
		if cell.row != lastRow {
			drawText(dst, fmt.Sprintf("%d.", cell.row+1), mf, in.x+32*u, y, colTextFaint, alignRight)
			lastRow = cell.row
		}
		col := colText
		switch {
		case cell.index == gm.Ply()-1:
			quickRect(dst, cell.r, colButton)
		case cell.index >= gm.Ply():
			col = colTextFaint
		}
		s := line[cell.index].String() + strings.Repeat("x", caps[cell.index])
		drawText(dst, s, mf, cell.r.x+6*u, y, col, alignLeft)
		if mark := a.ctl.ReviewMark(cell.index); mark != "" {
			// The review's mark, bold and coloured, after the move.
			drawText(dst, mark, face(a.fonts.bold, 16*u), cell.r.x+6*u+textWidth(s+" ", mf), y, reviewColour(mark), alignLeft)
		}
	}
}

// lineCaptures counts the pieces each move of the line captures: from the
// game for the moves played, by replaying the rest.
func lineCaptures(g *game.Game, line []game.Move) []int {
	caps := make([]int, len(line))
	for i := 0; i < g.Ply(); i++ {
		caps[i] = g.Captures(i)
	}
	p := g.Position()
	for i := g.Ply(); i < len(line); i++ {
		caps[i] = p.Make(line[i])
	}
	return caps
}

// clockText writes time left as m:ss, with tenths under ten seconds.
func clockText(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%.1f", d.Seconds())
	}
	s := int(d.Seconds())
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
