package ui

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ui/session"
)

// The question a page's link asks when it would replace the kept game
// (session/linkgame.go): a card over the kept game with what the link
// starts, what would be lost, and two buttons; Enter starts the link's
// game, Esc keeps the kept one.

// linkLayout is the link's question laid out for one screen.
type linkLayout struct {
	card        rect
	u           float64
	lines       []string // the sentences, wrapped
	start, keep rect
}

const (
	linkStartLabel = "Start the link's game"
	linkKeepLabel  = "Keep playing my game"
)

// linkWords are the question's sentences.
func linkWords(o session.LinkOffer) (title, body, foot string) {
	return "This link starts a new game",
		fmt.Sprintf("%s, %g s a move. Your kept game (%s played) would be replaced.", o.Players, o.Settings.MoveTime.Seconds(), session.Count(o.KeptMoves, "move")),
		"Enter starts it; Esc keeps your game, and the link's game then waits under New."
}

// newLinkLayout lays the question out: a card at most 560 units wide,
// its buttons side by side when their labels fit, else one above the
// other, and at least phoneTouch CSS pixels tall.
func (a *App) newLinkLayout(g *geometry, o session.LinkOffer) linkLayout {
	u := g.u
	var L linkLayout
	L.u = u
	m := math.Max(6*g.scale, 12*u)
	cw := math.Min(g.w-2*m, 560*u)
	pad := 20 * u
	inW := cw - 2*pad
	_, body, foot := linkWords(o)
	f := face(a.fonts.regular, 16*u)
	// As many lines as the sentences take: the card's height follows.
	L.lines = append(wrapLines(body, f, inW), "")
	L.lines = append(L.lines, wrapLines(foot, f, inW)...)
	bh := math.Max(40*u, phoneTouch*g.scale)
	bf := face(a.fonts.bold, 16*u)
	gap := 10 * u
	bw := (inW - gap) / 2
	stacked := math.Max(textWidth(linkStartLabel, bf), textWidth(linkKeepLabel, bf))+16*u > bw
	h := pad + 34*u + float64(len(L.lines))*22*u + 14*u + bh + pad
	if stacked {
		h += bh + gap
	}
	L.card = rect{math.Round((g.w - cw) / 2), math.Round(math.Max(m, (g.h-h)/2)), math.Round(cw), math.Round(h)}
	y := L.card.y + L.card.h - pad - bh
	if stacked {
		L.keep = rect{L.card.x + pad, y, inW, bh}
		L.start = rect{L.card.x + pad, y - bh - gap, inW, bh}
	} else {
		L.start = rect{L.card.x + pad, y, bw, bh}
		L.keep = rect{L.card.x + pad + bw + gap, y, bw, bh}
	}
	return L
}

// drawLink draws the link's question over the kept game.
func (a *App) drawLink(dst *ebiten.Image, g *geometry) {
	o, ok := a.ctl.LinkOffered()
	if !ok {
		return
	}
	L := a.newLinkLayout(g, o)
	u := L.u
	fillRect(dst, rect{0, 0, g.w, g.h}, nrgba(0x000000, 0x90))
	fillRoundRect(dst, L.card, 14*u, colPanel)
	x, y := L.card.x+20*u, L.card.y+20*u
	title, _, _ := linkWords(o)
	drawText(dst, title, face(a.fonts.bold, 21*u), x, y+12*u, colText, alignLeft)
	y += 34 * u
	f := face(a.fonts.regular, 16*u)
	for i, l := range L.lines {
		col := colText
		if i >= len(L.lines)-1 || l == "" || i > 0 && L.lines[i-1] == "" {
			col = colTextDim
		}
		drawText(dst, l, f, x, y+11*u, col, alignLeft)
		y += 22 * u
	}
	bf := face(a.fonts.bold, 16*u)
	cx, cy := a.cursor()
	for _, b := range []struct {
		r    rect
		l    string
		main bool
	}{{L.start, linkStartLabel, true}, {L.keep, linkKeepLabel, false}} {
		bg := colButton
		if b.main {
			bg = colButtonOn
		}
		if b.r.contains(cx, cy) {
			bg = colButtonHot
		}
		fillRoundRect(dst, b.r, 8*u, bg)
		drawText(dst, b.l, bf, b.r.cx(), b.r.cy(), colText, alignCenter)
	}
}

// linkKey identifies what the question shows, for the overlay's redraw.
func (a *App) linkKey(g *geometry) string {
	o, _ := a.ctl.LinkOffered()
	L := a.newLinkLayout(g, o)
	x, y := a.cursor()
	return fmt.Sprint("link ", o, L.start.contains(x, y), L.keep.contains(x, y))
}

// clickLink handles a click (or a tap) while the question is up: on its
// buttons it answers; elsewhere it does nothing, since the question has
// to be answered.
func (a *App) clickLink(x, y float64) {
	o, ok := a.ctl.LinkOffered()
	if !ok {
		return
	}
	L := a.newLinkLayout(&a.geo, o)
	switch {
	case L.start.contains(x, y):
		a.ctl.AcceptLink()
	case L.keep.contains(x, y):
		a.ctl.DeclineLink()
	}
}

// linkKeys answers the question by keys: Enter starts the link's game,
// Esc keeps the kept one. It reports whether the question was up.
func (a *App) linkKeys(enter, esc bool) bool {
	if a.ctl.Screen() != session.ScreenLink {
		return false
	}
	switch {
	case enter:
		a.ctl.AcceptLink()
	case esc:
		a.ctl.DeclineLink()
	}
	return true
}

// LinkButtonCenter returns the centre of the link question's button that
// starts the link's game (start true) or keeps the kept one, in the latest
// frame, for tests that click it; ok is false when no question is up.
func (a *App) LinkButtonCenter(start bool) (x, y float64, ok bool) {
	o, up := a.ctl.LinkOffered()
	if !up {
		return 0, 0, false
	}
	L := a.newLinkLayout(&a.geo, o)
	r := L.keep
	if start {
		r = L.start
	}
	return r.cx(), r.cy(), true
}
