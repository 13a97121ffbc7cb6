package learn

import (
	"math"

	"github.com/tablut-ai/tablut/ai/cnn"
)

// sides[l] is the side of the square input of layer l; layer l's output has
// side sides[l+1].
var sides = [5]int{9, 7, 5, 3, 1}

// pass holds one sample's activations for the backward pass, channel-last
// (HWC): act[0] is the 9x9x1 input, act[l+1] the output of layer l after tanh.
// Storing channels last makes the inner loops of both passes contiguous runs
// over input channels, both in the activations and in the weights, whose
// layout is [out][ky][kx][in].
type pass struct {
	act  [5][]float32
	grad [5][]float32 // gradient of the loss with respect to act[l]
}

func newPass() *pass {
	p := new(pass)
	for l := 0; l < 5; l++ {
		ch := 1
		if l > 0 {
			ch = cnn.Filters[l-1]
		}
		p.act[l] = make([]float32, sides[l]*sides[l]*ch)
		p.grad[l] = make([]float32, sides[l]*sides[l]*ch)
	}
	return p
}

// forward runs the network with weights w on the encoded board in, keeping
// every activation, and returns the output (the value for White in (-1, 1)).
// Sums are float32 in the natural order, tanh is math.Tanh.
func (p *pass) forward(w *[4][]float32, in *[81]float32) float32 {
	copy(p.act[0], in[:])
	for l := 0; l < 4; l++ {
		src, dst := p.act[l], p.act[l+1]
		side, out := sides[l], sides[l+1]
		cin, cout := cnn.Channels[l], cnn.Filters[l]
		wl := w[l]
		for y := 0; y < out; y++ {
			for x := 0; x < out; x++ {
				d := dst[(y*out+x)*cout : (y*out+x+1)*cout]
				for o := 0; o < cout; o++ {
					var sum float32
					for ky := 0; ky < 3; ky++ {
						for kx := 0; kx < 3; kx++ {
							s := src[((y+ky)*side+x+kx)*cin:][:cin]
							k := wl[((o*3+ky)*3+kx)*cin:][:cin]
							sum += dot(k, s)
						}
					}
					d[o] = float32(math.Tanh(float64(sum)))
				}
			}
		}
	}
	return p.act[4][0]
}

// backward propagates dOut, the derivative of the loss with respect to the
// output of the last forward call, through the four layers and adds the weight
// gradients to g (same layout as the weights). Through tanh the derivative is
// multiplied by 1 - a*a, a the activation; through a convolution the weight
// gradient is the correlation of the layer's input with the output gradient,
// and the input gradient the full convolution of the output gradient with the
// weights.
func (p *pass) backward(w *[4][]float32, dOut float32, g *[4][]float32) {
	p.grad[4][0] = dOut
	for l := 3; l >= 0; l-- {
		src, act, dact := p.act[l], p.act[l+1], p.grad[l+1]
		dsrc := p.grad[l]
		side, out := sides[l], sides[l+1]
		cin, cout := cnn.Channels[l], cnn.Filters[l]
		wl, gl := w[l], g[l]
		if l > 0 {
			clear(dsrc)
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
					for ky := 0; ky < 3; ky++ {
						for kx := 0; kx < 3; kx++ {
							off := ((y+ky)*side + x + kx) * cin
							s := src[off:][:cin]
							wi := ((o*3+ky)*3 + kx) * cin
							axpy(dz, s, gl[wi:])
							if l > 0 {
								axpy(dz, wl[wi:][:cin], dsrc[off:])
							}
						}
					}
				}
			}
		}
	}
}

// newGrads returns zero buffers shaped like a network's weights.
func newGrads() *[4][]float32 {
	var g [4][]float32
	for l := range g {
		g[l] = make([]float32, cnn.LayerSize(l))
	}
	return &g
}

// dot returns the dot product of a and b (len(b) >= len(a)), four
// independent partial sums so the additions pipeline.
func dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// axpy adds k*x to y (len(y) >= len(x)).
func axpy(k float32, x, y []float32) {
	y = y[:len(x)]
	i := 0
	for ; i+4 <= len(x); i += 4 {
		y[i] += k * x[i]
		y[i+1] += k * x[i+1]
		y[i+2] += k * x[i+2]
		y[i+3] += k * x[i+3]
	}
	for ; i < len(x); i++ {
		y[i] += k * x[i]
	}
}
