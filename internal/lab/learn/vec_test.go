package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablut-ai/tablut/ai/cnn"
)

// TestDotAxpyMatchGo: the dispatching dot and axpy (assembly where the CPU
// has AVX2 and the length allows) agree with the Go loops to float32
// rounding, on every run length the passes use and on others.
func TestDotAxpyMatchGo(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, n := range []int{1, 3, 9, 15, 16, 32, 48, 96, 192, 200, 1024} {
		a, b := make([]float32, n), make([]float32, n+5)
		for i := range a {
			a[i] = float32(r.NormFloat64())
		}
		for i := range b {
			b[i] = float32(r.NormFloat64())
		}
		var scale float64
		for i := range a {
			scale += math.Abs(float64(a[i] * b[i]))
		}
		assert.InDelta(t, dotGo(a, b), dot(a, b), 1e-5*scale+1e-6, "dot, n=%d", n)
		y1 := append([]float32(nil), b...)
		y2 := append([]float32(nil), b...)
		axpyGo(0.37, a, y1)
		axpy(0.37, a, y2)
		assert.InDeltaSlice(t, y1, y2, 1e-5, "axpy, n=%d", n)
		assert.Equal(t, b[n:], y2[n:], "axpy writes past x's length, n=%d", n)
	}
}

// BenchmarkGradient is one batch of 256 samples through forward and backward
// passes on one goroutine, for each input kind (go test -bench Gradient
// ./internal/lab/learn).
func BenchmarkGradient(b *testing.B) {
	for _, input := range []cnn.Input{cnn.InputSeed, cnn.InputPieces} {
		b.Run(input.String(), func(b *testing.B) {
			net := cnn.NewRandomInput(rand.New(rand.NewPCG(1, 2)), 0.1, input)
			lr, err := newLearner(net, defaultAdam, 1)
			if err != nil {
				b.Fatal(err)
			}
			batch := samples(b, 256, 3)
			g := newGrads(input)
			b.ResetTimer()
			for range b.N {
				lr.Gradient(batch, g)
			}
			b.ReportMetric(float64(b.N*len(batch))/b.Elapsed().Seconds(), "samples/s")
		})
	}
}
