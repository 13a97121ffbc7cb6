package cnn

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/weights"
)

// randomActivations fills a1 with layer-1 activations in [-actScale,
// actScale], as the patch table produces.
func randomActivations(r *rand.Rand, a1 *[a1Size]int16) {
	for i := range a1 {
		a1[i] = int16(r.IntN(2*actScale+1) - actScale)
	}
}

// checkKernelsEqual runs layers 2 and 3 of q on a1 with every integer kernel of
// this machine and requires the same bytes and sums as the pure-Go kernel of
// its width.
func checkKernelsEqual(t *testing.T, q *Quantized, a1 *[a1Size]int16) {
	t.Helper()
	var want [2]scratch
	for i, k := range []IntKernel{IntGo, Int8Go} {
		want[i].a1 = *a1
		q.layers23(&want[i], k)
	}
	checkKernelsAgainst(t, q, a1, &want, IntKernels(), new(scratch))
}

// checkKernelsAgainst runs layers 2 and 3 of q on a1 with each kernel of ks
// and requires the activations and sums of want: want[0] those of IntGo,
// want[1] those of Int8Go, on a1. got is the kernels' scratch (reused by the
// fuzzer: a scratch is 75 kB to clear); their outputs are filled with a
// marker before each kernel, so an output a kernel leaves unwritten fails.
func checkKernelsAgainst(t *testing.T, q *Quantized, a1 *[a1Size]int16, want *[2]scratch, ks []IntKernel, got *scratch) {
	t.Helper()
	var b1 [a1Size]uint8 // the input of the VNNI int8 kernels (offsetInput)
	for i, a := range a1 {
		b1[i] = narrowOffset(a)
	}
	reset := func() {
		got.a1, got.b1 = *a1, b1
		for i := range got.a2 {
			got.a2[i] = math.MinInt16
		}
		for i := range got.a3 {
			got.a3[i] = math.MinInt32
		}
	}
	for _, k := range ks {
		reset()
		q.layers23(got, k)
		w := &want[k.Bits()/8%2]              // IntGo's, or Int8Go's for an int8 kernel
		if w.a2 != got.a2 || w.a3 != got.a3 { // compared first: require's reflection is slow for the fuzzer
			require.Equal(t, w.a2, got.a2, "layer 2 of kernel %s", k)
			require.Equal(t, w.a3, got.a3, "layer 3 of kernel %s", k)
		}
		ref := k.reference() // IntGo or Int8Go: the pure-Go kernel of k's width
		if want, got := math.Float32bits(q.layer4(&w.a3, ref, nil)), math.Float32bits(q.layer4(&got.a3, k, nil)); want != got {
			t.Fatalf("layer 4 of kernel %s: %#x, want %#x", k, got, want)
		}
	}
	if !hasVNNI256 {
		return
	}
	// The AVX-512 twins of the AVX-VNNI kernels: their code, but for the
	// encoding of VPDPWSSD and VPDPBUSD (TestVNNI256Twins).
	for _, k := range []IntKernel{IntAVXVNNI, Int8AVXVNNI} {
		reset()
		q.layers23VNNI256(got, k, &evex256Kernels)
		w := &want[k.Bits()/8%2]
		if w.a2 != got.a2 || w.a3 != got.a3 {
			require.Equal(t, w.a2, got.a2, "layer 2 of the EVEX twin of %s", k)
			require.Equal(t, w.a3, got.a3, "layer 3 of the EVEX twin of %s", k)
		}
	}
}

// TestLayer4Kernels checks every kernel's layer 4 against the pure-Go one on
// random sums, small to beyond the tanh table's clamp, and on the extremes,
// without and with a piece-planes network's layer-3 biases.
func TestLayer4Kernels(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	q := quantizeLayers(NewRandom(r, 0.3))
	var a3 [a3Size]int32
	var bias [size3]float32
	for round := range 600 {
		for i := range a3 {
			switch round % 3 {
			case 0:
				a3[i] = int32(r.NormFloat64() * 1e5)
			case 1:
				a3[i] = int32(r.Uint32())
			default:
				a3[i] = [...]int32{math.MinInt32, math.MaxInt32, 0, -1, 1}[r.IntN(5)]
			}
			bias[i] = float32(r.NormFloat64() * lutRes3 * math.Pow(10, float64(round%4-2)))
		}
		b := &bias
		if round%5 == 0 {
			b = nil
		}
		for _, k := range IntKernels() {
			want := q.layer4(&a3, k.reference(), b)
			require.Equal(t, math.Float32bits(want), math.Float32bits(q.layer4(&a3, k, b)), "kernel %s round %d", k, round)
		}
	}
}

// TestIntKernelsMatchGo checks every integer kernel against the pure-Go one on
// random networks (small to very large weights, one with a zero filter) and
// random activations: the results are identical.
func TestIntKernelsMatchGo(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, sigma := range []float64{0.01, 0.2, 1, 30} {
		n := NewRandom(r, sigma)
		for i := range 64 * 9 {
			n.W[1][i] = 0 // filter 0 of layer 2 is all zero: scale 0
		}
		q := quantizeLayers(n)
		var a1 [a1Size]int16
		for range 20 {
			randomActivations(r, &a1)
			checkKernelsEqual(t, q, &a1)
		}
		// Extreme activations: all lowest and all highest.
		for _, v := range []int16{-actScale, actScale} {
			for i := range a1 {
				a1[i] = v
			}
			checkKernelsEqual(t, q, &a1)
		}
	}
}

// sumBase is a network and layer-1 activations with layer 2's sums before
// the tanh, as IntGo (sum16) and Int8Go (sum8) add them. Layer 2 is linear
// before its tanh, so the sums of activations that differ from a1 in a few
// places are these plus the products of the differences: 288 multiplications
// for each activation changed, where the pure-Go kernels do 460,800 for the
// whole layer.
type sumBase struct {
	q           *Quantized
	a1          [a1Size]int16
	sum16, sum8 [a2Size]int32
	name        string
}

// newSumBase builds a network of the given seed and spread, with the weights
// patched by extreme values derived from raw (as a fuzzed input once did),
// random activations, and their layer-2 sums, and checks that the sums give
// IntGo's and Int8Go's activations.
func newSumBase(t testing.TB, seed uint64, sigma float64, raw []byte) *sumBase {
	r := rand.New(rand.NewPCG(seed, 3))
	n := NewRandom(r, sigma)
	for i, b := range raw {
		l := 1 + i%2
		n.W[l][(i*7919)%len(n.W[l])] = float32(int8(b)) * float32(sigma)
	}
	b := &sumBase{q: quantizeLayers(n), name: fmt.Sprintf("seed %d, sigma %g", seed, sigma)}
	randomActivations(r, &b.a1)
	var b1 [a1Size]uint8
	narrowGo(b1[:], b.a1[:])
	for y := range 5 {
		for x := range 5 {
			for o := range 32 {
				var s16, s8 int32
				for ky := range 3 {
					for i := range 3 * 64 { // kx and the channel
						in := ((y+ky)*7+x)*64 + i
						w := (o*9+ky*3)*64 + i
						s16 += int32(b.a1[in]) * int32(b.q.w2[w])
						s8 += int32(int8(b1[in])) * int32(b.q.w2b[w])
					}
				}
				b.sum16[(y*5+x)*32+o], b.sum8[(y*5+x)*32+o] = s16, s8
			}
		}
	}
	var want, got [2]scratch
	b.want(&want, &b.a1, &b.sum16, &b.sum8)
	for i, k := range []IntKernel{IntGo, Int8Go} {
		got[i].a1 = b.a1
		b.q.layers23(&got[i], k)
		if got[i].a2 != want[i].a2 || got[i].a3 != want[i].a3 {
			t.Fatalf("%s: the layer-2 sums do not give the activations of %s", b.name, k)
		}
	}
	return b
}

// want computes, into w, IntGo's (w[0]) and Int8Go's (w[1]) activations and
// layer-3 sums from a1 and its layer-2 sums.
func (b *sumBase) want(w *[2]scratch, a1 *[a1Size]int16, sum16, sum8 *[a2Size]int32) {
	q := b.q
	for i := range a2Size {
		o := i % 32
		w[0].a2[i] = q.lut2[requantIndex(sum16[i], q.m2[o], lutHalf2)+lutHalf2]
		w[1].a2[i] = q.lut2[requantIndex(sum8[i], q.m2b[o], lutHalf2)+lutHalf2]
	}
	w[0].a1, w[1].a1 = *a1, *a1
	q.conv3IntGo(&w[0].a3, &w[0].a2)
	narrowGo(w[1].b2[:], w[1].a2[:])
	q.conv3Int8Go(&w[1].a3, &w[1].b2)
}

// set changes activation i of a1 to v and its layer-2 sums to match.
func (b *sumBase) set(a1 *[a1Size]int16, sum16, sum8 *[a2Size]int32, i int, v int16) {
	d16 := int32(v) - int32(a1[i])
	d8 := int32(narrow8(v)) - int32(narrow8(a1[i]))
	a1[i] = v
	p, c := i/64, i%64
	py, px := p/7, p%7
	for ky := range 3 {
		for kx := range 3 {
			y, x := py-ky, px-kx
			if y < 0 || y >= 5 || x < 0 || x >= 5 {
				continue
			}
			for o := range 32 {
				w := (o*9+ky*3+kx)*64 + c
				sum16[(y*5+x)*32+o] += d16 * int32(b.q.w2[w])
				sum8[(y*5+x)*32+o] += d8 * int32(b.q.w2b[w])
			}
		}
	}
}

// FuzzIntKernels checks the assembly integer kernels against the pure-Go
// references, on activations derived from fuzzed bytes, over networks from
// near-zero to saturating weights (some patched with extreme values).
//
// Each input once built and quantized a network and ran the pure-Go kernels
// over it whole, about 6 ms, which held the fuzzer near 8,000 runs a minute.
// The networks are now built once, with their layer-2 sums (sumBase), and
// the fuzzed bytes change activations, so a run recomputes only the products
// those changes touch; the references' layer 3 is small.
func FuzzIntKernels(f *testing.F) {
	var bases []*sumBase
	extreme := []byte{0, 1, 2, 255, 128, 127, 129, 64}
	for i, sigma := range []float64{1e-6, 0.01, 0.2, 1, 5, 30} {
		bases = append(bases, newSumBase(f, uint64(i+1), sigma, nil), newSumBase(f, uint64(i+11), sigma, extreme))
	}
	// The assembly kernels of this machine. The pure-Go ones (the references,
	// SWAR and Int8GoRows, which is Int8Go's layer 2 from patch rows) cost
	// milliseconds a run; TestIntKernelsMatchGo checks them on random and extreme
	// networks, and without assembly (the purego tag) the fuzzer checks
	// SWAR and the rows.
	var ks []IntKernel
	for _, k := range IntKernels() {
		if k != IntGo && k != Int8Go && k != IntSWAR && k != Int8GoRows {
			ks = append(ks, k)
		}
	}
	if len(ks) == 0 {
		ks = []IntKernel{IntSWAR, Int8GoRows}
	}
	f.Add(uint8(0), uint16(0), []byte{0, 1, 2, 255})
	f.Add(uint8(5), uint16(17), []byte{128, 128})
	f.Add(uint8(11), uint16(3000), []byte{})
	f.Add(uint8(10), uint16(64*24), []byte{127, 127, 127, 127, 127, 127, 127, 127, 127})
	want, got := new([2]scratch), new(scratch) // a worker runs one input at a time
	f.Fuzz(func(t *testing.T, pick uint8, at uint16, raw []byte) {
		b := bases[int(pick)%len(bases)]
		a1, sum16, sum8 := b.a1, b.sum16, b.sum8
		for i, c := range raw {
			v := min(max(int16(int8(c))*16, -actScale), actScale) // -2048..2032, clamped
			b.set(&a1, &sum16, &sum8, (int(at)+i*131)%a1Size, v)
		}
		b.want(want, &a1, &sum16, &sum8)
		checkKernelsAgainst(t, b.q, &a1, want, ks, got)
	})
}

// The sums that FuzzIntKernels keeps up to date as it changes activations
// give, after many changes, what the pure-Go kernels compute from scratch.
func TestSumBaseFollowsChanges(t *testing.T) {
	b := newSumBase(t, 7, 0.5, []byte{255, 0, 127})
	r := rand.New(rand.NewPCG(8, 9))
	a1, sum16, sum8 := b.a1, b.sum16, b.sum8
	for range 500 {
		b.set(&a1, &sum16, &sum8, r.IntN(a1Size), int16(r.IntN(2*actScale+1)-actScale))
	}
	b.set(&a1, &sum16, &sum8, 0, actScale)
	b.set(&a1, &sum16, &sum8, a1Size-1, -actScale)
	var want, got [2]scratch
	b.want(&want, &a1, &sum16, &sum8)
	for i, k := range []IntKernel{IntGo, Int8Go} {
		got[i].a1 = a1
		b.q.layers23(&got[i], k)
		require.Equal(t, got[i].a2, want[i].a2, "layer 2 of %s", k)
		require.Equal(t, got[i].a3, want[i].a3, "layer 3 of %s", k)
	}
}

// TestPatchTable checks the layer-1 table against the activations computed
// directly from the weights, on random boards (king anywhere, on the edge
// squares too), and the int8 table against the narrowed activations.
func TestPatchTable(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	n := NewRandom(r, 0.5)
	q := quantizeBoth(n)
	for b := range 200 {
		var in [81]float32
		randomBoard(r, &in)
		if b%50 == 0 {
			in = [81]float32{} // no king at all
			in[40] = ValueBlack
		}
		var d [81]uint8
		king, ok := digitsOf(&in, &d)
		require.True(t, ok)
		var idx [49]int32
		patchIndices(&idx, &d, king)
		var s scratch
		for i := 81; i < len(s.board); i++ {
			s.board[i] = 2 // the padding must not matter
		}
		s.patchIndicesFast(&d, king)
		require.Equal(t, idx[:], s.idx[:49], "board %d: the fast patch indices", b)
		var a1 [a1Size]int16
		q.boardPatches(&a1, &idx)
		var b1 [a1Size]uint8
		q.boardPatches8(&b1, &idx)
		for i, a := range a1 {
			require.Equal(t, narrowOffset(a), b1[i], "board %d activation %d: the int8 table", b, i)
		}
		for y := 0; y < 7; y++ {
			for x := 0; x < 7; x++ {
				for o := 0; o < 64; o++ {
					var pre float64
					for ky := 0; ky < 3; ky++ {
						for kx := 0; kx < 3; kx++ {
							pre += float64(n.W[0][Index(0, o, ky, kx, 0)]) * float64(in[(y+ky)*9+x+kx])
						}
					}
					want := quantAct(math.Tanh(pre))
					got := a1[(y*7+x)*64+o]
					if got != want {
						t.Fatalf("board %d pixel (%d,%d) filter %d: table %d, direct %d", b, y, x, o, got, want)
					}
				}
			}
		}
	}
}

// testNetworks returns the shipped networks and two Gaussian ones.
func testNetworks(t *testing.T) []*Network {
	nets, err := testNets()
	require.NoError(t, err)
	return slices.Clone(nets) // the callers may append to their copy
}

// testNets loads the test networks once: the tests that use them quantize
// them (quantizedTest), and the same pointers are the memo's keys.
var testNets = sync.OnceValues(func() ([]*Network, error) {
	var nets []*Network
	for _, name := range weights.Names() {
		b, err := weights.Open(name)
		if err != nil {
			return nil, err
		}
		n, err := Load(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		n.Label = name
		nets = append(nets, n)
	}
	nets = append(nets, NewRandom(rand.New(rand.NewPCG(1, 0x7AB1)), 0.2), NewRandom(rand.New(rand.NewPCG(5, 6)), 0.05))
	return nets, nil
})

// quantizedTest is Quantize(n), memoized for the networks of testNetworks:
// Quantize builds layer 1's table of every 3x3 patch, about a minute per
// network under qemu-user in CI's arm64 step, and three tests quantize the
// same eight networks. Quantize is deterministic and its result is not
// changed by the tests (WithKernel makes copies), so they can share it.
func quantizedTest(n *Network) *Quantized {
	quantMemo.Lock()
	defer quantMemo.Unlock()
	if q, ok := quantMemo.m[n]; ok {
		return q
	}
	q := Quantize(n)
	quantMemo.m[n] = q
	return q
}

var quantMemo = struct {
	sync.Mutex
	m map[*Network]*Quantized
}{m: map[*Network]*Quantized{}}

// TestQuantizedAccuracy checks the integer path against the float reference
// on boards from random games: at most 0.02 apart on the output.
func TestQuantizedAccuracy(t *testing.T) {
	boards := 400
	if testing.Short() || raceEnabled {
		boards = 60
	}
	pos := RandomGamePositions(boards, rand.New(rand.NewPCG(41, 42)))
	for _, n := range testNetworks(t) {
		q := quantizedTest(n)
		var worst float64
		for i := range pos {
			var in [81]float32
			Encode(&pos[i], &in)
			d := math.Abs(float64(q.Forward(&in) - n.ForwardReference(&in)))
			worst = max(worst, d)
		}
		t.Logf("%s: max |int - float64 reference| = %.4f over %d boards (%s; int8 calibration error %.4f)", n.Name(), worst, len(pos), q.Kernel(), q.Int8Error())
		assert.LessOrEqual(t, worst, 0.02, n.Name())
	}
}

// TestQuantizedEvaluate checks that Evaluate is the rounded Forward of the
// encoded position, with and without the cache, for every kernel, and that
// Name is the float network's.
func TestQuantizedEvaluate(t *testing.T) {
	n := NewRandom(rand.New(rand.NewPCG(51, 52)), 0.1)
	n.Label = "q"
	q := Quantize(n)
	assert.Equal(t, "cnn:q", q.Name())
	pos := RandomGamePositions(50, rand.New(rand.NewPCG(53, 54)))
	for _, k := range IntKernels() {
		qk, err := q.WithKernel(k)
		require.NoError(t, err)
		qk.EnableCache(12)
		for pass := 0; pass < 2; pass++ { // the second pass hits the cache
			for i := range pos {
				var in [81]float32
				Encode(&pos[i], &in)
				require.Equal(t, score(qk.Forward(&in)), qk.Evaluate(&pos[i]), "kernel %s board %d", k, i)
			}
		}
	}
}

// TestQuantizedIrregularInput checks that a board outside the encoding (two
// kings, a value of 0.5) is computed by the float network.
func TestQuantizedIrregularInput(t *testing.T) {
	n := NewRandom(rand.New(rand.NewPCG(61, 62)), 0.2)
	q := Quantize(n)
	var in [81]float32
	in[10], in[20] = ValueKing, ValueKing
	assert.Equal(t, n.Forward(&in), q.Forward(&in))
	in[20] = 0.5
	assert.Equal(t, n.Forward(&in), q.Forward(&in))
}

// TestParseIntKernel checks the kernel names.
func TestParseIntKernel(t *testing.T) {
	for _, k := range IntKernels() {
		got, err := ParseIntKernel(k.String())
		require.NoError(t, err)
		assert.Equal(t, k, got)
	}
	got, err := ParseIntKernel("go")
	require.NoError(t, err)
	assert.Equal(t, IntGo, got)
	_, err = ParseIntKernel("sse9")
	assert.ErrorContains(t, err, "unknown integer kernel")
	got, err = ParseIntKernel("int8-go")
	require.NoError(t, err)
	assert.Equal(t, Int8Go, got)
	var last16, last8 IntKernel
	for _, k := range IntKernels() {
		if k.Bits() == 16 {
			last16 = k
		} else {
			last8 = k
		}
	}
	assert.Equal(t, DefaultIntKernel(), last16, "the fastest int16 kernel")
	if k8, ok := DefaultIntKernel().int8Twin(); ok {
		assert.Equal(t, k8, last8, "the fastest int8 kernel")
	}
	for k := IntGo; k < numIntKernels; k++ {
		assert.Equal(t, k.Bits(), k.reference().Bits(), k.String())
		assert.Contains(t, k.String(), fmt.Sprintf("int%d-", k.Bits()))
	}
}

func BenchmarkQuantized(b *testing.B) {
	n := NewRandom(rand.New(rand.NewPCG(1, 2)), 0.2)
	q := Quantize(n)
	boards := benchBoards()
	for _, k := range IntKernels() {
		qk, _ := q.WithKernel(k)
		b.Run(k.String(), func(b *testing.B) {
			i := 0
			for b.Loop() {
				sink += qk.Forward(&boards[i&255])
				i++
			}
		})
	}
}

// TestQuantTanh checks the shortcut of the layer-1 table builder against
// quantAct(math.Tanh(p)) on a dense sweep and on random values.
func TestQuantTanh(t *testing.T) {
	qt := newQuantTanh()
	check := func(p float64) {
		if got, want := qt.of(p), quantAct(math.Tanh(p)); got != want {
			t.Fatalf("p=%v: %d, want %d", p, got, want)
		}
	}
	for i := -300000; i <= 300000; i++ {
		check(float64(i) / 50000)
	}
	r := rand.New(rand.NewPCG(71, 72))
	for range 100000 {
		check(r.NormFloat64() * 3)
	}
}

func BenchmarkQuantize(b *testing.B) {
	n := NewRandom(rand.New(rand.NewPCG(1, 2)), 0.2)
	for b.Loop() {
		Quantize(n)
	}
}

// TestInt8Ranges checks what makes the AVX2 int8 kernel exact: VPMADDUBSW
// adds two products of |a| <= 127 and a weight with a's sign, |w| <= 127, into
// an int16 that saturates beyond 32,767. Every narrowed activation and every
// int8 weight stays in [-127, 127], so a pair is at most 2*127*127 = 32,258.
// The worst case itself (all weights and activations at +-127, signs random)
// runs through every kernel and must equal the pure-Go sums.
func TestInt8Ranges(t *testing.T) {
	require.Less(t, 2*maxWeight8*maxWeight8, math.MaxInt16+1)
	for a := -actScale; a <= actScale; a++ {
		n := narrow8(int16(a))
		require.LessOrEqual(t, n, int8(maxWeight8), "activation %d", a)
		require.GreaterOrEqual(t, n, int8(-maxWeight8), "activation %d", a)
	}
	require.Equal(t, int8(maxWeight8), narrow8(actScale))
	require.Equal(t, int8(-maxWeight8), narrow8(-actScale))

	r := rand.New(rand.NewPCG(25, 26))
	for _, sigma := range []float64{1e-30, 0.01, 1, 1e6} {
		n := NewRandom(r, sigma)
		n.W[1][7] = float32(-sigma * 50) // one outlier per filter 0: the rest round small
		q := quantizeLayers(n)
		for i, w := range append(q.w2b[:], q.w3b[:]...) {
			require.GreaterOrEqual(t, w, int8(-maxWeight8), "sigma %g weight %d", sigma, i)
		}
	}

	// The worst case: weights of one magnitude (all +-127 after scaling)
	// and saturated activations (+-127 after narrowing).
	n := NewRandom(r, 1)
	for l := 1; l < 3; l++ {
		for i := range n.W[l] {
			n.W[l][i] = float32(2*r.IntN(2)-1) * 0.01
		}
	}
	q := quantizeLayers(n)
	for i, w := range append(q.w2b[:], q.w3b[:]...) {
		require.Contains(t, []int8{-maxWeight8, maxWeight8}, w, "weight %d", i)
	}
	var a1 [a1Size]int16
	for range 10 {
		for i := range a1 {
			a1[i] = int16(2*r.IntN(2)-1) * actScale
		}
		checkKernelsEqual(t, q, &a1)
	}
	for _, v := range []int16{-actScale, actScale} { // every pair at +-32,258
		for i := range a1 {
			a1[i] = v
		}
		checkKernelsEqual(t, q, &a1)
	}
}

// TestChooseWidth checks Quantize's choice of width on the shipped networks:
// int8 where the calibration error is within Int8Tolerance (the piece-planes
// learned.tnn and learned2.tnn, fine-tuned for it, must be), int16 elsewhere
// (the saturated ones), and int16 without a VNNI instruction set (AVX-512
// VNNI or AVX-VNNI), where the int8 kernels are not faster.
func TestChooseWidth(t *testing.T) {
	def := DefaultIntKernel()
	for _, n := range testNetworks(t) {
		q := quantizedTest(n)
		k8, ok := def.int8Twin()
		if !ok {
			assert.Equal(t, def, q.Kernel(), n.Name())
			assert.Zero(t, q.Int8Error(), n.Name())
			continue
		}
		if n.Label == "champion" || n.Label == "learned" || n.Label == "learned2" {
			assert.LessOrEqual(t, q.Int8Error(), Int8Tolerance, "%s is shipped fine-tuned for the int8 path", n.Label)
		}
		want := def
		if q.Int8Error() <= Int8Tolerance {
			want = k8
		}
		assert.Equal(t, want, q.Kernel(), "%s (int8 error %.4f)", n.Name(), q.Int8Error())
		t.Logf("%s: int8 calibration error %.4f, runs %s", n.Name(), q.Int8Error(), q.Kernel())
	}
}

// TestForwardKernelsAgree checks whole evaluations, layer-1 tables
// included: on boards of random games, for a network of each input and
// both sides to move, every kernel's output equals, bit for bit, the
// pure-Go kernel's of its width.
func TestForwardKernelsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(91, 92))
	boards := 100
	if testing.Short() || raceEnabled {
		boards = 25 // one goroutine: the detector has nothing to find
	}
	pos := RandomGamePositions(boards, r)
	seedNet := NewRandom(r, 0.2)
	piecesNet := NewInput("pieces", InputPieces)
	for l := range piecesNet.W {
		for i := range piecesNet.W[l] {
			piecesNet.W[l][i] = float32(r.NormFloat64() * 0.2)
		}
	}
	for i := range piecesNet.SideBias {
		piecesNet.SideBias[i] = float32(r.NormFloat64())
	}
	for _, n := range []*Network{seedNet, piecesNet} {
		q := quantizeBoth(n)
		for i := range pos {
			d, king := testDigits(t, &pos[i])
			for _, black := range []bool{false, true} {
				for _, k := range IntKernels() {
					want := q.forward(&d, king, black, k.reference())
					require.Equal(t, math.Float32bits(want), math.Float32bits(q.forward(&d, king, black, k)), "%s, kernel %s, board %d", n.Input, k, i)
				}
			}
		}
	}
}

// TestKingPatch checks kingPatch against patchIndex for every patch with
// the king on every tap.
func TestKingPatch(t *testing.T) {
	for king := 0; king < 9; king++ {
		for code := 0; code < plainPatches; code++ {
			var d [9]uint8
			c := code
			for tap := range d {
				d[tap] = uint8(c % 3)
				c /= 3
			}
			if d[king] != 0 {
				continue // the king's square counts as empty
			}
			require.Equal(t, int32(patchIndex(&d, king)), kingPatch(int32(code), king), "king on %d, digits %v", king, d)
		}
	}
}

// quantizeBoth is Quantize keeping both layer-1 tables, for the tests that
// run every kernel on one Quantized.
func quantizeBoth(n *Network) *Quantized {
	q := quantizeLayers(n)
	q.buildLayer1(n.W[0], n.Input == InputPieces)
	q.chooseWidth()
	q.rows = newPatchRows(q) // for Int8AVX512Rows, whatever q's own kernel
	if hasWasmSIMD && q.wasm == nil {
		q.wasm = newWasmNet(q) // and for Int8WasmRows
	}
	return q
}

// TestQuantizeKeepsOneLayer1Table: Quantize keeps only the layer-1 table its
// kernel reads, and WithKernel gives a kernel of the other width its own,
// with the same outputs as a Quantized that kept both.
func TestQuantizeKeepsOneLayer1Table(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	n := NewRandom(r, 0.2)
	q, both := Quantize(n), quantizeBoth(n)
	switch {
	case q.kernel == Int8WasmRows:
		require.Nil(t, q.t1)
		require.Nil(t, q.t1b, "the module keeps its own copy of t1b")
	case offsetInput(q.kernel):
		require.Nil(t, q.t1, "an int8 kernel reads t1b only")
		require.NotNil(t, q.t1b)
	default:
		require.Nil(t, q.t1b, "kernel %s reads t1 only", q.kernel)
		require.NotNil(t, q.t1)
	}
	pos := RandomGamePositions(20, r)
	for _, k := range IntKernels() {
		c, err := q.WithKernel(k)
		require.NoError(t, err)
		if k == Int8WasmRows {
			require.True(t, c.t1 == nil && c.t1b == nil, "kernel %s: the module keeps the table, Go none", k)
		} else {
			require.Equal(t, offsetInput(k), c.t1 == nil, "kernel %s: the table it does not read is dropped", k)
			require.Equal(t, offsetInput(k), c.t1b != nil, "kernel %s: the table it reads is there", k)
		}
		for i := range pos {
			d, king := testDigits(t, &pos[i])
			require.Equal(t, math.Float32bits(both.forward(&d, king, false, k)), math.Float32bits(c.forward(&d, king, false, k)), "kernel %s, board %d", k, i)
		}
	}
}

// testDigits returns the patch digits and king square of p's encoding.
func testDigits(t *testing.T, p *game.Position) ([81]uint8, int) {
	t.Helper()
	var in [81]float32
	Encode(p, &in)
	var d [81]uint8
	king, ok := digitsOf(&in, &d)
	require.True(t, ok)
	return d, king
}
