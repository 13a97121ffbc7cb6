//go:build ignore

// gen_wasmsimd writes wasmsimd.wasm, the WebAssembly SIMD module of the
// int8-wasmrows kernel (wasmsimd_js.go): a whole integer forward pass of the
// int8 rows path, from the board's digits to layer 4's sum before its tanh,
// in one call. Go's wasm backend emits no SIMD and its assembler has no v128
// instructions, so the module is written here as bytes, instruction by
// instruction, with the opcodes of the WebAssembly SIMD proposal (now part
// of the core specification, 2.0). Run: go generate ./ai/cnn/ (on any
// machine); TestWasmSIMDGenerated checks the committed file is this output.
//
// What the module computes, and where in Go the definition is:
//
//   - the patch indices of the 49 layer-1 pixels (patchIndices, markKing);
//   - each patch's layer-2 rows, built the first time it is met
//     (buildRowsGo) with i32x4.dot_i16x8_s and kept in the module's memory
//     up to a limit, all dropped at the limit (rows.go's flush);
//   - layer 2 from nine rows per pixel with i32x4.add, its requantisation
//     with f32x4 operations (requantIndexFast: convert, multiply, clamp
//     with pmin and pmax, which equal min and max without NaNs, and add
//     1.5*2^23 to round, ties to even) and the tanh table, read already narrowed to
//     int8 (narrow8 of lut2), the only form layer 3 reads;
//   - layer 3's sums with i32x4.dot_i16x8_s (conv3Int8Go);
//   - layer 4 in float32 lanes, summed in layer4's order, returned before
//     its tanh (tanh32 stays in Go).
//
// The memory is imported ("m", "mem"); its layout is wasmsimd_js.go's, the
// constants below being copies of those (a mismatch fails every equality
// test of the kernel).
package main

import (
	"fmt"
	"math"
	"os"
)

// Memory layout, byte offsets (wasmsimd_js.go: the same names, prefixed ws).
const (
	offWords = 0       // the six digit words and the king's square
	offD     = 32      // 81 digits, one byte each
	offRC    = 128     // 63 row codes, int32
	offIdx   = 384     // 49 patch indices, int32
	offPtr   = 592     // 49 row addresses, int32
	offPow3  = 800     // 3^0..3^8, int32
	offCnt   = 848     // patches kept, flushes, capacity: int32
	offA3    = 864     // layer 3's 144 sums, int32
	offAct   = 1440    // a patch's 64 activations widened to int16
	offN2    = 1568    // layer 2's 800 activations narrowed, int16
	offM2B   = 3168    // layer 2's 32 requantisation factors, float32
	offM3B   = 3296    // layer 3's 16, float32
	offW4    = 3360    // layer 4's 144 weights, float32
	offB3    = 3936    // [2][144] layer-3 biases in table units, float32
	offLUT2N = 5088    // layer 2's tanh table narrowed to int8, int16 entries
	offLUT3  = 24560   // layer 3's tanh table, float32
	offW2    = 49152   // layer 2's int8 weights as int16, [tap][pair][32][2]
	offW3    = 86016   // layer 3's likewise, [ky][pair][16][2]
	offTable = 95232   // 78,732 patches: slot+1 of the kept rows, 0 if none
	offT1B   = 410160  // the layer-1 table narrowed, plus 128, 64 bytes a patch
	offRows  = 5449008 // the kept rows, 1,152 bytes each

	numPatches   = 78732
	plainPatches = 19683
	kingStride   = 6561
	lutHalf2     = 4864
	lutHalf3     = 3072
	rowBytes     = 9 * 32 * 4
	magic        = 1.5 * (1 << 23) // x+magic rounds x to an integer, ties to even (requantIndexFast)
)

// fn is one function's body being assembled.
type fn struct {
	b      []byte
	locals []byte // the type of each declared local, in order
	params int
}

func (f *fn) op(bs ...byte) { f.b = append(f.b, bs...) }

func (f *fn) uleb(v uint32) {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v != 0 {
			f.b = append(f.b, c|0x80)
			continue
		}
		f.b = append(f.b, c)
		return
	}
}

func (f *fn) sleb(v int32) {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			f.b = append(f.b, c)
			return
		}
		f.b = append(f.b, c|0x80)
	}
}

// Value types.
const (
	tI32  = 0x7f
	tF32  = 0x7d
	tF64  = 0x7c
	tV128 = 0x7b
)

// local declares a local of type t and returns its index.
func (f *fn) local(t byte) uint32 {
	f.locals = append(f.locals, t)
	return uint32(f.params + len(f.locals) - 1)
}

func (f *fn) get(l uint32)  { f.op(0x20); f.uleb(l) }
func (f *fn) set(l uint32)  { f.op(0x21); f.uleb(l) }
func (f *fn) tee(l uint32)  { f.op(0x22); f.uleb(l) }
func (f *fn) i32(v int32)   { f.op(0x41); f.sleb(v) }
func (f *fn) mem(a, o int)  { f.uleb(uint32(a)); f.uleb(uint32(o)) }
func (f *fn) load(o int)    { f.op(0x28); f.mem(2, o) } // i32.load
func (f *fn) store(o int)   { f.op(0x36); f.mem(2, o) } // i32.store
func (f *fn) load8u(o int)  { f.op(0x2d); f.mem(0, o) }
func (f *fn) store8(o int)  { f.op(0x3a); f.mem(0, o) }
func (f *fn) load16s(o int) { f.op(0x2e); f.mem(1, o) }
func (f *fn) store16(o int) { f.op(0x3b); f.mem(1, o) }
func (f *fn) f32load(o int) { f.op(0x2a); f.mem(2, o) }
func (f *fn) add()          { f.op(0x6a) }
func (f *fn) sub()          { f.op(0x6b) }
func (f *fn) mul()          { f.op(0x6c) }
func (f *fn) divU()         { f.op(0x6e) }
func (f *fn) remU()         { f.op(0x70) }
func (f *fn) and()          { f.op(0x71) }
func (f *fn) shl()          { f.op(0x74) }
func (f *fn) shrU()         { f.op(0x76) }
func (f *fn) end()          { f.op(0x0b) }

// simd emits a SIMD instruction: the prefix 0xfd and its opcode.
func (f *fn) simd(op uint32) { f.op(0xfd); f.uleb(op) }

func (f *fn) vload(o int)    { f.simd(0x00); f.mem(4, o) }
func (f *fn) vsplat32(o int) { f.simd(0x09); f.mem(2, o) } // v128.load32_splat
func (f *fn) vstore(o int)   { f.simd(0x0b); f.mem(4, o) }
func (f *fn) vconst(b [16]byte) {
	f.simd(0x0c)
	f.op(b[:]...)
}
func (f *fn) i32x4Splat()          { f.simd(0x11) }
func (f *fn) f32x4Splat()          { f.simd(0x13) }
func (f *fn) i32x4Extract(l byte)  { f.simd(0x1b); f.op(l) }
func (f *fn) f32x4Extract(l byte)  { f.simd(0x1f); f.op(l) }
func (f *fn) f32x4Replace(l byte)  { f.simd(0x20); f.op(l) }
func (f *fn) vxor()                { f.simd(0x51) }
func (f *fn) i16x8ExtendLowS()     { f.simd(0x87) }
func (f *fn) i16x8ExtendHighS()    { f.simd(0x88) }
func (f *fn) i32x4Shl()            { f.simd(0xab) }
func (f *fn) i32x4Add()            { f.simd(0xae) }
func (f *fn) i32x4Dot()            { f.simd(0xba) } // i32x4.dot_i16x8_s
func (f *fn) f32x4Add()            { f.simd(0xe4) }
func (f *fn) f32x4Mul()            { f.simd(0xe6) }
func (f *fn) f32x4PMin()           { f.simd(0xea) }
func (f *fn) f32x4PMax()           { f.simd(0xeb) }
func (f *fn) i32x4Sub()            { f.simd(0xb1) }
func (f *fn) i32x4TruncSatF32x4S() { f.simd(0xf8) }
func (f *fn) f32x4ConvertI32x4S()  { f.simd(0xfa) }

// loop emits a do-while loop: body, then i += step, repeated while i < end
// (i <= end with incl); i starts where the caller set it.
func (f *fn) loop(i uint32, step, end int32, incl bool, body func()) {
	f.op(0x03, 0x40)
	body()
	f.get(i)
	f.i32(step)
	f.add()
	f.tee(i)
	f.i32(end)
	if incl {
		f.op(0x4c) // i32.le_s
	} else {
		f.op(0x48) // i32.lt_s
	}
	f.op(0x0d, 0) // br_if 0
	f.end()
}

// loopTo is loop with an end held in a local, inclusive.
func (f *fn) loopTo(i, end uint32, body func()) {
	f.op(0x03, 0x40)
	body()
	f.get(i)
	f.i32(1)
	f.add()
	f.tee(i)
	f.get(end)
	f.op(0x4c, 0x0d, 0) // i32.le_s; br_if 0
	f.end()
}

// for0 sets i to start and runs loop.
func (f *fn) for0(i uint32, start, step, end int32, body func()) {
	f.i32(start)
	f.set(i)
	f.loop(i, step, end, false, body)
}

func splatI32(v int32) [16]byte {
	var b [16]byte
	for l := 0; l < 4; l++ {
		for k := 0; k < 4; k++ {
			b[l*4+k] = byte(uint32(v) >> (8 * k))
		}
	}
	return b
}

func splatF32(v float32) [16]byte {
	return splatI32(int32(math.Float32bits(v)))
}

// build is the function build(p, dst): the layer-2 rows of patch p into
// dst, rows.go's buildRowsGo: for each tap and filter, the sum over the 64
// channels of the patch's int8 activation times the weight. The weights of
// one channel pair for the 32 filters are 128 contiguous bytes, so one
// 32-bit splat of the pair's two activations and eight dot products add the
// pair's share to the 32 filters' sums.
func build() *fn {
	f := &fn{params: 2}
	const p, dst = 0, 1
	t, q, src, w := f.local(tI32), f.local(tI32), f.local(tI32), f.local(tI32)
	var acc [8]uint32
	for g := range acc {
		acc[g] = f.local(tV128)
	}
	a := f.local(tV128)
	// The activations: t1b's bytes XOR 0x80 are the int8 values, widened.
	f.get(p)
	f.i32(64)
	f.mul()
	f.set(src)
	for v := 0; v < 4; v++ {
		f.i32(0)
		f.get(src)
		f.vload(offT1B + 16*v)
		f.vconst(splatI32(-0x7f7f7f80)) // 0x80 in every byte
		f.vxor()
		f.tee(a)
		f.i16x8ExtendLowS()
		f.vstore(offAct + 32*v)
		f.i32(0)
		f.get(a)
		f.i16x8ExtendHighS()
		f.vstore(offAct + 32*v + 16)
	}
	f.for0(t, 0, 1, 9, func() {
		for g := range acc {
			f.vconst([16]byte{})
			f.set(acc[g])
		}
		f.get(t)
		f.i32(4096)
		f.mul()
		f.set(w)
		f.for0(q, 0, 4, 128, func() { // q: 4 times the channel pair
			f.get(q)
			f.vsplat32(offAct)
			f.set(a)
			for g := range acc {
				f.get(acc[g])
				f.get(w)
				f.vload(offW2 + 16*g)
				f.get(a)
				f.i32x4Dot()
				f.i32x4Add()
				f.set(acc[g])
			}
			f.get(w)
			f.i32(128)
			f.add()
			f.set(w)
		})
		for g := range acc {
			f.get(dst)
			f.get(t)
			f.i32(128)
			f.mul()
			f.add()
			f.get(acc[g])
			f.vstore(16 * g)
		}
	})
	return f
}

// eval is eval(w0..w5, king, black) f64: w0..w5 hold the 81 digits two bits
// each, 16 to a word; king is the king's square or -1; black is 1 with
// Black to move. It returns layer 4's sum before its tanh.
func eval() *fn {
	f := &fn{params: 8}
	const king, black = 6, 7
	i, j, v, s := f.local(tI32), f.local(tI32), f.local(tI32), f.local(tI32)
	kr, kc, y, x, y1, x1, x0 := f.local(tI32), f.local(tI32), f.local(tI32), f.local(tI32), f.local(tI32), f.local(tI32), f.local(tI32)
	var acc [12]uint32
	for g := range acc {
		acc[g] = f.local(tV128)
	}
	t := f.local(tV128)
	// The digits.
	for w := 0; w < 6; w++ {
		f.i32(0)
		f.get(uint32(w))
		f.store(offWords + 4*w)
	}
	f.for0(i, 0, 1, 81, func() {
		f.get(i)
		f.get(i)
		f.i32(4)
		f.shrU()
		f.i32(2)
		f.shl()
		f.load(offWords)
		f.get(i)
		f.i32(15)
		f.and()
		f.i32(1)
		f.shl()
		f.shrU()
		f.i32(3)
		f.and()
		f.store8(offD)
	})
	// Row codes: rc[r*7+x] = d[r*9+x] + 3d[r*9+x+1] + 9d[r*9+x+2], the
	// digits' address i + 2*(i/7).
	f.for0(i, 0, 1, 63, func() {
		f.get(i)
		f.i32(4)
		f.mul()
		f.get(i)
		f.get(i)
		f.i32(7)
		f.divU()
		f.i32(1)
		f.shl()
		f.add()
		f.tee(j)
		f.load8u(offD)
		f.get(j)
		f.load8u(offD + 1)
		f.i32(3)
		f.mul()
		f.add()
		f.get(j)
		f.load8u(offD + 2)
		f.i32(9)
		f.mul()
		f.add()
		f.store(offRC)
	})
	// Plain patch indices: rc[i] + 27rc[i+7] + 729rc[i+14].
	f.for0(i, 0, 4, 49*4, func() {
		f.get(i)
		f.get(i)
		f.load(offRC)
		f.get(i)
		f.load(offRC + 28)
		f.i32(27)
		f.mul()
		f.add()
		f.get(i)
		f.load(offRC + 56)
		f.i32(729)
		f.mul()
		f.add()
		f.store(offIdx)
	})
	// The king's patches (markKing, kingPatch).
	f.get(king)
	f.i32(0)
	f.op(0x4e, 0x04, 0x40) // i32.ge_s; if
	{
		f.get(king)
		f.i32(9)
		f.divU()
		f.set(kr)
		f.get(king)
		f.i32(9)
		f.remU()
		f.set(kc)
		// y from max(kr-2, 0) to min(kr, 6), x likewise.
		minMax := func(dstLo, dstHi, c uint32) {
			f.get(c)
			f.i32(2)
			f.sub()
			f.i32(0)
			f.get(c)
			f.i32(2)
			f.op(0x4e) // c >= 2
			f.op(0x1b) // select
			f.set(dstLo)
			f.get(c)
			f.i32(6)
			f.get(c)
			f.i32(6)
			f.op(0x4c) // c <= 6
			f.op(0x1b)
			f.set(dstHi)
		}
		minMax(y, y1, kr)
		minMax(x0, x1, kc)
		f.loopTo(y, y1, func() {
			f.get(x0)
			f.set(x)
			f.loopTo(x, x1, func() {
				// t = (kr-y)*3 + kc-x into s, p = 3^t into v, the plain index
				// into j; address of idx[y*7+x] into i.
				f.get(kr)
				f.get(y)
				f.sub()
				f.i32(3)
				f.mul()
				f.get(kc)
				f.add()
				f.get(x)
				f.sub()
				f.tee(s)
				f.i32(2)
				f.shl()
				f.load(offPow3)
				f.set(v)
				f.get(y)
				f.i32(7)
				f.mul()
				f.get(x)
				f.add()
				f.i32(2)
				f.shl()
				f.tee(i)
				f.get(i)
				f.load(offIdx)
				f.tee(j)
				// plain - above*p + above/3*p + plainPatches + t*kingStride
				f.get(j)
				f.get(v)
				f.divU()
				f.tee(j) // above
				f.get(v)
				f.mul()
				f.sub()
				f.get(j)
				f.i32(3)
				f.divU()
				f.get(v)
				f.mul()
				f.add()
				f.get(s)
				f.i32(kingStride)
				f.mul()
				f.add()
				f.i32(plainPatches)
				f.add()
				f.store(offIdx)
			})
		})
	}
	f.end()
	// The rows: first a flush if the 49 patches might not fit, so that no
	// row this evaluation reads is overwritten by another it builds.
	f.i32(0)
	f.load(offCnt)
	f.i32(49)
	f.add()
	f.i32(0)
	f.load(offCnt + 8)
	f.op(0x4a, 0x04, 0x40) // i32.gt_s; if
	{
		f.for0(i, 0, 16, numPatches*4, func() {
			f.get(i)
			f.vconst([16]byte{})
			f.vstore(offTable)
		})
		f.i32(0)
		f.i32(0)
		f.store(offCnt)
		f.i32(0)
		f.i32(0)
		f.load(offCnt + 4)
		f.i32(1)
		f.add()
		f.store(offCnt + 4)
	}
	f.end()
	f.for0(i, 0, 4, 49*4, func() {
		// s = table[idx[i]]; if 0: s = ++kept, table[idx[i]] = s, build.
		f.get(i)
		f.load(offIdx)
		f.i32(2)
		f.shl()
		f.tee(j)
		f.load(offTable)
		f.tee(s)
		f.op(0x45, 0x04, 0x40) // i32.eqz; if
		{
			f.i32(0)
			f.i32(0)
			f.load(offCnt)
			f.i32(1)
			f.add()
			f.tee(s)
			f.store(offCnt)
			f.get(j)
			f.get(s)
			f.store(offTable)
			f.get(i)
			f.load(offIdx)
			f.get(s)
			f.i32(rowBytes)
			f.mul()
			f.i32(offRows - rowBytes)
			f.add()
			f.op(0x10, 1) // call build
		}
		f.end()
		f.get(i)
		f.get(s)
		f.i32(rowBytes)
		f.mul()
		f.i32(offRows - rowBytes)
		f.add()
		f.store(offPtr)
	})
	// Layer 2: per pixel, nine taps' rows added (8 vectors of 4 filters),
	// requantised, and the narrowed tanh read for each of the 32 filters.
	hv, nh := f.local(tV128), f.local(tV128)
	f.vconst(splatF32(lutHalf2))
	f.set(hv)
	f.vconst(splatF32(-lutHalf2))
	f.set(nh)
	f.for0(y, 0, 1, 5, func() {
		f.for0(x, 0, 1, 5, func() {
			for tap := 0; tap < 9; tap++ {
				ky, kx := tap/3, tap%3
				// v = the row address of pixel (y+ky, x+kx).
				f.get(y)
				f.i32(28)
				f.mul()
				f.get(x)
				f.i32(2)
				f.shl()
				f.add()
				f.load(offPtr + 4*(ky*7+kx))
				f.set(v)
				for g := 0; g < 8; g++ {
					if tap > 0 {
						f.get(acc[g])
					}
					f.get(v)
					f.vload(tap*128 + 16*g)
					if tap > 0 {
						f.i32x4Add()
					}
					f.set(acc[g])
				}
			}
			// j = the byte address of a2[y*5+x][0] in n2.
			f.get(y)
			f.i32(5)
			f.mul()
			f.get(x)
			f.add()
			f.i32(64)
			f.mul()
			f.set(j)
			for g := 0; g < 8; g++ {
				f.get(acc[g])
				f.f32x4ConvertI32x4S()
				f.i32(0)
				f.vload(offM2B + 16*g)
				f.f32x4Mul()
				f.get(nh)
				f.f32x4PMax()
				f.get(hv)
				f.f32x4PMin()
				f.vconst(splatF32(magic))
				f.f32x4Add()
				f.vconst(splatI32(int32(math.Float32bits(magic)) - lutHalf2))
				f.i32x4Sub()
				f.i32(1)
				f.i32x4Shl()
				f.set(t)
				for l := byte(0); l < 4; l++ {
					f.get(j)
					f.get(t)
					f.i32x4Extract(l)
					f.load16s(offLUT2N)
					f.store16(offN2 + 2*(4*g+int(l)))
				}
			}
		})
	})
	sp := [3]uint32{f.local(tV128), f.local(tV128), f.local(tV128)}
	// Layer 3: one output row (3 pixels) by 16 filters in 12 accumulators;
	// j is 4 times the channel pair of the kernel row.
	f.for0(y, 0, 1, 3, func() {
		for g := range acc {
			f.vconst([16]byte{})
			f.set(acc[g])
		}
		f.get(y)
		f.i32(320)
		f.mul()
		f.set(v) // the row's offset in n2
		f.for0(j, 0, 4, 48*4, func() {
			f.get(v)
			f.get(j)
			f.add()
			f.set(s)
			f.get(j)
			f.i32(4)
			f.shl()
			f.set(i) // the pair's weights
			for ky := 0; ky < 3; ky++ {
				for px := 0; px < 3; px++ {
					f.get(s)
					f.vsplat32(offN2 + ky*320 + px*64)
					f.set(sp[px])
				}
				for g := 0; g < 4; g++ {
					f.get(i)
					f.vload(offW3 + ky*3072 + 16*g)
					f.set(t)
					for px := 0; px < 3; px++ {
						a := acc[px*4+g]
						f.get(a)
						f.get(t)
						f.get(sp[px])
						f.i32x4Dot()
						f.i32x4Add()
						f.set(a)
					}
				}
			}
		})
		for px := 0; px < 3; px++ {
			for g := 0; g < 4; g++ {
				f.get(y)
				f.i32(192)
				f.mul()
				f.get(acc[px*4+g])
				f.vstore(offA3 + px*64 + 16*g)
			}
		}
	})
	// Layer 4 (layer4): lanes i%16 in acc[0..3], pixel after pixel.
	h3, nh3, half := f.local(tV128), f.local(tV128), f.local(tV128)
	f.vconst(splatF32(lutHalf3))
	f.set(h3)
	f.vconst(splatF32(-lutHalf3))
	f.set(nh3)
	f.vconst(splatF32(lutHalf3 + 0.5))
	f.set(half)
	for g := 0; g < 4; g++ {
		f.vconst([16]byte{})
		f.set(acc[g])
	}
	f.get(black)
	f.i32(576)
	f.mul()
	f.set(kr) // the bias set's offset
	f.for0(i, 0, 64, 9*64, func() {
		for g := 0; g < 4; g++ {
			f.get(i)
			f.vload(offA3 + 16*g)
			f.f32x4ConvertI32x4S()
			f.i32(0)
			f.vload(offM3B + 16*g)
			f.f32x4Mul()
			f.get(i)
			f.get(kr)
			f.add()
			f.vload(offB3 + 16*g)
			f.f32x4Add()
			f.get(nh3)
			f.f32x4PMax()
			f.get(h3)
			f.f32x4PMin()
			f.get(half)
			f.f32x4Add()
			f.i32x4TruncSatF32x4S()
			f.i32(2)
			f.i32x4Shl()
			f.set(t)
			// The four table values into one vector.
			f.get(t)
			f.i32x4Extract(0)
			f.f32load(offLUT3)
			f.f32x4Splat()
			for l := byte(1); l < 4; l++ {
				f.get(t)
				f.i32x4Extract(l)
				f.f32load(offLUT3)
				f.f32x4Replace(l)
			}
			f.get(i)
			f.vload(offW4 + 16*g)
			f.f32x4Mul()
			f.get(acc[g])
			f.f32x4Add()
			f.set(acc[g])
		}
	})
	// lanes j += j+8, then j += j+4 (vectors), then 2 and 1 (scalars).
	f.get(acc[0])
	f.get(acc[2])
	f.f32x4Add()
	f.get(acc[1])
	f.get(acc[3])
	f.f32x4Add()
	f.f32x4Add()
	f.tee(t)
	f.f32x4Extract(0)
	f.get(t)
	f.f32x4Extract(2)
	f.op(0x92) // f32.add
	f.get(t)
	f.f32x4Extract(1)
	f.get(t)
	f.f32x4Extract(3)
	f.op(0x92)
	f.op(0x92)
	f.op(0xbb) // f64.promote_f32
	return f
}

// body encodes a function's locals and code.
func (f *fn) body() []byte {
	var out fn
	// Locals as runs of one type.
	var runs [][2]int
	for _, t := range f.locals {
		if n := len(runs); n > 0 && runs[n-1][1] == int(t) {
			runs[n-1][0]++
			continue
		}
		runs = append(runs, [2]int{1, int(t)})
	}
	out.uleb(uint32(len(runs)))
	for _, r := range runs {
		out.uleb(uint32(r[0]))
		out.op(byte(r[1]))
	}
	out.op(f.b...)
	out.end()
	var sized fn
	sized.uleb(uint32(len(out.b)))
	sized.op(out.b...)
	return sized.b
}

// section appends section id with its contents.
func section(m *fn, id byte, contents []byte) {
	m.op(id)
	m.uleb(uint32(len(contents)))
	m.op(contents...)
}

func module() []byte {
	m := &fn{}
	m.op(0, 'a', 's', 'm', 1, 0, 0, 0)
	// Types: 0 eval (8 x i32) -> f64; 1 build (i32, i32).
	types := &fn{}
	types.uleb(2)
	types.op(0x60, 8, tI32, tI32, tI32, tI32, tI32, tI32, tI32, tI32, 1, tF64)
	types.op(0x60, 2, tI32, tI32, 0)
	section(m, 1, types.b)
	// Import: memory "m" "mem", at least the fixed part and one patch's rows.
	imports := &fn{}
	imports.uleb(1)
	for _, s := range []string{"m", "mem"} {
		imports.uleb(uint32(len(s)))
		imports.op([]byte(s)...)
	}
	imports.op(0x02, 0x00)
	imports.uleb((offRows + 49*rowBytes + 65535) / 65536)
	section(m, 2, imports.b)
	section(m, 3, []byte{2, 0, 1})
	exports := &fn{}
	exports.uleb(1)
	exports.uleb(4)
	exports.op([]byte("eval")...)
	exports.op(0x00, 0)
	section(m, 7, exports.b)
	code := &fn{}
	code.uleb(2)
	code.op(eval().body()...)
	code.op(build().body()...)
	section(m, 10, code.b)
	return m.b
}

func main() {
	out := "wasmsimd.wasm"
	if len(os.Args) > 1 {
		out = os.Args[1]
	}
	if err := os.WriteFile(out, module(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen_wasmsimd:", err)
		os.Exit(1)
	}
}
