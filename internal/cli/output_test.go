package cli

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
)

// File outputs: an empty name and a folder given as a network are one clear
// line each; a symlink output stays a symlink and an existing file keeps its
// mode (issue 39, items 1 and 12).
func TestOutputsAndNetworkPaths(t *testing.T) {
	dir := t.TempDir()
	net := testNetFile(t, dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"filters", "-o", ""}, "-o needs a file name"},
		{[]string{"relabel", net, "", "x"}, "needs the names of its input and output files"},
		{[]string{"filters", "-weights", dir, "-o", filepath.Join(dir, "f.png")}, dir + " is a folder, not a network file"},
		{[]string{"relabel", dir, filepath.Join(dir, "out.tnn"), "x"}, dir + " is a folder, not a network file"},
		{[]string{"train", "-init", dir, "-out", filepath.Join(dir, "run")}, "is a folder, not a network file"},
		{[]string{"filters", "-o", dir}, "it is a folder, not a file"},
	} {
		var err error
		out := captureStdout(t, func() { err = run(c.args) })
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.NotContains(t, err.Error(), "\n", "%v", c.args)
		assert.NotContains(t, err.Error(), ".tmp", "%v: no temporary file named", c.args)
		assert.Empty(t, out, "%v", c.args)
	}

	// A symlink stays one; the file it names gets the output, with its mode.
	target := filepath.Join(dir, "real.png")
	require.NoError(t, os.WriteFile(target, nil, 0o600))
	link := filepath.Join(dir, "link.png")
	if err := os.Symlink("real.png", link); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	runQuiet(t, "filters", "-o", link)
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link was replaced")
	fi, err = os.Stat(target)
	require.NoError(t, err)
	assert.Positive(t, fi.Size(), "the PNG went to the link's target")
	if os.PathSeparator == '/' {
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the target kept its mode")
	}
}

// testNetFile writes a Gaussian network into dir and returns its path.
func testNetFile(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "gauss.tnn")
	require.NoError(t, cnn.NewRandom(rand.New(rand.NewPCG(1, 2)), 0.3).SaveFile(path))
	return path
}
