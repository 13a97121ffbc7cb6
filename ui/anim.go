package ui

import (
	"time"

	"github.com/tablut-ai/tablut/game"
)

// Animation lengths.
const (
	slideTime = 160 * time.Millisecond // a moved piece glides to its square
	fadeTime  = 550 * time.Millisecond // a captured piece fades out
)

// slide is a piece gliding from one square to another.
type slide struct {
	piece    game.Piece
	from, to game.Square
	start    time.Time
}

// fade is a captured piece fading out where it stood.
type fade struct {
	piece game.Piece
	sq    game.Square
	start time.Time
}

// anims holds the running animations. They are pure functions of time; the
// drawing code asks where a piece is and how opaque it is.
type anims struct {
	slide *slide
	fades []fade
}

// onMove starts the animations of move m, which turned before into after: the
// piece slides, and every piece of before that is gone in after (other than the
// mover) fades out.
func (a *anims) onMove(before, after game.Position, m game.Move, now time.Time) {
	a.slide = &slide{piece: before.At(m.From()), from: m.From(), to: m.To(), start: now}
	for s := game.Square(0); s < game.NumSquares; s++ {
		if s != m.From() && before.At(s) != game.Empty && after.At(s) == game.Empty {
			a.fades = append(a.fades, fade{piece: before.At(s), sq: s, start: now})
		}
	}
}

// clear stops every animation (undo, load, new game).
func (a *anims) clear() { a.slide, a.fades = nil, nil }

// prune drops finished animations.
func (a *anims) prune(now time.Time) {
	if a.slide != nil && now.Sub(a.slide.start) >= slideTime {
		a.slide = nil
	}
	kept := a.fades[:0]
	for _, f := range a.fades {
		if now.Sub(f.start) < fadeTime {
			kept = append(kept, f)
		}
	}
	a.fades = kept
}

// active reports whether anything is still moving.
func (a *anims) active() bool { return a.slide != nil || len(a.fades) > 0 }

// slideProgress returns how far the sliding piece has come, 0..1, eased out.
func (s *slide) progress(now time.Time) float64 {
	t := progress(now.Sub(s.start), slideTime)
	return 1 - (1-t)*(1-t)*(1-t) // ease-out cubic
}

// alpha returns the opacity of a fading piece, 1 down to 0.
func (f fade) alpha(now time.Time) float64 {
	t := progress(now.Sub(f.start), fadeTime)
	return 1 - t
}

// progress maps elapsed time to 0..1 over d.
func progress(elapsed, d time.Duration) float64 {
	if elapsed <= 0 {
		return 0
	}
	if elapsed >= d {
		return 1
	}
	return float64(elapsed) / float64(d)
}
