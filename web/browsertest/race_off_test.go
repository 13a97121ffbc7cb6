//go:build !race

package browsertest

// raceEnabled is true under the race detector.
const raceEnabled = false
