package ai

import (
	"strconv"

	"github.com/tablut-ai/tablut/game"
)

// Random is an evaluator of small pseudo-random scores: a hash of the position's
// Zobrist key and Seed. It has no state, so it is safe for concurrent use, and it
// gives the same score to the same position every time, which keeps searches with
// it reproducible. With search it still plays every forced win and block; it is
// the weakest opponent and a baseline for the others.
type Random struct {
	Seed uint64
}

// Name returns "random".
func (r Random) Name() string { return "random" }

// Evaluate returns a score in [-100, 100] derived from p's hash and the seed.
func (r Random) Evaluate(p *game.Position) int32 {
	return int32(splitmix64(p.Hash()^r.Seed)%201) - 100
}

// String names the evaluator with its seed, e.g. "random:42".
func (r Random) String() string { return "random:" + strconv.FormatUint(r.Seed, 10) }

// splitmix64 is the SplitMix64 finaliser (Steele et al. 2014), a cheap
// high-quality 64-bit mixer.
func splitmix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}
