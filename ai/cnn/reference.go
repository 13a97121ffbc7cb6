package cnn

import "math"

// ForwardReference computes the network's output for the encoded board in with
// the plainest loops: channel-first activations, float64 sums, math.Tanh. It is
// the definition Forward is tested against, about a hundred times slower. Safe
// for concurrent use.
func (n *Network) ForwardReference(in *[81]float32) float32 {
	return float32(forwardPlain[float64](n, in))
}

// forwardPlain is ForwardReference computed in the float type T. The float32
// version tells the tests how much plain float32 arithmetic, in the natural
// order, differs from float64 for a given network.
func forwardPlain[T float32 | float64](n *Network, in *[81]float32) T {
	// act[c][y*side+x]: channel-first.
	side := 9
	act := [][]T{make([]T, 81)}
	for i, v := range in {
		act[0][i] = T(v)
	}
	for l := 0; l < 4; l++ {
		outSide := side - 2
		next := make([][]T, Filters[l])
		for o := range next {
			next[o] = make([]T, outSide*outSide)
			for y := 0; y < outSide; y++ {
				for x := 0; x < outSide; x++ {
					var sum T
					for ky := 0; ky < Kernel; ky++ {
						for kx := 0; kx < Kernel; kx++ {
							for c := 0; c < Channels[l]; c++ {
								w := T(n.W[l][Index(l, o, ky, kx, c)])
								sum += w * act[c][(y+ky)*side+x+kx]
							}
						}
					}
					next[o][y*outSide+x] = T(math.Tanh(float64(sum)))
				}
			}
		}
		act, side = next, outSide
	}
	return act[0][0]
}
