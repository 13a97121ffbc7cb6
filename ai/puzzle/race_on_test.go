//go:build race

package puzzle

// raceEnabled is true under the race detector, which slows the checker's
// plain minimax several times over: the race build checks a fixed subset
// (checkerSubset) and CI runs the whole set without it.
const raceEnabled = true
