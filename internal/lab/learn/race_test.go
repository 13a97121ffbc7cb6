//go:build race

package learn

// raceEnabled shrinks the training tests under the race detector, which makes
// the scalar gradient loops tens of times slower.
const raceEnabled = true
