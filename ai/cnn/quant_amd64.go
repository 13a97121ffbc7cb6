//go:build amd64 && !purego

package cnn

import "golang.org/x/sys/cpu"

// hasVNNI512 reports whether the AVX-512 VNNI integer kernels can run: they
// use 512-bit VPDPWSSD (AVX512_VNNI), word moves and a gather (AVX512F,
// AVX512BW).
var hasVNNI512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VNNI

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
func layer4VNNI(a3 *int32, m3 *float32, lut3 *float32, w4 *float32) float32

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
