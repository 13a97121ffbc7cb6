package ui

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/ui/session"
)

// The network page: a network's first-layer filters as large as the card
// allows, one grid of 64 filters per input plane (three for a piece-planes
// network: white pawns, black pawns, the king), each 3x3 filter's weights
// green when positive and red when negative, brighter with their size (the
// seed's figure, drawn by cnn.Network.DrawFilters for `tablut filters`); and
// under them, what the network's file says about it, in sentences made from
// its header (player.DescribeNet).

// filterGrid returns the side of one weight's square for planes grids of 8x8
// filters side by side in width w and height h: each filter is 3 squares
// with 0.7 of a square between filters and 1.5 squares between grids.
func filterGrid(planes int, w, h float64) float64 {
	const perGrid = 8*3 + 7*0.7
	across := float64(planes)*perGrid + float64(planes-1)*1.5
	return math.Floor(math.Min(w/across, h/perGrid))
}

// filterPlanes caches the pictures of a network's planes at one size: a
// picture is some two thousand squares, drawn once per network and size
// rather than at every redraw of a page. The window keeps two, the network
// page's and the evolution page's, so that going from one to the other
// draws neither again.
type filterPlanes struct {
	net  *player.NetPage
	cell float64
	imgs []*ebiten.Image
	used int // the frame it was last drawn in
}

// drawFilterPlane draws plane p of net (64 filters) at (x, y) with squares
// of side cell; weights of magnitude net.MaxAbs are at full brightness.
func (a *App) drawFilterPlane(dst *ebiten.Image, x, y, cell float64, net *player.NetPage, p int) {
	var c *filterPlanes
	for i := range a.filterCache {
		if e := &a.filterCache[i]; e.net == net && e.cell == cell {
			c = e
		}
	}
	if c == nil {
		// Replace the entry drawn longest ago.
		c = &a.filterCache[0]
		if a.filterCache[1].used < c.used {
			c = &a.filterCache[1]
		}
		for _, img := range c.imgs {
			img.Deallocate()
		}
		*c = filterPlanes{net: net, cell: cell}
	}
	c.used = a.frame
	for len(c.imgs) <= p {
		c.imgs = append(c.imgs, nil)
	}
	if c.imgs[p] == nil {
		step := 3*cell + math.Round(0.7*cell)
		side := int(math.Ceil(7*step + 3*cell + 2))
		img := ebiten.NewImage(side, side)
		for o := range 64 {
			fx, fy := 1+float64(o%8)*step, 1+float64(o/8)*step
			quickRect(img, rect{fx - 1, fy - 1, 3*cell + 2, 3*cell + 2}, rgb(0x5a5a5a))
			for k, w := range net.Filters[p][o] {
				quickRect(img, rect{fx + float64(k%3)*cell, fy + float64(k/3)*cell, cell, cell}, weightColour(float64(w), net.MaxAbs))
			}
		}
		c.imgs[p] = img
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(math.Round(x)-1, math.Round(y)-1)
	dst.DrawImage(c.imgs[p], op)
}

// weightColour maps a weight to green (positive) or red (negative) with
// brightness |w|/maxAbs, as the seed's figure does.
func weightColour(w, maxAbs float64) color.NRGBA {
	if maxAbs == 0 {
		return color.NRGBA{0, 0, 0, 255}
	}
	c := uint8(math.Round(255 * math.Min(1, math.Abs(w)/maxAbs)))
	if w >= 0 {
		return color.NRGBA{0, c, 0, 255}
	}
	return color.NRGBA{c, 0, 0, 255}
}

// drawTeachNetwork draws the network page.
func (a *App) drawTeachNetwork(dst *ebiten.Image, l teachLayout, f teachFaces) {
	u := l.u
	an := a.teach.Analysis()
	body := l.body
	tt := &teachText{dst: dst, x: body.x, y: body.y + 12*u, w: body.w, f: f}
	switch {
	case !an.Ready:
		tt.line("The network's first layer", f.title, colText)
		tt.line("loading…", f.body, colTextDim)
		return
	case an.Network == nil:
		tt.line("The network's first layer", f.title, colText)
		tt.wrap(session.ShortSpec(an.Spec)+" has no network, and no network is shipped with this copy of the game.", f.body, colTextDim, 3)
		return
	}
	net := an.Network
	tt.line("The first layer of the network "+net.Name, f.title, colText)
	tt.line(fmt.Sprintf("64 filters of 3x3 weights per input plane · green > 0, red < 0 · brightest: |w| = %.3g", net.MaxAbs), f.body, colTextDim)
	top := tt.y - f.line*0.4
	planes := len(net.Filters)
	gridH := body.h * 0.58
	if planes == 1 {
		gridH = body.h - (top - body.y) - f.line*1.2
	}
	gridW := body.w
	if planes == 1 {
		gridW = body.w * 0.48
	}
	cell := filterGrid(planes, gridW, gridH)
	step := 3*cell + math.Round(0.7*cell)
	side := 7*step + 3*cell
	x0 := body.x
	if planes > 1 {
		x0 = body.x + (body.w-float64(planes)*side-float64(planes-1)*1.5*cell)/2
	}
	for p := range planes {
		x := math.Round(x0 + float64(p)*(side+1.5*cell))
		a.drawFilterPlane(dst, x, math.Round(top), cell, net, p)
		drawText(dst, net.Planes[p], f.bold, x+side/2, top+side+f.line*0.6, colAccent, alignCenter)
	}
	// The words: under the grids, or right of a single grid.
	tt.y = top + side + f.line*1.6
	if planes == 1 {
		tt.x, tt.y, tt.w = body.x+side+28*u, top+f.line*0.4, body.x+body.w-(body.x+side+28*u)
	}
	var words []string
	if an.Borrowed {
		words = append(words, fmt.Sprintf("%s has no network of its own: this is %s, %s.", session.ShortSpec(an.Spec), net.Name, netUsers(an.NetSpec)))
	}
	words = append(words, net.Facts...)
	words = append(words, "Each filter slides over the board: where the pieces match its pattern it lights up, and three more layers combine what the 64 filters saw into one score. Nobody drew these patterns by hand.")
	lines := max(2, int((body.y+body.h-tt.y)/f.line))
	tt.wrap(strings.Join(words, " "), f.body, colText, lines)
}

// netUsers says who plays with the network spec, in the start panel's words.
func netUsers(spec string) string {
	var lv []string
	for _, l := range player.Levels {
		if l.Eval == spec {
			lv = append(lv, l.Title)
		}
	}
	if len(lv) == 0 {
		return "the default opponent's network"
	}
	return "the network the " + strings.Join(lv, " and ") + " levels play with"
}
