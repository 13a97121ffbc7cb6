//go:build !js

package ui

import (
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// TestClassroomTypeSize: at 1280x800 every face of the classroom view (its
// pages, tabs and the coordinates of its board) is at least 18 pixels.
func TestClassroomTypeSize(t *testing.T) {
	sizeOf := func(f text.Face) float64 { return f.(*text.GoTextFace).Size }
	fonts, err := loadFonts()
	require.NoError(t, err)
	a := &App{fonts: fonts}
	g := newGeometry(1280, 800, false, false, false)
	f := a.teachFaces(g.u)
	for name, fc := range map[string]float64{"title": sizeOf(f.title), "body": sizeOf(f.body), "bold": sizeOf(f.bold),
		"mono": sizeOf(f.mono), "small": sizeOf(f.small), "coordinates": sizeOf(f.coord), "tabs": 19 * g.u} {
		require.GreaterOrEqual(t, fc, 18.0, "the %s face", name)
	}
}

// TestClassBoardFollowsFlip: the classroom board puts each square where the
// game's board does relative to its corners, turned with Flip, inside its
// frame and one cell apart; a1 is at the bottom left unflipped and at the top
// right flipped.
func TestClassBoardFollowsFlip(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		g := newGeometry(1280, 800, flipped, false, false)
		l := newTeachLayout(&g)
		b := l.board
		require.Equal(t, flipped, b.flipped)
		a1 := b.sq(game.Sq(0, 0))
		i9 := b.sq(game.Sq(8, 8))
		if flipped {
			require.Less(t, a1.y, i9.y, "flipped: a1 at the top")
			require.Greater(t, a1.x, i9.x, "flipped: a1 on the right")
		} else {
			require.Greater(t, a1.y, i9.y, "a1 at the bottom")
			require.Less(t, a1.x, i9.x, "a1 on the left")
		}
		for s := game.Square(0); s < game.NumSquares; s++ {
			q := b.sq(s)
			require.True(t, q.x >= b.r.x && q.y >= b.r.y && q.x+q.w <= b.r.x+b.r.w+0.5 && q.y+q.h <= b.r.y+b.r.h+0.5, "%v inside the board", s)
			gx, gy := g.squareCenter(s)
			// The same square is on the same side of the board's centre as in the game.
			if s.File() != 4 {
				require.Equal(t, gx < g.board.cx(), q.cx() < b.r.cx(), "%v left or right, flipped=%v", s, flipped)
			}
			if s.Rank() != 4 {
				require.Equal(t, gy < g.board.cy(), q.cy() < b.r.cy(), "%v up or down, flipped=%v", s, flipped)
			}
		}
		require.Greater(t, b.r.x, b.outer.x, "room for the coordinates")
	}
}
