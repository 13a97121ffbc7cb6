package game

import "math/rand/v2"

// zobristSeed fixes the Zobrist keys, so hashes are the same in every run and every
// process (game records, opening books and tests can rely on them).
const zobristSeed = 0x7AB1_0A5E_C0DE

var (
	zobristPiece [4][NumSquares]uint64 // indexed by Piece; row Empty stays zero
	zobristBlack uint64                // xored in when Black is to move
)

func init() {
	r := rand.New(rand.NewPCG(zobristSeed, 0x5eed))
	for p := WhitePawn; p <= King; p++ {
		for s := range zobristPiece[p] {
			zobristPiece[p][s] = r.Uint64()
		}
	}
	zobristBlack = r.Uint64()
}

// computeHash recomputes the Zobrist key of p from scratch; the incremental key kept
// by Make must always equal it.
func computeHash(p *Position) uint64 {
	var h uint64
	for s, pc := range p.board {
		h ^= zobristPiece[pc][s]
	}
	if p.side == Black {
		h ^= zobristBlack
	}
	return h
}
