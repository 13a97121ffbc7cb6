//go:generate go run gen_neon.go

package cnn

import (
	"fmt"
	"strings"
)

// IntKernel names one implementation of the integer layers 2 and 3: an
// instruction set and a width (int16 or int8 weights and activations).
type IntKernel int

// The integer kernels. Every kernel of a width computes exactly what the
// pure-Go kernel of that width (IntGo, Int8Go) computes.
const (
	// IntGo is the pure-Go int16 kernel: the reference of the int16 path.
	IntGo IntKernel = iota
	// IntAVX2 uses AVX2: VPMADDWD and VPADDD on ymm registers, 8 filters
	// times 2 channels per instruction pair.
	IntAVX2
	// IntAVXVNNI uses AVX-VNNI: VEX-encoded VPDPWSSD on ymm registers, 8
	// filters times 2 channels per instruction (CPUs with AVX-VNNI but not
	// AVX-512, such as Alder Lake and later desktops).
	IntAVXVNNI
	// IntAVX512VNNI uses AVX-512 VNNI: VPDPWSSD on zmm registers, 16 filters
	// times 2 channels per instruction.
	IntAVX512VNNI
	// Int8Go is the pure-Go int8 kernel, the reference of the int8 path.
	Int8Go
	// Int8AVX2 uses AVX2: VPSIGNB, VPMADDUBSW and VPMADDWD, 8 filters times
	// 4 channels per instruction (quant8.go explains why it cannot saturate).
	Int8AVX2
	// Int8AVXVNNI uses AVX-VNNI: VEX-encoded VPDPBUSD on ymm registers, 8
	// filters times 4 channels per instruction.
	Int8AVXVNNI
	// Int8AVX512VNNI uses AVX-512 VNNI: VPDPBUSD on zmm registers, 16
	// filters times 4 channels per instruction.
	Int8AVX512VNNI
	// IntNEON uses arm64 NEON: SMLAL and SMLAL2 by element, 4 filters per
	// instruction widened to int32 (quant_arm64.s).
	IntNEON
	// Int8NEONDot uses the arm64 dot-product extension (ASIMDDP): SDOT by
	// element, 4 filters times 4 channels per instruction (quant8_arm64.s).
	Int8NEONDot
	// IntSWAR is pure Go, for machines without an assembly kernel: two
	// filters' int16 weights packed in one int64, so one 64-bit multiply
	// and add do two multiply-adds (quant_swar.go).
	IntSWAR
	// Int8AVX512Rows is Int8AVX512VNNI with layer 2 added up from patch
	// rows built with VPDPBUSD the first time a patch is met (rows.go):
	// nine rows of 32 int32 added per output pixel, VPADDD on zmm.
	Int8AVX512Rows
	// Int8GoRows is the int8 path in pure Go for machines without an
	// assembly kernel: layer 2 from patch rows (rows.go), layer 3 with
	// IntSWAR's packed multiply-adds on int8 weights.
	Int8GoRows
	// Int8AVX2Rows is Int8AVX2 with layer 2 from patch rows (rows.go),
	// added with VPADDD on ymm.
	Int8AVX2Rows
	// Int8NEONRows is Int8NEONDot with layer 2 from patch rows (rows.go),
	// added with VADD on four-lane vectors.
	Int8NEONRows
	// Int8WasmRows is Int8GoRows in a WebAssembly module with SIMD, for
	// browsers (js/wasm builds whose engine validates it): the whole
	// forward pass in one call, rows added with i32x4.add and the
	// multiply-adds done with i32x4.dot_i16x8_s (wasmsimd.go).
	Int8WasmRows
	numIntKernels
)

// intKernelNames are the kernels' names, in the order of the constants.
var intKernelNames = [numIntKernels]string{"int16-go", "int16-avx2", "int16-avxvnni", "int16-avx512vnni",
	"int8-go", "int8-avx2", "int8-avxvnni", "int8-avx512vnni", "int16-neon", "int8-neondot", "int16-swar",
	"int8-avx512rows", "int8-gorows", "int8-avx2rows", "int8-neonrows", "int8-wasmrows"}

// intKernelOrder lists the kernels as IntKernels returns them: the int16
// ones slowest first, then the int8 ones likewise.
var intKernelOrder = [numIntKernels]IntKernel{IntGo, IntSWAR, IntAVX2, IntAVXVNNI, IntAVX512VNNI, IntNEON,
	Int8Go, Int8GoRows, Int8WasmRows, Int8AVX2, Int8AVXVNNI, Int8AVX2Rows, Int8AVX512VNNI, Int8AVX512Rows, Int8NEONDot, Int8NEONRows}

// String returns the kernel's name as tablut bench cnn prints it and as
// ParseIntKernel reads it.
func (k IntKernel) String() string {
	if k < 0 || k >= numIntKernels {
		return fmt.Sprintf("IntKernel(%d)", int(k))
	}
	return intKernelNames[k]
}

// Bits returns the kernel's width: 8 or 16, the bits of the weights and
// activations of layers 2 and 3.
func (k IntKernel) Bits() int {
	if k >= Int8Go && k <= Int8AVX512VNNI || k == Int8NEONDot || k.rows() {
		return 8
	}
	return 16
}

// reference returns the pure-Go kernel of k's width, the definition k
// reproduces bit for bit.
func (k IntKernel) reference() IntKernel {
	if k.Bits() == 8 {
		return Int8Go
	}
	return IntGo
}

// rows reports whether k computes layer 2 from patch rows (rows.go).
func (k IntKernel) rows() bool {
	return k == Int8AVX512Rows || k == Int8AVX2Rows || k == Int8GoRows || k == Int8NEONRows || k == Int8WasmRows
}

// int8Twin returns the int8 kernel of k's instruction set that Quantize may
// switch to (chooseWidth), or ok false where int8 is not faster.
func (k IntKernel) int8Twin() (IntKernel, bool) {
	switch k {
	case IntAVX512VNNI:
		return Int8AVX512Rows, true
	case IntAVXVNNI, IntAVX2:
		return Int8AVX2Rows, true
	case IntNEON:
		return Int8NEONRows, hasDotProd
	case IntSWAR:
		if hasWasmSIMD {
			return Int8WasmRows, true
		}
		return Int8GoRows, true
	}
	return 0, false
}

// Supported reports whether this build and CPU can run k.
func (k IntKernel) Supported() bool {
	switch k {
	case IntGo, Int8Go, IntSWAR, Int8GoRows:
		return true
	case IntAVX2, Int8AVX2, Int8AVX2Rows:
		return hasAVX2
	case IntAVXVNNI, Int8AVXVNNI:
		return hasAVXVNNI
	case IntAVX512VNNI, Int8AVX512VNNI, Int8AVX512Rows:
		return hasVNNI512
	case IntNEON:
		return hasNEON
	case Int8NEONDot, Int8NEONRows:
		return hasDotProd
	case Int8WasmRows:
		return hasWasmSIMD
	}
	return false
}

// IntKernels returns the integer kernels this build and CPU can run: the
// int16 ones slowest first, then the int8 ones likewise.
func IntKernels() []IntKernel {
	var ks []IntKernel
	for _, k := range intKernelOrder {
		if k.Supported() {
			ks = append(ks, k)
		}
	}
	return ks
}

// defaultIntKernel is chosen once, at start-up, from the CPU's features: the
// fastest int16 kernel.
var defaultIntKernel = func() IntKernel {
	best := IntGo
	for _, k := range IntKernels() {
		if k.Bits() == 16 {
			best = k
		}
	}
	return best
}()

// DefaultIntKernel returns the fastest int16 kernel of this machine, chosen
// once at start-up (CPU features detected with golang.org/x/sys/cpu):
// an assembly kernel, or IntSWAR where there is none. Quantize uses it, or
// with AVX-512 VNNI, AVX-VNNI or the arm64 dot product the int8 kernel of
// the same instruction set for a network that the int8 path computes
// precisely enough (Int8Error).
func DefaultIntKernel() IntKernel { return defaultIntKernel }

// ParseIntKernel returns the kernel named s (see IntKernel.String; without
// the "int8-" or "int16-" prefix, the int16 kernel), or an error naming the
// kernels this machine can run.
func ParseIntKernel(s string) (IntKernel, error) {
	var names []string
	for _, k := range IntKernels() {
		if s == k.String() || "int16-"+s == k.String() {
			return k, nil
		}
		names = append(names, k.String())
	}
	for k := IntGo; k < numIntKernels; k++ {
		if s == k.String() || "int16-"+s == k.String() {
			return 0, fmt.Errorf("integer kernel %s is not supported by this CPU or build; this machine runs %s", k, strings.Join(names, ", "))
		}
	}
	return 0, fmt.Errorf("unknown integer kernel %q: want one of %s", s, strings.Join(names, ", "))
}
