//go:build js

package cnn

import (
	"bytes"
	"math"
	"math/rand/v2"
	"syscall/js"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/weights"
)

// Tests of the int8-wasmrows kernel, run under Node (GOOS=js GOARCH=wasm go
// test, with $(go env GOROOT)/lib/wasm on the PATH; .ci/run does).

// wasmTestNets returns networks from tiny to saturating weights (every
// int8 weight at +-127 and every activation at +-127), one with a zero
// layer-2 filter, and a piece-planes network with small and clamping
// layer-3 biases.
func wasmTestNets(r *rand.Rand) []*Network {
	var nets []*Network
	for _, sigma := range []float64{0.01, 0.2, 1, 30} {
		n := NewRandom(r, sigma)
		for i := range 64 * 9 {
			n.W[1][i] = 0 // filter 0 of layer 2: scale 0
		}
		nets = append(nets, n)
	}
	extreme := NewRandom(r, 1)
	for l := range extreme.W {
		for i := range extreme.W[l] {
			extreme.W[l][i] = float32(1000 * (2*float64(r.IntN(2)) - 1))
		}
	}
	nets = append(nets, extreme)
	for _, b := range []float64{1, 1000} {
		p := NewInput("pieces", InputPieces)
		for l := range p.W {
			for i := range p.W[l] {
				p.W[l][i] = float32(r.NormFloat64() * 0.3)
			}
		}
		for i := range p.SideBias {
			p.SideBias[i] = float32(r.NormFloat64() * b)
		}
		nets = append(nets, p)
	}
	return nets
}

// wasmTestBoards returns digit boards: those of random games, and random
// ones with the king on each square (the king's patches at the edges and
// corners) and without a king.
func wasmTestBoards(r *rand.Rand) (ds [][81]uint8, kings []int) {
	for _, p := range RandomGamePositions(120, r) {
		var in [81]float32
		Encode(&p, &in)
		var d [81]uint8
		king, _ := digitsOf(&in, &d)
		ds, kings = append(ds, d), append(kings, king)
	}
	for king := -1; king < 81; king++ {
		var d [81]uint8
		for s := range d {
			d[s] = uint8(r.IntN(3))
		}
		if king >= 0 {
			d[king] = 0
		}
		ds, kings = append(ds, d), append(kings, king)
	}
	return ds, kings
}

// TestWasmRowsMatchGo: the module's output equals the int8 reference
// (Int8Go) bit for bit, both sides to move, on every test network and
// board, keeping all rows, at a limit that flushes, and with none kept.
func TestWasmRowsMatchGo(t *testing.T) {
	if !hasWasmSIMD {
		t.Fatal("this engine has no WebAssembly SIMD (Node 16.4 and later have)")
	}
	r := rand.New(rand.NewPCG(71, 72))
	ds, kings := wasmTestBoards(r)
	defer SetRowPatchLimit(RowPatchLimit())
	for ni, n := range wasmTestNets(r) {
		q := quantizeLayers(n) // without Quantize's calibration: slow in Node
		q.buildLayer1(n.W[0], n.Input == InputPieces)
		q.kernel = Int8WasmRows
		want := make([][2]float32, len(ds))
		for i := range ds {
			for side := range want[i] {
				want[i][side] = q.forward(&ds[i], kings[i], side == 1, Int8Go)
			}
		}
		for _, limit := range []int{DefaultRowPatchLimit, 60, 0} {
			SetRowPatchLimit(limit)
			q.wasm = newWasmNet(q)
			for i := range ds {
				for side, w := range want[i] {
					got := q.forward(&ds[i], kings[i], side == 1, Int8WasmRows)
					if math.Float32bits(w) != math.Float32bits(got) {
						t.Fatalf("network %d (%s), limit %d, board %d (king %d, black %v): %v, want %v", ni, n.Input, limit, i, kings[i], side == 1, got, w)
					}
				}
			}
			kept := q.PatchesBuilt()
			require.LessOrEqual(t, kept, wasmCapacity(int64(limit)), "limit %d", limit)
			require.Positive(t, kept)
			if limit < DefaultRowPatchLimit {
				require.Positive(t, q.RowFlushes(), "limit %d: the boards meet more patches", limit)
			} else {
				require.Zero(t, q.RowFlushes())
			}
		}
	}
}

// TestWasmRowsChosen: where the engine has SIMD, Quantize takes
// int8-wasmrows for the shipped network that runs int8 (champion).
func TestWasmRowsChosen(t *testing.T) {
	raw, err := weights.Open("champion")
	require.NoError(t, err)
	n, err := Load(bytes.NewReader(raw))
	require.NoError(t, err)
	require.Equal(t, Int8WasmRows, Quantize(n).Kernel())
}

// BenchmarkWasmRows times the champion's evaluations on 256 boards of
// random games with the pure-Go rows kernel and the SIMD module (rows
// built beforehand in both), and a bare call from Go to a JavaScript
// function, the floor of the module's per-evaluation overhead.
func BenchmarkWasmRows(b *testing.B) {
	raw, err := weights.Open("champion")
	require.NoError(b, err)
	n, err := Load(bytes.NewReader(raw))
	require.NoError(b, err)
	q := Quantize(n)
	pos := benchPositions()
	for _, k := range []IntKernel{Int8GoRows, Int8WasmRows} {
		qk, err := q.WithKernel(k)
		require.NoError(b, err)
		for i := range pos {
			qk.Evaluate(&pos[i])
		}
		b.Run(k.String(), func(b *testing.B) {
			i := 0
			for b.Loop() {
				sink += float32(qk.Evaluate(&pos[i&255]))
				i++
			}
		})
	}
	abs := js.Global().Get("Math").Get("abs")
	b.Run("js-call", func(b *testing.B) {
		for b.Loop() {
			sink += float32(abs.Invoke(-1, 2, 3, 4, 5, 6, 7, 8).Float())
		}
	})
}
