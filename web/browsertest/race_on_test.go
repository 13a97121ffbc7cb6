//go:build race

package browsertest

// raceEnabled is true under the race detector, which slows the native side
// of every measurement several times.
const raceEnabled = true
