//go:generate go run gen_wasmsimd.go

package cnn

import (
	_ "embed"
	"encoding/binary"
	"math"
)

// The int8-wasmrows kernel (Int8WasmRows): in a browser, the int8 rows
// path's whole forward pass in a WebAssembly module that uses SIMD
// (wasmsimd.wasm, written by gen_wasmsimd.go), where Go's own code runs
// without any (its wasm backend emits no v128 instruction). One call per
// evaluation: the module gets the board's digits as arguments and returns
// layer 4's sum; it keeps the network's weights, the narrowed layer-1
// table and the patch rows in its own memory (wasmsimd_js.go instantiates
// it, once per network). This file holds what every build shares: the
// module's bytes (so that a test regenerates and compares them anywhere)
// and the image of its memory built from a network.

//go:embed wasmsimd.wasm
var wasmSIMDModule []byte

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
	var w2 [len(q.w2b)]int16
	for i, w := range q.w2b {
		w2[i] = int16(w)
	}
	var p2 [len(q.w2b)]int16
	packPairs(w2[:], 32, 64, p2[:])
	for i, w := range p2 {
		le.PutUint16(img[wsW2+2*i:], uint16(w))
	}
	var w3 [len(q.w3b)]int16
	for i, w := range q.w3b {
		w3[i] = int16(w)
	}
	var p3 [len(q.w3b)]int16
	packPairs(w3[:], 16, 32, p3[:])
	for i, w := range p3 {
		le.PutUint16(img[wsW3+2*i:], uint16(w))
	}
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
