package cnn

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/pageturn"
)

// The integer path. A Quantized network is a snapshot of a Network converted at
// load time (no second file) for fast evaluation in the engine:
//
//   - Layer 1 is a table of patches. A layer-1 output pixel depends only on the
//     3x3 squares under the kernel, and a board holds at most one king, so the
//     patches are the 3^9 = 19,683 placements of empty squares and pawns plus
//     the 9*3^8 = 59,049 ones with the king on one of the nine taps: 78,732
//     patches. For each the table stores the 64 activations, tanh computed in
//     float64 and rounded to 12 bits (round(2047*tanh)), so layer 1 costs 49
//     row copies and carries no error but the final rounding. The table takes
//     10 MB per network, and its copy narrowed for the VNNI int8 kernels
//     (t1b) 5 MB; a Quantized keeps only the one its kernel reads (the
//     window runs two or three networks at once, each in a memory budget).
//   - Layers 2 and 3 use 16-bit integers: activations with scale 1/2047 and
//     weights with one scale per output filter, the finest that keeps every
//     sum inside int32 whatever the activations (2047*sum|q| < 2^31) and
//     every weight inside int16. For the shipped networks that keeps the
//     output error well inside the tolerance (docs/measurements.md, section
//     Network speed (amd64), max_abs_diff).
//   - Layers 2 and 3 also have an int8 version (quant8.go): twice the
//     products per instruction, but with the saturated networks'
//     near-Gaussian weights and activations its rounding errors add up to
//     far more than the tolerance on the output, while the piece-planes
//     networks, whose scores are not saturated, stay within it after
//     quantisation-aware fine-tuning (internal/lab/learn, qat.go; the errors:
//     docs/measurements.md, section Int8 precision of the shipped networks).
//     Quantize measures the int8 error of each network on 1,000 real-game
//     calibration boards and uses the int8 kernel only where it is small
//     enough (and faster: the rows kernels of rows.go, and SDOT on arm64).
//   - tanh between layers is a lookup: the int32 sum times a per-filter float32
//     factor gives x = pre-activation*lutRes; x is clamped, rounded to the
//     nearest integer (ties to even, as VCVTPS2DQ does) and indexes a table of
//     round(2047*tanh(i/lutRes)). The int32-to-float32 conversion, the product,
//     the clamp and the rounding are exact IEEE operations, so every kernel
//     gets the same activations.
//   - Layer 3's activations feed layer 4 as float32, from a table of tanh
//     values, and layer 4 (144 multiply-adds) and the final tanh are float32:
//     in Go, or in AVX-512 assembly that sums in the same order (layer4).
//
// Every integer kernel computes exactly what the pure-Go one does
// (quant_test.go checks it on random and fuzzed weights); the output differs
// from the float reference within Int8Tolerance (tablut bench cnn prints the
// largest difference on its boards).

// Layer-1 patch table geometry.
const (
	plainPatches = 19683    // 3^9: empty, white pawn, black pawn on nine taps
	kingPatches  = 9 * 6561 // king on one tap, 3^8 for the other eight
	numPatches   = plainPatches + kingPatches
	actScale     = 2047            // activation = round(actScale * tanh(pre))
	maxWeight    = 32767           // largest integer weight
	lutRes2      = 1024            // layer-2 tanh table: steps per unit of pre-activation
	lutHalf2     = 4864            // table covers [-4.75, 4.75]; 2047*tanh(x) rounds to 2047 from 4.52
	lutRes3      = 512             // layer-3 table (float32 values, feeding layer 4)
	lutHalf3     = 6 * lutRes3     // covers [-6, 6]; 1-tanh(6) < 1.3e-5
	kingDigitsAt = plainPatches    // first king patch
	kingStride   = kingPatches / 9 // patches per king tap
	layer2Pairs  = 3 * 64 / 2      // channel pairs of one kernel row of layer 2
	layer3Pairs  = 3 * 32 / 2      // and of layer 3
	layer2Quads  = 3 * 64 / 4      // channel quads of one kernel row of layer 2 (int8)
	layer3Quads  = 3 * 32 / 4      // and of layer 3
	a1Size       = size1           // 7x7x64 activations
	a2Size       = size2           // 5x5x32 activations
	a3Size       = size3           // 3x3x16 int32 sums
)

// Quantized is the integer version of a Network, built by Quantize. It is an
// evaluator (Name, Evaluate) like the Network it comes from, faster and
// within Int8Tolerance of it on the output (docs/measurements.md, section
// Network speed (amd64)). It is immutable and
// safe for concurrent use, except EnableCache.
type Quantized struct {
	name   string
	float  *Network // a private copy of the float network: boards outside the encoding
	kernel IntKernel

	t1 []int16 // patch table: numPatches rows of 64 activations
	// t1b is t1 narrowed for the VNNI int8 kernels: narrow8 of each
	// activation plus 128 (narrowOffset), the bytes VPDPBUSD reads, so that
	// layer 1 is 64-byte row copies and no narrowing.
	t1b []uint8
	// layer1 is set once the table is built (the kernel tests of layers 2
	// and 3 build none).
	layer1 bool

	w2  [32 * 9 * 64]int16 // layer 2, public layout [out][ky][kx][in]
	w2p [3 * layer2Pairs * 32 * 2]int16
	m2  [32]float32 // (1/actScale) * weight scale * lutRes2
	// lut2 has one spare entry: the gathers read 4 bytes at each index.
	lut2 [2*lutHalf2 + 2]int16

	// Layer 2 in int8 (quant8.go): weights in the public layout, packed in
	// channel quads for VPDPBUSD and VPMADDUBSW, the requantisation factors
	// and the offset correction of VPDPBUSD's unsigned activations.
	w2b    [32 * 9 * 64]int8
	w2bq   [3 * layer2Quads * 32 * 4]int8
	m2b    [32]float32
	bias2b [32]int32
	err8   float64 // the int8 path's largest output error on the calibration boards

	w3 [16 * 9 * 32]int16
	// w2n and w3n: the int16 weights as [ky][kx][in][out] for the NEON
	// kernels (SMLAL by element: one channel's filters in a vector).
	w2n [9 * 64 * 32]int16
	w3n [9 * 32 * 16]int16
	// w2s and w3s: pairs of filters' int16 weights in one int64 for
	// IntSWAR, [out/2][ky][kx][in] (packSWAR).
	w2s [16 * 9 * 64]int64
	w3s [8 * 9 * 32]int64
	// w2bs and w3bs: the int8 weights packed likewise, for Int8GoRows
	// (w2bs as [ky][kx][out/2][in], one tap's filter pairs together).
	w2bs [9 * 16 * 64]int64
	w3bs [8 * 9 * 32]int64
	w3p  [3 * layer3Pairs * 16 * 2]int16
	m3   [16]float32
	lut3 [2*lutHalf3 + 1]float32

	// Layer 3 in int8, likewise (the activations are layer 2's, narrowed).
	w3b    [16 * 9 * 32]int8
	w3bq   [3 * layer3Quads * 16 * 4]int8
	m3b    [16]float32
	bias3b [16]int32

	w4 [size3]float32 // layer 4, [ky][kx][in], float

	// pieces: an InputPieces network; b3 holds its layer-3 biases in table
	// units (SideBias times lutRes3), [side to move][3*3*16].
	pieces bool
	b3     [2][size3]float32

	// rows holds layer 2's patch rows (rows.go) for Int8AVX512Rows: the
	// copies of WithKernel share it.
	rows *patchRows
	// wasm is the SIMD module's instance for Int8WasmRows, which keeps
	// the rows in its own memory (rows stays nil): copies share it.
	wasm *wasmNet

	cache *evalCache
}

// Quantize returns the integer version of n, evaluated with the default
// kernel (see WithKernel). It takes a snapshot: later changes to n's weights
// do not reach it. Building the layer-1 table takes some tens of
// milliseconds. It panics if a layer has the wrong size, as Prepare does.
func Quantize(n *Network) *Quantized {
	q := quantizeLayers(n)
	q.buildLayer1(n.W[0], n.Input == InputPieces)
	q.chooseWidth()
	q.keepLayer1For(q.kernel)
	q.ensureRows()
	return q
}

// keepLayer1For drops the layer-1 table that kernel k does not read: t1 for
// the int8 kernels that read t1b (offsetInput), t1b for the others.
func (q *Quantized) keepLayer1For(k IntKernel) {
	switch {
	case k == Int8WasmRows && q.wasm != nil: // the module's memory has its copy
		q.t1, q.t1b = nil, nil
	case offsetInput(k):
		q.t1 = nil
	default:
		q.t1b = nil
	}
}

// quantizeLayers builds everything of Quantize but the layer-1 table (the
// kernel tests feed layers 2 and 3 random activations instead).
func quantizeLayers(n *Network) *Quantized {
	n.pack() // checks the layer sizes
	q := &Quantized{name: n.Name(), float: n.Clone(), kernel: defaultIntKernel}
	quantizeLayer(n.W[1], 32, 64, q.w2[:], q.m2[:], lutRes2)
	quantizeLayer(n.W[2], 16, 32, q.w3[:], q.m3[:], lutRes3)
	packPairs(q.w2[:], 32, 64, q.w2p[:])
	packPairs(q.w3[:], 16, 32, q.w3p[:])
	packOutLast(q.w2[:], 32, 64, q.w2n[:])
	packOutLast(q.w3[:], 16, 32, q.w3n[:])
	packSWAR(q.w2[:], 32, 64, q.w2s[:])
	packSWAR(q.w3[:], 16, 32, q.w3s[:])
	quantizeLayerInt8(n.W[1], 32, 64, q.w2b[:], q.w2bq[:], q.m2b[:], q.bias2b[:], lutRes2)
	quantizeLayerInt8(n.W[2], 16, 32, q.w3b[:], q.w3bq[:], q.m3b[:], q.bias3b[:], lutRes3)
	packSWAR8(q.w2b[:], q.w2bs[:])
	var w3 [len(q.w3b)]int16
	for i, w := range q.w3b {
		w3[i] = int16(w)
	}
	packSWAR(w3[:], 16, 32, q.w3bs[:])
	copy(q.lut2[:], act2Table[:])
	q.lut3 = act3Table
	copy(q.w4[:], n.W[3])
	if n.Input == InputPieces {
		q.pieces = true
		for i, b := range n.SideBias {
			q.b3[i/size3][i%size3] = b * lutRes3
		}
	}
	return q
}

// WithKernel returns a copy of q that evaluates with kernel k (without an
// evaluation cache), or an error if this machine cannot run k. The copy
// shares q's layer-1 table when k reads the same one, and builds its own
// otherwise (some tens of milliseconds).
func (q *Quantized) WithKernel(k IntKernel) (*Quantized, error) {
	if !k.Supported() {
		return nil, fmt.Errorf("integer kernel %s is not supported by this CPU or build", k)
	}
	c := *q
	c.kernel, c.cache = k, nil
	missing := offsetInput(k) && c.t1b == nil || !offsetInput(k) && c.t1 == nil
	if k == Int8WasmRows && c.wasm != nil {
		missing = false // the module reads its own copy
	}
	if c.layer1 && missing {
		c.buildLayer1(c.float.W[0], c.pieces)
		c.keepLayer1For(k)
	}
	c.ensureRows()
	if k == Int8WasmRows {
		c.keepLayer1For(k) // the module has copied t1b
	}
	return &c, nil
}

// Kernel returns the integer kernel q evaluates with.
func (q *Quantized) Kernel() IntKernel { return q.kernel }

// Name returns the float network's name, "cnn:" and its label: the integer
// path is the same evaluator, computed differently.
func (q *Quantized) Name() string { return q.name }

// Float returns a copy of the float network q was built from.
func (q *Quantized) Float() *Network { return q.float.Clone() }

// EnableCache gives q an evaluation cache of about 2^logSize entries, as
// Network.EnableCache does. Call it while no goroutine evaluates with q.
func (q *Quantized) EnableCache(logSize int) {
	if logSize <= 0 {
		q.cache = nil
		return
	}
	q.cache = newEvalCache(min(max(logSize, 10), 26))
}

// quantAct returns the integer activation of the value t in [-1, 1].
func quantAct(t float64) int16 {
	return int16(math.RoundToEven(t * actScale))
}

// patchIndex returns the row of the patch table for the tap digits d (0
// empty, 1 white pawn, 2 black pawn; tap t = ky*3+kx is digit t, the lowest
// first) with the king on tap king (-1 if none; its digit is ignored).
func patchIndex(d *[9]uint8, king int) int {
	idx := 0
	if king < 0 {
		for t := 8; t >= 0; t-- {
			idx = idx*3 + int(d[t])
		}
		return idx
	}
	for t := 8; t >= 0; t-- {
		if t != king {
			idx = idx*3 + int(d[t])
		}
	}
	return kingDigitsAt + king*kingStride + idx
}

// buildLayer1 fills the patch tables (t1 and t1b) from the layer-1 weights w0
// ([out][ky][kx], one input channel). The ten groups of patches (no king, king
// on tap 0..8) are built in parallel, and tanh goes through quantTanh, which
// skips most math.Tanh calls: about 5 million activations take some tens of
// milliseconds.
func (q *Quantized) buildLayer1(w0 []float32, pieces bool) {
	q.t1 = make([]int16, numPatches*64)
	q.t1b = make([]uint8, numPatches*64)
	q.layer1 = true
	qt := newQuantTanh()
	jobs := make(chan int, 10)
	for king := -1; king < 9; king++ {
		jobs <- king
	}
	close(jobs)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), 10) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for king := range jobs {
				q.buildPatches(w0, king, qt, pieces)
			}
		}()
	}
	wg.Wait()
}

// buildPatches fills the rows of the patches with the king on tap king (-1:
// the patches without a king), enumerating the other taps' digits like an
// odometer. With pieces (an InputPieces network) a piece adds the weight of
// its own plane, [out][ky][kx][plane]; otherwise the single plane's weight
// times the piece's value.
func (q *Quantized) buildPatches(w0 []float32, king int, qt *quantTanh, pieces bool) {
	var d [9]uint8
	for n := 1; ; n++ {
		if n%64 == 0 {
			pageturn.Give() // in a browser, the page's turn (tens of ms in all)
		}
		var pre [64]float64
		for t := 0; t < 9; t++ {
			var v float64
			var plane int
			switch {
			case t == king:
				v, plane = ValueKing, 2
			case d[t] == 1:
				v, plane = ValueWhite, 0
			case d[t] == 2:
				v, plane = ValueBlack, 1
			default:
				continue
			}
			for o := range pre {
				if pieces {
					pre[o] += float64(w0[(o*9+t)*3+plane])
				} else {
					pre[o] += float64(w0[o*9+t]) * v
				}
			}
		}
		at := patchIndex(&d, king) * 64
		row, row8 := q.t1[at:][:64], q.t1b[at:][:64]
		for o, p := range pre {
			row[o] = qt.of(p)
			row8[o] = narrowOffset(row[o])
		}
		t := 0
		for ; t < 9; t++ {
			if t == king {
				continue
			}
			if d[t] < 2 {
				d[t]++
				break
			}
			d[t] = 0
		}
		if t == 9 {
			return
		}
	}
}

// quantTanh computes quantAct(math.Tanh(p)) exactly, faster: it evaluates
// the rational tanh of tanh.go in float64 (absolute error below 1e-6, so
// below 0.003 after scaling by actScale) and calls math.Tanh only when the
// scaled value is within 0.01 of a rounding boundary.
type quantTanh struct{}

func newQuantTanh() *quantTanh { return &quantTanh{} }

func (*quantTanh) of(p float64) int16 {
	x := min(max(p, -tanhClamp), tanhClamp)
	x2 := x * x
	num := ((((((tanhA13*x2+tanhA11)*x2+tanhA9)*x2+tanhA7)*x2+tanhA5)*x2+tanhA3)*x2 + tanhA1) * x
	den := ((tanhB6*x2+tanhB4)*x2+tanhB2)*x2 + tanhB0
	v := num / den * actScale
	r := math.Floor(v + 0.5) // no tie can pass the test below
	if d := v - r; d < 0.49 && d > -0.49 && p < tanhClamp && p > -tanhClamp {
		return int16(r)
	}
	return quantAct(math.Tanh(p))
}

// quantizeLayer converts the float weights w ([out][ky][kx][in]) of a layer
// with nout filters of 3x3xnin to int16 with one scale per filter, and
// computes each filter's requantisation factor. The scale is the smallest
// that keeps |q| <= maxWeight and actScale*sum|q| < 2^31: rounding adds at
// most 1/2 per weight to sum|q|, hence the margin of k.
func quantizeLayer(w []float32, nout, nin int, wq []int16, m []float32, lutRes float64) {
	k := 9 * nin
	for o := 0; o < nout; o++ {
		var maxAbs, sumAbs float64
		for _, v := range w[o*k : (o+1)*k] {
			maxAbs = max(maxAbs, math.Abs(float64(v)))
			sumAbs += math.Abs(float64(v))
		}
		limit := float64(math.MaxInt32/actScale - k)
		scale := max(maxAbs/maxWeight, sumAbs/limit)
		for i, v := range w[o*k : (o+1)*k] {
			var x int16
			if scale > 0 {
				x = int16(math.RoundToEven(float64(v) / scale))
			}
			wq[o*k+i] = x
		}
		m[o] = float32(scale / actScale * lutRes)
	}
}

// packPairs lays out the weights for VPDPWSSD and VPMADDWD, which multiply
// pairs of int16 and add each pair's two products into one int32 lane:
// [ky][pair][out][2], where pair runs over the channel pairs of one kernel row
// ((kx*nin + c)/2), so that the weights of one pair for all nout filters are
// contiguous (nout*4 bytes: two zmm or four ymm registers for layer 2).
func packPairs(wq []int16, nout, nin int, dst []int16) {
	pairs := 3 * nin / 2
	for o := 0; o < nout; o++ {
		for ky := 0; ky < 3; ky++ {
			for i := 0; i < 3*nin; i++ { // i = kx*nin + c, contiguous in a row
				dst[((ky*pairs+i/2)*nout+o)*2+i%2] = wq[(o*9+ky*3)*nin+i]
			}
		}
	}
}

// requantIndex returns the tanh-table index of the int32 sum acc of a filter
// with factor m, for a table of 2*half+1 entries centred on 0: the shared
// definition of the requantisation that the assembly reproduces with
// VCVTDQ2PS, VMULPS, VMINPS, VMAXPS and VCVTPS2DQ.
func requantIndex(acc int32, m float32, half float32) int {
	x := float32(acc) * m
	x = min(max(x, -half), half)
	return int(math.RoundToEven(float64(x)))
}

// patchIndices fills idx with the patch-table rows of the 7x7 layer-1
// pixels of the board whose squares have digits d (0 empty, 1 white, 2
// black) and king square k (-1 if none).
func patchIndices(idx *[49]int32, d *[81]uint8, k int) {
	// Row codes: rc[r*7+x] is the base-3 number of squares (r, x..x+2).
	var rc [9 * 7]int32
	for r := 0; r < 9; r++ {
		row := (*[9]uint8)(d[r*9:])
		for x := 0; x < 7; x++ {
			rc[r*7+x] = int32(row[x]) + 3*int32(row[x+1]) + 9*int32(row[x+2])
		}
	}
	for i := 0; i < 49; i++ {
		idx[i] = rc[i] + 27*rc[i+7] + 729*rc[i+14]
	}
	markKing(idx, k)
}

// markKing turns the plain indices idx of the (at most nine) pixels
// whose patch holds the king on square k (-1: none) into king patches:
// their plain index counts the king's square as empty.
func markKing(idx *[49]int32, k int) {
	if k < 0 {
		return
	}
	kr, kc := k/9, k%9
	for y := max(kr-2, 0); y <= min(kr, 6); y++ {
		for x := max(kc-2, 0); x <= min(kc, 6); x++ {
			i := y*7 + x
			idx[i] = kingPatch(idx[i], (kr-y)*3+kc-x)
		}
	}
}

// pow3 holds the powers of three up to 3^8.
var pow3 = [9]int32{1, 3, 9, 27, 81, 243, 729, 2187, 6561}

// kingPatch returns the patch index of the king on tap t of the patch whose
// plain index (its nine digits, the king's tap 0) is plain: patchIndex's
// king patches, whose digits skip the king's tap, so the digits above t move
// down one place.
func kingPatch(plain int32, t int) int32 {
	p := pow3[t]
	above := plain / p // digit t (0) and the ones above it
	return kingDigitsAt + int32(t)*kingStride + plain - above*p + above/3*p
}

// patchIndicesFast is patchIndices for the evaluations: the plain indices
// in assembly where the CPU has AVX2 (patchCodes, from s.board, the digits
// padded to 128 bytes), the king's patches in Go.
func (s *scratch) patchIndicesFast(d *[81]uint8, k int) {
	idx := (*[49]int32)(s.idx[:49])
	if !hasAVX2 {
		patchIndices(idx, d, k)
		return
	}
	copy(s.board[:81], d[:]) // s.board[81:] stays zero
	patchCodes(&s.idx[0], &s.board[0])
	markKing(idx, k)
}

// boardPatches fills a1 with the layer-1 activations of the patches idx
// (patchIndices).
func (q *Quantized) boardPatches(a1 *[a1Size]int16, idx *[49]int32) {
	if hasAVX2 {
		copyRows128(&a1[0], &q.t1[0], &idx[0])
		return
	}
	for i, r := range idx {
		copy(a1[i*64:][:64], q.t1[int(r)*64:][:64])
	}
}

// boardPatches8 fills b1 with the narrowed layer-1 activations plus 128 of
// the patches idx (patchIndices), as the VNNI int8 kernels read them.
func (q *Quantized) boardPatches8(b1 *[a1Size]uint8, idx *[49]int32) {
	if hasAVX2 {
		copyRows64(&b1[0], &q.t1b[0], &idx[0])
		return
	}
	for i, r := range idx {
		copy(b1[i*64:][:64], q.t1b[int(r)*64:][:64])
	}
}

// digitsOf returns the patch digits of an encoded board and its king square,
// or ok false if in holds a value outside the encoding or more than one king.
func digitsOf(in *[81]float32, d *[81]uint8) (king int, ok bool) {
	king = -1
	for s, v := range in {
		switch v {
		case ValueEmpty:
			d[s] = 0
		case ValueWhite:
			d[s] = 1
		case ValueBlack:
			d[s] = 2
		case ValueKing:
			if king >= 0 {
				return 0, false
			}
			d[s], king = 0, s
		default:
			return 0, false
		}
	}
	return king, true
}

// Forward returns the network's output for the encoded board in (see
// Encode), computed on the integer path with q's kernel. A board that is not
// a board (a value outside the encoding, two kings) is computed by the float
// network instead.
func (q *Quantized) Forward(in *[81]float32) float32 { return q.ForwardSide(in, false) }

// ForwardSide is Forward with the side to move (black: Black to move), which
// an InputPieces network sees.
func (q *Quantized) ForwardSide(in *[81]float32, black bool) float32 {
	var d [81]uint8
	king, ok := digitsOf(in, &d)
	if !ok {
		return q.float.ForwardSide(in, black)
	}
	return q.forward(&d, king, black, q.kernel)
}

// Evaluate returns the integer path's score for White in p, as
// Network.Evaluate does for the float path (output times 10000, rounded, in
// [-9999, 9999]), through the evaluation cache if one is enabled.
func (q *Quantized) Evaluate(p *game.Position) int32 {
	c := q.cache
	if c != nil {
		if v, ok := c.probe(p.Hash()); ok {
			return v
		}
	}
	// The patch digits without a branch per square (the pieces in random
	// order mispredict a switch): Empty, WhitePawn and BlackPawn are 0, 1
	// and 2, the king's square counts as empty.
	var d [81]uint8
	digit := [4]uint8{game.Empty: 0, game.WhitePawn: 1, game.BlackPawn: 2, game.King: 0}
	for s := range d {
		d[s] = digit[p.At(game.Square(s))&3]
	}
	king := -1
	if k := p.King(); k != game.NoSquare {
		king = int(k)
	}
	v := score(q.forward(&d, king, p.SideToMove() == game.Black, q.kernel))
	if c != nil {
		c.store(p.Hash(), v)
	}
	return v
}

// scratch holds one forward pass's activations. Every layer overwrites all
// of its output, so a pass can reuse another's scratch: taking it from a pool
// saves clearing kilobytes of locals per evaluation (docs/measurements.md,
// section Inside an evaluation).
type scratch struct {
	board [128]uint8 // the board's digits (d), padded for patchCodes
	idx   [56]int32  // the patch-table rows of layer 1 (49, and patchCodes' spill)
	a1    [a1Size]int16
	b1    [a1Size]uint8 // layer 1 narrowed to 8 bits for the int8 kernels (narrow*)
	c1    [a1Size]uint8 // and their absolute values (AVX2)
	b2    [a2Size]uint8 // layer 2 likewise
	c2    [a2Size]uint8
	a2    [a2Size]int16
	a3    [a3Size]int32
	req   [80]int32          // the NEON kernels' table indices of one row
	ptrs  [49]*[rowLen]int32 // the layer-2 rows of the 49 patches (rows.go)
	n2    [a2Size]int16      // layer 2 narrowed to int8 values, for Int8GoRows
	spare [49][rowLen]int32  // rows built but not kept (rows.go, SetRowPatchLimit)
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// forward runs the integer network with kernel k (black: Black to move).
func (q *Quantized) forward(d *[81]uint8, king int, black bool, k IntKernel) float32 {
	if k == Int8WasmRows { // the whole pass in the module (ensureRows)
		return q.wasm.forward(d, king, black)
	}
	s := scratchPool.Get().(*scratch)
	s.patchIndicesFast(d, king)
	switch idx := (*[49]int32)(s.idx[:49]); {
	case k.rows(): // with q.rows (ensureRows, chooseWidth)
		q.layers23Rows(s, k)
	case offsetInput(k):
		q.boardPatches8(&s.b1, idx)
		q.layers23(s, k)
	default:
		q.boardPatches(&s.a1, idx)
		q.layers23(s, k)
	}
	var bias *[size3]float32
	if q.pieces {
		bias = &q.b3[0]
		if black {
			bias = &q.b3[1]
		}
	}
	out := q.layer4(&s.a3, k, bias)
	scratchPool.Put(s)
	return out
}

// offsetInput reports whether the kernel k reads layer 1 as narrowed
// activations plus 128 in scratch.b1 (the VNNI int8 kernels, from the table
// t1b) rather than as int16 activations in scratch.a1.
func offsetInput(k IntKernel) bool {
	return k == Int8AVX512VNNI || k == Int8AVXVNNI || k == Int8NEONDot || k.rows()
}

// layers23 computes layer 2 (with its tanh) and layer 3's int32 sums from
// the layer-1 activations in s.a1, or s.b1 where offsetInput(k).
func (q *Quantized) layers23(s *scratch, k IntKernel) {
	a1, a2, a3 := &s.a1, &s.a2, &s.a3
	switch k {
	case IntAVXVNNI, Int8AVXVNNI:
		q.layers23VNNI256(s, k, &avxVNNIKernels)
		return
	case IntAVX512VNNI:
		conv2VNNI(&a2[0], &a1[0], &q.w2p[0], &q.m2[0], &q.lut2[0])
	case IntAVX2:
		conv2AVX2(&a2[0], &a1[0], &q.w2p[0], &q.m2[0], &q.lut2[0])
	case IntGo:
		q.conv2IntGo(a2, a1)
	case IntSWAR:
		q.conv2SWAR(a2, a1)
		q.conv3SWAR(a3, a2)
		return
	case IntNEON:
		conv2NEON(&a2[0], &a1[0], &q.w2n[0], &q.m2[0], &q.lut2[0], &s.req[0])
		conv3NEON(&a3[0], &a2[0], &q.w3n[0])
		return
	case Int8NEONDot, Int8NEONRows: // rows need patches: from activations, the same sums by SDOT
		conv2Int8NEON(&a2[0], &s.b1[0], &q.w2bq[0], &q.m2b[0], &q.lut2[0], &s.req[0])
		narrowNEON(&s.b2[0], &a2[0], a2Size/16)
		conv3Int8NEON(&a3[0], &s.b2[0], &q.w3bq[0])
		return
	case Int8GoRows, Int8WasmRows: // rows need patches: from activations, the same sums by Int8Go (the module takes boards only)
		narrowGo(s.b1[:], a1[:])
		q.conv2Int8Go(a2, &s.b1)
		q.conv3Int8SWAR(a3, a2, s)
	case Int8AVX512VNNI, Int8AVX512Rows: // rows need patches: from activations, the same sums by VPDPBUSD
		conv2Int8VNNI(&a2[0], &s.b1[0], &q.w2bq[0], &q.m2b[0], &q.lut2[0], &q.bias2b[0])
		narrowVNNI(&s.b2[0], &a2[0], a2Size/32)
		conv3Int8VNNI(&a3[0], &s.b2[0], &q.w3bq[0], &q.bias3b[0])
	case Int8AVX2, Int8AVX2Rows: // rows need patches: from activations, the same sums by VPMADDUBSW
		narrowAVX2(&s.b1[0], &s.c1[0], &a1[0], a1Size/32)
		conv2Int8AVX2(&a2[0], &s.b1[0], &s.c1[0], &q.w2bq[0], &q.m2b[0], &q.lut2[0])
		narrowAVX2(&s.b2[0], &s.c2[0], &a2[0], a2Size/32)
		conv3Int8AVX2(&a3[0], &s.b2[0], &s.c2[0], &q.w3bq[0])
	case Int8Go:
		narrowGo(s.b1[:], a1[:])
		q.conv2Int8Go(a2, &s.b1)
		narrowGo(s.b2[:], a2[:])
		q.conv3Int8Go(a3, &s.b2)
	}
	switch k {
	case IntAVX512VNNI:
		conv3VNNI(&a3[0], &a2[0], &q.w3p[0])
	case IntAVX2:
		conv3AVX2(&a3[0], &a2[0], &q.w3p[0])
	case IntGo:
		q.conv3IntGo(a3, a2)
	}
}

// vnni256Kernels is one encoding of the 256-bit VNNI kernels: AVX-VNNI
// (VEX) for the machines that have it, or the AVX-512 (EVEX) twins that the
// tests run on the machines that have those.
type vnni256Kernels struct {
	conv2  func(dst *int16, src *int16, w *int16, mult *float32, lut *int16)
	conv3  func(dst *int32, src *int16, w *int16)
	conv2b func(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32)
	conv3b func(dst *int32, src *uint8, w *int8, bias *int32)
}

var (
	avxVNNIKernels = vnni256Kernels{conv2AVXVNNI, conv3AVXVNNI, conv2Int8AVXVNNI, conv3Int8AVXVNNI}
	evex256Kernels = vnni256Kernels{conv2VNNI256, conv3VNNI256, conv2Int8VNNI256, conv3Int8VNNI256}
)

// layers23VNNI256 is layers23 for IntAVXVNNI or Int8AVXVNNI, with the
// kernels of ks.
func (q *Quantized) layers23VNNI256(s *scratch, k IntKernel, ks *vnni256Kernels) {
	a1, a2, a3 := &s.a1, &s.a2, &s.a3
	if k.Bits() == 16 {
		ks.conv2(&a2[0], &a1[0], &q.w2p[0], &q.m2[0], &q.lut2[0])
		ks.conv3(&a3[0], &a2[0], &q.w3p[0])
		return
	}
	ks.conv2b(&a2[0], &s.b1[0], &q.w2bq[0], &q.m2b[0], &q.lut2[0], &q.bias2b[0])
	narrowAVXVNNI(&s.b2[0], &a2[0], a2Size/32)
	ks.conv3b(&a3[0], &s.b2[0], &q.w3bq[0], &q.bias3b[0])
}

// noBias is the layer-3 bias of a network with the seed's input: none. It is
// read only, shared so that layer4 does not clear a zero array per call.
var noBias [size3]float32

// layer4 turns layer 3's sums into float activations through the fine tanh
// table and computes the last convolution (one 144-long dot product) and its
// tanh. bias holds a piece-planes network's layer-3 biases in table units
// (nil: none). Its definition, which the assembly (layer4VNNI, layer4AVX2)
// reproduces bit for bit: the table index of sum i is x = clamp(float32(sum)
// *m3[i%16] + bias[i], +-lutHalf3) plus lutHalf3 + 1/2, truncated
// (VCVTTPS2DQ), the product and the sum each rounded to float32 (explicit
// conversions, so that no compiler fuses them); the products t*w4[i] are
// rounded likewise and added into 16 lanes i%16, pixel after pixel; the
// lanes are then added pairwise, i and i+8, i and i+4, i and i+2, i and
// i+1, as a vector reduction does.
func (q *Quantized) layer4(a3 *[a3Size]int32, k IntKernel, bias *[size3]float32) float32 {
	m := &q.m3
	if k.Bits() == 8 {
		m = &q.m3b
	}
	if bias == nil {
		bias = &noBias
	}
	switch k {
	case IntAVX512VNNI, Int8AVX512VNNI, Int8AVX512Rows:
		return tanh32(layer4VNNI(&a3[0], &m[0], &bias[0], &q.lut3[0], &q.w4[0]))
	case IntAVX2, Int8AVX2, IntAVXVNNI, Int8AVXVNNI, Int8AVX2Rows:
		return tanh32(layer4AVX2(&a3[0], &m[0], &bias[0], &q.lut3[0], &q.w4[0]))
	}
	const h = lutHalf3
	var lanes [16]float32
	for i := 0; i < a3Size; i += 16 {
		for j := range lanes {
			x := min(max(float32(float32(a3[i+j])*m[j])+bias[i+j], -h), h)
			lanes[j] += float32(q.lut3[int32(x+(h+0.5))] * q.w4[i+j])
		}
	}
	for step := 8; step > 0; step /= 2 {
		for j := 0; j < step; j++ {
			lanes[j] += lanes[j+step]
		}
	}
	return tanh32(lanes[0])
}
