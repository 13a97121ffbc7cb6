package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bench deadline measures the move limit with the evaluator the window's
// levels use, a network, as well as with the heuristic: a network node costs
// many heuristic nodes, so the clock is read less often per second and the
// last node before the deadline takes longer to finish (issue 60, item 8).
func TestBenchDeadlineEvaluator(t *testing.T) {
	var err error
	out := captureStdout(t, func() {
		err = run([]string{"bench", "deadline", "-searches", "2", "-movetime", "100ms", "-threads", "1", "-eval", "cnn:champion"})
	})
	require.NoError(t, err)
	assert.Contains(t, out, "deadline bench: 2 searches of 100ms, eval=cnn:champion")
	assert.Contains(t, out, "network path:")

	out = captureStdout(t, func() { err = run([]string{"bench", "deadline", "-eval", "minimax"}) })
	require.ErrorContains(t, err, `unknown evaluator "minimax"`)
	assert.Empty(t, out, "refused before any search")
}
