//go:build !js

package ui

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// touchSource reads the fingers from Ebitengine, which samples them once per
// frame (on the desktop it reports none: a touch screen there reaches the
// window as the system's emulated mouse).
type touchSource struct {
	ids, began, ended []ebiten.TouchID
}

// frame returns the fingers of this frame, the screen's size aside (Ebitengine
// gives screen pixels already).
func (s *touchSource) frame(_, _ float64) []touchPoint {
	s.ids = ebiten.AppendTouchIDs(s.ids[:0])
	s.began = inpututil.AppendJustPressedTouchIDs(s.began[:0])
	s.ended = inpututil.AppendJustReleasedTouchIDs(s.ended[:0])
	var out []touchPoint
	for _, id := range s.ended {
		x, y := inpututil.TouchPositionFInPreviousTick(id)
		out = append(out, touchPoint{id: int(id), x: x, y: y, ended: true})
	}
	for _, id := range s.ids {
		x, y := ebiten.TouchPositionF(id)
		t := touchPoint{id: int(id), x: x, y: y}
		for _, b := range s.began {
			if b == id {
				t.began, t.sx, t.sy = true, x, y
			}
		}
		out = append(out, t)
	}
	return out
}
