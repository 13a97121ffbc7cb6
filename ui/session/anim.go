package session

import (
	"time"

	"github.com/tablut-ai/tablut/game"
)

// Animation lengths.
const (
	slideTime = 160 * time.Millisecond // a moved piece glides to its square
	fadeTime  = 550 * time.Millisecond // a captured piece fades out
)

// Slide is a piece gliding from one square to another.
type Slide struct {
	Piece    game.Piece
	From, To game.Square
	Start    time.Time
}

// Fade is a captured piece fading out where it stood.
type Fade struct {
	Piece  game.Piece
	Square game.Square
	Start  time.Time
}

// Anims holds the running animations. They are pure functions of time; the
// drawing code asks where a piece is and how opaque it is.
type Anims struct {
	Slide *Slide // the moving piece, nil when none moves
	Fades []Fade // the captured pieces fading out
}

// onMove starts the animations of move m, which turned before into after: the
// piece slides, and every piece of before that is gone in after (other than the
// mover) fades out.
func (a *Anims) onMove(before, after game.Position, m game.Move, now time.Time) {
	a.Slide = &Slide{Piece: before.At(m.From()), From: m.From(), To: m.To(), Start: now}
	for s := game.Square(0); s < game.NumSquares; s++ {
		if s != m.From() && before.At(s) != game.Empty && after.At(s) == game.Empty {
			a.Fades = append(a.Fades, Fade{Piece: before.At(s), Square: s, Start: now})
		}
	}
}

// clear stops every animation (undo, load, new game).
func (a *Anims) clear() { a.Slide, a.Fades = nil, nil }

// prune drops finished animations.
func (a *Anims) prune(now time.Time) {
	if a.Slide != nil && now.Sub(a.Slide.Start) >= slideTime {
		a.Slide = nil
	}
	kept := a.Fades[:0]
	for _, f := range a.Fades {
		if now.Sub(f.Start) < fadeTime {
			kept = append(kept, f)
		}
	}
	a.Fades = kept
}

// Active reports whether anything is still moving.
func (a *Anims) Active() bool { return a.Slide != nil || len(a.Fades) > 0 }

// Progress returns how far the sliding piece has come, 0..1, eased out.
func (s *Slide) Progress(now time.Time) float64 {
	t := progress(now.Sub(s.Start), slideTime)
	return 1 - (1-t)*(1-t)*(1-t) // ease-out cubic
}

// Alpha returns the opacity of a fading piece, 1 down to 0.
func (f Fade) Alpha(now time.Time) float64 {
	t := progress(now.Sub(f.Start), fadeTime)
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
