//go:build race

package cnn

// raceEnabled shortens the slow reference comparisons under the race detector,
// which makes the allocation-heavy reference many times slower.
const raceEnabled = true
