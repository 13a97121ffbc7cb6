//go:build !js

package cnn

// Outside a browser there is no WebAssembly engine to run wasmsimd.wasm in:
// the machine's own kernels are faster anyway.
const hasWasmSIMD = false

// wasmNet is a network's instance of the SIMD module (wasmsimd_js.go).
type wasmNet struct{}

func newWasmNet(*Quantized) *wasmNet { panic("cnn: no WebAssembly engine in this build") }

func (*wasmNet) forward(*[81]uint8, int, bool) float32 {
	panic("cnn: no WebAssembly engine in this build")
}

func (*wasmNet) counts() (kept, flushes int) { return 0, 0 }
