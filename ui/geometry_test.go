package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

func TestSquareHitTesting(t *testing.T) {
	for _, size := range [][2]int{{1180, 780}, {640, 420}, {2560, 1600}, {900, 1400}} {
		for _, flipped := range []bool{false, true} {
			g := newGeometry(size[0], size[1], flipped)
			for s := game.Square(0); s < game.NumSquares; s++ {
				x, y := g.squareCenter(s)
				got, ok := g.squareAt(x, y)
				require.True(t, ok, "%v flipped=%v: centre of %v hits nothing", size, flipped, s)
				require.Equal(t, s, got, "%v flipped=%v: what the centre of %v hits", size, flipped, s)
			}
			_, ok := g.squareAt(g.board.x-1, g.board.y-1)
			require.False(t, ok, "a point off the board hit a square")
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
	assert.Equal(t, 0.5, whiteShare(0), "level position")
	prev := -1.0
	for s := int32(-ai.MaxEval); s <= ai.MaxEval; s += 250 {
		v := whiteShare(s)
		if v < prev || v < 0 || v > 1 {
			t.Fatalf("share(%d) = %v not monotonic in [0,1]", s, v)
		}
		prev = v
	}
	assert.Equal(t, 1.0, whiteShare(ai.WinScore-3), "a White win fills the bar")
	assert.Equal(t, 0.0, whiteShare(-ai.WinScore+3), "a Black win empties the bar")
	assert.Equal(t, "White wins in 2", scoreText(ai.WinScore-3))
	assert.Equal(t, "-1.50", scoreText(-1500))
}
