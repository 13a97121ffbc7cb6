package cnn

import (
	"fmt"
	"math/rand/v2"
	"sync/atomic"
)

// Layer shapes, as in the seed: layer l has Filters[l] filters of 3x3xChannels[l].
var (
	// Filters is the number of filters (output channels) of each layer.
	Filters = [4]int{64, 32, 16, 1}
	// Channels is the number of input channels of each layer.
	Channels = [4]int{1, 64, 32, 16}
)

// Kernel is the side of every convolution kernel.
const Kernel = 3

// NumParams is the number of parameters of the network (no biases).
const NumParams = 64*9*1 + 32*9*64 + 16*9*32 + 1*9*16 // 23,760

// LayerSize returns the number of weights of layer l: Filters[l]*3*3*Channels[l].
func LayerSize(l int) int { return Filters[l] * Kernel * Kernel * Channels[l] }

// Index returns the position of the weight of layer l for filter o, kernel row
// ky, kernel column kx and input channel c in W[l]:
// ((o*3+ky)*3+kx)*Channels[l] + c. Kernel row ky runs along ranks (ky = 0 is the
// smaller rank, the top of the board in project notation) and kx along files.
func Index(l, o, ky, kx, c int) int {
	return ((o*Kernel+ky)*Kernel+kx)*Channels[l] + c
}

// Network is one TabZAI evaluator.
//
// W[l] holds the weights of layer l in the seed's layout [out][ky][kx][in]
// (see Index), LayerSize(l) float32 each. The fast path reads W through packed
// copies that are derived lazily on first use. Code that changes W in place
// (mutation, crossover) must call Prepare afterwards and before the next
// Forward or Evaluate; NewRandom, Clone and Load return networks that need no
// Prepare.
//
// Forward, Evaluate and ForwardReference are safe for concurrent use. Changing
// W, Prepare and EnableCache are not: do them while no goroutine evaluates
// with the network.
type Network struct {
	// Label names the network (for example "champion" or "gen042-3"); see Name.
	Label string
	// W holds the weights of the four layers, layout [out][ky][kx][in].
	W [4][]float32
	// Base names the evaluator the network corrects: "" for a pure network
	// (Evaluate is the network's value), BaseHeuristic for a residual network,
	// whose players evaluate clamp(heuristic + Scale*output) (ai.Residual,
	// built by package ai/player). Evaluate itself always returns the network's
	// own value.
	Base string
	// Scale is the largest correction of a residual network, in evaluator
	// units (MaxEval = 10000 in package ai); 0 for a pure network.
	Scale float32
	// BaseParams are the base evaluator's parameters when they differ from its
	// defaults: for BaseHeuristic the heuristic's weights in the order of
	// ai.Weights (ai.WeightsFromParams), or two such sets, White's then
	// Black's (ai.NewResidual). Empty means the base's defaults. The trainer
	// evolves them with the network (tablut train -evolve-base, -sided-base).
	BaseParams []int32

	packed atomic.Pointer[packed] // derived weights for Forward; nil until first use
	cache  *evalCache             // optional, see EnableCache
}

// New returns a network with all weights zero.
func New(label string) *Network {
	n := &Network{Label: label}
	for l := range n.W {
		n.W[l] = make([]float32, LayerSize(l))
	}
	return n
}

// NewRandom returns a network whose weights are drawn independently from a
// Gaussian with mean 0 and standard deviation sigma, using r (the seed's
// initialisation). The label is "random".
func NewRandom(r *rand.Rand, sigma float64) *Network {
	n := New("random")
	for l := range n.W {
		for i := range n.W[l] {
			n.W[l][i] = float32(r.NormFloat64() * sigma)
		}
	}
	return n
}

// Name returns "cnn:" followed by the label, the name the evaluator has in
// matches and logs.
func (n *Network) Name() string { return "cnn:" + n.Label }

// Clone returns a deep copy of n with the same label, base, scale and base
// parameters and no evaluation cache
// (call EnableCache on the copy if wanted). Its packed weights are derived
// afresh on first use, so the copy's W may be changed before its first
// evaluation without calling Prepare.
func (n *Network) Clone() *Network {
	c := &Network{Label: n.Label, Base: n.Base, Scale: n.Scale, BaseParams: append([]int32(nil), n.BaseParams...)}
	for l := range n.W {
		c.W[l] = append([]float32(nil), n.W[l]...)
	}
	return c
}

// Prepare rebuilds the derived weights of the fast path from W and clears the
// evaluation cache. Call it after changing W in place; it must not run while
// another goroutine evaluates with n. It panics if a layer has the wrong size.
func (n *Network) Prepare() {
	n.packed.Store(n.pack())
	if n.cache != nil {
		n.cache.clear()
	}
}

// weights returns the packed weights, deriving them on first use. Two
// goroutines racing here build identical copies; one of them wins.
func (n *Network) weights() *packed {
	if pk := n.packed.Load(); pk != nil {
		return pk
	}
	pk := n.pack()
	if n.packed.CompareAndSwap(nil, pk) {
		return pk
	}
	return n.packed.Load()
}

// packed holds the weights rearranged for Forward. It is immutable once built.
type packed struct {
	// t1[(tap*3+kind)*64+o] = W0[o][tap] * value(kind), kind 0 = white pawn (1),
	// 1 = black pawn (-1), 2 = king (10): layer 1 as a table.
	t1 [9 * 3 * 64]float32
	// w2[(tap*64+c)*32+o]: layer 2 as [ky][kx][in][out] (assembly kernel).
	// w2g: layer 2 as the public layout, [out][ky][kx][in] (Go kernel).
	w2, w2g [32 * 9 * 64]float32
	// w3 and w3g: layer 3 likewise, [ky][kx][in][out] and [out][ky][kx][in].
	w3, w3g [16 * 9 * 32]float32
	// w4: layer 4, [ky][kx][in] (a single filter).
	w4 [9 * 16]float32
}

func (n *Network) pack() *packed {
	for l := range n.W {
		if len(n.W[l]) != LayerSize(l) {
			panic(fmt.Sprintf("cnn: layer %d of network %q has %d weights, want %d", l+1, n.Label, len(n.W[l]), LayerSize(l)))
		}
	}
	pk := new(packed)
	vals := [3]float32{1, -1, 10}
	for tap := 0; tap < 9; tap++ {
		for k, v := range vals {
			for o := 0; o < 64; o++ {
				pk.t1[(tap*3+k)*64+o] = n.W[0][o*9+tap] * v
			}
		}
	}
	for o := 0; o < 32; o++ {
		for tap := 0; tap < 9; tap++ {
			for c := 0; c < 64; c++ {
				pk.w2[(tap*64+c)*32+o] = n.W[1][(o*9+tap)*64+c]
			}
		}
	}
	copy(pk.w2g[:], n.W[1])
	for o := 0; o < 16; o++ {
		for tap := 0; tap < 9; tap++ {
			for c := 0; c < 32; c++ {
				pk.w3[(tap*32+c)*16+o] = n.W[2][(o*9+tap)*32+c]
			}
		}
	}
	copy(pk.w3g[:], n.W[2])
	copy(pk.w4[:], n.W[3])
	return pk
}
