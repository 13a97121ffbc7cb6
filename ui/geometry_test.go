package ui

import (
	"testing"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

func TestSquareHitTesting(t *testing.T) {
	for _, size := range [][2]int{{1180, 780}, {640, 420}, {2560, 1600}, {900, 1400}} {
		for _, flipped := range []bool{false, true} {
			g := newGeometry(size[0], size[1], flipped)
			for s := game.Square(0); s < game.NumSquares; s++ {
				x, y := g.squareCenter(s)
				if got, ok := g.squareAt(x, y); !ok || got != s {
					t.Fatalf("%v flipped=%v: centre of %v hits %v", size, flipped, s, got)
				}
			}
			if _, ok := g.squareAt(g.board.x-1, g.board.y-1); ok {
				t.Fatal("a point off the board hit a square")
			}
			for _, b := range g.buttons {
				if b.r.x < g.frame.x+g.frame.w || b.r.y+b.r.h > g.h {
					t.Fatalf("%v: button %s overlaps the board or leaves the screen", size, b.label)
				}
			}
		}
	}
	g := newGeometry(1180, 780, false)
	a1x, a1y := g.squareCenter(game.Sq(0, 0))
	i9x, i9y := g.squareCenter(game.Sq(8, 8))
	if !(a1x < i9x && a1y > i9y) {
		t.Fatal("a1 is not bottom-left")
	}
	g = newGeometry(1180, 780, true)
	a1x, a1y = g.squareCenter(game.Sq(0, 0))
	i9x, i9y = g.squareCenter(game.Sq(8, 8))
	if !(a1x > i9x && a1y < i9y) {
		t.Fatal("flipped board does not put a1 top-right")
	}
}

func TestEvalBar(t *testing.T) {
	if whiteShare(0) != 0.5 {
		t.Fatal("level position is not half")
	}
	prev := -1.0
	for s := int32(-ai.MaxEval); s <= ai.MaxEval; s += 250 {
		v := whiteShare(s)
		if v < prev || v < 0 || v > 1 {
			t.Fatalf("share(%d) = %v not monotonic in [0,1]", s, v)
		}
		prev = v
	}
	if whiteShare(ai.WinScore-3) != 1 || whiteShare(-ai.WinScore+3) != 0 {
		t.Fatal("wins do not fill the bar")
	}
	if got := scoreText(ai.WinScore - 3); got != "White wins in 2" {
		t.Fatalf("scoreText = %q", got)
	}
	if got := scoreText(-1500); got != "-1.50" {
		t.Fatalf("scoreText = %q", got)
	}
}
