package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tablut runs a tablut command as a real process (this test binary
// re-executed) and returns its standard output and error.
func tablut(t *testing.T, args ...string) (stdout string, err error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asBinary+"=1")
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if err != nil {
		return out.String(), &exec.ExitError{ProcessState: cmd.ProcessState, Stderr: []byte(errb.String())}
	}
	return out.String(), nil
}

// "tablut score" on a match's records prints the summary the match printed.
func TestScoreRepeatsTheMatchSummary(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "records")
	out, err := tablut(t, "match", "-a", "heuristic", "-b", "random", "-depth", "1", "-games", "22",
		"-max-plies", "40", "-parallel", "2", "-seed", "3", "-records", dir)
	require.NoError(t, err)
	// The match's summary: from the "A vs B: N games" line to the verdict.
	i := strings.Index(out, "heuristic vs random: 22 games")
	require.GreaterOrEqual(t, i, 0, "match output:\n%s", out)
	want := out[i:]
	want = want[:strings.Index(want, "  game records in")]
	require.Contains(t, want, "over pairs", "22 games are 11 pairs")

	got, err := tablut(t, "score", dir)
	require.NoError(t, err)
	// score names the players by their limits (as the records do).
	got = strings.Replace(got, "heuristic (depth 1)", "heuristic", -1)
	assert.Equal(t, want, got)

	_, err = tablut(t, "score", t.TempDir())
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Contains(t, string(ee.Stderr), "no game records")
}
