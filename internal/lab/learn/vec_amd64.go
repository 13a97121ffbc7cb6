//go:build amd64 && !purego

package learn

import "golang.org/x/sys/cpu"

// useAVX2 says whether dot and axpy run the AVX2/FMA assembly of
// vec_amd64.s (lengths that are multiples of 16; shorter runs, such as
// layer 1's, stay in Go). The rounding differs from the Go loops (fused
// multiply-adds, another summation order), so a run's floats depend on the
// CPU's path; on one machine they are the same for every thread count.
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasFMA && cpu.X86.HasAVX

// dotAVX returns the dot product of n floats at a and b; n is a positive
// multiple of 16.
//
//go:noescape
func dotAVX(a, b *float32, n int) float32

// axpyAVX adds k times the n floats at x to those at y; n is a positive
// multiple of 16.
//
//go:noescape
func axpyAVX(k float32, x, y *float32, n int)

func dot(a, b []float32) float32 {
	if useAVX2 && len(a) >= 16 && len(a)%16 == 0 {
		b = b[:len(a)]
		return dotAVX(&a[0], &b[0], len(a))
	}
	return dotGo(a, b)
}

func axpy(k float32, x, y []float32) {
	if useAVX2 && len(x) >= 16 && len(x)%16 == 0 {
		y = y[:len(x)]
		axpyAVX(k, &x[0], &y[0], len(x))
		return
	}
	axpyGo(k, x, y)
}
