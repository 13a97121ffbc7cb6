package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Bad disagree command lines and networks are refused with one line naming
// the flag or the file, and nothing is written.
func TestDisagreeRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	corrupt := filepath.Join(dir, "corrupt.tnn")
	require.NoError(t, os.WriteFile(corrupt, []byte("not a network"), 0o644))
	out := filepath.Join(dir, "report.md")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "disagree needs a network: -net cnn:NAME"},
		{[]string{"-net", "cnn:nosuch"}, `no shipped network named "nosuch"`},
		{[]string{"-net", "heuristic"}, `no shipped network named "heuristic"`},
		{[]string{"-net", "cnn:" + filepath.Join(dir, "missing.tnn")}, "cannot load network file"},
		{[]string{"-net", "cnn:" + corrupt}, "cannot load network file " + corrupt},
		{[]string{"-net", "cnn:learned", "-games", "0"}, "-games must be between 1"},
		{[]string{"-net", "cnn:learned", "-nodes", "-3"}, "-nodes must be between 1"},
		{[]string{"-net", "cnn:learned", "-referee-nodes", "0"}, "-referee-nodes must be between 1"},
		{[]string{"-net", "cnn:learned", "-top", "0"}, "-top must be between 1"},
		{[]string{"-net", "cnn:learned", "-threads", "0"}, "-threads must be between 1"},
		{[]string{"-net", "cnn:learned", "-opening-plies", "-1"}, "-opening-plies"},
		{[]string{"-net", "cnn:learned", "stray"}, `disagree takes no arguments, got "stray"`},
		{[]string{"-net", "cnn:learned", "-seed", "x"}, "disagree: invalid value"},
		{[]string{"-net", "cnn:learned", "-o", filepath.Join(dir, "no", "such", "r.md")}, "does not exist; create it"},
	} {
		args := append([]string{"disagree", "-o", out}, c.args...)
		var err error
		printed := captureStdout(t, func() { err = run(args) })
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.NotContains(t, err.Error(), "\n", "%v: one line", c.args)
		assert.Empty(t, printed, "%v printed before failing", c.args)
	}
	assert.NoFileExists(t, out)
}

// A tiny run writes its report to -o; -h prints the usage and succeeds.
func TestDisagreeWritesReport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "report.md")
	args := []string{"disagree", "-net", "learned", "-games", "2", "-nodes", "150", "-referee-nodes", "3000", "-top", "2", "-threads", "2", "-o", out}
	printed := captureStdout(t, func() { require.NoError(t, run(args)) })
	assert.Empty(t, printed, "the report goes to -o")
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	text := string(b)
	assert.True(t, strings.HasPrefix(text, "# Where cnn:learned and the heuristic disagree\n"))
	assert.Contains(t, text, "Made with `tablut disagree -net cnn:learned -games 2 -nodes 150 -opening-plies 6 -referee-nodes 3000 -top 2 -seed 1`")
	assert.Contains(t, text, "| network and heuristic agree on who is better |")

	help := captureStdout(t, func() { assert.Equal(t, 0, Main([]string{"disagree", "-h"})) })
	assert.Contains(t, help, "usage: tablut disagree -net cnn:NAME")
	list := captureStdout(t, func() { require.NoError(t, run([]string{"help"})) })
	assert.Contains(t, list, "  disagree ")
}
