//go:generate go run gen_wasmsimd.go

package cnn

import _ "embed"

// The int8-wasmrows kernel (Int8WasmRows): in a browser, the int8 rows
// path's whole forward pass in a WebAssembly module that uses SIMD
// (wasmsimd.wasm, written by gen_wasmsimd.go), where Go's own code runs
// without any (its wasm backend emits no v128 instruction). One call per
// evaluation: the module gets the board's digits as arguments and returns
// layer 4's sum; it keeps the network's weights, the narrowed layer-1
// table and the patch rows in its own memory (wasmsimd_js.go instantiates
// it, once per network). This file holds what every build shares: the
// module's bytes, so that a test regenerates and compares them anywhere
// (wasmsimd_js.go has the rest: the memory layout, its image built from a
// network, the instances and the calls).

//go:embed wasmsimd.wasm
var wasmSIMDModule []byte
