package player

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/weights"
)

func TestCNNFromFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.tnn")
	n := cnn.NewRandom(rand.New(rand.NewPCG(1, 2)), 0.1)
	n.Label = "tiny"
	require.NoError(t, n.SaveFile(path))
	spec, err := ParseSpec("cnn:" + path)
	require.NoError(t, err)
	ev, err := NewEvaluator(spec)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(ev.Name(), "cnn:"), "evaluator name %q", ev.Name())
	spec.Depth = 1
	p, err := New(spec)
	require.NoError(t, err)
	playOut(t, p, NewRandom(1), 6)
	_, err = NewEvaluator(Spec{Kind: CNN, Net: filepath.Join(t.TempDir(), "missing.tnn")})
	assert.ErrorContains(t, err, "missing.tnn")
}

func TestResidualFromFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "res.tnn")
	n := cnn.NewRandom(rand.New(rand.NewPCG(3, 4)), 0.05)
	n.Label, n.Base, n.Scale = "res", cnn.BaseHeuristic, 2000
	require.NoError(t, n.SaveFile(path))
	ev, err := NewEvaluator(Spec{Kind: CNN, Net: path})
	require.NoError(t, err)
	require.IsType(t, &ai.Residual{}, ev)
	assert.EqualValues(t, 2000, ev.(*ai.Residual).Scale)
	assert.Equal(t, "cnn:res+heuristic", ev.Name())
	p := game.StartPosition()
	want := ai.NewHeuristic().Evaluate(&p) + int32(int64(n.Evaluate(&p))*2000/ai.MaxEval)
	assert.Equal(t, want, ev.Evaluate(&p), "residual evaluation")
}

// TestShippedNetworks: every shipped network loads and evaluates; the
// champion is a residual network with one set of heuristic weights per side.
func TestShippedNetworks(t *testing.T) {
	p := game.StartPosition()
	for _, name := range weights.Names() {
		ev, err := NewEvaluator(Spec{Kind: CNN, Net: name})
		require.NoError(t, err, name)
		v := ev.Evaluate(&p)
		assert.True(t, v > -ai.MaxEval && v < ai.MaxEval, "%s: start position scored %d", name, v)
		if name != "champion" {
			continue
		}
		require.IsType(t, &ai.Sided{}, ev, "champion evaluator")
		s := ev.(*ai.Sided)
		for _, side := range []ai.Evaluator{s.White, s.Black} {
			require.IsType(t, &ai.Residual{}, side, "champion side evaluator")
			r := side.(*ai.Residual)
			assert.EqualValues(t, 30, r.Scale, "champion side evaluator scale")
			if assert.IsType(t, &ai.Heuristic{}, r.Base, "champion base") {
				assert.Positive(t, r.Base.(*ai.Heuristic).W.Capture, "champion base: the heuristic with a capture weight")
			}
		}
	}
}
