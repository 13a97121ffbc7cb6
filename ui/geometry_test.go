package ui

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

func TestSquareHitTesting(t *testing.T) {
	for _, size := range [][2]int{{1180, 780}, {640, 420}, {2560, 1600}, {900, 1400}} {
		for _, flipped := range []bool{false, true} {
			g := newGeometry(size[0], size[1], flipped, true, true)
			for s := game.Square(0); s < game.NumSquares; s++ {
				x, y := g.squareCenter(s)
				got, ok := g.squareAt(x, y)
				require.True(t, ok, "%v flipped=%v: centre of %v hits nothing", size, flipped, s)
				require.Equal(t, s, got, "%v flipped=%v: what the centre of %v hits", size, flipped, s)
			}
			_, ok := g.squareAt(g.board.x-1, g.board.y-1)
			require.False(t, ok, "a point off the board hit a square")
			for _, b := range g.buttons {
				if overlaps(b.r, g.frame) || b.r.y+b.r.h > g.h || b.r.x+b.r.w > g.w {
					t.Fatalf("%v: button %s overlaps the board or leaves the screen", size, b.label)
				}
			}
		}
	}
	g := newGeometry(1180, 780, false, false, false)
	a1x, a1y := g.squareCenter(game.Sq(0, 0))
	i9x, i9y := g.squareCenter(game.Sq(8, 8))
	if !(a1x < i9x && a1y > i9y) {
		t.Fatal("a1 is not bottom-left")
	}
	g = newGeometry(1180, 780, true, false, false)
	a1x, a1y = g.squareCenter(game.Sq(0, 0))
	i9x, i9y = g.squareCenter(game.Sq(8, 8))
	if !(a1x > i9x && a1y < i9y) {
		t.Fatal("flipped board does not put a1 top-right")
	}
}

func overlaps(a, b rect) bool {
	return a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h
}

// Defect 9: a tall window puts the panel under the board, and the board takes
// the window's width.
func TestPortraitWindowReflows(t *testing.T) {
	for _, watch := range []bool{false, true} {
		g := newGeometry(600, 1000, false, watch, watch)
		if !g.portrait {
			t.Fatal("a 600x1000 window is not laid out as portrait")
		}
		if g.board.w < 480 {
			t.Errorf("watch=%v: the board is %.0f px wide in a 600 px window, want at least 480", watch, g.board.w)
		}
		if overlaps(g.panel, g.frame) || overlaps(g.panel, g.evalBar) {
			t.Errorf("watch=%v: the panel overlaps the board", watch)
		}
		if g.panel.y+g.panel.h > g.h || g.moves.h < 60 {
			t.Errorf("watch=%v: the panel leaves the window or has no room for moves (%.0f px)", watch, g.moves.h)
		}
	}
	if g := newGeometry(1180, 780, false, false, false); g.portrait {
		t.Fatal("a landscape window is laid out as portrait")
	}
}

// At every window size the window allows, the board's squares span at least
// 300 pixels (at the old minimum, 400x420, they spanned about 140).
func TestMinimumWindowBoard(t *testing.T) {
	for w := minWindowW; w <= 1400; w += 20 {
		for h := minWindowH; h <= 1400; h += 20 {
			for _, watch := range []bool{false, true} {
				if g := newGeometry(w, h, false, watch, watch); g.board.w < 300 {
					t.Fatalf("%dx%d (watch %v): the board is %.0f px", w, h, watch, g.board.w)
				}
			}
		}
	}
}

// The game screen's panel is readable on a 1280x800 projector: every text
// the panel, its chart and the lesson draw is at least 16 pixels there. The
// sizes are read from the drawing code, where each is written as N*u.
func TestPanelTextIsAtLeast16Pixels(t *testing.T) {
	g := newGeometry(1280, 800, false, true, true)
	sizes := regexp.MustCompile(`face\(a\.fonts\.\w+, ([0-9.]+)\*u\)`)
	for _, file := range []string{"drawpanel.go", "drawchart.go", "drawtutorial.go"} {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		found := sizes.FindAllSubmatch(src, -1)
		require.NotEmpty(t, found, file)
		for _, m := range found {
			n, err := strconv.ParseFloat(string(m[1]), 64)
			require.NoError(t, err)
			if px := n * g.u; px < 16 {
				t.Errorf("%s: a text of %s*u is %.1f px at 1280x800", file, m[1], px)
			}
		}
	}
}

// A phone held upright (390x844 CSS pixels at three device pixels each,
// 1170x2532 on the screen): the board takes the width less a small
// margin, the panel's text is at least 14 CSS pixels, every button is at
// least 44 CSS pixels each way, inside the screen, and no two overlap nor
// touch the board; the same with the AI-vs-AI controls.
func TestPhoneLayoutInCSSPixels(t *testing.T) {
	const scale = 3.0
	for _, watch := range []bool{false, true} {
		g := newScreenGeometry(390*scale, 844*scale, scale, false, watch, watch, false)
		require.True(t, g.phone, "390x844 is not laid out for a phone")
		css := func(px float64) float64 { return px / scale }
		if w := css(g.frame.w); w < 390-2*8 {
			t.Errorf("watch=%v: the board's frame is %.0f CSS px wide at 390, want at least %d", watch, w, 390-2*8)
		}
		if w := css(g.board.w); w < 330 {
			t.Errorf("watch=%v: the board's squares span %.0f CSS px, want at least 330", watch, w)
		}
		if px := css(16 * g.u); px < 14 {
			t.Errorf("watch=%v: the panel's text is %.1f CSS px, want at least 14", watch, px)
		}
		for i, b := range g.buttons {
			if css(b.r.w) < 44 || css(b.r.h) < 44 {
				t.Errorf("watch=%v: button %s is %.0fx%.0f CSS px, want at least 44x44", watch, b.label, css(b.r.w), css(b.r.h))
			}
			if b.r.x < 0 || b.r.y < 0 || b.r.x+b.r.w > g.w || b.r.y+b.r.h > g.h {
				t.Errorf("watch=%v: button %s leaves the screen", watch, b.label)
			}
			if overlaps(b.r, g.frame) || overlaps(b.r, g.evalBar) || overlaps(b.r, g.status) || overlaps(b.r, g.moves) {
				t.Errorf("watch=%v: button %s overlaps the board, the bar, the status or the moves", watch, b.label)
			}
			for _, o := range g.buttons[i+1:] {
				if overlaps(b.r, o.r) {
					t.Errorf("watch=%v: buttons %s and %s overlap", watch, b.label, o.label)
				}
			}
		}
		if overlaps(g.panel, g.frame) || overlaps(g.panel, g.evalBar) || overlaps(g.evalBar, g.frame) {
			t.Errorf("watch=%v: the panel, the bar and the board overlap", watch)
		}
		if css(g.moves.h) < 80 {
			t.Errorf("watch=%v: the move list is %.0f CSS px tall, want room for a few moves", watch, css(g.moves.h))
		}
		if g.panel.y+g.panel.h > g.h {
			t.Errorf("watch=%v: the panel leaves the screen", watch)
		}
	}
	// A desktop window keeps its layouts: landscape at 1280x800 and
	// 1280x1024, and the old portrait between 0.8 and 1.05.
	for _, size := range [][2]int{{1280, 800}, {1280, 1024}, {minWindowW, minWindowH}, {900, 1000}} {
		if g := newScreenGeometry(size[0], size[1], 1, false, false, false, false); g.phone {
			t.Errorf("%v is laid out for a phone", size)
		}
	}
}
