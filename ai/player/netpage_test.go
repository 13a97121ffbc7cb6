package player

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
)

// TestDescribeNet: the network page's filters are layer 1's weights, plane by
// plane, at cnn.Index; the brightest is the largest |w|; and the sentences
// follow the header: input kind, pure or residual, the heuristic's weights.
func TestDescribeNet(t *testing.T) {
	for _, in := range []cnn.Input{cnn.InputSeed, cnn.InputPieces} {
		n := cnn.NewRandomInput(rand.New(rand.NewPCG(1, uint64(in))), 0.2, in)
		n.Label = "x"
		p := describe(n)
		ch := in.Channels()
		require.Len(t, p.Filters, ch)
		require.Len(t, p.Planes, ch)
		var m float64
		for o := range 64 {
			for ky := range 3 {
				for kx := range 3 {
					for c := range ch {
						i := cnn.Index(0, o, ky, kx, c)
						if ch == 3 {
							i = ((o*3+ky)*3+kx)*3 + c // ai/cnn/FORMAT.md, version 4
						}
						w := n.W[0][i]
						assert.Equal(t, w, p.Filters[c][o][ky*3+kx])
						m = math.Max(m, math.Abs(float64(w)))
					}
				}
			}
		}
		assert.Equal(t, m, p.MaxAbs)
		text := strings.Join(p.Facts, " ")
		assert.Contains(t, text, "alone is the score")
		if in == cnn.InputPieces {
			assert.Contains(t, text, "three planes")
			assert.Contains(t, text, "gradient descent")
		} else {
			assert.Contains(t, text, "one plane")
			assert.Contains(t, text, "genetic algorithm")
		}
	}
	champ, err := DescribeNet("champion")
	require.NoError(t, err)
	net, _ := LoadNet("champion")
	text := strings.Join(champ.Facts, " ")
	if net.Input == cnn.InputPieces {
		assert.Len(t, champ.Filters, 3)
	}
	if net.Base != "" {
		assert.Contains(t, text, "heuristic")
		assert.NotContains(t, text, "alone is the score")
	}
}
