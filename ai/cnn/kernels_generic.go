package cnn

// Pure-Go kernels. They serve non-amd64 machines, the purego build tag and CPUs
// without AVX2/FMA, and the tests run them on every machine. The convolutions
// compute one output row by two filters at a time: for each input value loaded
// the inner loop does ten (or six) multiply-adds into register accumulators,
// and array-pointer conversions of fixed length let the compiler drop the
// bounds checks.

// layer1Go sums the table rows listed by layer1Offsets.
func layer1Go(a1 *[size1]float32, pk *packed, offs *[49 * 10]int32) {
	for p := 0; p < 49; p++ {
		acc := (*[64]float32)(a1[p*64:])
		o := offs[p*10 : p*10+10]
		for _, off := range o[1 : 1+o[0]] {
			row := (*[64]float32)(pk.t1[off/4:])
			for i := range acc {
				acc[i] += row[i]
			}
		}
	}
}

// layer1General computes the layer-1 pre-activations for arbitrary input
// values: table row "white" is the filter weights times 1.
func layer1General(a1 *[size1]float32, pk *packed, in *[81]float32) {
	for y := 0; y < 7; y++ {
		for x := 0; x < 7; x++ {
			acc := (*[64]float32)(a1[(y*7+x)*64:])
			for tap := 0; tap < 9; tap++ {
				v := in[(y+tap/3)*9+x+tap%3]
				if v == 0 {
					continue
				}
				row := (*[64]float32)(pk.t1[tap*3*64:])
				for i := range acc {
					acc[i] += v * row[i]
				}
			}
		}
	}
}

// conv2Go computes the layer-2 pre-activations (5x5x32, HWC) from the layer-1
// activations (7x7x64, HWC) and the weights in the public layout. For output
// row y and kernel row ky, the inputs of pixel x are the 192 floats
// a1[((y+ky)*7+x)*64:], and the weights of filter o are w[(o*9+ky*3)*64:], also
// 192 contiguous floats.
func conv2Go(a2 *[size2]float32, a1 *[size1]float32, w *[32 * 9 * 64]float32) {
	const k = 3 * 64
	for y := 0; y < 5; y++ {
		for o := 0; o < 32; o += 2 {
			var s00, s01, s10, s11, s20, s21, s30, s31, s40, s41 float32
			for ky := 0; ky < 3; ky++ {
				base := (y + ky) * 7 * 64
				x0 := (*[k]float32)(a1[base:])
				x1 := (*[k]float32)(a1[base+64:])
				x2 := (*[k]float32)(a1[base+128:])
				x3 := (*[k]float32)(a1[base+192:])
				x4 := (*[k]float32)(a1[base+256:])
				w0 := (*[k]float32)(w[(o*9+ky*3)*64:])
				w1 := (*[k]float32)(w[((o+1)*9+ky*3)*64:])
				for i := 0; i < k; i++ {
					u, v := w0[i], w1[i]
					s00 += x0[i] * u
					s01 += x0[i] * v
					s10 += x1[i] * u
					s11 += x1[i] * v
					s20 += x2[i] * u
					s21 += x2[i] * v
					s30 += x3[i] * u
					s31 += x3[i] * v
					s40 += x4[i] * u
					s41 += x4[i] * v
				}
			}
			d := a2[y*5*32+o:]
			d[0], d[1] = s00, s01
			d[32], d[33] = s10, s11
			d[64], d[65] = s20, s21
			d[96], d[97] = s30, s31
			d[128], d[129] = s40, s41
		}
	}
}

// conv3Go computes the layer-3 pre-activations (3x3x16, HWC) from the layer-2
// activations (5x5x32, HWC), as conv2Go does.
func conv3Go(a3 *[size3]float32, a2 *[size2]float32, w *[16 * 9 * 32]float32) {
	const k = 3 * 32
	for y := 0; y < 3; y++ {
		for o := 0; o < 16; o += 2 {
			var s00, s01, s10, s11, s20, s21 float32
			for ky := 0; ky < 3; ky++ {
				base := (y + ky) * 5 * 32
				x0 := (*[k]float32)(a2[base:])
				x1 := (*[k]float32)(a2[base+32:])
				x2 := (*[k]float32)(a2[base+64:])
				w0 := (*[k]float32)(w[(o*9+ky*3)*32:])
				w1 := (*[k]float32)(w[((o+1)*9+ky*3)*32:])
				for i := 0; i < k; i++ {
					u, v := w0[i], w1[i]
					s00 += x0[i] * u
					s01 += x0[i] * v
					s10 += x1[i] * u
					s11 += x1[i] * v
					s20 += x2[i] * u
					s21 += x2[i] * v
				}
			}
			d := a3[y*3*16+o:]
			d[0], d[1] = s00, s01
			d[16], d[17] = s10, s11
			d[32], d[33] = s20, s21
		}
	}
}
