package ui

import (
	"fmt"
	"image/color"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/buildinfo"
	"github.com/tablut-ai/tablut/ui/session"
)

// bannerGeometry lays out the end-of-game banner across the board and its
// Rematch and Swap sides buttons.
type bannerGeometry struct {
	box, rematch, swap rect
}

func newBannerGeometry(g *geometry) bannerGeometry {
	b := bannerGeometry{box: rect{g.board.x - 6*g.u, g.board.cy() - g.cell*1.2, g.board.w + 12*g.u, g.cell * 2.4}}
	bw, bh := g.cell*2.1, g.cell*0.5
	y := b.box.y + b.box.h - bh - g.cell*0.3
	b.rematch = rect{b.box.cx() - bw - g.cell*0.1, y, bw, bh}
	b.swap = rect{b.box.cx() + g.cell*0.1, y, bw, bh}
	return b
}

// drawBanner draws the end-of-game banner across the board: who won, said to
// the person when one plays an AI ("You win"), why, and the buttons to play
// again on the same sides or on swapped ones.
func (a *App) drawBanner(dst *ebiten.Image, g *geometry) {
	c := a.ctl
	b := newBannerGeometry(g)
	fillRoundRect(dst, b.box, 10*g.u, nrgba(0x15171c, 0xe8))
	title, why := c.EndWords()
	col := endColour(c.Game().Outcome(), title)
	cy := b.box.y
	drawText(dst, title, face(a.fonts.bold, g.cell*0.5), b.box.cx(), cy+g.cell*0.45, col, alignCenter)
	drawText(dst, why, face(a.fonts.regular, g.cell*0.26), b.box.cx(), cy+g.cell*0.95, colText, alignCenter)
	bf := face(a.fonts.bold, g.cell*0.22)
	for _, btn := range []struct {
		r rect
		l string
	}{{b.rematch, "Rematch  (Enter)"}, {b.swap, "Swap sides  (X)"}} {
		fillRoundRect(dst, btn.r, 6*g.u, colButtonOn)
		drawText(dst, btn.l, bf, btn.r.cx(), btn.r.cy(), colText, alignCenter)
	}
	drawText(dst, "U undo  ·  N new game  ·  click the board to see it", face(a.fonts.regular, g.cell*0.17), b.box.cx(), b.box.y+b.box.h-g.cell*0.13, colTextDim, alignCenter)
}

// helpLines are the keyboard shortcuts, as shown in the help overlay.
var helpLines = [][2]string{
	{"Click, then click", "select a piece, then its destination"},
	{"Drag and drop", "move a piece"},
	{"U  /  Ctrl+Z", "undo (stops a thinking AI)"},
	{"R  /  Ctrl+Y", "redo"},
	{"N", "new game (start panel)"},
	{"F", "flip the board"},
	{"H", "hint: the AI suggests a move"},
	{"S  /  Ctrl+S", "save the game (file dialog, else ~/Tablut)"},
	{"O  /  drop a file", "open a saved game"},
	{"Space", "AI vs AI: pause / resume"},
	{".", "AI vs AI: let one move be played"},
	{"←  →  Home  End", "replay: browse the moves (or click one)"},
	{"+  /  −", "AI vs AI: faster / slower"},
	{"Esc", "deselect, close this help"},
	{"?  /  F1", "this help"},
	{"L  /  Help button", "the rules, with pictures"},
	{"T  /  Teach button", "classroom view: search, slow motion, evaluation, network, evolution"},
	{"F11  /  Full button", "full screen, for a projector"},
	{"M", "sound on / off (remembered)"},
	{"Enter  /  X", "after a game: rematch / swap sides"},
}

// drawHelp draws the help overlay: the rules page or the keys page.
func (a *App) drawHelp(dst *ebiten.Image, g *geometry) {
	u := g.u
	fillRect(dst, rect{0, 0, g.w, g.h}, nrgba(0x000000, 0x99))
	card := helpCard(g)
	fillRoundRect(dst, card, 14*u, colPanel)
	a.drawTabs(dst, g, helpTabs(g), []string{"Rules", "Keys"}, a.ctl.HelpPage(), 15)
	if a.ctl.HelpPage() == session.HelpRules {
		a.drawRules(dst, g)
		return
	}
	rowH := 28 * u
	in := rect{card.x + 28*u, card.y + 70*u, card.w - 56*u, card.h - 100*u}
	kf, df := face(a.fonts.bold, 15*u), face(a.fonts.regular, 15*u)
	for i, l := range helpLines {
		y := in.y + 10*u + float64(i)*rowH
		drawText(dst, l[0], kf, in.x, y, colAccent, alignLeft)
		drawText(dst, l[1], df, in.x+200*u, y, colText, alignLeft)
	}
	drawText(dst, "Tab: rules  ·  any other key or a click closes", face(a.fonts.regular, 13*u), card.cx(), card.y+card.h-40*u, colTextFaint, alignCenter)
	// Which build is running, for bug reports: release version and commit.
	drawText(dst, buildinfo.Read().String(), face(a.fonts.regular, 12*u), card.cx(), card.y+card.h-18*u, colTextFaint, alignCenter)
}

// startChoices are the players offered in the start panel.
func startChoices() []string {
	return append(append([]string{session.Human}, session.LevelChoices()...), session.AIChoices()...)
}

// drawStart draws the start panel over the board.
func (a *App) drawStart(dst *ebiten.Image, g *geometry) {
	u := g.u
	fillRect(dst, rect{0, 0, g.w, g.h}, nrgba(0x000000, 0x90))
	s := newStartGeometry(g, startChoices())
	fillRoundRect(dst, s.card, 14*u, colPanel)
	x0 := s.card.x + 20*u
	drawText(dst, "New game", face(a.fonts.bold, 24*u), x0, s.titleY+12*u, colText, alignLeft)
	drawText(dst, "Ashton Tablut: White (with the king) escapes to the edge; Black captures the king.", face(a.fonts.regular, 13.5*u), x0, s.titleY+40*u, colTextDim, alignLeft)

	settings, errText := a.ctl.Panel()
	cx, cy := a.cursor()
	lf := face(a.fonts.bold, 16*u)
	cf := face(a.fonts.regular, 14.5*u)
	for i, side := range []game.Color{game.White, game.Black} {
		y := []float64{s.whiteY, s.blackY}[i]
		chips := [][]chip{s.white, s.black}[i]
		drawText(dst, side.String(), lf, x0, y+12*u, colText, alignLeft)
		drawText(dst, choiceAbout(settings.Spec(side)), face(a.fonts.regular, 13*u), x0+70*u, y+12*u, colTextDim, alignLeft)
		for _, ch := range chips {
			bg := colButton
			if settings.Spec(side) == ch.spec {
				bg = colButtonOn
			} else if ch.r.contains(cx, cy) {
				bg = colButtonHot
			}
			fillRoundRect(dst, ch.r, 8*u, bg)
			label := session.ChipLabel(ch.spec)
			drawText(dst, label, cf, ch.r.cx(), ch.r.cy(), colText, alignCenter)
		}
	}
	drawText(dst, "Move time", lf, x0, s.timeY+19*u, colText, alignLeft)
	drawText(dst, "for the engines; a level keeps its own limits", face(a.fonts.regular, 13*u), s.timeUp.x+s.timeUp.w+16*u, s.timeY+19*u, colTextDim, alignLeft)
	for _, b := range []struct {
		r rect
		l string
	}{{s.timeDown, "−"}, {s.timeUp, "+"}} {
		bg := colButton
		if b.r.contains(cx, cy) {
			bg = colButtonHot
		}
		fillRoundRect(dst, b.r, 8*u, bg)
		drawText(dst, b.l, lf, b.r.cx(), b.r.cy(), colText, alignCenter)
	}
	drawText(dst, fmt.Sprintf("%g s", settings.MoveTime.Seconds()), lf, s.timeText.cx(), s.timeText.cy(), colAccent, alignCenter)

	drawText(dst, "Clock", lf, x0, s.clockY+19*u, colText, alignLeft)
	for i, k := range session.ClockChoices {
		r := s.clocks[i]
		bg := colButton
		if settings.Clock == k.Clock && settings.Increment == k.Increment {
			bg = colButtonOn
		} else if r.contains(cx, cy) {
			bg = colButtonHot
		}
		fillRoundRect(dst, r, 8*u, bg)
		drawText(dst, k.Label, cf, r.cx(), r.cy(), colText, alignCenter)
	}
	for _, b := range []struct {
		r   rect
		l   string
		hot bool
	}{{s.start, "Start  (Enter)", true}, {s.watch, "Watch AI vs AI  (A)", false}, {s.back, "Back  (Esc)", false}} {
		bg := colButton
		if b.hot {
			bg = colButtonOn
		}
		if b.r.contains(cx, cy) {
			bg = colButtonHot
		}
		fillRoundRect(dst, b.r, 8*u, bg)
		drawText(dst, b.l, cf, b.r.cx(), b.r.cy(), colText, alignCenter)
	}
	if errText != "" {
		drawText(dst, ellipsis(errText, cf, s.card.w-40*u), cf, x0, s.start.y+s.start.h+20*u, colError, alignLeft)
	} else if a.notice != "" {
		drawText(dst, ellipsis(a.notice, cf, s.card.w-40*u), cf, x0, s.start.y+s.start.h+20*u, colTextDim, alignLeft)
	}
}

// startKey identifies what the start panel shows, so that its layer is redrawn
// only when that changes.
func (a *App) startKey(g *geometry) string {
	settings, errText := a.ctl.Panel()
	s := newStartGeometry(g, startChoices())
	x, y := a.cursor()
	hot := -1
	all := append([]rect{s.timeDown, s.timeUp, s.start, s.watch, s.back}, s.clocks...)
	for _, ch := range append(append([]chip{}, s.white...), s.black...) {
		all = append(all, ch.r)
	}
	for i, r := range all {
		if r.contains(x, y) {
			hot = i
		}
	}
	return fmt.Sprint(settings, errText, a.notice, hot)
}

// choiceAbout says in a few words what the player chosen for a side is.
func choiceAbout(spec string) string {
	if l, ok := session.LevelOf(spec); ok {
		return l.Title + ": " + l.About
	}
	switch spec {
	case session.Human:
		return "played here, with the mouse"
	case "heuristic":
		return "engine: the hand-made evaluation, searching for the move time" + inBrowser()
	}
	return "engine: the network " + session.ShortSpec(spec) + ", searching for the move time" + inBrowser()
}

// inBrowser says that an engine at full strength searches less in a browser
// (one thread, shared with the page: ai/yield_js.go); a level keeps its node
// budget anywhere.
func inBrowser() string {
	if runtime.GOOS == "js" {
		return " (less deeply in a browser)"
	}
	return ""
}

// endColour is the colour of a finished game's headline: green when the
// person won, red when they lost, else the winner's colour.
func endColour(o game.Outcome, title string) color.NRGBA {
	switch title {
	case "You win":
		return colWin
	case "You lose":
		return colLose
	}
	_, col := resultTitle(o)
	return col
}
