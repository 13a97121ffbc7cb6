package game

import (
	"math/rand/v2"
	"testing"
)

// benchPositions are a few positions for speed figures: the start, a busy middle
// game and a sparse ending, reached by seeded random play.
func benchPositions() map[string]Position {
	r := rand.New(rand.NewPCG(11, 12))
	var mid, end Position
	for {
		ps := randomGame(r, StartPosition(), 400)
		if len(ps) > 60 {
			mid, end = ps[20], ps[len(ps)-2]
			break
		}
	}
	return map[string]Position{"start": StartPosition(), "middle": mid, "end": end}
}

func BenchmarkGenerateMoves(b *testing.B) {
	for name, p := range benchPositions() {
		b.Run(name, func(b *testing.B) {
			buf := make([]Move, 0, MaxMoves)
			for b.Loop() {
				buf = p.GenerateMoves(buf)
			}
		})
	}
}

func BenchmarkReferenceMoves(b *testing.B) {
	rb := refParse(StartFEN)
	for b.Loop() {
		refMoves(rb)
	}
}

func BenchmarkMake(b *testing.B) {
	for name, p := range benchPositions() {
		b.Run(name, func(b *testing.B) {
			moves := p.GenerateMoves(nil)
			i := 0
			for b.Loop() {
				c := p
				c.Make(moves[i])
				i++
				if i == len(moves) {
					i = 0
				}
			}
		})
	}
}

func BenchmarkPerft3(b *testing.B) {
	p := StartPosition()
	for b.Loop() {
		Perft(&p, 3)
	}
}
