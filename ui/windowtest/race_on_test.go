//go:build race

package windowtest

// raceEnabled is true under the race detector, which slows every memory access
// several times: frame timings measured then say nothing about the window.
const raceEnabled = true
