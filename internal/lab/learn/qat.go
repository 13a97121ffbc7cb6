package learn

import (
	"github.com/tablut-ai/tablut/ai/cnn"
)

// Quantisation-aware fine-tuning (QAT). The engine evaluates a network on
// cnn's int8 path (cnn.Quantize): layer 1 exact to 12 bits, layers 2 and 3
// with int8 weights (one scale per filter) on int8 activations, tanh by table
// lookup. qpass runs that forward pass in float32 arithmetic that gives the
// same numbers: the int8 weights and narrowed activations are held as
// integer-valued float32, and every sum of products is below 2^24 in
// magnitude (576*127*127 = 9,290,304 for layer 2), so the float32 sums are
// exact in any order, with or without fused multiply-adds; requantisation,
// the tanh tables and layer 4 are cnn's own definitions (cnn/fakequant.go).
// The output therefore equals cnn.Quantized's int8 output bit for bit
// (TestQATForwardMatchesInt8).
//
// The backward pass uses straight-through gradients (Bengio et al. 2013):
// rounding a weight or narrowing an activation counts as the identity, so a
// float weight w receives the gradient of its quantised value q*scale, and an
// activation the gradient of its narrowed value; through each tanh the
// derivative is 1 - a*a at the quantised activation.

// qweights is the int8 view of layers 2 and 3 (index 0 and 1), rebuilt from
// the float weights before every gradient.
type qweights struct {
	w     [2][]float32 // int8 weights as integer-valued float32, [out][ky][kx][in]
	scale [2][]float32 // each filter's weight scale: w[i] is about q[i]*scale
	m     [2][]float32 // each filter's requantisation factor (cnn.Int8Requant)
	buf   []int8
}

func newQWeights() *qweights {
	q := &qweights{buf: make([]int8, 9*64)}
	for i, l := range []int{1, 2} {
		q.w[i] = make([]float32, cnn.LayerSize(l))
		q.scale[i] = make([]float32, cnn.Filters[l])
		q.m[i] = make([]float32, cnn.Filters[l])
	}
	return q
}

// update quantises layers 2 and 3 of w as cnn.Quantize does.
func (q *qweights) update(w *params) {
	for i, l := range []int{1, 2} {
		k := 9 * cnn.Channels[l]
		for o := 0; o < cnn.Filters[l]; o++ {
			s := cnn.QuantizeFilterInt8(w[l][o*k:(o+1)*k], q.buf[:k])
			for j, x := range q.buf[:k] {
				q.w[i][o*k+j] = float32(x)
			}
			q.scale[i][o] = float32(s)
			q.m[i][o] = cnn.Int8Requant(l, s)
		}
	}
}

// qpass holds one sample's int8 forward pass for the backward pass,
// channel-last like pass.
type qpass struct {
	sq    [81]uint8           // square contents: 0 empty, 1 white pawn, 2 black pawn, 3 king
	a1    [7 * 7 * 64]float32 // layer-1 activations (int/2047), for tanh's derivative
	x1    [7 * 7 * 64]float32 // the same narrowed to int8: layer 2's input
	a2    [5 * 5 * 32]float32 // layer-2 activations (int/2047)
	x2    [5 * 5 * 32]float32 // narrowed: layer 3's input
	t3    [3 * 3 * 16]float32 // layer-3 activations (cnn's fine tanh table)
	g1    [7 * 7 * 64]float32 // gradient with respect to x1 (and a1)
	g2    [5 * 5 * 32]float32 // and to x2
	out   float32             // the output
	black bool                // Black to move
	input cnn.Input           // the network's input kind
	seedV [4]float64          // the seed's input values of the square kinds
}

func newQPass() *qpass {
	return &qpass{seedV: [4]float64{0, cnn.ValueWhite, cnn.ValueBlack, cnn.ValueKing}}
}

// layer1Weight returns the layer-1 weight index of filter o, tap t and square
// kind k (1 white pawn, 2 black pawn, 3 king) and the input value it is
// multiplied by.
func (p *qpass) layer1Weight(o, t int, k uint8) (int, float64) {
	if p.input == cnn.InputPieces {
		return (o*9+t)*3 + int(k) - 1, 1
	}
	return o*9 + t, p.seedV[k]
}

// forward runs the int8 path on the encoded board in (side to move black)
// with float parameters w and their int8 view q, keeping what backward needs,
// and returns the output.
func (p *qpass) forward(w *params, q *qweights, input cnn.Input, in *[81]float32, black bool) float32 {
	p.input, p.black = input, black
	for s, v := range in {
		switch v {
		case cnn.ValueWhite:
			p.sq[s] = 1
		case cnn.ValueBlack:
			p.sq[s] = 2
		case cnn.ValueKing:
			p.sq[s] = 3
		default:
			p.sq[s] = 0
		}
	}
	// Layer 1: each pre-activation summed in float64 over the occupied taps
	// in tap order, as cnn builds its patch table.
	for y := 0; y < 7; y++ {
		for x := 0; x < 7; x++ {
			pix := (y*7 + x) * 64
			for o := 0; o < 64; o++ {
				var pre float64
				for t := 0; t < 9; t++ {
					k := p.sq[(y+t/3)*9+x+t%3]
					if k == 0 {
						continue
					}
					i, v := p.layer1Weight(o, t, k)
					pre += float64(w[0][i]) * v
				}
				a := cnn.Act16(pre)
				p.a1[pix+o] = float32(a) / 2047
				p.x1[pix+o] = float32(cnn.Narrow8(a))
			}
		}
	}
	// Layer 2: exact integer sums, then the tanh table.
	for y := 0; y < 5; y++ {
		for x := 0; x < 5; x++ {
			pix := (y*5 + x) * 32
			for o := 0; o < 32; o++ {
				var sum float32
				for ky := 0; ky < 3; ky++ {
					sum += dot(q.w[0][(o*3+ky)*192:][:192], p.x1[((y+ky)*7+x)*64:][:192])
				}
				a := cnn.Int8Act2(int32(sum), q.m[0][o])
				p.a2[pix+o] = float32(a) / 2047
				p.x2[pix+o] = float32(cnn.Narrow8(a))
			}
		}
	}
	// Layer 3 and its biases.
	bias := sideBiasOf(w[4], black)
	for y := 0; y < 3; y++ {
		for x := 0; x < 3; x++ {
			pix := (y*3 + x) * 16
			for o := 0; o < 16; o++ {
				var sum float32
				for ky := 0; ky < 3; ky++ {
					sum += dot(q.w[1][(o*3+ky)*96:][:96], p.x2[((y+ky)*5+x)*32:][:96])
				}
				var b float32
				if bias != nil {
					b = bias[pix+o]
				}
				p.t3[pix+o] = cnn.Int8Act3(int32(sum), q.m[1][o], b)
			}
		}
	}
	// Layer 4 in cnn's order: 16 lanes, pixel after pixel, then pairwise.
	var lanes [16]float32
	for i := 0; i < len(p.t3); i += 16 {
		for j := range lanes {
			lanes[j] += float32(p.t3[i+j] * w[3][i+j])
		}
	}
	for step := 8; step > 0; step /= 2 {
		for j := 0; j < step; j++ {
			lanes[j] += lanes[j+step]
		}
	}
	p.out = cnn.Tanh32(lanes[0])
	return p.out
}

// backward propagates dOut, the derivative of the loss with respect to the
// output of the last forward call, with straight-through gradients, and adds
// the parameter gradients to g.
func (p *qpass) backward(w *params, q *qweights, dOut float32, g *params) {
	const inv8 = 1 / cnn.Int8Act8Scale
	dz4 := dOut * (1 - p.out*p.out)
	clear(p.g2[:])
	gbias := sideBiasOf(g[4], p.black)
	for y := 0; y < 3; y++ {
		for x := 0; x < 3; x++ {
			pix := (y*3 + x) * 16
			for o := 0; o < 16; o++ {
				t := p.t3[pix+o]
				g[3][pix+o] += dz4 * t
				dz := dz4 * w[3][pix+o] * (1 - t*t)
				if dz == 0 {
					continue
				}
				if gbias != nil {
					gbias[pix+o] += dz
				}
				for ky := 0; ky < 3; ky++ {
					off, wi := ((y+ky)*5+x)*32, (o*3+ky)*96
					axpy(dz*inv8, p.x2[off:][:96], g[2][wi:])
					axpy(dz*q.scale[1][o], q.w[1][wi:][:96], p.g2[off:])
				}
			}
		}
	}
	clear(p.g1[:])
	for y := 0; y < 5; y++ {
		for x := 0; x < 5; x++ {
			pix := (y*5 + x) * 32
			for o := 0; o < 32; o++ {
				a := p.a2[pix+o]
				dz := p.g2[pix+o] * (1 - a*a)
				if dz == 0 {
					continue
				}
				for ky := 0; ky < 3; ky++ {
					off, wi := ((y+ky)*7+x)*64, (o*3+ky)*192
					axpy(dz*inv8, p.x1[off:][:192], g[1][wi:])
					axpy(dz*q.scale[0][o], q.w[0][wi:][:192], p.g1[off:])
				}
			}
		}
	}
	for y := 0; y < 7; y++ {
		for x := 0; x < 7; x++ {
			pix := (y*7 + x) * 64
			for o := 0; o < 64; o++ {
				a := p.a1[pix+o]
				dz := p.g1[pix+o] * (1 - a*a)
				if dz == 0 {
					continue
				}
				for t := 0; t < 9; t++ {
					k := p.sq[(y+t/3)*9+x+t%3]
					if k == 0 {
						continue
					}
					i, v := p.layer1Weight(o, t, k)
					g[0][i] += dz * float32(v)
				}
			}
		}
	}
}

// sideBiasOf returns the layer-3 biases of b for the side to move (nil for
// the seed's input).
func sideBiasOf(b []float32, black bool) []float32 {
	if len(b) == 0 {
		return nil
	}
	const n = 3 * 3 * 16
	if black {
		return b[n : 2*n]
	}
	return b[:n]
}
