package learn

import (
	"github.com/tablut-ai/tablut/ai/cnn"
)

// sides[l] is the side of the square input of layer l; layer l's output has
// side sides[l+1].
var sides = [5]int{9, 7, 5, 3, 1}

// numParamSets is the number of parameter slices of a network: its four
// layers' weights and, last, an InputPieces network's layer-3 biases
// (cnn.Network.SideBias, empty for the seed's input).
const numParamSets = 5

// params is a network's parameters as slices sharing its storage: [0..3] the
// layers' weights (cnn.Network.W), [4] the layer-3 biases.
type params [numParamSets][]float32

// paramsOf returns the parameter slices of n; writing through them changes n.
func paramsOf(n *cnn.Network) params {
	return params{n.W[0], n.W[1], n.W[2], n.W[3], n.SideBias}
}

// pass holds one sample's activations for the backward pass, channel-last
// (HWC): act[0] is the input (9x9x1 for the seed's plane, 9x9x3 one-hot for
// piece planes), act[l+1] the output of layer l after tanh. Storing channels
// last makes the inner loops of both passes contiguous: for output pixel
// (y, x) and kernel row ky, the three input pixels (y+ky, x..x+2) are 3*cin
// consecutive floats, and so are the weights of filter o for that kernel row
// in the [out][ky][kx][in] layout. Each layer is thus 3 dot products (forward)
// or 3 pairs of axpys (backward) of length 3*cin per output, which vec*.go
// runs with AVX2 and FMA where the CPU has them.
type pass struct {
	act   [5][]float32
	grad  [5][]float32 // gradient of the loss with respect to act[l]
	cin0  int          // input channels of layer 1
	black bool         // side to move of the sample in act
}

func newPass() *pass {
	p := new(pass)
	for l := 0; l < 5; l++ {
		ch := 3 // room for piece planes
		if l > 0 {
			ch = cnn.Filters[l-1]
		}
		p.act[l] = make([]float32, sides[l]*sides[l]*ch)
		p.grad[l] = make([]float32, sides[l]*sides[l]*ch)
	}
	return p
}

// channels returns the input channels of layer l for this pass.
func (p *pass) channels(l int) int {
	if l == 0 {
		return p.cin0
	}
	return cnn.Channels[l]
}

// setInput writes the network input of the encoded board in: the seed's
// single plane, or the three one-hot piece planes of cnn.InputPieces.
func (p *pass) setInput(input cnn.Input, in *[81]float32, black bool) {
	p.cin0, p.black = input.Channels(), black
	a := p.act[0][:81*p.cin0]
	if input != cnn.InputPieces {
		copy(a, in[:])
		return
	}
	clear(a)
	for s, v := range in {
		switch v {
		case cnn.ValueWhite:
			a[s*3] = 1
		case cnn.ValueBlack:
			a[s*3+1] = 1
		case cnn.ValueKing:
			a[s*3+2] = 1
		}
	}
}

// sideBias returns the layer-3 biases for the pass's side to move (empty for
// the seed's input).
func (p *pass) sideBias(b []float32) []float32 { return sideBiasOf(b, p.black) }

// forward runs the network with parameters w and input kind input on the
// encoded board in with the side to move black, keeping every activation,
// and returns the output (the value for White in (-1, 1)). Sums are float32,
// tanh is cnn.Tanh32 (the float path's, within 3e-7 of math.Tanh).
func (p *pass) forward(w *params, input cnn.Input, in *[81]float32, black bool) float32 {
	p.setInput(input, in, black)
	bias := p.sideBias(w[4])
	for l := 0; l < 4; l++ {
		src, dst := p.act[l], p.act[l+1]
		side, out := sides[l], sides[l+1]
		cin, cout := p.channels(l), cnn.Filters[l]
		run := 3 * cin
		wl := w[l]
		for y := 0; y < out; y++ {
			for x := 0; x < out; x++ {
				pix := y*out + x
				d := dst[pix*cout : (pix+1)*cout]
				for o := 0; o < cout; o++ {
					var sum float32
					for ky := 0; ky < 3; ky++ {
						sum += dot(wl[(o*3+ky)*run:][:run], src[((y+ky)*side+x)*cin:][:run])
					}
					if l == 2 && bias != nil {
						sum += bias[pix*cout+o]
					}
					d[o] = cnn.Tanh32(sum)
				}
			}
		}
	}
	return p.act[4][0]
}

// backward propagates dOut, the derivative of the loss with respect to the
// output of the last forward call, through the four layers and adds the
// parameter gradients to g (same layout as the parameters). Through tanh the
// derivative is multiplied by 1 - a*a, a the activation; through a
// convolution the weight gradient is the correlation of the layer's input
// with the output gradient, and the input gradient the full convolution of
// the output gradient with the weights; a bias's gradient is its output's.
func (p *pass) backward(w *params, dOut float32, g *params) {
	p.grad[4][0] = dOut
	gbias := p.sideBias(g[4])
	for l := 3; l >= 0; l-- {
		src, act, dact := p.act[l], p.act[l+1], p.grad[l+1]
		dsrc := p.grad[l]
		side, out := sides[l], sides[l+1]
		cin, cout := p.channels(l), cnn.Filters[l]
		run := 3 * cin
		wl, gl := w[l], g[l]
		if l > 0 {
			clear(dsrc[:side*side*cin])
		}
		for y := 0; y < out; y++ {
			for x := 0; x < out; x++ {
				base := (y*out + x) * cout
				for o := 0; o < cout; o++ {
					a := act[base+o]
					dz := dact[base+o] * (1 - a*a)
					if dz == 0 {
						continue
					}
					if l == 2 && gbias != nil {
						gbias[base+o] += dz
					}
					for ky := 0; ky < 3; ky++ {
						off := ((y+ky)*side + x) * cin
						wi := (o*3 + ky) * run
						axpy(dz, src[off:][:run], gl[wi:])
						if l > 0 {
							axpy(dz, wl[wi:][:run], dsrc[off:])
						}
					}
				}
			}
		}
	}
}

// newGrads returns zero buffers shaped like the parameters of a network with
// input kind input.
func newGrads(input cnn.Input) *params {
	n := cnn.NewInput("", input)
	var g params
	for i, s := range paramsOf(n) {
		g[i] = make([]float32, len(s))
	}
	return &g
}
