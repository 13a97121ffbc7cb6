package cnn

import (
	"math/rand/v2"

	"github.com/tablut-ai/tablut/game"
)

// RandomGamePositions returns n positions of seeded random games: uniform
// random legal moves from the start position, a new game when one ends or
// after 120 plies. These are the boards `tablut bench cnn` times the kernels
// on and the tests compare the paths on: varied, with captures, unlike the
// start position's neighbourhood.
func RandomGamePositions(n int, r *rand.Rand) []game.Position {
	out := make([]game.Position, 0, n)
	var buf [game.MaxMoves]game.Move
	p := game.StartPosition()
	ply := 0
	for len(out) < n {
		moves := p.GenerateMoves(buf[:0])
		if len(moves) == 0 || ply >= 120 {
			p, ply = game.StartPosition(), 0
			continue
		}
		p.Make(moves[r.IntN(len(moves))])
		ply++
		out = append(out, p)
	}
	return out
}
