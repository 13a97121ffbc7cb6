package cnn

import (
	"math"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/pageturn"
)

// The int8 path of layers 2 and 3. Layer 2 holds 460,800 of the network's
// 530,000 multiply-adds and layer 3 41,472; in int8 one VPDPBUSD does 64 of
// them (16 filters times 4 channels) where VPDPWSSD does 32, so both layers
// cost half the instructions.
//
//   - Weights: int8 in [-127, 127], one scale per filter (its largest |w| maps
//     to 127). Scale searches (clipping at a percentile, least squared error)
//     gave no better outputs on the shipped networks: the error comes from the
//     activations as much as from the weights.
//   - Activations: the int16 activations of layers 1 and 2 (scale 2047) are
//     narrowed to int8 by a = round(a16*2033/2^15), which is VPMULHRSW with
//     the constant 2033: scale 2047*2033/2^15 = 126.999, |a| <= 127.
//     Narrowing in the kernel keeps the layer-1 table and the layer-2 tanh
//     table as they are (one of each for both widths).
//   - VPDPBUSD multiplies unsigned bytes by signed ones, so the VNNI kernels
//     (AVX-512 VNNI and AVX-VNNI) store a+128 (a XOR 0x80, in [1, 255]) and
//     start each filter's sums at -128 times the sum of its weights (bias2b, bias3b): every output pixel
//     uses all of a filter's weights (no padding), so the correction is one
//     constant per filter and the sums equal those of signed activations
//     exactly.
//   - VPMADDUBSW (AVX2) adds two u8*s8 products into an int16 with signed
//     saturation. It gets |a| and the weights with a's sign (VPSIGNB), so each
//     pair is at most 2*127*127 = 32,258 < 32,767 in magnitude: it cannot
//     saturate, because weights and activations stay in [-127, 127]
//     (TestInt8Ranges). VPMADDWD by ones then widens the pairs to int32.
//   - The tanh after each layer is as in the int16 path, the same table
//     lookups with the factors m2b and m3b of the int8 scales.
//
// The int8 path is less precise than int16, most of all on networks whose
// saturated scores magnify the rounding (docs/measurements.md, section Int8
// precision of the shipped networks). Quantize therefore measures it on
// calibration boards and uses int8 only for a network it computes within
// Int8Tolerance, and only on CPUs with AVX-512 VNNI or AVX-VNNI
// (chooseWidth).

// Int8 path constants.
const (
	maxWeight8 = 127
	narrowMul  = 2033 // VPMULHRSW factor narrowing an int16 activation to int8
	// act8Scale is the scale of narrowed activations: 2047*2033/2^15.
	act8Scale = actScale * narrowMul / 32768.0
	// Int8Tolerance is the largest output difference from the float network
	// on the calibration boards that Quantize accepts for the int8 path. It
	// is three quarters of the 0.02 the integer path promises, a margin for
	// boards the calibration did not see.
	Int8Tolerance = 0.015
	// CalibrationBoards is the number of real-game boards on which Quantize
	// measures the int8 path (chooseWidth, CalibrationPositions).
	CalibrationBoards = 1000
)

// quantizeLayerInt8 converts the float weights w ([out][ky][kx][in]) of a
// layer with nout filters of 3x3xnin to int8 with one scale per filter (wq),
// packs them in quads (wp), and computes each filter's requantisation factor
// for a tanh table of lutRes steps per unit (m) and its offset correction
// (bias: -128 times the sum of its weights).
func quantizeLayerInt8(w []float32, nout, nin int, wq, wp []int8, m []float32, bias []int32, lutRes float64) {
	k := 9 * nin
	for o := 0; o < nout; o++ {
		scale := QuantizeFilterInt8(w[o*k:(o+1)*k], wq[o*k:(o+1)*k])
		var sum int32
		for _, x := range wq[o*k : (o+1)*k] {
			sum += int32(x)
		}
		m[o] = float32(scale / act8Scale * lutRes)
		bias[o] = -128 * sum
	}
	packQuads(wq, nout, nin, wp)
}

// packQuads lays out int8 weights for VPDPBUSD and VPMADDUBSW, which take
// four bytes per 32-bit lane: [ky][quad][out][4], quad running over the
// channel quads of one kernel row ((kx*nin + c)/4), so that one quad's
// weights for all nout filters are contiguous (nout*4 bytes).
func packQuads(wq []int8, nout, nin int, dst []int8) {
	quads := 3 * nin / 4
	for o := 0; o < nout; o++ {
		for ky := 0; ky < 3; ky++ {
			for i := 0; i < 3*nin; i++ {
				dst[((ky*quads+i/4)*nout+o)*4+i%4] = wq[(o*9+ky*3)*nin+i]
			}
		}
	}
}

// narrow8 returns the int8 activation of the int16 activation a: VPMULHRSW's
// round(a*narrowMul/2^15), computed as it does (an arithmetic shift of the
// product plus 2^14).
func narrow8(a int16) int8 {
	return int8((int32(a)*narrowMul + 1<<14) >> 15)
}

// narrowOffset returns the byte of the int16 activation a as the VNNI int8
// kernels read it: narrow8(a)+128, an unsigned byte (a XOR 0x80).
func narrowOffset(a int16) uint8 {
	return uint8(narrow8(a)) ^ 0x80
}

// narrowGo narrows the activations a to int8 (stored as their bytes) in b.
func narrowGo(b []uint8, a []int16) {
	for i, v := range a {
		b[i] = uint8(narrow8(v))
	}
}

// conv2Int8Go computes layer 2 and its tanh in int8: a2 (5x5x32, HWC) from
// the narrowed activations b1 (7x7x64, HWC, int8 bytes). The definition the
// int8 assembly kernels reproduce bit for bit.
func (q *Quantized) conv2Int8Go(a2 *[a2Size]int16, b1 *[a1Size]uint8) {
	const k = 3 * 64
	for y := 0; y < 5; y++ {
		for o := 0; o < 32; o += 2 {
			var s [5][2]int32
			for ky := 0; ky < 3; ky++ {
				w0 := (*[k]int8)(q.w2b[(o*9+ky*3)*64:])
				w1 := (*[k]int8)(q.w2b[((o+1)*9+ky*3)*64:])
				for x := 0; x < 5; x++ {
					in := (*[k]uint8)(b1[((y+ky)*7+x)*64:])
					var s0, s1 int32
					for i, b := range in {
						a := int32(int8(b))
						s0 += a * int32(w0[i])
						s1 += a * int32(w1[i])
					}
					s[x][0] += s0
					s[x][1] += s1
				}
			}
			d := a2[y*5*32+o:]
			for x := range s {
				d[x*32] = q.lut2[requantIndex(s[x][0], q.m2b[o], lutHalf2)+lutHalf2]
				d[x*32+1] = q.lut2[requantIndex(s[x][1], q.m2b[o+1], lutHalf2)+lutHalf2]
			}
		}
	}
}

// conv3Int8Go computes layer 3's int32 sums a3 (3x3x16, HWC) in int8 from
// the narrowed layer-2 activations b2 (5x5x32, HWC, int8 bytes).
func (q *Quantized) conv3Int8Go(a3 *[a3Size]int32, b2 *[a2Size]uint8) {
	const k = 3 * 32
	for y := 0; y < 3; y++ {
		for x := 0; x < 3; x++ {
			for o := 0; o < 16; o++ {
				var acc int32
				for ky := 0; ky < 3; ky++ {
					in := (*[k]uint8)(b2[((y+ky)*5+x)*32:])
					w := (*[k]int8)(q.w3b[(o*9+ky*3)*32:])
					for i, b := range in {
						acc += int32(int8(b)) * int32(w[i])
					}
				}
				a3[(y*3+x)*16+o] = acc
			}
		}
	}
}

// chooseWidth measures the int8 path against the float network on the
// CalibrationBoards boards of real games (CalibrationPositions, each with its
// side to move) and switches q to the int8 kernel of its instruction set if
// the largest output difference is at most Int8Tolerance. The boards are
// fixed, so the choice is deterministic. Positions from games rather than
// from random moves: the tolerance is about the boards the engine meets, and
// random games' boards (scattered pawns, no plan) are not those.
//
// The int8 kernel taken is the fastest of the instruction set (int8Twin):
// the rows kernels (rows.go) where they exist (AVX-512, AVX2 and pure Go:
// layer 2 by additions of rows, some 10 to 20 times fewer instructions
// than its multiply-adds), and SDOT on arm64 with the dot product (four
// times the work of SMLAL). On arm64 without it q keeps its int16 kernel.
func (q *Quantized) chooseWidth() {
	k8, ok := q.kernel.int8Twin() // the int8 kernel of the same instruction set
	if !ok {
		return
	}
	pos, err := CalibrationPositions()
	if err != nil || len(pos) == 0 {
		return // cannot happen with the tested embedded file; int16 is the safe width
	}
	switch {
	case k8 == Int8WasmRows:
		q.wasm = newWasmNet(q)
	case k8.rows():
		q.rows = newPatchRows(q)
	}
	var worst float64
	for i := range pos {
		pageturn.Give() // in a browser the boards take a second: the page's turns
		var in [81]float32
		Encode(&pos[i], &in)
		var d [81]uint8
		king, ok := digitsOf(&in, &d)
		if !ok {
			continue
		}
		black := pos[i].SideToMove() == game.Black // seen by piece-planes networks
		worst = max(worst, math.Abs(float64(q.forward(&d, king, black, k8)-q.float.ForwardSide(&in, black))))
	}
	q.err8 = worst
	if worst <= Int8Tolerance {
		q.kernel = k8
	} else {
		q.rows, q.wasm = nil, nil // int16 has no rows
	}
}

// Int8Error returns the int8 path's largest output difference from the float
// network on Quantize's calibration boards (1,000 boards of real games), or
// 0 if Quantize did not measure it (neither AVX-512 VNNI, AVX-VNNI nor the
// arm64 dot product).
// Quantize chose the int8 kernel if it is at most Int8Tolerance.
func (q *Quantized) Int8Error() float64 { return q.err8 }
