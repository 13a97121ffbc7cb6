//go:build arm64 && !purego

package cnn

import "golang.org/x/sys/cpu"

// hasNEON reports whether the NEON integer kernels can run (Advanced SIMD,
// present on every arm64 CPU that runs Go).
var hasNEON = cpu.ARM64.HasASIMD

// hasDotProd reports whether the int8 kernels can run: SDOT, the
// dot-product extension (FEAT_DotProd, "asimddp": Apple M1 and later,
// Cortex-A55/A75/A76 and later, Neoverse N1 and later).
var hasDotProd = hasNEON && cpu.ARM64.HasASIMDDP

// conv2NEON computes layer 2 and its tanh (see conv2IntGo) with SMLAL and
// SMLAL2 by element from the int16 activations src and the weights w in
// [ky][kx][in][out] (Quantized.w2n); tmp holds one row's 80 table indices.
//
//go:noescape
func conv2NEON(dst *int16, src *int16, w *int16, mult *float32, lut *int16, tmp *int32)

// conv3NEON computes layer 3's int32 sums (see conv3IntGo) with SMLAL and
// SMLAL2 by element, the weights in [ky][kx][in][out] (Quantized.w3n).
//
//go:noescape
func conv3NEON(dst *int32, src *int16, w *int16)

// conv2Int8NEON computes layer 2 and its tanh (see conv2Int8Go) with SDOT by
// element from the offset bytes of boardPatches8 (XOR 0x80: the signed
// int8 activations) and the weights of packQuads (Quantized.w2bq).
//
//go:noescape
func conv2Int8NEON(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, tmp *int32)

// conv3Int8NEON computes layer 3's int32 sums (see conv3Int8Go) with SDOT
// from the signed int8 activations of narrowNEON.
//
//go:noescape
func conv3Int8NEON(dst *int32, src *uint8, w *int8)

// narrowNEON narrows the 16*blocks activations src to int8 (narrow8) with
// SQRDMULH, whose rounding is VPMULHRSW's.
//
//go:noescape
func narrowNEON(dst *uint8, src *int16, blocks int)

// conv2RowsNEON computes layer 2 and its tanh from the patch rows of the 49
// layer-1 pixels (see conv2RowsGo) with VADD, requantised as
// conv2Int8NEON does; tmp holds one row's 80 table indices.
//
//go:noescape
func conv2RowsNEON(dst *int16, rows **[rowLen]int32, mult *float32, lut *int16, tmp *int32)
