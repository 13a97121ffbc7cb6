//go:build arm64 && !purego

package cnn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The NEON float kernels must equal the pure-Go float kernels bit for bit.
// On arm64 the Go compiler fuses each s += x*u of conv2Go, conv3Go and
// tanh32 into one FMADDS (the Go spec allows it; the compiler does it where
// the product has no other use), and the NEON kernels do the same fused
// multiply-adds (FMLA) in the same order lane by lane: these tests would
// catch a compiler that stopped fusing as well as a kernel that went wrong.

// requireForwardBits compares the float path with and without the NEON
// kernels on one board, for both sides to move.
func requireForwardBits(t *testing.T, n *Network, in *[81]float32, what string) {
	t.Helper()
	pk := n.weights()
	for _, black := range []bool{false, true} {
		want := forward(pk, in, black, false)
		got := forward(pk, in, black, true)
		if math.Float32bits(want) != math.Float32bits(got) {
			t.Fatalf("%s (black %v): float32-neon %g (%#08x), float32-go %g (%#08x)", what, black, got, math.Float32bits(got), want, math.Float32bits(want))
		}
	}
}

// TestNEONFloatMatchesGo runs random networks, small to very large weights
// and a piece-planes one, on random boards and boards of random games.
func TestNEONFloatMatchesGo(t *testing.T) {
	require.True(t, floatAsm, "every arm64 CPU that runs Go has NEON")
	r := rand.New(rand.NewPCG(101, 102))
	pos := RandomGamePositions(40, r)
	var nets []*Network
	for _, sigma := range []float64{1e-3, 0.05, 0.3, 1, 3, 100} {
		nets = append(nets, NewRandom(r, sigma))
	}
	pieces := NewRandomInput(r, 0.4, InputPieces)
	for i := range pieces.SideBias {
		pieces.SideBias[i] = float32(r.NormFloat64())
	}
	nets = append(nets, pieces)
	for _, n := range nets {
		var in [81]float32
		for b := 0; b < 30; b++ {
			randomBoard(r, &in)
			requireForwardBits(t, n, &in, "random board")
		}
		for i := range pos {
			Encode(&pos[i], &in)
			requireForwardBits(t, n, &in, "game board")
		}
	}
}

// TestNEONTanhMatchesGo sweeps tanhAsm against tanh32, beyond the clamp.
func TestNEONTanhMatchesGo(t *testing.T) {
	var buf [4096]float32
	for start := -40000; start < 40000; start += len(buf) {
		for i := range buf {
			buf[i] = float32(start+i) / 4000
		}
		buf[0], buf[1], buf[2], buf[3] = float32(math.Inf(1)), float32(math.Inf(-1)), 1e-40, -0.0
		want := buf
		for i := range want {
			want[i] = tanh32(want[i])
		}
		tanhAsm(&buf[0], len(buf))
		for i := range buf {
			require.Equal(t, math.Float32bits(want[i]), math.Float32bits(buf[i]), "tanh at index %d", start+i)
		}
	}
}

// FuzzNEONFloat compares the NEON float path with the Go one on networks
// whose weights the fuzzer sets to extreme values.
func FuzzNEONFloat(f *testing.F) {
	f.Add(uint64(1), 0.2, []byte{0, 1, 2, 255})
	f.Add(uint64(3), 8.0, []byte{127, 128, 0, 0, 200})
	f.Add(uint64(5), 1e-5, []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, sigma float64, raw []byte) {
		if math.IsNaN(sigma) || math.IsInf(sigma, 0) || math.Abs(sigma) > 1e4 {
			t.Skip()
		}
		r := rand.New(rand.NewPCG(seed, 4))
		n := NewRandom(r, sigma)
		for i, b := range raw {
			l := i % 4
			n.W[l][(i*7919)%len(n.W[l])] = float32(int8(b)) * float32(sigma)
		}
		var in [81]float32
		for range 4 {
			randomBoard(r, &in)
			requireForwardBits(t, n, &in, "fuzzed network")
		}
	})
}

// FuzzNEONKernels compares each NEON integer kernel with the pure-Go kernel
// of its width on fuzzed weights and activations (checkKernelsEqual runs
// every kernel of the machine; this target requires the NEON ones to be
// among them: int16-neon always, int8-neondot with the dot product).
func FuzzNEONKernels(f *testing.F) {
	f.Add(uint64(2), 0.3, []byte{1, 2, 3, 128, 255})
	f.Add(uint64(4), 40.0, []byte{127, 129})
	f.Add(uint64(6), 1e-7, []byte{0})
	f.Fuzz(func(t *testing.T, seed uint64, sigma float64, raw []byte) {
		if math.IsNaN(sigma) || math.IsInf(sigma, 0) || math.Abs(sigma) > 1e6 {
			t.Skip()
		}
		require.True(t, IntNEON.Supported())
		require.Equal(t, hasDotProd, Int8NEONDot.Supported())
		r := rand.New(rand.NewPCG(seed, 5))
		n := NewRandom(r, sigma)
		for i, b := range raw {
			l := 1 + i%2
			n.W[l][(i*104729)%len(n.W[l])] = float32(int8(b)) * float32(sigma) * 3
		}
		q := quantizeLayers(n)
		var a1 [a1Size]int16
		randomActivations(r, &a1)
		for i, b := range raw {
			a1[(i*977)%a1Size] = [3]int16{-actScale, actScale, int16(int8(b))}[i%3]
		}
		checkKernelsEqual(t, q, &a1)
	})
}
