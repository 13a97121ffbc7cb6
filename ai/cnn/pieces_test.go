package cnn

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// randomPieces returns an InputPieces network with Gaussian weights and
// layer-3 biases, so that the side to move changes the output.
func randomPieces(seed uint64, sigma float64) *Network {
	r := rand.New(rand.NewPCG(seed, 77))
	n := NewRandomInput(r, sigma, InputPieces)
	for i := range n.SideBias {
		n.SideBias[i] = float32(r.NormFloat64() * 0.5)
	}
	n.Label = "pieces"
	return n
}

// TestPiecesForward: for the piece-planes input, both float kernels agree
// with the float64 reference for both sides to move, the integer path is
// within 0.02, Evaluate scores the position with its own side to move, and
// the side to move does change the output.
func TestPiecesForward(t *testing.T) {
	boards := 200
	if testing.Short() || raceEnabled {
		boards = 40
	}
	pos := RandomGamePositions(boards, rand.New(rand.NewPCG(5, 6)))
	for _, sigma := range []float64{0.05, 0.2} {
		n := randomPieces(uint64(sigma*100), sigma)
		q := Quantize(n)
		var qks []*Quantized // one copy a kernel: a copy of the other width builds its own table
		for _, k := range IntKernels() {
			qk, err := q.WithKernel(k)
			require.NoError(t, err)
			qks = append(qks, qk)
		}
		sideMatters := 0
		for i := range pos {
			var in [81]float32
			Encode(&pos[i], &in)
			for _, black := range []bool{false, true} {
				want := n.ForwardReferenceSide(&in, black)
				for name, useAsm := range kernels() {
					got := forward(n.weights(), &in, black, useAsm)
					require.InDelta(t, want, got, 1e-5, "%s kernel, sigma %g, board %d, black %v", name, sigma, i, black)
				}
				assert.InDelta(t, want, q.ForwardSide(&in, black), 0.02, "integer path, sigma %g, board %d", sigma, i)
			}
			if n.ForwardSide(&in, false) != n.ForwardSide(&in, true) {
				sideMatters++
			}
			black := pos[i].SideToMove() == game.Black
			assert.Equal(t, score(n.ForwardSide(&in, black)), n.Evaluate(&pos[i]))
			for _, qk := range qks {
				assert.Equal(t, score(qk.ForwardSide(&in, black)), qk.Evaluate(&pos[i]), "kernel %s", qk.Kernel())
			}
		}
		assert.Greater(t, sideMatters, boards/2, "the side to move should change most outputs")
	}
}

// TestPiecesOneHot: a piece-planes network reads each piece through its own
// plane: a board with one white pawn gives the first plane's weights, and
// the seed's values (1, -1, 10) do not scale them.
func TestPiecesOneHot(t *testing.T) {
	n := NewInput("onehot", InputPieces)
	// Filter 0 of layer 1 sees the king plane at the centre tap only.
	n.W[0][(0*9+4)*3+2] = 0.5
	// Layer 2 to 4 pass filter 0 of the centre pixel through.
	n.W[1][(0*9+4)*64+0] = 1
	n.W[2][(0*9+4)*32+0] = 1
	n.W[3][4*16+0] = 1
	var in [81]float32
	in[40] = ValueKing
	want := math.Tanh(math.Tanh(math.Tanh(math.Tanh(0.5))))
	assert.InDelta(t, want, n.Forward(&in), 1e-5)
	assert.InDelta(t, want, n.ForwardReference(&in), 1e-6)
	in[40] = ValueWhite // the king plane is empty now
	assert.InDelta(t, 0, n.Forward(&in), 1e-7)
}

// TestPiecesSaveLoad: version 4 keeps the input kind, the 24,912 weights and
// the 288 biases bit for bit; damaged version-4 files are refused with one
// line each.
func TestPiecesSaveLoad(t *testing.T) {
	n := randomPieces(9, 0.3)
	var buf bytes.Buffer
	require.NoError(t, n.Save(&buf))
	assert.Equal(t, uint32(4), binary.LittleEndian.Uint32(buf.Bytes()[8:]))
	assert.Equal(t, 88+len(n.Label)+1+4*(n.NumParamsOf()), buf.Len())
	assert.Equal(t, 24912+SideBiasSize, n.NumParamsOf())
	m, err := Load(bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, InputPieces, m.Input)
	assert.Equal(t, n.W, m.W)
	assert.Equal(t, n.SideBias, m.SideBias)

	le := binary.LittleEndian
	kindAt := 88 + len(n.Label) // magic..label (82+L), base length 0, scale, count 0
	mod := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), buf.Bytes()...)) }
	for _, c := range []struct {
		name, want string
		data       []byte
	}{
		{"kind", "unknown input kind 2", mod(func(b []byte) []byte { b[kindAt] = 2; return b })},
		{"channels", "layer 1 has 3 input channels, want 1 for the seed input", mod(func(b []byte) []byte { b[kindAt] = 0; return b })},
		{"shape", "layer 1 has shape 64x3x3x2", mod(func(b []byte) []byte { le.PutUint32(b[16+12:], 2); return b })},
		{"truncated biases", "of the 288 layer-3 biases", mod(func(b []byte) []byte { return b[:len(b)-8] })},
		{"nan bias", "layer-3 bias 287 is NaN", mod(func(b []byte) []byte { le.PutUint32(b[len(b)-4:], math.Float32bits(float32(math.NaN()))); return b })},
		{"trailing", "trailing bytes", mod(func(b []byte) []byte { return append(b, 0) })},
	} {
		_, err := Load(bytes.NewReader(c.data))
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
		assert.NotContains(t, err.Error(), "\n", c.name)
	}
	// A version-3 file cannot claim piece planes.
	old := mod(func(b []byte) []byte { le.PutUint32(b[8:], 3); return b })
	_, err = Load(bytes.NewReader(old))
	require.Error(t, err)
}
