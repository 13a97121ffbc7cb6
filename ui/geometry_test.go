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
			g := newGeometry(size[0], size[1], flipped, true)
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
	g := newGeometry(1180, 780, false, false)
	a1x, a1y := g.squareCenter(game.Sq(0, 0))
	i9x, i9y := g.squareCenter(game.Sq(8, 8))
	if !(a1x < i9x && a1y > i9y) {
		t.Fatal("a1 is not bottom-left")
	}
	g = newGeometry(1180, 780, true, false)
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
}

// The evaluation in words, from the person's side.
func TestEvaluationInWords(t *testing.T) {
	for _, c := range []struct {
		score int32
		side  game.Color
		you   bool
		want  string
		label string
	}{
		{0, game.White, true, "Your chances: 50%", "50%"},
		{ai.MaxEval / 4, game.White, true, "Your chances: 88%", "88%"},
		{ai.MaxEval / 4, game.Black, true, "Your chances: 12%", "12%"},
		{-ai.MaxEval / 4, game.White, false, "White's chances: 12%", "12%"},
		{ai.MaxEval - 1, game.White, false, "White's chances: 99%", "99%"},
		{ai.WinScore - 3, game.White, false, "White can force a win in 2 moves", "win"},
		{-(ai.WinScore - 1), game.White, true, "The AI can win with the next move", "loss"},
		{-(ai.WinScore - 1), game.Black, true, "You can win with the next move", "win"},
	} {
		if got := evalSentence(c.score, c.side, c.you); got != c.want {
			t.Errorf("evalSentence(%d, %v, %v) = %q, want %q", c.score, c.side, c.you, got, c.want)
		}
		if got := evalLabel(c.score, c.side); got != c.label {
			t.Errorf("evalLabel(%d, %v) = %q, want %q", c.score, c.side, got, c.label)
		}
	}
}

func overlaps(a, b rect) bool {
	return a.x < b.x+b.w && b.x < a.x+a.w && a.y < b.y+b.h && b.y < a.y+a.h
}

// Defect 9: a tall window puts the panel under the board, and the board takes
// the window's width.
func TestPortraitWindowReflows(t *testing.T) {
	for _, watch := range []bool{false, true} {
		g := newGeometry(600, 1000, false, watch)
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
	if g := newGeometry(1180, 780, false, false); g.portrait {
		t.Fatal("a landscape window is laid out as portrait")
	}
}
