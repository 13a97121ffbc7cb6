//go:build race

package ai

// raceEnabled is true under the race detector. Tests whose work runs on one
// goroutine, where the detector has nothing to find, do less under it (or
// skip); CI runs them at full size without it (.ci/run, "full-size tests").
const raceEnabled = true
