//go:build !race

package game

// raceEnabled is true under the race detector (see race_on_test.go).
const raceEnabled = false
