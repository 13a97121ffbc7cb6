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
