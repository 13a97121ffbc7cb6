package cnn

// IntSWAR: the int16 path in pure Go for machines without an assembly
// kernel (the purego build, js/wasm, other architectures), "SIMD within a
// register". Two filters' int16 weights w0 and w1 are packed into one
// int64 W = w0 + w1*2^32; one 64-bit multiply by an activation a gives
// a*w0 + a*w1*2^32, so a 64-bit multiply and add do two multiply-adds. The
// sum over the kernel is S0 + S1*2^32 exactly (wrapping arithmetic is
// linear, and quantizeLayer keeps every partial sum of a filter within
// int32), so S0 is its low half read as an int32 and S1 is (sum-S0)/2^32.
// The results equal conv2IntGo and conv3IntGo bit for bit; the integer
// sums need no order.

// packOutLast lays out int16 weights ([out][ky][kx][in]) as
// [ky][kx][in][out], the layout of the NEON kernels (SMLAL by element reads
// one channel's weights for consecutive filters).
func packOutLast(wq []int16, nout, nin int, dst []int16) {
	for o := 0; o < nout; o++ {
		for t := 0; t < 9*nin; t++ {
			dst[t*nout+o] = wq[o*9*nin+t]
		}
	}
}

// packSWAR packs the int16 weights of filters 2p and 2p+1 into
// dst[p*9*nin+t] = w[2p][t] + w[2p+1][t]*2^32, t = (ky*3+kx)*nin + c.
func packSWAR(wq []int16, nout, nin int, dst []int64) {
	k := 9 * nin
	for p := 0; p < nout/2; p++ {
		for t := 0; t < k; t++ {
			dst[p*k+t] = int64(wq[2*p*k+t]) + int64(wq[(2*p+1)*k+t])<<32
		}
	}
}

// unpackSWAR splits a packed sum into its two int32 sums.
func unpackSWAR(s int64) (lo, hi int32) {
	lo = int32(s)
	return lo, int32((s - int64(lo)) >> 32)
}

// conv2SWAR computes layer 2 and its tanh as conv2IntGo does: one output
// row by two filters at a time, five int64 accumulators.
func (q *Quantized) conv2SWAR(a2 *[a2Size]int16, a1 *[a1Size]int16) {
	const k = 3 * 64
	for y := 0; y < 5; y++ {
		for o := 0; o < 32; o += 2 {
			var s0, s1, s2, s3, s4 int64
			for ky := 0; ky < 3; ky++ {
				x := (*[k + 256]int16)(a1[(y+ky)*7*64:])
				w := (*[k]int64)(q.w2s[(o/2*9+ky*3)*64:])
				for i, wi := range w {
					s0 += int64(x[i]) * wi
					s1 += int64(x[i+64]) * wi
					s2 += int64(x[i+128]) * wi
					s3 += int64(x[i+192]) * wi
					s4 += int64(x[i+256]) * wi
				}
			}
			d := a2[y*5*32+o:]
			for px, s := range [5]int64{s0, s1, s2, s3, s4} {
				lo, hi := unpackSWAR(s)
				d[px*32] = q.lut2[requantIndex(lo, q.m2[o], lutHalf2)+lutHalf2]
				d[px*32+1] = q.lut2[requantIndex(hi, q.m2[o+1], lutHalf2)+lutHalf2]
			}
		}
	}
}

// conv3SWAR computes layer 3's int32 sums as conv3IntGo does.
func (q *Quantized) conv3SWAR(a3 *[a3Size]int32, a2 *[a2Size]int16) {
	conv3SWARWith(a3, a2, &q.w3s)
}

// conv3SWARWith computes layer 3's int32 sums of the activations a2 with
// the packed weights w3s (packSWAR): int16 weights, or int8 ones widened.
func conv3SWARWith(a3 *[a3Size]int32, a2 *[a2Size]int16, w3s *[8 * 9 * 32]int64) {
	const k = 3 * 32
	for y := 0; y < 3; y++ {
		for o := 0; o < 16; o += 2 {
			var s0, s1, s2 int64
			for ky := 0; ky < 3; ky++ {
				x := (*[k + 64]int16)(a2[(y+ky)*5*32:])
				w := (*[k]int64)(w3s[(o/2*9+ky*3)*32:])
				for i, wi := range w {
					s0 += int64(x[i]) * wi
					s1 += int64(x[i+32]) * wi
					s2 += int64(x[i+64]) * wi
				}
			}
			d := a3[y*3*16+o:]
			for px, s := range [3]int64{s0, s1, s2} {
				d[px*16], d[px*16+1] = unpackSWAR(s)
			}
		}
	}
}
