package cnn

import (
	"bytes"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/weights"
)

// rowsTestNets returns the shipped networks, two Gaussian ones with the
// seed's input and a Gaussian piece-planes one; with -short (the arm64
// step under emulation), the champion and the Gaussian ones.
func rowsTestNets(t *testing.T, r *rand.Rand) []*Network {
	pieces := NewInput("pieces", InputPieces)
	for l := range pieces.W {
		for i := range pieces.W[l] {
			pieces.W[l][i] = float32(r.NormFloat64() * 0.2)
		}
	}
	nets := testNetworks(t)
	if testing.Short() || raceEnabled {
		short := nets[len(nets)-2:]
		for _, n := range nets {
			if n.Label == "champion" {
				short = append(short, n)
			}
		}
		nets = short
	}
	return append(nets, pieces)
}

// rowsTestBoards is the number of boards the rows tests use: fewer with
// -short and under the race detector.
func rowsTestBoards(n int) int {
	if testing.Short() || raceEnabled {
		return n / 4
	}
	return n
}

// layer2Both returns layer 2 of the board p as the int8 reference computes
// it with ref (conv2Int8Go) and from the rows of q (conv2RowsGo), leaving
// the rows' pointers in s.ptrs.
func layer2Both(t *testing.T, ref, q *Quantized, p *game.Position, s *scratch) (want, got [a2Size]int16) {
	d, king := testDigits(t, p)
	idx := (*[49]int32)(s.idx[:49])
	patchIndices(idx, &d, king)
	ref.boardPatches(&s.a1, idx)
	narrowGo(s.b1[:], s.a1[:])
	ref.conv2Int8Go(&want, &s.b1)
	q.rowPointers(&s.ptrs, idx, &s.spare)
	q.conv2RowsGo(&got, &s.ptrs)
	return want, got
}

// TestRowsLayer2: layer 2 from patch rows (conv2RowsGo, and the assembly
// kernel where it runs) equals the int8 path's layer 2 (conv2Int8Go)
// activation for activation, whether the rows were built from the narrowed
// layer-1 table (t1b) or from the int16 one (t1).
func TestRowsLayer2(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	pos := RandomGamePositions(rowsTestBoards(40), r)
	for _, n := range rowsTestNets(t, r) {
		both := quantizeBoth(n)
		for _, table := range []string{"t1b", "t1"} {
			q := *both
			q.rows = newPatchRows(&q)
			if table == "t1b" {
				q.t1 = nil
			} else {
				q.t1b = nil
			}
			var s scratch
			for i := range pos {
				want, got := layer2Both(t, both, &q, &pos[i], &s)
				require.Equal(t, want, got, "%s, rows from %s, board %d", n.Name(), table, i)
				if Int8AVX512Rows.Supported() {
					got = [a2Size]int16{}
					conv2Rows512(&got[0], &s.ptrs[0], &q.m2b[0], &q.lut2[0])
					require.Equal(t, want, got, "%s, rows from %s, board %d, AVX-512", n.Name(), table, i)
				}
				if Int8AVX2Rows.Supported() {
					got = [a2Size]int16{}
					conv2RowsAVX2(&got[0], &s.ptrs[0], &q.m2b[0], &q.lut2[0])
					require.Equal(t, want, got, "%s, rows from %s, board %d, AVX2", n.Name(), table, i)
				}
				if Int8NEONRows.Supported() {
					got = [a2Size]int16{}
					conv2RowsNEON(&got[0], &s.ptrs[0], &q.m2b[0], &q.lut2[0], &s.req[0])
					require.Equal(t, want, got, "%s, rows from %s, board %d, NEON", n.Name(), table, i)
				}
			}
			require.Positive(t, q.PatchesBuilt())
		}
	}
}

// TestRowsLimit: a network that keeps its limit of patches drops its rows
// and builds them again, and with a limit of 0 builds them for each
// evaluation, with the same layer 2.
func TestRowsLimit(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	pos := RandomGamePositions(30, r)
	both := quantizeBoth(NewRandom(r, 0.2))
	for _, limit := range []int64{20, 0} {
		q := *both
		q.rows = newPatchRows(&q)
		q.rows.limit = limit
		var s scratch
		for i := range pos {
			want, got := layer2Both(t, both, &q, &pos[i], &s)
			require.Equal(t, want, got, "limit %d, board %d", limit, i)
		}
		require.LessOrEqual(t, q.PatchesBuilt(), int(limit), "limit %d", limit)
		if limit > 0 {
			require.Positive(t, q.PatchesBuilt())
			require.Positive(t, q.RowFlushes(), "30 boards meet more than 20 patches")
		} else {
			require.Zero(t, q.RowFlushes())
		}
	}
}

// TestRowsBuilders: the assembly builder of a patch's rows equals the Go
// one on every patch with the king on tap 4 or none, for a shipped network
// and a Gaussian one.
func TestRowsBuilders(t *testing.T) {
	if !Int8AVX512Rows.Supported() {
		t.Skip("no AVX-512 VNNI")
	}
	r := rand.New(rand.NewPCG(23, 24))
	for _, n := range rowsTestNets(t, r)[:2] {
		q := quantizeBoth(n)
		for p := 0; p < numPatches; p += 7 {
			var want, got [rowLen]int32
			u := (*[64]uint8)(q.t1b[p*64:])
			q.buildRowsGo(&want, u)
			buildRows512(&got[0], &u[0], &q.w2bq[0], &q.rows.corr[0])
			require.Equal(t, want, got, "%s, patch %d", n.Name(), p)
		}
	}
}

// TestRowsKernels: the rows kernels of this machine give the int8
// reference's output bit for bit with either side to move, from the copies
// WithKernel makes (which get rows of their own), and Quantize's int8 choice
// is a rows kernel.
func TestRowsKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	pos := RandomGamePositions(rowsTestBoards(60), r)
	for _, n := range rowsTestNets(t, r) {
		ref := quantizeBoth(n)
		q0 := quantizedTest(n)
		if q0.Kernel().Bits() == 8 {
			require.True(t, q0.Kernel().rows(), "%s: int8 kernel %s has no rows", n.Name(), q0.Kernel())
		}
		for _, k := range []IntKernel{Int8GoRows, Int8AVX2Rows, Int8AVX512Rows, Int8NEONRows, Int8WasmRows} {
			if !k.Supported() {
				continue
			}
			q, err := q0.WithKernel(k)
			require.NoError(t, err)
			if k == Int8WasmRows {
				require.NotNil(t, q.wasm, "the module keeps the rows")
			} else {
				require.NotNil(t, q.rows)
			}
			for i := range pos {
				d, king := testDigits(t, &pos[i])
				for _, black := range []bool{false, true} {
					want := ref.forward(&d, king, black, Int8Go)
					got := q.forward(&d, king, black, k)
					require.Equal(t, math.Float32bits(want), math.Float32bits(got), "%s, kernel %s, board %d", n.Name(), k, i)
				}
			}
			require.Positive(t, q.PatchesBuilt())
		}
	}
}

// TestRowsConcurrent: goroutines evaluating with one network whose rows are
// being built, and with a small limit dropped, agree with the reference
// (run with -race for the publication of rows).
func TestRowsConcurrent(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pos := RandomGamePositions(40, r)
	q := quantizeBoth(NewRandom(r, 0.2))
	want := make([][a2Size]int16, len(pos))
	idx := make([][49]int32, len(pos))
	for i := range pos {
		d, king := testDigits(t, &pos[i])
		patchIndices(&idx[i], &d, king)
		var s scratch
		q.boardPatches(&s.a1, &idx[i])
		narrowGo(s.b1[:], s.a1[:])
		q.conv2Int8Go(&want[i], &s.b1)
	}
	for _, limit := range []int64{DefaultRowPatchLimit, 100} {
		q.rows = newPatchRows(q)
		q.rows.limit = limit
		var wg sync.WaitGroup
		var mu sync.Mutex
		bad := 0
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var ptrs [49]*[rowLen]int32
				var spare [49][rowLen]int32
				var got [a2Size]int16
				for j := range pos {
					i := (j + g*len(pos)/4) % len(pos)
					q.rowPointers(&ptrs, &idx[i], &spare)
					q.conv2RowsGo(&got, &ptrs)
					if got != want[i] {
						mu.Lock()
						bad++
						mu.Unlock()
					}
				}
			}()
		}
		wg.Wait()
		require.Zero(t, bad, "limit %d: concurrent evaluations differ from the reference", limit)
		require.LessOrEqual(t, q.PatchesBuilt(), int(min(limit, 40*49)))
		if limit == 100 {
			require.Positive(t, q.RowFlushes(), "40 boards meet more than 100 patches")
		}
	}
}

// BenchmarkRowsLayer2 times layer 2 of the shipped learned network on 256
// boards of random games from rows built beforehand, in Go and in assembly,
// and for comparison layers 2 and 3 by the multiply-add kernels.
func BenchmarkRowsLayer2(b *testing.B) {
	r := rand.New(rand.NewPCG(25, 26))
	raw, err := weights.Open("learned")
	require.NoError(b, err)
	n, err := Load(bytes.NewReader(raw))
	require.NoError(b, err)
	q := quantizeBoth(n)
	pos := RandomGamePositions(256, r)
	idx := make([][49]int32, len(pos))
	ptrs := make([][49]*[rowLen]int32, len(pos))
	for i := range pos {
		var in [81]float32
		Encode(&pos[i], &in)
		var d [81]uint8
		king, _ := digitsOf(&in, &d)
		patchIndices(&idx[i], &d, king)
		var spare [49][rowLen]int32
		q.rowPointers(&ptrs[i], &idx[i], &spare)
	}
	var a2 [a2Size]int16
	b.Run("rows-go", func(b *testing.B) {
		i := 0
		for b.Loop() {
			q.conv2RowsGo(&a2, &ptrs[i&255])
			i++
		}
	})
	if Int8AVX512Rows.Supported() {
		b.Run("rows-avx512", func(b *testing.B) {
			i := 0
			for b.Loop() {
				conv2Rows512(&a2[0], &ptrs[i&255][0], &q.m2b[0], &q.lut2[0])
				i++
			}
		})
	}
	if Int8AVX2Rows.Supported() {
		b.Run("rows-avx2", func(b *testing.B) {
			i := 0
			for b.Loop() {
				conv2RowsAVX2(&a2[0], &ptrs[i&255][0], &q.m2b[0], &q.lut2[0])
				i++
			}
		})
	}
	var s scratch
	for _, k := range []IntKernel{IntSWAR, IntAVX2, Int8AVXVNNI, Int8AVX512VNNI, Int8Go} {
		if !k.Supported() {
			continue
		}
		b.Run(k.String(), func(b *testing.B) {
			i := 0
			for b.Loop() {
				q.boardPatches(&s.a1, &idx[i&255])
				q.layers23(&s, k)
				i++
			}
		})
	}
}
