//go:build js

package cnn

import (
	"encoding/binary"
	"syscall/js"
)

// wasmSIMD is the compiled module, or undefined where the engine has no
// WebAssembly SIMD (WebAssembly.validate rejects its bytes): compiled once,
// synchronously, at start-up (5 KB; browsers compile modules that small on
// the page's thread too).
var wasmSIMD = func() js.Value {
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
