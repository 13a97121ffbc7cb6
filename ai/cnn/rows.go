package cnn

import (
	"sync"
	"sync/atomic"
)

// Layer 2 from patch rows. A layer-1 pixel is one of the 78,732 patches
// (quant.go), so its contribution to layer 2 is fixed by its patch and by
// the kernel tap it meets: for patch P and tap t = ky*3+kx, the 32 filters'
// sums of that tap over the 64 channels,
//
//	R[P][t][f] = sum over c of a8(P)[c] * w2b[f][ky][kx][c],
//
// are 32 int32 that can be computed once. A layer-2 sum is then nine rows
// added, one per tap: 9 x 32 additions in place of 9 x 64 x 32
// multiply-adds. The sums are exactly those of the int8 kernels (integer
// additions in any order, no overflow: |sum| < 9*64*127*127 < 2^31), so the
// output is the int8 path's bit for bit.
//
// The rows of all patches would take 91 MB per network, while the 1,000
// calibration boards of real games hold about 3,000 patches, so rows are
// built the first time a patch is met (18,432 multiply-adds: VPDPBUSD with
// AVX-512, IntSWAR's packed products elsewhere) and kept, 1,152 bytes each,
// up to a limit a network (SetRowPatchLimit). When a network has kept its
// limit, it drops every row it keeps and starts again (a flush): the
// patches a game meets move on as it goes, and the ones still met are built
// again once each. Building and flushing take a lock; reading a kept
// patch's rows, one atomic load. An evaluation that loaded a row before a
// flush goes on reading it: the garbage collector keeps the row while the
// evaluation holds it.
//
// Five kernels read rows: Int8AVX512Rows (conv2Rows512), Int8AVX2Rows
// (conv2RowsAVX2), Int8NEONRows (conv2RowsNEON), Int8GoRows
// (conv2RowsGo, also the definition the others are tested against) and
// Int8WasmRows, whose module keeps rows of its own (wasmsimd.go).
// Layer 3 stays the multiply-adds of the instruction set's int8 kernel (in
// Go, IntSWAR's on int8 weights).

// rowLen is the int32s of one patch's rows: nine taps by 32 filters.
const rowLen = 9 * 32

// PatchRowBytes is the memory one patch's layer-2 rows take.
const PatchRowBytes = rowLen * 4

// rowChunk is the number of patches whose rows are allocated at once.
const rowChunk = 256

// patchRows holds the rows of the patches built so far, for one network.
type patchRows struct {
	rows [numPatches]atomic.Pointer[[rowLen]int32]
	// corr is the offset correction of unsigned activations (a+128): for
	// each tap and filter, -128 times the sum of the weights.
	corr [rowLen]int32

	mu      sync.Mutex
	free    [][rowLen]int32 // the current allocation's unused rows
	built   atomic.Int64    // patches kept
	flushes atomic.Int64    // times the kept rows were dropped at the limit
	limit   int64           // the most patches kept (rowPatchLimit)
}

// ensureRows gives q an empty set of rows if its kernel reads rows and it
// has none yet.
func (q *Quantized) ensureRows() {
	if q.kernel == Int8WasmRows {
		if q.wasm == nil {
			q.wasm = newWasmNet(q)
		}
		return
	}
	if q.kernel.rows() && q.rows == nil {
		q.rows = newPatchRows(q)
	}
}

// rowPatchLimit bounds the patches whose rows a network keeps: once it is
// reached, the network drops them all (a flush) and keeps building. With a
// limit of 0 every patch's rows are built into the evaluation's scratch
// and not kept. See SetRowPatchLimit.
var rowPatchLimit atomic.Int64

// DefaultRowPatchLimit is the number of patches whose layer-2 rows a
// network keeps unless SetRowPatchLimit says otherwise: 37.7 MB at most.
// The 11 bench positions searched to depth 7 meet about 25,000 patches.
const DefaultRowPatchLimit = 32768

func init() { rowPatchLimit.Store(DefaultRowPatchLimit) }

// SetRowPatchLimit sets how many patches' layer-2 rows (PatchRowBytes each)
// the networks quantized from then on keep; at the limit a network drops
// them all and builds again the ones still met, which costs speed when a
// search meets many more patches than the limit. The window keeps fewer,
// within its memory budget.
func SetRowPatchLimit(n int) { rowPatchLimit.Store(int64(max(n, 0))) }

// Patches is the number of distinct layer-1 patches (3x3 squares of empty,
// White, Black and king digits): no network keeps the rows of more.
const Patches = numPatches

// RowPatchLimit returns the limit SetRowPatchLimit set last.
func RowPatchLimit() int { return int(rowPatchLimit.Load()) }

// rowPointers fills ptrs with the rows of the 49 patches idx, building the
// missing ones (into spare, pixel by pixel, with a limit of 0).
func (q *Quantized) rowPointers(ptrs *[49]*[rowLen]int32, idx *[49]int32, spare *[49][rowLen]int32) {
	t := q.rows
	for i, p := range idx {
		r := t.rows[p].Load()
		if r == nil {
			r = q.buildPatchRows(p, &spare[i])
		}
		ptrs[i] = r
	}
}

// buildPatchRows computes the rows of patch p and publishes them, first
// dropping every kept row if the network keeps its limit already; with a
// limit of 0 it computes them into spare.
func (q *Quantized) buildPatchRows(p int32, spare *[rowLen]int32) *[rowLen]int32 {
	t := q.rows
	if t.limit == 0 {
		q.computeRows(p, spare)
		return spare
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if r := t.rows[p].Load(); r != nil {
		return r // built by another goroutine meanwhile
	}
	if t.built.Load() >= t.limit {
		t.flush()
	}
	if len(t.free) == 0 {
		t.free = make([][rowLen]int32, rowChunk)
	}
	r := &t.free[0]
	t.free = t.free[1:]
	q.computeRows(p, r)
	t.rows[p].Store(r)
	t.built.Add(1)
	return r
}

// flush drops every kept row (t.mu held): one atomic store per patch
// (78,732), once per limit of builds.
func (t *patchRows) flush() {
	for i := range t.rows {
		t.rows[i].Store(nil)
	}
	t.free = nil
	t.built.Store(0)
	t.flushes.Add(1)
}

// computeRows computes the rows of patch p into r.
func (q *Quantized) computeRows(p int32, r *[rowLen]int32) {
	// The patch's narrowed activations plus 128, as t1b holds them.
	var u [64]uint8
	if q.t1b != nil {
		copy(u[:], q.t1b[int(p)*64:][:64])
	} else {
		for c, v := range q.t1[int(p)*64:][:64] {
			u[c] = narrowOffset(v)
		}
	}
	if hasVNNI512 {
		buildRows512(&r[0], &u[0], &q.w2bq[0], &q.rows.corr[0])
	} else {
		q.buildRowsGo(r, &u)
	}
}

// newPatchRows returns an empty set of rows for q's int8 layer-2 weights.
func newPatchRows(q *Quantized) *patchRows {
	t := &patchRows{limit: rowPatchLimit.Load()}
	for tap := 0; tap < 9; tap++ {
		for f := 0; f < 32; f++ {
			var sum int32
			for _, w := range q.w2b[(f*9+tap)*64:][:64] {
				sum += int32(w)
			}
			t.corr[tap*32+f] = -128 * sum
		}
	}
	return t
}

// buildRowsGo is buildRows512 in Go: the rows r of the patch whose
// activations plus 128 are u, with IntSWAR's packed multiply-adds (two
// filters a 64-bit product) on the signed activations.
func (q *Quantized) buildRowsGo(r *[rowLen]int32, u *[64]uint8) {
	var a [64]int64
	for c, b := range u {
		a[c] = int64(int8(b ^ 0x80))
	}
	for tap := 0; tap < 9; tap++ {
		for p := 0; p < 16; p++ {
			w := (*[64]int64)(q.w2bs[(tap*16+p)*64:])
			var s int64
			for c, wc := range w {
				s += a[c] * wc
			}
			r[tap*32+2*p], r[tap*32+2*p+1] = unpackSWAR(s)
		}
	}
}

// packSWAR8 packs layer 2's int8 weights w ([out][ky][kx][in]) for
// buildRowsGo: dst[(t*16+p)*64+c] = w[2p][t][c] + w[2p+1][t][c]*2^32 for
// tap t.
func packSWAR8(w []int8, dst []int64) {
	for t := 0; t < 9; t++ {
		for p := 0; p < 16; p++ {
			for c := 0; c < 64; c++ {
				dst[(t*16+p)*64+c] = int64(w[(2*p*9+t)*64+c]) + int64(w[((2*p+1)*9+t)*64+c])<<32
			}
		}
	}
}

// PatchesBuilt returns the number of patches whose layer-2 rows q keeps
// (0 where its kernel does not read rows): PatchRowBytes of memory each.
func (q *Quantized) PatchesBuilt() int {
	if q.kernel == Int8WasmRows {
		kept, _ := q.wasm.counts()
		return kept
	}
	if q.rows == nil {
		return 0
	}
	return int(q.rows.built.Load())
}

// RowFlushes returns how many times q dropped its kept rows at the limit
// (SetRowPatchLimit).
func (q *Quantized) RowFlushes() int {
	if q.kernel == Int8WasmRows {
		_, flushes := q.wasm.counts()
		return flushes
	}
	if q.rows == nil {
		return 0
	}
	return int(q.rows.flushes.Load())
}

// conv2RowsGo computes layer 2 and its tanh from the rows of the 49 layer-1
// pixels: the definition conv2Rows512 reproduces, equal to conv2Int8Go, and
// Int8GoRows' layer 2.
func (q *Quantized) conv2RowsGo(a2 *[a2Size]int16, ptrs *[49]*[rowLen]int32) {
	for y := 0; y < 5; y++ {
		for x := 0; x < 5; x++ {
			var s [32]int32
			for ky := 0; ky < 3; ky++ {
				for kx := 0; kx < 3; kx++ {
					r := (*[32]int32)(ptrs[(y+ky)*7+x+kx][(ky*3+kx)*32:])
					for f := range s {
						s[f] += r[f]
					}
				}
			}
			d := (*[32]int16)(a2[(y*5+x)*32:])
			for f := range s {
				d[f] = q.lut2[requantIndexFast(s[f], q.m2b[f])+lutHalf2]
			}
		}
	}
}

// requantIndexFast is requantIndex(acc, m, lutHalf2) without math.RoundToEven:
// |x| <= lutHalf2 < 2^22, so adding 1.5*2^23 in float32 rounds x to the
// nearest integer, ties to even, as RoundToEven does (the explicit float32
// conversions keep the compiler from fusing the operations).
func requantIndexFast(acc int32, m float32) int {
	const magic = 1.5 * (1 << 23)
	x := float32(float32(acc) * m)
	x = min(max(x, -lutHalf2), lutHalf2)
	return int(float32(x+magic) - magic)
}

// layers23Rows computes layer 2 from the rows of the patches in s.idx and
// layer 3's sums with the rows kernel k: layer 3 as the int8 kernel of
// the same instruction set computes it.
func (q *Quantized) layers23Rows(s *scratch, k IntKernel) {
	q.rowPointers(&s.ptrs, (*[49]int32)(s.idx[:49]), &s.spare)
	switch k {
	case Int8AVX512Rows:
		conv2Rows512(&s.a2[0], &s.ptrs[0], &q.m2b[0], &q.lut2[0])
		narrowVNNI(&s.b2[0], &s.a2[0], a2Size/32)
		conv3Int8VNNI(&s.a3[0], &s.b2[0], &q.w3bq[0], &q.bias3b[0])
	case Int8NEONRows:
		conv2RowsNEON(&s.a2[0], &s.ptrs[0], &q.m2b[0], &q.lut2[0], &s.req[0])
		narrowNEON(&s.b2[0], &s.a2[0], a2Size/16)
		conv3Int8NEON(&s.a3[0], &s.b2[0], &q.w3bq[0])
	case Int8AVX2Rows:
		conv2RowsAVX2(&s.a2[0], &s.ptrs[0], &q.m2b[0], &q.lut2[0])
		narrowAVX2(&s.b2[0], &s.c2[0], &s.a2[0], a2Size/32)
		conv3Int8AVX2(&s.a3[0], &s.b2[0], &s.c2[0], &q.w3bq[0])
	default:
		q.conv2RowsGo(&s.a2, &s.ptrs)
		q.conv3Int8SWAR(&s.a3, &s.a2, s)
	}
}

// conv3Int8SWAR computes layer 3's sums as conv3Int8Go does, from layer 2's
// activations a2 narrowed into s.n2, with IntSWAR's packed multiply-adds
// on the int8 weights (w3bs).
func (q *Quantized) conv3Int8SWAR(a3 *[a3Size]int32, a2 *[a2Size]int16, s *scratch) {
	for i, v := range a2 {
		s.n2[i] = int16(narrow8(v))
	}
	conv3SWARWith(a3, &s.n2, &q.w3bs)
}
