package cnn

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/weights"
)

// benchPositions returns 256 positions of seeded random games.
func benchPositions() []game.Position {
	return RandomGamePositions(256, rand.New(rand.NewPCG(81, 82)))
}

// BenchmarkQuantizedShipped times the players' integer path (Quantize's
// kernel, without the evaluation cache) of the shipped piece-planes network
// learned2 from positions, as the search calls it, and its stages: the
// layer-1 table rows, layers 2 and 3, and layer 4 with the side's biases.
func BenchmarkQuantizedShipped(b *testing.B) {
	raw, err := weights.Open("learned2")
	require.NoError(b, err)
	n, err := Load(bytes.NewReader(raw))
	require.NoError(b, err)
	q := Quantize(n)
	pos := benchPositions()
	b.Run("evaluate-"+q.Kernel().String(), func(b *testing.B) {
		i := 0
		for b.Loop() {
			sink += float32(q.Evaluate(&pos[i&255]))
			i++
		}
	})
	b.Run("forward-"+q.Kernel().String(), func(b *testing.B) {
		var in [256][81]float32
		for i := range pos {
			Encode(&pos[i], &in[i])
		}
		i := 0
		for b.Loop() {
			sink += q.ForwardSide(&in[i&255], i&1 == 1)
			i++
		}
	})
	var d [256][81]uint8
	var kings [256]int
	for i := range pos {
		var in [81]float32
		Encode(&pos[i], &in)
		kings[i], _ = digitsOf(&in, &d[i])
	}
	s := new(scratch)
	b.Run("layer1", func(b *testing.B) {
		i := 0
		for b.Loop() {
			s.patchIndicesFast(&d[i&255], kings[i&255])
			if idx := (*[49]int32)(s.idx[:49]); offsetInput(q.kernel) {
				q.boardPatches8(&s.b1, idx)
			} else {
				q.boardPatches(&s.a1, idx)
			}
			i++
		}
	})
	b.Run("layers23", func(b *testing.B) {
		for b.Loop() {
			q.layers23(s, q.kernel)
		}
	})
	b.Run("layer4", func(b *testing.B) {
		for b.Loop() {
			sink += q.layer4(&s.a3, q.kernel, &q.b3[1])
		}
	})
}
