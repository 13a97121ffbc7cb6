package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/buildinfo"
	"github.com/tablut-ai/tablut/ui/session"
)

// bannerGeometry lays out the end-of-game banner across the board and its
// Rematch, Swap sides and Review buttons.
type bannerGeometry struct {
	box, rematch, swap, review rect
}

func newBannerGeometry(g *geometry) bannerGeometry {
	if g.phone {
		// Text at the panel's size and buttons a finger can hit, rather
		// than sized by the squares.
		u := g.u
		bh := math.Max(34*u, phoneTouch*g.scale)
		h := 16*u + 30*u + 26*u + 10*u + bh + 30*u
		b := bannerGeometry{box: rect{g.board.x - 6*u, g.board.cy() - h/2, g.board.w + 12*u, h}}
		gap := 8 * u
		bw := (b.box.w - 24*u - 2*gap) / 3
		y := b.box.y + 16*u + 30*u + 26*u + 10*u
		b.rematch = rect{b.box.x + 12*u, y, bw, bh}
		b.swap = rect{b.rematch.x + bw + gap, y, bw, bh}
		b.review = rect{b.swap.x + bw + gap, y, bw, bh}
		return b
	}
	b := bannerGeometry{box: rect{g.board.x - 6*g.u, g.board.cy() - g.cell*1.2, g.board.w + 12*g.u, g.cell * 2.4}}
	bw, bh, gap := g.cell*2.3, g.cell*0.5, g.cell*0.2
	y := b.box.y + b.box.h - bh - g.cell*0.3
	b.rematch = rect{b.box.cx() - bw*1.5 - gap, y, bw, bh}
	b.swap = rect{b.box.cx() - bw/2, y, bw, bh}
	b.review = rect{b.box.cx() + bw/2 + gap, y, bw, bh}
	return b
}

// shifted returns b moved by (dx, dy).
func (b bannerGeometry) shifted(dx, dy float64) bannerGeometry {
	for _, r := range []*rect{&b.box, &b.rematch, &b.swap, &b.review} {
		r.x += dx
		r.y += dy
	}
	return b
}

// bannerBounds returns the whole pixels the banner covers: its layer is no
// bigger (a layer the window's size takes a texture of the next powers of
// two, 8 MB at 1180x780).
func bannerBounds(g *geometry) image.Rectangle {
	b := newBannerGeometry(g).box
	return image.Rect(int(math.Floor(b.x)), int(math.Floor(b.y)), int(math.Ceil(b.x+b.w)), int(math.Ceil(b.y+b.h)))
}

// drawBanner draws the end-of-game banner across the board: who won, said to
// the person when one plays an AI ("You win"), why, and the buttons to play
// again on the same sides or on swapped ones, or to have the game reviewed.
// dst's origin is the window's point o (the banner's own layer).
func (a *App) drawBanner(dst *ebiten.Image, g *geometry, o image.Point) {
	c := a.ctl
	b := newBannerGeometry(g).shifted(-float64(o.X), -float64(o.Y))
	fillRoundRect(dst, b.box, 10*g.u, nrgba(0x15171c, 0xe8))
	title, why := c.EndWords()
	col := endColour(c.Game().Outcome(), title)
	if g.phone {
		u := g.u
		drawText(dst, title, face(a.fonts.bold, 24*u), b.box.cx(), b.box.y+16*u+13*u, col, alignCenter)
		drawText(dst, why, face(a.fonts.regular, 16*u), b.box.cx(), b.box.y+16*u+30*u+11*u, colText, alignCenter)
		bf := face(a.fonts.bold, 16*u)
		for _, btn := range []struct {
			r rect
			l string
		}{{b.rematch, "Rematch"}, {b.swap, "Swap sides"}, {b.review, "Review"}} {
			fillRoundRect(dst, btn.r, 6*u, colButtonOn)
			drawText(dst, btn.l, bf, btn.r.cx(), btn.r.cy(), colText, alignCenter)
		}
		drawText(dst, "Tap the board to see it", face(a.fonts.regular, 16*u), b.box.cx(), b.box.y+b.box.h-15*u, colTextDim, alignCenter)
		return
	}
	cy := b.box.y
	drawText(dst, title, face(a.fonts.bold, g.cell*0.5), b.box.cx(), cy+g.cell*0.45, col, alignCenter)
	drawText(dst, why, face(a.fonts.regular, g.cell*0.26), b.box.cx(), cy+g.cell*0.95, colText, alignCenter)
	if line, ok := demoBannerLine(c); ok {
		// The demo: the games so far in place of the buttons; the next
		// game's countdown is in the status box.
		drawText(dst, line, face(a.fonts.bold, g.cell*0.22), b.box.cx(), b.rematch.cy(), colTextDim, alignCenter)
		drawText(dst, "Any key or click leaves the demo", face(a.fonts.regular, g.cell*0.17), b.box.cx(), b.box.y+b.box.h-g.cell*0.13, colTextDim, alignCenter)
		return
	}
	bf := face(a.fonts.bold, g.cell*0.22)
	for _, btn := range []struct {
		r rect
		l string
	}{{b.rematch, "Rematch  (Enter)"}, {b.swap, "Swap sides  (X)"}, {b.review, "Review  (V)"}} {
		fillRoundRect(dst, btn.r, 6*g.u, colButtonOn)
		drawText(dst, btn.l, bf, btn.r.cx(), btn.r.cy(), colText, alignCenter)
	}
	drawText(dst, "U undo  ·  N new game  ·  click the board to see it", face(a.fonts.regular, g.cell*0.17), b.box.cx(), b.box.y+b.box.h-g.cell*0.13, colTextDim, alignCenter)
}

// helpLines are the keyboard shortcuts, as shown in the help overlay, in
// the words of where the game runs: in a web page (inPage) Save downloads
// a file and Open shows the browser's file picker; on a desktop they use
// the system's file dialog, and a game saved without one goes to
// ~/Tablut.
func helpLines(inPage bool) [][2]string {
	save := "save the game, and its review (file dialog, else ~/Tablut)"
	open := "open a saved game"
	drop := "O  /  drop a file"
	if inPage {
		save = "download the game as a file, with its review"
		open = "open a saved game with the file picker, or drop its file here"
		drop = "O"
	}
	return [][2]string{
		{"Click, then click", "select a piece, then its destination"},
		{"Drag and drop", "move a piece"},
		{"U  /  Ctrl+Z", "undo (stops a thinking AI)"},
		{"R  /  Ctrl+Y", "redo"},
		{"N", "new game (start panel)"},
		{"F", "flip the board"},
		{"H", "hint: the AI suggests a move"},
		{"S  /  Ctrl+S", save},
		{drop, open},
		{"Space", "AI vs AI: pause / resume"},
		{".", "AI vs AI: let one move be played"},
		{"←  →  Home  End", "replay: browse the moves (or click one)"},
		{"+  /  −", "AI vs AI: faster / slower"},
		{"Esc", "deselect, close this help"},
		{"?  /  F1", "this help"},
		{"L  /  Help button", "the rules, with pictures and in full"},
		{"P", "learn to play: a short lesson on the board"},
		{"T  /  Teach button", "classroom view: search, slow motion, evaluation, network, evolution"},
		{"F11  /  Full button", "full screen, for a projector"},
		{"M", "sound on / off (remembered)"},
		{"Enter  /  X  /  V", "after a game: rematch / swap sides / review it"},
	}
}

// inPage reports whether the game runs in a web page (the wasm build).
func inPage() bool { return runtime.GOOS == "js" }

// drawHelp draws the help overlay: the rules page or the keys page.
func (a *App) drawHelp(dst *ebiten.Image, g *geometry) {
	if g.phone {
		a.drawPhoneHelp(dst, g)
		return
	}
	u := g.u
	fillRect(dst, rect{0, 0, g.w, g.h}, nrgba(0x000000, 0x99))
	card := helpCard(g)
	fillRoundRect(dst, card, 14*u, colPanel)
	a.drawTabs(dst, g, helpTabs(g), []string{"Rules", "In full", "Keys"}, a.ctl.HelpPage(), 15)
	switch a.ctl.HelpPage() {
	case session.HelpRules:
		a.drawRules(dst, g)
		return
	case session.HelpRulesText:
		a.drawFullRules(dst, g)
		return
	}
	rowH := 28 * u
	in := rect{card.x + 28*u, card.y + 70*u, card.w - 56*u, card.h - 100*u}
	kf, df := face(a.fonts.bold, 15*u), face(a.fonts.regular, 15*u)
	for i, l := range helpLines(inPage()) {
		y := in.y + 10*u + float64(i)*rowH
		drawText(dst, l[0], kf, in.x, y, colAccent, alignLeft)
		drawText(dst, l[1], df, in.x+200*u, y, colText, alignLeft)
	}
	drawText(dst, "Tab: rules  ·  any other key or a click closes", face(a.fonts.regular, 13*u), card.cx(), card.y+card.h-40*u, colTextFaint, alignCenter)
	// Which build is running, for bug reports: release version and commit.
	drawText(dst, buildinfo.Read().String(), face(a.fonts.regular, 12*u), card.cx(), card.y+card.h-18*u, colTextFaint, alignCenter)
}

// inBrowser says that an engine at full strength searches less in a browser
// (one thread, shared with the page: ai/yield_js.go); a level keeps its node
// budget anywhere.
func inBrowser() string {
	if inPage() {
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

// demoBannerLine is the banner's line in the demo: the games so far.
func demoBannerLine(c *session.Controller) (string, bool) {
	st, ok := c.Demo()
	if !ok {
		return "", false
	}
	return fmt.Sprintf("Demo, game %d  ·  White won %d, Black %d, drawn %d", st.Game, st.WhiteWins, st.BlackWins, st.Draws), true
}
