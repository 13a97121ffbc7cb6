package learn

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/weights"
)

// qatNets returns the networks the QAT tests run on: the shipped piece-planes
// network and random ones of both inputs.
func qatNets(t *testing.T) []*cnn.Network {
	b, err := weights.Open("learned")
	require.NoError(t, err)
	learned, err := cnn.Load(bytes.NewReader(b))
	require.NoError(t, err)
	pn := cnn.NewRandomInput(rand.New(rand.NewPCG(8, 1)), 0.12, cnn.InputPieces)
	for i := range pn.SideBias {
		pn.SideBias[i] = float32(i%9-4) * 0.15
	}
	return []*cnn.Network{learned, pn, cnn.NewRandom(rand.New(rand.NewPCG(8, 2)), 0.08)}
}

// The fake-quantised forward pass equals cnn.Quantize's int8 output bit for
// bit, for both sides to move.
func TestQATForwardMatchesInt8(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, net := range qatNets(t) {
		q, err := cnn.Quantize(net).WithKernel(cnn.Int8Go)
		require.NoError(t, err)
		qw := newQWeights()
		w := paramsOf(net)
		qw.update(&w)
		p := newQPass()
		for i, pos := range positions(t, n, 11) {
			var in [81]float32
			cnn.Encode(&pos, &in)
			black := pos.SideToMove() == game.Black
			if i%2 == 1 {
				black = !black
			}
			want := q.ForwardSide(&in, black)
			got := p.forward(&w, qw, net.Input, &in, black)
			require.Equal(t, math.Float32bits(want), math.Float32bits(got),
				"%s, board %d (black %v): int8 path %v, QAT pass %v\n%s", net.Label, i, black, want, got, pos.String())
		}
	}
}

// The straight-through gradient of the int8 pass is close to the float
// gradient (rounding moves it a little), and a QAT step lowers the QAT loss.
func TestQATGradient(t *testing.T) {
	net := qatNets(t)[0]
	batch := samples(t, 64, 5)
	for i := range batch {
		batch[i].Black = i%2 == 1
	}
	fl, err := newLearner(net.Clone(), defaultAdam, 2)
	require.NoError(t, err)
	gf := newGrads(net.Input)
	fl.Gradient(batch, gf)
	ql, err := newLearner(net.Clone(), AdamConfig{LR: 2e-4, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}, 2)
	require.NoError(t, err)
	ql.QAT, ql.Gap = true, 4
	gq := newGrads(net.Input)
	ql.Gradient(batch, gq)
	for l := range gf {
		var dotp, nf, nq float64
		for i := range gf[l] {
			dotp += float64(gf[l][i]) * float64(gq[l][i])
			nf += float64(gf[l][i]) * float64(gf[l][i])
			nq += float64(gq[l][i]) * float64(gq[l][i])
		}
		require.Greater(t, dotp/math.Sqrt(nf*nq), 0.9, "parameter set %d: the QAT gradient points elsewhere than the float one", l)
	}
	before := ql.Gradient(batch, newGrads(net.Input))
	for range 5 {
		ql.Step(batch)
	}
	after := ql.Gradient(batch, newGrads(net.Input))
	require.Less(t, after, before)
}

// BenchmarkQATStep is BenchmarkStep on the int8 path, with and without the
// gap term (which adds a float pass).
func BenchmarkQATStep(b *testing.B) {
	for _, gap := range []float64{0, 4} {
		b.Run(fmt.Sprintf("gap=%g", gap), func(b *testing.B) {
			batch := samples(b, 256, 31)
			net := cnn.NewRandomInput(rand.New(rand.NewPCG(1, 2)), 0.1, cnn.InputPieces)
			lr, _ := newLearner(net, defaultAdam, 1)
			lr.QAT, lr.Gap = true, gap
			for b.Loop() {
				lr.Step(batch)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(batch)), "us/sample")
		})
	}
}
