package evolve

import "math/rand/v2"

// Purposes of derived generators, so that no two consumers share a stream.
const (
	streamInit uint64 = iota + 1
	streamPair
	streamHeuristic
	streamBreed
	streamEval
	streamBase
	streamParent
)

// splitmix64 is the SplitMix64 finaliser (Steele, Lea and Flood 2014), a
// bijective mixer used here to derive independent seeds.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// derive returns a seed that depends on the run's seed and the given
// coordinates (generation, purpose, index...), never on scheduling.
func derive(seed uint64, coords ...uint64) uint64 {
	h := splitmix64(seed)
	for _, c := range coords {
		h = splitmix64(h ^ splitmix64(c+0x632be59bd9b4e019))
	}
	return h
}

// newRand returns a PCG generator seeded from derive(seed, coords...).
func newRand(seed uint64, coords ...uint64) *rand.Rand {
	s := derive(seed, coords...)
	return rand.New(rand.NewPCG(s, splitmix64(s)))
}
