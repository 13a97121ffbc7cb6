//go:build amd64 && !purego

package cnn

import "golang.org/x/sys/cpu"

// hasVNNI512 reports whether the AVX-512 VNNI integer kernels can run: they
// use 512-bit VPDPWSSD (AVX512_VNNI), word moves and a gather (AVX512F,
// AVX512BW).
var hasVNNI512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VNNI

// hasAVXVNNI reports whether the AVX-VNNI kernels can run: VEX-encoded
// VPDPWSSD and VPDPBUSD on ymm registers (AVX-VNNI: CPUID leaf 7 subleaf 1,
// EAX bit 4, as golang.org/x/sys/cpu reports it; Alder Lake and later), with
// the AVX2 gathers and shuffles around them.
var hasAVXVNNI = hasAVX2 && cpu.X86.HasAVXVNNI

// hasVNNI256 reports whether the EVEX twins of the AVX-VNNI kernels can run
// (AVX-512 VNNI on ymm registers needs AVX512VL): the tests run them where
// the VEX forms cannot, see TestVNNI256Twins.
var hasVNNI256 = hasAVX2 && hasVNNI512 && cpu.X86.HasAVX512VL

// The AVX-VNNI kernels (quant_vnni256_amd64.h) do what the AVX2 kernels of
// the same width do, with one VPDPWSSD or VPDPBUSD for each multiply-add
// group; the int8 ones read the activations of narrowAVXVNNI (a+128, like
// narrowVNNI) and start each filter's sums at its offset correction.
//
//go:noescape
func conv2AVXVNNI(dst *int16, src *int16, w *int16, mult *float32, lut *int16)

//go:noescape
func conv3AVXVNNI(dst *int32, src *int16, w *int16)

//go:noescape
func conv2Int8AVXVNNI(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32)

//go:noescape
func conv3Int8AVXVNNI(dst *int32, src *uint8, w *int8, bias *int32)

// The EVEX twins of the AVX-VNNI kernels: the same code with the AVX-512
// encodings of VPDPWSSD and VPDPBUSD.
//
//go:noescape
func conv2VNNI256(dst *int16, src *int16, w *int16, mult *float32, lut *int16)

//go:noescape
func conv3VNNI256(dst *int32, src *int16, w *int16)

//go:noescape
func conv2Int8VNNI256(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32)

//go:noescape
func conv3Int8VNNI256(dst *int32, src *uint8, w *int8, bias *int32)

// narrowAVXVNNI is narrowVNNI with AVX2 instructions only.
//
//go:noescape
func narrowAVXVNNI(dst *uint8, src *int16, blocks int)

// vnni256Code returns the machine code of the AVX-VNNI kernels and of their
// twins (conv2, conv3, conv2Int8, conv3Int8), for TestVNNI256Twins.
func vnni256Code() (vex, evex [4]*byte)

// conv2VNNI computes layer 2 and its tanh (see conv2IntGo) with VPDPWSSD.
//
//go:noescape
func conv2VNNI(dst *int16, src *int16, w *int16, mult *float32, lut *int16)

// conv3VNNI computes layer 3's int32 sums (see conv3IntGo) with VPDPWSSD.
//
//go:noescape
func conv3VNNI(dst *int32, src *int16, w *int16)

// conv2AVX2 computes layer 2 and its tanh with VPMADDWD and VPADDD.
//
//go:noescape
func conv2AVX2(dst *int16, src *int16, w *int16, mult *float32, lut *int16)

// conv3AVX2 computes layer 3's int32 sums with VPMADDWD and VPADDD.
//
//go:noescape
func conv3AVX2(dst *int32, src *int16, w *int16)

// narrowVNNI narrows the 32*blocks activations src to int8 (narrow8) and
// stores them plus 128, as VPDPBUSD's unsigned operand.
//
//go:noescape
func narrowVNNI(dst *uint8, src *int16, blocks int)

// conv2Int8VNNI computes layer 2 and its tanh (see conv2Int8Go) with
// VPDPBUSD from the activations of narrowVNNI, each filter's sums starting
// at its offset correction bias.
//
//go:noescape
func conv2Int8VNNI(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32)

// narrowAVX2 narrows the 32*blocks activations src to int8 (narrow8) into
// dst and their absolute values into abs.
//
//go:noescape
func narrowAVX2(dst *uint8, abs *uint8, src *int16, blocks int)

// conv2Int8AVX2 computes layer 2 and its tanh with VPSIGNB, VPMADDUBSW,
// VPMADDWD and VPADDD from the activations of narrowAVX2.
//
//go:noescape
func conv2Int8AVX2(dst *int16, src *uint8, abs *uint8, w *int8, mult *float32, lut *int16)

// layer4VNNI returns layer 4's sum before its tanh (see layer4) with AVX-512:
// 9 gathers from the tanh table lut3 and 16-lane products and sums.
//
//go:noescape
func layer4VNNI(a3 *int32, m3 *float32, bias *float32, lut3 *float32, w4 *float32) float32

// layer4AVX2 is layer4VNNI with AVX2: 18 gathers of 8 lanes.
//
//go:noescape
func layer4AVX2(a3 *int32, m3 *float32, bias *float32, lut3 *float32, w4 *float32) float32

// conv3Int8VNNI computes layer 3's int32 sums (see conv3Int8Go) with
// VPDPBUSD from the activations of narrowVNNI.
//
//go:noescape
func conv3Int8VNNI(dst *int32, src *uint8, w *int8, bias *int32)

// conv3Int8AVX2 computes layer 3's int32 sums with VPSIGNB, VPMADDUBSW,
// VPMADDWD and VPADDD from the activations of narrowAVX2.
//
//go:noescape
func conv3Int8AVX2(dst *int32, src *uint8, abs *uint8, w *int8)

// copyRows128 copies the 49 rows idx of 128 bytes (64 int16) of table to
// dst, one after the other: layer 1 from the patch table.
//
//go:noescape
func copyRows128(dst *int16, table *int16, idx *int32)

// copyRows64 copies the 49 rows idx of 64 bytes of table to dst.
//
//go:noescape
func copyRows64(dst *uint8, table *uint8, idx *int32)

// patchCodes computes the plain patch indices of the 49 layer-1 pixels (the
// king's square counting as empty, see markKing) from the 81 digits at d
// (padded to 128 bytes) into idx[0:49] (idx has room for 56: the last row's
// store spills one).
//
//go:noescape
func patchCodes(idx *int32, d *uint8)

// conv2Rows512 computes layer 2 and its tanh (see conv2RowsGo) from the
// patch rows of the 49 layer-1 pixels, rows[i] for pixel i: per output
// pixel, nine rows of 32 int32 sums added with VPADDD on zmm.
//
//go:noescape
func conv2Rows512(dst *int16, rows **[rowLen]int32, mult *float32, lut *int16)

// buildRows512 computes the rows of one patch (see buildPatchRows) from its
// 64 activations plus 128 (act, a row of t1b) with VPDPBUSD.
//
//go:noescape
func buildRows512(dst *int32, act *uint8, w *int8, corr *int32)

// conv2RowsAVX2 is conv2Rows512 with AVX2 (ymm registers), for
// Int8AVX2Rows.
//
//go:noescape
func conv2RowsAVX2(dst *int16, rows **[rowLen]int32, mult *float32, lut *int16)
