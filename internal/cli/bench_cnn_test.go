package cli

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
)

// benchCNNOutput runs tablut bench cnn on a few boards as a separate process
// with TABLUT_CNN set to path and returns its output and error.
func benchCNNOutput(t *testing.T, path string) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "bench", "cnn", "-boards", "20", "-time", "50ms")
	cmd.Env = append(os.Environ(), asBinary+"=1", "TABLUT_CNN="+path)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestBenchCNNLines checks bench cnn's output: one line per path of this
// machine, the players' path last in the long-standing form, and the float
// path last when TABLUT_CNN=float; a bad setting is a one-line error.
func TestBenchCNNLines(t *testing.T) {
	last := regexp.MustCompile(`^reference_evals_per_s=\d+ evals_per_s=\d+ speedup=[0-9.]+ max_abs_diff=\S+$`)
	for _, c := range []struct{ env, want string }{
		{"", cnn.DefaultIntKernel().String()},
		{"float", cnn.FloatKernel()},
		{"go", cnn.IntGo.String()},
	} {
		out, err := benchCNNOutput(t, c.env)
		require.NoError(t, err, out)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		require.Regexp(t, last, lines[len(lines)-1])
		if c.env == "" && c.want == cnn.IntGo.String() {
			c.want = cnn.FloatKernel() // no assembly kernel: players stay on float32
		}
		assert.Equal(t, "path="+c.want+" (players' path):", lines[len(lines)-2], out)
		assert.Equal(t, 1+len(cnn.IntKernels()), strings.Count(out, "path="), out)
	}
	out, err := benchCNNOutput(t, "sse9")
	require.Error(t, err)
	assert.Equal(t, 1, strings.Count(strings.TrimSpace(out), "\n")+1, out)
	assert.Contains(t, out, "TABLUT_CNN=sse9")
}
