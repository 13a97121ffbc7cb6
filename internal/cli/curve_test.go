package cli

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/lab/curve"
)

// TestCurve: a from-zero TreeStrap run, then its learning curve: the
// references' ladder, each rated round with its Elo, the plot; run again,
// it rates only what is new; bad flags get one line.
func TestCurve(t *testing.T) {
	dir := t.TempDir()
	runQuiet(t, "learn", "-out", dir, "-input", "pieces", "-games", "0", "-val-games", "0", "-epochs", "0", "-rounds", "0",
		"-tree-rounds", "2", "-tree-games", "2", "-tree-nodes", "200", "-opening-plies", "2", "-max-plies", "12", "-chunk", "1",
		"-eval-every", "0", "-threads", "1", "-quiet")
	args := []string{"curve", "-run", dir, "-refs", "random,heuristic@depth1", "-games", "2", "-ladder-games", "2", "-every", "2"}
	var err error
	out := captureStdout(t, func() { err = run(args) })
	require.NoError(t, err)
	assert.Contains(t, out, "heuristic@depth1             Elo +")
	assert.Contains(t, out, "round 0 (0.00 h, 0 self-play games): random ")
	assert.Contains(t, out, "round 2 (")
	assert.NotContains(t, out, "round 1 (")
	assert.Contains(t, out, "200 nodes a move", "the run's own -tree-nodes")
	assert.FileExists(t, filepath.Join(dir, curve.Dir, curve.PlotFile))
	out = captureStdout(t, func() { err = run(append(args[:len(args)-1], "1")) })
	require.NoError(t, err)
	assert.Contains(t, out, "round 1 (")
	// Following a finished run whose rounds are all rated ends at once.
	out = captureStdout(t, func() { err = run(append(args, "-follow")) })
	require.NoError(t, err)
	assert.Contains(t, out, "plot:")

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"curve"}, "no run folder"},
		{[]string{"curve", "-run", t.TempDir()}, "holds no learning run"},
		{[]string{"curve", "-run", dir, "-refs", "heuristic"}, "needs a limit"},
		{[]string{"curve", "-run", dir, "-parallel", "0"}, "-parallel 0"},
		{[]string{"curve", "-run", dir, "-refs", "random,heuristic@depth1", "-games", "4", "-ladder-games", "2"}, "was measured with 2 games"},
	} {
		err := run(c.args)
		assert.ErrorContains(t, err, c.want, c.args)
	}
}
