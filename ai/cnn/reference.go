package cnn

import "math"

// ForwardReference computes the network's output for the encoded board in with
// the plainest loops: channel-first activations, float64 sums, math.Tanh. It is
// the definition Forward is tested against, and much slower (tablut bench cnn
// prints each path's speed-up over it). Safe
// for concurrent use.
func (n *Network) ForwardReference(in *[81]float32) float32 {
	return float32(forwardPlain[float64](n, in, false))
}

// ForwardReferenceSide is ForwardReference with the side to move (black:
// Black to move), which an InputPieces network sees.
func (n *Network) ForwardReferenceSide(in *[81]float32, black bool) float32 {
	return float32(forwardPlain[float64](n, in, black))
}

// forwardPlain is ForwardReference computed in the float type T. The float32
// version tells the tests how much plain float32 arithmetic, in the natural
// order, differs from float64 for a given network. Every product is rounded
// before it is added, on every architecture (no fused multiply-add), so the
// reference and that yardstick are the same numbers on amd64 and arm64.
func forwardPlain[T float32 | float64](n *Network, in *[81]float32, black bool) T {
	// act[c][y*side+x]: channel-first.
	side := 9
	var act [][]T
	if n.Input == InputPieces {
		// Three one-hot planes: white pawns, black pawns, king.
		act = [][]T{make([]T, 81), make([]T, 81), make([]T, 81)}
		for i, v := range in {
			switch v {
			case ValueWhite:
				act[0][i] = 1
			case ValueBlack:
				act[1][i] = 1
			case ValueKing:
				act[2][i] = 1
			}
		}
	} else {
		act = [][]T{make([]T, 81)}
		for i, v := range in {
			act[0][i] = T(v)
		}
	}
	sideOff := 0
	if black {
		sideOff = size3
	}
	for l := 0; l < 4; l++ {
		cin := len(act)
		outSide := side - 2
		next := make([][]T, Filters[l])
		for o := range next {
			next[o] = make([]T, outSide*outSide)
			for y := 0; y < outSide; y++ {
				for x := 0; x < outSide; x++ {
					var sum T
					for ky := 0; ky < Kernel; ky++ {
						for kx := 0; kx < Kernel; kx++ {
							for c := 0; c < cin; c++ {
								w := T(n.W[l][((o*Kernel+ky)*Kernel+kx)*cin+c])
								// T(...) rounds the product: without it the
								// compiler may fuse it with the sum (it does on
								// arm64), and the loops would compute differently
								// on different machines.
								sum += T(w * act[c][(y+ky)*side+x+kx])
							}
						}
					}
					if l == 2 && n.Input == InputPieces {
						sum += T(n.SideBias[sideOff+(y*outSide+x)*Filters[2]+o])
					}
					next[o][y*outSide+x] = T(math.Tanh(float64(sum)))
				}
			}
		}
		act, side = next, outSide
	}
	return act[0][0]
}
