package player

import (
	"context"
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
	ev, err := NewEvaluator(Spec{Kind: CNN, Net: path, RawEval: true})
	require.NoError(t, err)
	require.IsType(t, &ai.Residual{}, ev)
	assert.EqualValues(t, 2000, ev.(*ai.Residual).Scale)
	assert.Equal(t, "cnn:res+heuristic", ev.Name())
	p := game.StartPosition()
	// The network runs on the players' path (int8 or int16 where the CPU has
	// an integer kernel): within 0.02 of the float output, 200 score units.
	net := ev.(*ai.Residual).Net
	assert.InDelta(t, n.Evaluate(&p), net.Evaluate(&p), 200, "the players' path of the network")
	want := ai.NewHeuristic().Evaluate(&p) + int32(int64(net.Evaluate(&p))*2000/ai.MaxEval)
	assert.Equal(t, want, ev.Evaluate(&p), "residual evaluation")
}

// TestNetworkLedFromFile: a pure network with heuristic terms for White
// (tablut relabel -white-terms) plays White with the heuristic added to its
// whole output and Black with the network alone; neither side is centred,
// and each side's engine gets the start level of its own evaluator.
func TestNetworkLedFromFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "led.tnn")
	n := cnn.NewRandomInput(rand.New(rand.NewPCG(5, 6)), 0.1, cnn.InputPieces)
	n.Label, n.Base, n.Scale = "led", cnn.BaseHeuristic, ai.MaxEval
	n.BaseParams = append(ai.DefaultWeights.Params(), make([]int32, ai.NumWeights)...)
	require.NoError(t, n.SaveFile(path))
	spec := Spec{Kind: CNN, Net: path}
	ev, err := NewEvaluator(spec)
	require.NoError(t, err)
	require.IsType(t, &ai.Sided{}, ev, "not centred: the sides as the file gives them")
	white, black := ev.(*ai.Sided).White, ev.(*ai.Sided).Black
	require.IsType(t, &ai.Residual{}, white)
	net := white.(*ai.Residual).Net
	assert.Same(t, net, black, "Black plays the network alone")
	assert.Equal(t, EvaluatorPath(net), EvaluatorPath(ev), "the path of the network inside")
	hybrid, err := NewEvaluator(Spec{Kind: CNN, Net: "hybrid"})
	require.NoError(t, err)
	assert.NotEmpty(t, EvaluatorPath(hybrid), "the hybrid's sides are centred residuals")
	assert.True(t, networkLed(white) && networkLed(black))
	assert.False(t, networkLed(ai.NewHeuristic()))
	assert.False(t, networkLed(&ai.Residual{Base: ai.NewHeuristic(), Net: net, Scale: 30}), "a hybrid corrects the heuristic")
	p := game.StartPosition()
	assert.Equal(t, ai.NewHeuristic().Evaluate(&p)+net.Evaluate(&p), white.Evaluate(&p))
	assert.Equal(t, [2]int32{white.Evaluate(&p), net.Evaluate(&p)}, startLevels(spec, ev))

	// A level playing such a network keeps one evaluator per side, each
	// with the noise.
	lv := Level{Name: "test", Eval: "cnn:" + path, Noise: 50}
	noisy, err := lv.evaluator(7)
	require.NoError(t, err)
	require.IsType(t, &ai.Sided{}, noisy)
	assert.InDelta(t, white.Evaluate(&p), noisy.(*ai.Sided).White.Evaluate(&p), 50)
	assert.InDelta(t, net.Evaluate(&p), noisy.(*ai.Sided).Black.Evaluate(&p), 50)
	assert.Equal(t, startLevels(spec, ev), startLevels(Spec{Kind: LevelKind, Net: "test"}, noisy), "levels without the noise")
}

// TestShippedNetworks: every shipped network loads and evaluates; the
// champion is the learned network with the hand-made heuristic's terms added
// when it plays White (and the network alone when it plays Black); the
// hybrid, the champion before it, is a residual network with one set of
// heuristic weights per side.
func TestShippedNetworks(t *testing.T) {
	p := game.StartPosition()
	for _, name := range weights.Names() {
		ev, err := NewEvaluator(Spec{Kind: CNN, Net: name})
		require.NoError(t, err, name)
		v := ev.Evaluate(&p)
		assert.True(t, v > -ai.MaxEval && v < ai.MaxEval, "%s: start position scored %d", name, v)
	}
	champ, err := LoadNet("champion")
	require.NoError(t, err)
	learned, err := LoadNet("learned")
	require.NoError(t, err)
	assert.Equal(t, "champion", champ.Label)
	assert.Equal(t, cnn.InputPieces, champ.Input, "the champion is a piece-planes network")
	assert.Equal(t, learned.W, champ.W, "the champion is the learned network")
	assert.Equal(t, learned.SideBias, champ.SideBias, "the champion is the learned network")
	assert.Equal(t, cnn.BaseHeuristic, champ.Base, "the champion adds heuristic terms")
	assert.EqualValues(t, ai.MaxEval, champ.Scale, "the champion's network keeps its whole range")
	assert.Equal(t, append(ai.DefaultWeights.Params(), make([]int32, ai.NumWeights)...), champ.BaseParams,
		"the champion adds the hand-made heuristic as White, nothing as Black")

	// As White the champion is the network plus the heuristic, as Black the
	// network alone; neither is centred. Each side's engine adds to its
	// contempt the deficit its own evaluator gives it at the start (White's).
	ev, err := NewEvaluator(Spec{Kind: CNN, Net: "champion"})
	require.NoError(t, err)
	require.IsType(t, &ai.Sided{}, ev)
	sided := ev.(*ai.Sided)
	netScore := sided.Black.Evaluate(&p)
	whiteScore := sided.White.Evaluate(&p)
	require.Negative(t, netScore, "the network puts White behind at the start")
	assert.Equal(t, netScore+ai.NewHeuristic().Evaluate(&p), whiteScore, "White's evaluator at the start")
	assert.Equal(t, [2]int32{whiteScore, netScore}, startLevels(Spec{Kind: CNN, Net: "champion"}, ev))
	assert.Zero(t, startLevels(Spec{Kind: CNN, Net: "champion", RawEval: true}, ev))
	expert, err := NewEvaluator(Spec{Kind: LevelKind, Net: "expert"})
	require.NoError(t, err)
	assert.Equal(t, [2]int32{whiteScore, netScore}, startLevels(Spec{Kind: LevelKind, Net: "expert"}, expert), "the Expert level plays the champion")
	assert.Zero(t, startLevels(Spec{Kind: Heuristic}, newHeuristic()))
	ev, err = NewEvaluator(Spec{Kind: CNN, Net: "learned"})
	require.NoError(t, err)
	assert.Equal(t, netScore, ev.Evaluate(&p), "the learned network is the champion's network, pure")
	assert.Equal(t, [2]int32{netScore, netScore}, startLevels(Spec{Kind: CNN, Net: "learned"}, ev))

	const name = "hybrid"
	// By default each side's evaluator is centred on the start position.
	ev, err = NewEvaluator(Spec{Kind: CNN, Net: name})
	require.NoError(t, err, name)
	require.IsType(t, &ai.Sided{}, ev, "hybrid evaluator")
	for _, side := range []game.Color{game.White, game.Black} {
		assert.Zero(t, ev.(*ai.Sided).ForSide(side).Evaluate(&p), "centred hybrid, %v's evaluator, start position", side)
	}
	ev, err = NewEvaluator(Spec{Kind: CNN, Net: name, RawEval: true})
	require.NoError(t, err, name)
	require.IsType(t, &ai.Sided{}, ev, "hybrid evaluator")
	s := ev.(*ai.Sided)
	for _, side := range []ai.Evaluator{s.White, s.Black} {
		require.IsType(t, &ai.Residual{}, side, "hybrid side evaluator")
		r := side.(*ai.Residual)
		assert.EqualValues(t, 30, r.Scale, "hybrid side evaluator scale")
		if assert.IsType(t, &ai.Heuristic{}, r.Base, "hybrid base") {
			assert.Positive(t, r.Base.(*ai.Heuristic).W.Capture, "hybrid base: the heuristic with a capture weight")
		}
	}
}

// TestIntegerPathSameMoves searches the bench positions at a fixed depth with
// each shipped pure network on the float path and on the integer path (the
// default kernel, or the pure-Go one where there is no other) and counts the
// positions where both choose the same move. The integer path is within a
// few thousandths of the float output, so they agree on most positions;
// where two moves score within that difference the choice may differ.
func TestIntegerPathSameMoves(t *testing.T) {
	positions, err := ai.BenchPositions()
	require.NoError(t, err)
	depth := 3
	if testing.Short() {
		depth = 2
	}
	for _, name := range []string{"learned", "challenger", "seed"} {
		n, err := LoadNet(name)
		require.NoError(t, err)
		q := cnn.Quantize(n) // int8 for learned where the CPU has AVX-512 VNNI
		if q.Kernel() == cnn.IntGo {
			continue // no assembly kernel: players use the float path
		}
		same := 0
		for _, np := range positions {
			move := func(e ai.Evaluator) game.Move {
				s := ai.NewSearcher(e, ai.Options{TTSizeMB: 4, Threads: 1})
				return s.Search(context.Background(), np.Pos, nil, ai.Limits{Depth: depth}, nil).Move
			}
			if move(n) == move(q) {
				same++
			}
		}
		t.Logf("%s, depth %d: float and integer (%s) paths choose the same move on %d of %d bench positions", name, depth, q.Kernel(), same, len(positions))
		assert.GreaterOrEqual(t, same, len(positions)*2/3, name)
	}
}

// TestNetPathSetting checks the values of TABLUT_CNN: the float path, the
// integer kernels, and a clear error for an unknown one.
func TestNetPathSetting(t *testing.T) {
	n := cnn.NewRandom(rand.New(rand.NewPCG(5, 6)), 0.1)
	r, err := netRunnerFor(n, "float")
	require.NoError(t, err)
	assert.Same(t, n, r)
	r, err = netRunnerFor(n, "go")
	require.NoError(t, err)
	require.IsType(t, &cnn.Quantized{}, r)
	assert.Equal(t, cnn.IntGo, r.(*cnn.Quantized).Kernel())
	r, err = netRunnerFor(n, "")
	require.NoError(t, err)
	if cnn.DefaultIntKernel() == cnn.IntGo {
		assert.Same(t, n, r, "no assembly kernel: the float path is faster")
	} else {
		q := r.(*cnn.Quantized)
		assert.Equal(t, cnn.Quantize(n).Kernel(), q.Kernel())
		if q.Kernel() != cnn.DefaultIntKernel() { // int8, of the same instruction set
			assert.Equal(t, 8, q.Kernel().Bits(), q.Kernel().String())
			assert.LessOrEqual(t, q.Int8Error(), cnn.Int8Tolerance)
		}
		path, err := NetPath(q)
		require.NoError(t, err)
		assert.Equal(t, q.Kernel().String(), path)
		assert.Equal(t, path, EvaluatorPath(q))
	}
	_, err = netRunnerFor(n, "sse9")
	assert.ErrorContains(t, err, "TABLUT_CNN=sse9")
	t.Setenv(PathEnv, "float")
	name, err := NetPath(cnn.Quantize(n))
	require.NoError(t, err)
	assert.Equal(t, "float32", name)
	ev, err := NetEvaluator(n)
	require.NoError(t, err)
	assert.Same(t, n, ev)
}
