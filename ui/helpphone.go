package ui

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/internal/buildinfo"
	"github.com/tablut-ai/tablut/ui/session"
)

// The help overlay on a phone (geometry.phone): the same three pages, with
// text at the phone layout's size, each page cut into parts that fit the
// screen (the rules cards a few at a time, each board beside its words;
// the rules in full a few sections at a time; the keys with their words
// wrapped), and buttons at least phoneTouch CSS pixels to go from part to
// part. The part shown is the window's own state (App.helpPart).

// helpBlock is one piece of a help page: its height and how to draw it
// with its top at y.
type helpBlock struct {
	h    float64
	draw func(dst *ebiten.Image, y float64)
}

// phoneHelpFrame is where the phone's help puts things: the content's area
// and the bottom row's buttons.
type phoneHelpFrame struct {
	content          rect
	prev, next, less rect // part back, part on, the lesson
}

func newPhoneHelpFrame(g *geometry) phoneHelpFrame {
	u := g.u
	card := helpCard(g)
	bh := math.Max(34*u, phoneTouch*g.scale)
	pad := 14 * u
	tabs := helpTabs(g)
	top := tabs[0].y + tabs[0].h + 12*u
	by := card.y + card.h - pad - 22*u - bh
	var f phoneHelpFrame
	f.content = rect{card.x + pad, top, card.w - 2*pad, by - 10*u - top}
	f.prev = rect{card.x + pad, by, bh * 1.3, bh}
	f.next = rect{f.prev.x + f.prev.w + 8*u + 64*u, by, bh * 1.3, bh}
	lw := card.x + card.w - pad - (f.next.x + f.next.w + 10*u)
	f.less = rect{card.x + card.w - pad - lw, by, lw, bh}
	return f
}

// phoneHelpBlocks lays out help page p as blocks as wide as the content.
func (a *App) phoneHelpBlocks(g *geometry, p int, w float64) []helpBlock {
	u := g.u
	body := face(a.fonts.regular, 16*u)
	bold := face(a.fonts.bold, 16*u)
	lh := 20 * u
	var out []helpBlock
	switch p {
	case session.HelpRules:
		side := math.Round(math.Min(120*u, w*0.36))
		tw := w - side - 12*u
		for _, rc := range ruleCards {
			rc := rc
			lines := wrapText(rc.text, body, tw, 12)
			h := math.Max(side, 24*u+float64(len(lines))*lh) + 12*u
			out = append(out, helpBlock{h, func(dst *ebiten.Image, y float64) {
				x := g.w/2 - w/2
				a.drawMiniBoard(dst, rect{math.Round(x + 2), math.Round(y + 2), side - 4, side - 4}, rc)
				tx := x + side + 12*u
				drawText(dst, rc.title, bold, tx, y+10*u, colText, alignLeft)
				for k, l := range lines {
					drawText(dst, l, body, tx, y+24*u+float64(k)*lh+lh/2, colTextDim, alignLeft)
				}
			}})
		}
	case session.HelpRulesText:
		for _, sec := range fullRules {
			sec := sec
			lines := wrapText(sec.text, body, w, 40)
			h := 26*u + float64(len(lines))*lh + 12*u
			out = append(out, helpBlock{h, func(dst *ebiten.Image, y float64) {
				x := g.w/2 - w/2
				drawText(dst, sec.title, face(a.fonts.bold, 18*u), x, y+10*u, colAccent, alignLeft)
				for k, l := range lines {
					drawText(dst, l, body, x, y+26*u+float64(k)*lh+lh/2, colText, alignLeft)
				}
			}})
		}
	default:
		kw := 0.0
		for _, l := range helpLines(inPage()) {
			kw = math.Max(kw, textWidth(l[0], bold))
		}
		kw = math.Min(kw+12*u, w*0.42)
		for _, l := range helpLines(inPage()) {
			l := l
			keys := wrapText(l[0], bold, kw-12*u, 3)
			words := wrapText(l[1], body, w-kw, 6)
			h := float64(max(len(keys), len(words)))*lh + 6*u
			out = append(out, helpBlock{h, func(dst *ebiten.Image, y float64) {
				x := g.w/2 - w/2
				for k, s := range keys {
					drawText(dst, s, bold, x, y+lh/2+float64(k)*lh, colAccent, alignLeft)
				}
				for k, s := range words {
					drawText(dst, s, body, x+kw, y+lh/2+float64(k)*lh, colText, alignLeft)
				}
			}})
		}
	}
	return out
}

// helpParts cuts blocks into parts no taller than h.
func helpParts(blocks []helpBlock, h float64) [][]helpBlock {
	var parts [][]helpBlock
	var cur []helpBlock
	used := 0.0
	for _, b := range blocks {
		if len(cur) > 0 && used+b.h > h {
			parts = append(parts, cur)
			cur, used = nil, 0
		}
		cur = append(cur, b)
		used += b.h
	}
	return append(parts, cur)
}

// phoneHelpParts returns the parts of the help page shown, and which of
// them is shown (the page's first when the page changed).
func (a *App) phoneHelpParts(g *geometry) ([][]helpBlock, int) {
	f := newPhoneHelpFrame(g)
	p := a.ctl.HelpPage()
	parts := helpParts(a.phoneHelpBlocks(g, p, f.content.w), f.content.h)
	if a.helpPartOf != p {
		a.helpPart, a.helpPartOf = 0, p
	}
	a.helpPart = max(0, min(a.helpPart, len(parts)-1))
	return parts, a.helpPart
}

// drawPhoneHelp draws the help overlay on a phone.
func (a *App) drawPhoneHelp(dst *ebiten.Image, g *geometry) {
	u := g.u
	fillRect(dst, rect{0, 0, g.w, g.h}, nrgba(0x000000, 0x99))
	card := helpCard(g)
	fillRoundRect(dst, card, 14*u, colPanel)
	a.drawTabs(dst, g, helpTabs(g), []string{"Rules", "In full", "Keys"}, a.ctl.HelpPage(), 17)
	f := newPhoneHelpFrame(g)
	parts, at := a.phoneHelpParts(g)
	y := f.content.y
	for _, b := range parts[at] {
		b.draw(dst, y)
		y += b.h
	}
	bf := face(a.fonts.bold, 17*u)
	button := func(r rect, label string, on, main bool) {
		bg := colButton
		if main {
			bg = colButtonOn
		}
		fillRoundRect(dst, r, 8*u, bg)
		col := colText
		if !on {
			col = colTextFaint
		}
		drawText(dst, label, bf, r.cx(), r.cy(), col, alignCenter)
	}
	if len(parts) > 1 {
		button(f.prev, "‹", at > 0, false)
		button(f.next, "›", at < len(parts)-1, false)
		drawText(dst, fmt.Sprintf("%d of %d", at+1, len(parts)), face(a.fonts.regular, 16*u),
			(f.prev.x+f.prev.w+f.next.x)/2, f.prev.cy(), colTextDim, alignCenter)
	}
	if a.ctl.HelpPage() != session.HelpKeys {
		button(f.less, "Learn to play", true, true)
	}
	if a.ctl.HelpPage() == session.HelpKeys && len(parts) == 1 {
		// Which build runs, for bug reports, where the buttons would be.
		drawText(dst, buildinfo.Read().String(), face(a.fonts.regular, 16*u), card.cx(), f.prev.cy(), colTextFaint, alignCenter)
	}
	drawText(dst, "Tap outside the buttons to close", face(a.fonts.regular, 16*u), card.cx(), card.y+card.h-14*u-9*u, colTextFaint, alignCenter)
}

// clickPhoneHelpPart turns the phone help's part on a click on its ‹ or
// › button; it reports whether the click was on one.
func (a *App) clickPhoneHelpPart(x, y float64) bool {
	g := &a.geo
	if !g.phone {
		return false
	}
	f := newPhoneHelpFrame(g)
	parts, at := a.phoneHelpParts(g)
	switch {
	case len(parts) > 1 && f.prev.contains(x, y):
		a.helpPart = max(0, at-1)
	case len(parts) > 1 && f.next.contains(x, y):
		a.helpPart = min(len(parts)-1, at+1)
	default:
		return false
	}
	a.Invalidate()
	return true
}

// helpPartKey is the part of the help shown, for the overlay's redraw.
func (a *App) helpPartKey() string { return fmt.Sprint(a.helpPartOf, a.helpPart) }
