//go:build amd64 && !purego

package cnn

import "golang.org/x/sys/cpu"

// hasAVX2 reports whether the assembly kernels can run on this CPU.
var hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA && cpu.X86.HasAVX

// floatAsm reports whether Forward runs the assembly kernels below.
var floatAsm = hasAVX2

// floatAsmName names them for FloatKernel.
const floatAsmName = "float32-avx2fma"

// tanhAsm sets x[i] = tanh(x[i]) for i < n; n must be a multiple of 8.
//
//go:noescape
func tanhAsm(x *float32, n int)

// layer1Asm sums the table rows listed in offs for each of npix pixels.
//
//go:noescape
func layer1Asm(dst *float32, table *float32, offs *int32, npix int)

// conv2RowAsm computes one output row (5 pixels) of layer 2 for 16 filters.
//
//go:noescape
func conv2RowAsm(dst *float32, src *float32, w *float32)

// conv3RowAsm computes one output row (3 pixels) of layer 3 for 16 filters.
//
//go:noescape
func conv3RowAsm(dst *float32, src *float32, w *float32)
