//go:build js

package cnn

import (
	"encoding/binary"
	"math"
	"syscall/js"
)

// The module's memory layout, byte offsets: gen_wasmsimd.go has the same
// constants (without the ws prefix).
const (
	wsPow3   = 800
	wsCnt    = 848 // patches kept, flushes, capacity: int32
	wsM2B    = 3168
	wsM3B    = 3296
	wsW4     = 3360
	wsB3     = 3936
	wsLUT2N  = 5088
	wsLUT3   = 24560
	wsW2     = 49152
	wsW3     = 86016
	wsTable  = 95232 // end of the image wasmImage builds
	wsT1B    = 410160
	wsRows   = 5449008
	wsRowLen = rowLen * 4
)

// wasmSIMD is the compiled module, or undefined where the engine has no
// WebAssembly SIMD (WebAssembly.validate rejects its bytes) or refuses to
// compile it synchronously (some browsers allow only 4 KB on the page's
// thread; the module is 5.5 KB): compiled once, at start-up. Without it the
// network runs the pure-Go kernel.
var wasmSIMD = func() (mod js.Value) {
	defer func() {
		if recover() != nil { // a JavaScript exception, e.g. a RangeError
			mod = js.Undefined()
		}
	}()
	wa := js.Global().Get("WebAssembly")
	if !wa.Truthy() {
		return js.Undefined()
	}
	b := js.Global().Get("Uint8Array").New(len(wasmSIMDModule))
	js.CopyBytesToJS(b, wasmSIMDModule)
	if !wa.Call("validate", b).Bool() {
		return js.Undefined()
	}
	return wa.Get("Module").New(b)
}()

// hasWasmSIMD reports whether this engine runs the SIMD module.
var hasWasmSIMD = wasmSIMD.Truthy()

// wasmNet is one network's instance of the module: its memory (weights,
// the narrowed layer-1 table, the kept patch rows) and its eval function.
type wasmNet struct {
	eval js.Value
	cnt  js.Value // a Uint8Array over the counters
}

// newWasmNet instantiates the module for q (whose int8 weights and layer-1
// table t1b it copies into the module's memory, some 5 MB, once) with room
// for the rows of the patches the row limit lets a network keep.
func newWasmNet(q *Quantized) *wasmNet {
	cap := wasmCapacity(rowPatchLimit.Load())
	desc := js.Global().Get("Object").New()
	desc.Set("initial", wasmPages(cap))
	mem := js.Global().Get("WebAssembly").Get("Memory").New(desc)
	imports := js.Global().Get("Object").New()
	m := js.Global().Get("Object").New()
	m.Set("mem", mem)
	imports.Set("m", m)
	inst := js.Global().Get("WebAssembly").Get("Instance").New(wasmSIMD, imports)
	buf := mem.Get("buffer")
	u8 := js.Global().Get("Uint8Array")
	js.CopyBytesToJS(u8.New(buf, 0, wsTable), q.wasmImage(cap))
	js.CopyBytesToJS(u8.New(buf, wsT1B, len(q.t1b)), q.t1b)
	return &wasmNet{eval: inst.Get("exports").Get("eval"), cnt: u8.New(buf, wsCnt, 8)}
}

// forward returns the network's output for the digits d (king: the king's
// square or -1; black: Black to move): the module's layer-4 sum, then
// tanh32 as layer4 ends.
func (w *wasmNet) forward(d *[81]uint8, king int, black bool) float32 {
	a := wasmArgs(d)
	b := 0
	if black {
		b = 1
	}
	s := w.eval.Invoke(a[0], a[1], a[2], a[3], a[4], a[5], king, b).Float()
	return tanh32(float32(s))
}

// counts returns the patches whose rows the module keeps and its flushes.
func (w *wasmNet) counts() (kept, flushes int) {
	var b [8]byte
	js.CopyBytesToGo(b[:], w.cnt)
	return int(binary.LittleEndian.Uint32(b[:])), int(binary.LittleEndian.Uint32(b[4:]))
}

// wasmCapacity returns the number of patches whose rows the module keeps
// for a row limit: the limit, but at least one evaluation's 49 (the module
// flushes before an evaluation whose new patches might not fit, so that
// none of its rows is overwritten while it reads them).
func wasmCapacity(limit int64) int { return int(max(limit, 49)) }

// wasmPages returns the 64 KiB pages of the module's memory for cap kept
// patches.
func wasmPages(cap int) int { return (wsRows + cap*wsRowLen + 65535) / 65536 }

// wasmImage returns the first wsTable bytes of the module's memory for q:
// the counters with the capacity cap, the powers of three, the int8
// weights of layers 2 and 3 as int16 in channel pairs (packPairs), the
// requantisation factors, layer 4, the layer-3 biases, and the tanh
// tables (layer 2's narrowed to int8 values: layer 3 reads nothing else).
func (q *Quantized) wasmImage(cap int) []byte {
	img := make([]byte, wsTable)
	le := binary.LittleEndian
	put32 := func(at int, v uint32) { le.PutUint32(img[at:], v) }
	for i, p := range pow3 {
		put32(wsPow3+4*i, uint32(p))
	}
	put32(wsCnt+8, uint32(cap))
	for i, m := range q.m2b {
		put32(wsM2B+4*i, math.Float32bits(m))
	}
	for i, m := range q.m3b {
		put32(wsM3B+4*i, math.Float32bits(m))
	}
	for i, w := range q.w4 {
		put32(wsW4+4*i, math.Float32bits(w))
	}
	for s := range q.b3 {
		for i, b := range q.b3[s] {
			put32(wsB3+4*(s*size3+i), math.Float32bits(b))
		}
	}
	for i, a := range q.lut2 {
		le.PutUint16(img[wsLUT2N+2*i:], uint16(int16(narrow8(a))))
	}
	for i, v := range q.lut3 {
		put32(wsLUT3+4*i, math.Float32bits(v))
	}
	// The int8 weights of layers 2 and 3, widened and laid out in pairs
	// for i32x4.dot_i16x8_s.
	putPairs := func(off int, wb []int8, nout, nin int) {
		w, p := make([]int16, len(wb)), make([]int16, len(wb))
		for i, v := range wb {
			w[i] = int16(v)
		}
		packPairs(w, nout, nin, p)
		for i, v := range p {
			le.PutUint16(img[off+2*i:], uint16(v))
		}
	}
	putPairs(wsW2, q.w2b[:], 32, 64)
	putPairs(wsW3, q.w3b[:], 16, 32)
	return img
}

// wasmArgs packs the board's digits (0, 1 or 2 a square, the king's square
// counted as empty) two bits each into six words of 16 squares, the
// module's first six arguments.
func wasmArgs(d *[81]uint8) (w [6]uint32) {
	for s, v := range d {
		w[s/16] |= uint32(v) << (2 * (s % 16))
	}
	return w
}
