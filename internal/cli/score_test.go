package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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

// "tablut match -resume" goes on with a stopped match and prints the summary
// of the whole match, as one uninterrupted run does.
func TestMatchResume(t *testing.T) {
	args := []string{"match", "-a", "heuristic", "-b", "random", "-depth", "1", "-max-plies", "40", "-parallel", "2", "-seed", "4"}
	summary := func(out string) string {
		i := strings.Index(out, "heuristic vs random:")
		require.GreaterOrEqual(t, i, 0, "match output:\n%s", out)
		return out[i:strings.Index(out, "  game records in")]
	}
	whole, err := tablut(t, append(args, "-games", "10", "-records", t.TempDir())...)
	require.NoError(t, err)

	dir := t.TempDir()
	_, err = tablut(t, append(args, "-games", "6", "-records", dir)...)
	require.NoError(t, err)
	_, err = tablut(t, append(args, "-games", "10", "-records", dir)...)
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Contains(t, string(ee.Stderr), "resume that match")
	resumed, err := tablut(t, append(args, "-games", "10", "-records", dir, "-resume")...)
	require.NoError(t, err)
	assert.Equal(t, summary(whole), summary(resumed))

	_, err = tablut(t, append(args, "-games", "10", "-resume")...)
	require.ErrorAs(t, err, &ee)
	assert.Contains(t, string(ee.Stderr), "-resume needs the -records folder")
}

// "tablut match -sprt" stops once the test decides and says so; "tablut
// score -sprt" on its records gives the same verdict; a bad -sprt is refused
// with one line naming the flag.
func TestMatchSPRT(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "records")
	out, err := tablut(t, "match", "-a", "heuristic", "-b", "random", "-depth", "1", "-games", "400",
		"-max-plies", "40", "-parallel", "2", "-seed", "5", "-sprt", "0,100", "-records", dir)
	require.NoError(t, err)
	require.Contains(t, out, "SPRT H0 Elo +0, H1 Elo +100 (alpha 0.05, beta 0.05)")
	require.Contains(t, out, "H1 accepted: the results favour +100 Elo over +0 for heuristic")
	recs, err := filepath.Glob(filepath.Join(dir, "game-*.txt"))
	require.NoError(t, err)
	assert.Less(t, len(recs), 100, "stopped long before 400 games")
	assert.Contains(t, out, "heuristic vs random: "+strconv.Itoa(len(recs))+" games")

	got, err := tablut(t, "score", "-sprt", "0,100", dir)
	require.NoError(t, err)
	// score names the players by their limits (as the records do).
	got = strings.Replace(got, "heuristic (depth 1)", "heuristic", -1)
	i := strings.Index(out, "  SPRT")
	j := strings.Index(got, "  SPRT")
	require.True(t, i >= 0 && j >= 0, "match:\n%s\nscore:\n%s", out, got)
	assert.Equal(t, out[i:strings.Index(out, "  game records in")], got[j:])

	// Undecided within the games allowed.
	out, err = tablut(t, "match", "-a", "heuristic", "-b", "random", "-depth", "1", "-games", "2",
		"-max-plies", "40", "-seed", "5", "-sprt", "0,100,0.01,0.01")
	require.NoError(t, err)
	assert.Contains(t, out, "no decision yet")

	for _, bad := range []string{"100,0", "0", "0,30,0.7,0.05"} {
		_, err = tablut(t, "match", "-a", "heuristic", "-b", "random", "-depth", "1", "-games", "2", "-sprt", bad)
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, bad)
		msg := strings.TrimSpace(string(ee.Stderr))
		assert.Contains(t, msg, "-sprt: bad SPRT", bad)
		assert.NotContains(t, msg, "\n", bad)
	}
}

// "tablut score -paired BASE DIR" adds the comparison, opening by opening,
// of A's scores in the two matches; a folder that is not a match is one line.
func TestScorePaired(t *testing.T) {
	root := t.TempDir()
	for _, depth := range []string{"1", "2"} {
		_, err := tablut(t, "match", "-a", "heuristic", "-depth", depth, "-b", "random", "-games", "6",
			"-max-plies", "60", "-parallel", "2", "-seed", "9", "-records", filepath.Join(root, "d"+depth))
		require.NoError(t, err)
	}
	got, err := tablut(t, "score", "-paired", filepath.Join(root, "d1"), filepath.Join(root, "d2"))
	require.NoError(t, err)
	assert.Contains(t, got, "paired by opening with "+filepath.Join(root, "d1")+": 6 games\n")
	assert.Regexp(t, `on them A scored [01]\.\d{3} here and [01]\.\d{3} there: difference [+-]\d\.\d{3}, standard error \d\.\d{3}, 95% CI`, got)

	_, err = tablut(t, "score", "-paired", t.TempDir(), filepath.Join(root, "d2"))
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Contains(t, string(ee.Stderr), "no game records")
}

// "tablut score -paired B1,B2 D1 D2" summarises each folder with its own
// baseline and pools the two comparisons; the baselines must match the folders.
func TestScorePairedPooled(t *testing.T) {
	root := t.TempDir()
	for _, nodes := range []string{"60", "600"} {
		_, err := tablut(t, "match", "-a", "heuristic", "-nodes", nodes, "-b", "heuristic", "-nodes-b", "200", "-games", "8",
			"-max-plies", "60", "-parallel", "2", "-seed", "9", "-records", filepath.Join(root, "n"+nodes))
		require.NoError(t, err)
	}
	lo, hi := filepath.Join(root, "n60"), filepath.Join(root, "n600")
	got, err := tablut(t, "score", "-paired", lo+","+hi, hi, lo)
	require.NoError(t, err)
	assert.Contains(t, got, hi+":\n")
	assert.Contains(t, got, "\n\n"+lo+":\n")
	assert.Contains(t, got, "paired by opening with "+lo+": 8 games\n")
	assert.Contains(t, got, "paired by opening with "+hi+": 8 games\n")
	// The same pairs read both ways: equal errors, opposite differences, so
	// the pooled difference is zero.
	assert.Regexp(t, `the 2 comparisons pooled \(weighted by 1/SE²\), 16 pairs: difference [+-]0\.000, standard error \d\.\d{3}`, got)

	_, err = tablut(t, "score", "-paired", lo, hi, lo)
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Contains(t, string(ee.Stderr), "-paired: 2 records folders need 2 baselines, one each in the same order (got 1)")
}
