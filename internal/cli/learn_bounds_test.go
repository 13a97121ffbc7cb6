package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every out-of-bounds or non-finite learn setting is refused with one line
// naming its flag, before the run folder is made (issue 39, items 5 and 6).
func TestLearnRefusesBeforeWriting(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-batch", "2147483648"}, "-batch"},
		{[]string{"-val-games", "2147483648"}, "-val-games"},
		{[]string{"-threads", "2147483648"}, "-threads"},
		{[]string{"-epochs", "2147483648"}, "-epochs"},
		{[]string{"-rounds", "2147483648"}, "-rounds"},
		{[]string{"-games", "2147483648"}, "-games"},
		{[]string{"-qat-epochs", "2147483648"}, "-qat-epochs"},
		{[]string{"-lr", "1e308"}, "-lr"},
		{[]string{"-scale", "NaN"}, "-scale"},
		{[]string{"-init-sigma", "Inf"}, "-init-sigma"},
		{[]string{"-explore-prob", "NaN"}, "-explore-prob"},
		{[]string{"-lr", "NaN"}, "-lr"},
		{[]string{"-lr-decay", "-Inf"}, "-lr-decay"},
		{[]string{"-root-outcome", "NaN"}, "-root-outcome"},
		{[]string{"-root-lambda", "NaN"}, "-root-lambda"},
		{[]string{"-qat-lr", "Inf"}, "-qat-lr"},
		{[]string{"-qat-gap", "NaN"}, "-qat-gap"},
		{[]string{"-evolve-sigma", "NaN"}, "-evolve-sigma"},
		{[]string{"-max-plies", "-1"}, "-max-plies"},
		{[]string{"-opening-plies", "-1"}, "-opening-plies"},
		{[]string{"-explore-plies", "-1"}, "-explore-plies"},
		{[]string{"-init-sigma", "0"}, "-init-sigma"},
		{[]string{"-games", "0", "-rounds", "0"}, "no data"},
		{[]string{"-init", "."}, "is a folder"},
		{[]string{"-tree-rounds", "2147483648"}, "-tree-rounds"},
		{[]string{"-tree-rounds", "1", "-tree-nodes", "0"}, "-tree-nodes"},
		{[]string{"-tree-rounds", "1", "-tree-games", "0"}, "-tree-games"},
		{[]string{"-tree-rounds", "1", "-tree-epochs", "0"}, "-tree-epochs"},
		{[]string{"-tree-min-depth", "-1"}, "-tree-min-depth"},
		{[]string{"-tree-max-per-search", "-1"}, "-tree-max-per-search"},
		{[]string{"-tree-window", "-1"}, "-tree-window"},
		{[]string{"-games", "0", "-rounds", "0", "-tree-rounds", "1"}, "-epochs (after distillation"},
	} {
		args := append([]string{"learn", "-out", out, "-quiet"}, c.args...)
		var err error
		printed := captureStdout(t, func() { err = run(args) })
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.NotContains(t, err.Error(), "\n", "%v: one line", c.args)
		assert.Empty(t, printed, "%v", c.args)
		_, serr := os.Stat(out)
		assert.True(t, os.IsNotExist(serr), "%v: the run folder was made", c.args)
	}
}
