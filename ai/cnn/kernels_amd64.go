//go:build amd64 && !purego

package cnn

import "golang.org/x/sys/cpu"

// hasAVX2 reports whether the assembly kernels can run on this CPU.
var hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA && cpu.X86.HasAVX

// tanhAVX sets x[i] = tanh(x[i]) for i < n; n must be a multiple of 8.
//
//go:noescape
func tanhAVX(x *float32, n int)

// layer1AVX sums the table rows listed in offs for each of npix pixels.
//
//go:noescape
func layer1AVX(dst *float32, table *float32, offs *int32, npix int)

// conv2RowAVX computes one output row (5 pixels) of layer 2 for 16 filters.
//
//go:noescape
func conv2RowAVX(dst *float32, src *float32, w *float32)

// conv3RowAVX computes one output row (3 pixels) of layer 3 for 16 filters.
//
//go:noescape
func conv3RowAVX(dst *float32, src *float32, w *float32)
