package cli

import (
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
)

var update = flag.Bool("update", false, "rewrite ai/cnn/calibration.txt from the generator")

const calibrationFile = "../../ai/cnn/calibration.txt"

// TestCalibrationBoards regenerates cnn's calibration boards (the first
// cnn.CalibrationBoards boards of tablut bench cnn -seed cnn.CalibrationSeed)
// and requires the embedded file to equal them, so that the file is the
// generator's output, not a hand-made list. With -update it rewrites the
// file (after a change of the engine that moves the games).
func TestCalibrationBoards(t *testing.T) {
	if testing.Short() && !*update {
		t.Skip("plays 1,000 plies of depth-2 searches")
	}
	var b strings.Builder
	for _, p := range engineGamePositions(cnn.CalibrationBoards, rand.New(rand.NewPCG(cnn.CalibrationSeed, benchStream))) {
		b.WriteString(p.String())
		b.WriteByte('\n')
	}
	if *update {
		require.NoError(t, os.WriteFile(calibrationFile, []byte(b.String()), 0o644))
		return
	}
	require.Equal(t, b.String(), cnn.CalibrationText(),
		"ai/cnn/calibration.txt is not the generator's output; if the engine changed on purpose, run go test ./internal/cli -run CalibrationBoards -update")
	pos, err := cnn.CalibrationPositions()
	require.NoError(t, err)
	require.Len(t, pos, cnn.CalibrationBoards)
}
