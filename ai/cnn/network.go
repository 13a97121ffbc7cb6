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

// Input is how a network sees the board.
type Input uint8

const (
	// InputSeed is the seed's single input plane: white pawn 1, black pawn
	// -1, king 10, empty 0. The side to move is not seen. The default.
	InputSeed Input = iota
	// InputPieces is the piece-planes variant: three one-hot planes in layer
	// 1 (white pawns, black pawns, king), so layer 1 has 3 input channels, and
	// learned biases before layer 3's tanh (SideBias) that depend on the side
	// to move and on the square, so the network knows whose move it is and
	// where on the board a feature sits.
	InputPieces
)

// Channels returns the number of input channels of layer 1 for in.
func (in Input) Channels() int {
	if in == InputPieces {
		return 3
	}
	return 1
}

// String names the input as the command line does ("seed", "pieces").
func (in Input) String() string {
	if in == InputPieces {
		return "pieces"
	}
	return "seed"
}

// ParseInput reads an input name ("seed" or "pieces").
func ParseInput(s string) (Input, error) {
	switch s {
	case "seed":
		return InputSeed, nil
	case "pieces":
		return InputPieces, nil
	}
	return 0, fmt.Errorf("unknown network input %q: want seed or pieces", s)
}

// SideBiasSize is the number of layer-3 biases of an InputPieces network:
// [side to move (0 White, 1 Black)][row][column][filter], 2*3*3*16.
const SideBiasSize = 2 * 3 * 3 * 16

// sideBiasLen returns the length SideBias must have for input in.
func sideBiasLen(in Input) int {
	if in == InputPieces {
		return SideBiasSize
	}
	return 0
}

// LayerLen returns the number of weights of layer l of n: LayerSize(l), except
// layer 1 of an InputPieces network, which has 3 input channels.
func (n *Network) LayerLen(l int) int {
	if l == 0 {
		return Filters[0] * Kernel * Kernel * n.Input.Channels()
	}
	return LayerSize(l)
}

// NumParamsOf returns the number of parameters of n (weights and biases):
// NumParams for the seed's input.
func (n *Network) NumParamsOf() int {
	t := len(n.SideBias)
	for l := range n.W {
		t += n.LayerLen(l)
	}
	return t
}

// NumParams is the number of parameters of the network (no biases).
const NumParams = 64*9*1 + 32*9*64 + 16*9*32 + 1*9*16 // 23,760

// LayerSize returns the number of weights of layer l: Filters[l]*3*3*Channels[l].
func LayerSize(l int) int { return Filters[l] * Kernel * Kernel * Channels[l] }

// Index returns the position of the weight of layer l for filter o, kernel row
// ky, kernel column kx and input channel c in W[l] of a network with the
// seed's input: ((o*3+ky)*3+kx)*Channels[l] + c (layer 1 of an InputPieces
// network has 3 channels: ((o*3+ky)*3+kx)*3 + c). Kernel row ky runs along ranks (ky = 0 is the
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
	// Input is how the network sees the board (InputSeed, the default, or
	// InputPieces).
	Input Input
	// SideBias holds an InputPieces network's layer-3 biases,
	// [side to move][row][column][filter] (SideBiasSize values); nil for the
	// seed's input.
	SideBias []float32

	packed atomic.Pointer[packed] // derived weights for Forward; nil until first use
	cache  *evalCache             // optional, see EnableCache
}

// New returns a network with the seed's input and all weights zero.
func New(label string) *Network { return NewInput(label, InputSeed) }

// NewInput returns a network with input in and all weights and biases zero.
func NewInput(label string, in Input) *Network {
	n := &Network{Label: label, Input: in}
	for l := range n.W {
		n.W[l] = make([]float32, n.LayerLen(l))
	}
	if k := sideBiasLen(in); k > 0 {
		n.SideBias = make([]float32, k)
	}
	return n
}

// NewRandom returns a network with the seed's input whose weights are drawn
// independently from a Gaussian with mean 0 and standard deviation sigma,
// using r (the seed's initialisation). The label is "random".
func NewRandom(r *rand.Rand, sigma float64) *Network { return NewRandomInput(r, sigma, InputSeed) }

// NewRandomInput is NewRandom for input in; biases start at zero.
func NewRandomInput(r *rand.Rand, sigma float64, in Input) *Network {
	n := NewInput("random", in)
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
	c := &Network{Label: n.Label, Base: n.Base, Scale: n.Scale, BaseParams: append([]int32(nil), n.BaseParams...),
		Input: n.Input, SideBias: append([]float32(nil), n.SideBias...)}
	if len(n.SideBias) == 0 {
		c.SideBias = nil
	}
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
	// 1 = black pawn (-1), 2 = king (10): layer 1 as a table. For an
	// InputPieces network, t1[(tap*3+kind)*64+o] = W0[o][tap][kind].
	t1 [9 * 3 * 64]float32
	// pieces: the network has InputPieces; b3 holds its SideBias, [side][3*3*16].
	pieces bool
	b3     [2][size3]float32
	// w2[(tap*64+c)*32+o]: layer 2 as [ky][kx][in][out] (assembly kernel).
	// w2g: layer 2 as the public layout, [out][ky][kx][in] (Go kernel).
	w2, w2g [32 * 9 * 64]float32
	// w3 and w3g: layer 3 likewise, [ky][kx][in][out] and [out][ky][kx][in].
	w3, w3g [16 * 9 * 32]float32
	// w4: layer 4, [ky][kx][in] (a single filter).
	w4 [9 * 16]float32
}

func (n *Network) pack() *packed {
	if err := n.CheckShape(); err != nil {
		panic("cnn: " + err.Error())
	}
	pk := new(packed)
	vals := [3]float32{1, -1, 10}
	pk.pieces = n.Input == InputPieces
	for tap := 0; tap < 9; tap++ {
		for k, v := range vals {
			for o := 0; o < 64; o++ {
				if pk.pieces {
					pk.t1[(tap*3+k)*64+o] = n.W[0][(o*9+tap)*3+k]
				} else {
					pk.t1[(tap*3+k)*64+o] = n.W[0][o*9+tap] * v
				}
			}
		}
	}
	if pk.pieces {
		copy(pk.b3[0][:], n.SideBias[:size3])
		copy(pk.b3[1][:], n.SideBias[size3:])
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

// CheckShape reports a layer or bias of the wrong size for n's input.
func (n *Network) CheckShape() error {
	if n.Input > InputPieces {
		return fmt.Errorf("network %q has unknown input kind %d", n.Label, n.Input)
	}
	for l := range n.W {
		if len(n.W[l]) != n.LayerLen(l) {
			return fmt.Errorf("layer %d of network %q has %d weights, want %d", l+1, n.Label, len(n.W[l]), n.LayerLen(l))
		}
	}
	if len(n.SideBias) != sideBiasLen(n.Input) {
		return fmt.Errorf("network %q (input %s) has %d layer-3 biases, want %d", n.Label, n.Input, len(n.SideBias), sideBiasLen(n.Input))
	}
	return nil
}
