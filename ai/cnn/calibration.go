package cnn

import (
	_ "embed" // the calibration boards
	"fmt"
	"strings"
	"sync"

	"github.com/tablut-ai/tablut/game"
)

// CalibrationSeed is the seed of the calibration boards: they are the first
// CalibrationBoards boards of `tablut bench cnn -seed 51739` (games of the
// heuristic engine at depth 2 after seeded random openings), a seed apart
// from the bench's default ones, so that the bench's boards stay held out.
// TestCalibrationBoards in internal/cli regenerates them and checks the file
// (go test ./internal/cli -run CalibrationBoards -update rewrites it after a
// change of the engine).
const CalibrationSeed = 51739

// calibrationText holds the calibration boards, one game.Position.String()
// per line.
//
//go:embed calibration.txt
var calibrationText string

// CalibrationText returns the embedded calibration file, for the test that
// regenerates it.
func CalibrationText() string { return calibrationText }

// calibrationPositions parses the embedded boards once.
var calibrationPositions = sync.OnceValues(func() ([]game.Position, error) {
	return parsePositions(calibrationText)
})

// CalibrationPositions returns the boards on which Quantize measures the
// int8 path: CalibrationBoards positions of real games (see
// CalibrationSeed). The slice is shared: do not change it.
func CalibrationPositions() ([]game.Position, error) { return calibrationPositions() }

// parsePositions reads one position per non-empty line.
func parsePositions(s string) ([]game.Position, error) {
	var out []game.Position
	for i, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		p, err := game.ParsePosition(line)
		if err != nil {
			return nil, fmt.Errorf("calibration boards, line %d: %w", i+1, err)
		}
		out = append(out, p)
	}
	return out, nil
}
