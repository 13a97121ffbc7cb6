package cnn

// The pure-Go integer kernels: the definition every assembly kernel of the
// integer path must reproduce bit for bit, and the integer path of machines
// without one. Layer 2 computes one output row by two filters at a time (ten
// int32 accumulators reuse each weight load), as conv2Go does in float32.

// conv2IntGo computes layer 2 and its tanh: a2 (5x5x32, HWC) from a1 (7x7x64,
// HWC).
func (q *Quantized) conv2IntGo(a2 *[a2Size]int16, a1 *[a1Size]int16) {
	const k = 3 * 64
	for y := 0; y < 5; y++ {
		for o := 0; o < 32; o += 2 {
			var s00, s01, s10, s11, s20, s21, s30, s31, s40, s41 int32
			for ky := 0; ky < 3; ky++ {
				base := (y + ky) * 7 * 64
				x0 := (*[k]int16)(a1[base:])
				x1 := (*[k]int16)(a1[base+64:])
				x2 := (*[k]int16)(a1[base+128:])
				x3 := (*[k]int16)(a1[base+192:])
				x4 := (*[k]int16)(a1[base+256:])
				w0 := (*[k]int16)(q.w2[(o*9+ky*3)*64:])
				w1 := (*[k]int16)(q.w2[((o+1)*9+ky*3)*64:])
				for i := 0; i < k; i++ {
					u, v := int32(w0[i]), int32(w1[i])
					s00 += int32(x0[i]) * u
					s01 += int32(x0[i]) * v
					s10 += int32(x1[i]) * u
					s11 += int32(x1[i]) * v
					s20 += int32(x2[i]) * u
					s21 += int32(x2[i]) * v
					s30 += int32(x3[i]) * u
					s31 += int32(x3[i]) * v
					s40 += int32(x4[i]) * u
					s41 += int32(x4[i]) * v
				}
			}
			d := a2[y*5*32+o:]
			for x, s := range [5][2]int32{{s00, s01}, {s10, s11}, {s20, s21}, {s30, s31}, {s40, s41}} {
				d[x*32] = q.lut2[requantIndex(s[0], q.m2[o], lutHalf2)+lutHalf2]
				d[x*32+1] = q.lut2[requantIndex(s[1], q.m2[o+1], lutHalf2)+lutHalf2]
			}
		}
	}
}

// conv3IntGo computes layer 3's int32 sums a3 (3x3x16, HWC) from a2.
func (q *Quantized) conv3IntGo(a3 *[a3Size]int32, a2 *[a2Size]int16) {
	const k = 3 * 32
	for y := 0; y < 3; y++ {
		for x := 0; x < 3; x++ {
			for o := 0; o < 16; o++ {
				var acc int32
				for ky := 0; ky < 3; ky++ {
					in := (*[k]int16)(a2[((y+ky)*5+x)*32:])
					w := (*[k]int16)(q.w3[(o*9+ky*3)*32:])
					for i := range in {
						acc += int32(in[i]) * int32(w[i])
					}
				}
				a3[(y*3+x)*16+o] = acc
			}
		}
	}
}
