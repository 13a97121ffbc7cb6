package cnn

import (
	"math"

	"github.com/tablut-ai/tablut/game"
)

// Input values of the encoding (the seed's).
const (
	ValueEmpty = 0
	ValueWhite = 1
	ValueBlack = -1
	ValueKing  = 10
)

// Encode writes the network input for p into in: index rank*9+file (the
// game.Square number), white pawn 1, black pawn -1, king 10, empty 0 (the
// empty throne included). The side to move is not part of the input.
func Encode(p *game.Position, in *[81]float32) {
	for s := game.Square(0); s < game.NumSquares; s++ {
		var v float32
		switch p.At(s) {
		case game.WhitePawn:
			v = ValueWhite
		case game.BlackPawn:
			v = ValueBlack
		case game.King:
			v = ValueKing
		}
		in[s] = v
	}
}

// Forward returns the network's output, the value for White in (-1, 1), for the
// encoded board in (see Encode). It uses the assembly kernels where the CPU
// has them (AVX2/FMA on amd64, NEON on arm64) and the pure-Go kernels
// otherwise; it agrees with ForwardReference to within 1e-5. It does not allocate and is safe for concurrent use.
func (n *Network) Forward(in *[81]float32) float32 {
	return forward(n.weights(), in, false, floatAsm)
}

// ForwardSide is Forward with the side to move (black: Black to move), which
// an InputPieces network sees; for the seed's input it equals Forward.
func (n *Network) ForwardSide(in *[81]float32, black bool) float32 {
	return forward(n.weights(), in, black, floatAsm)
}

// FloatKernel names the float32 path Forward takes on this machine:
// "float32-avx2fma" or "float32-neon" (assembly) or "float32-go".
func FloatKernel() string {
	if floatAsm {
		return floatAsmName
	}
	return "float32-go"
}

// Evaluate returns the network's score for White in p: the output times 10000,
// rounded, in [-9999, 9999]. It does not look at p.Status(): the searcher
// scores finished games itself. With EnableCache it first looks p.Hash() up in
// the evaluation cache. Safe for concurrent use.
func (n *Network) Evaluate(p *game.Position) int32 {
	c := n.cache
	if c != nil {
		if v, ok := c.probe(p.Hash()); ok {
			return v
		}
	}
	var in [81]float32
	Encode(p, &in)
	v := score(n.ForwardSide(&in, p.SideToMove() == game.Black))
	if c != nil {
		c.store(p.Hash(), v)
	}
	return v
}

// score turns a network output into the integer score of Evaluate.
func score(out float32) int32 {
	v := int32(math.Round(float64(out) * 10000))
	return min(max(v, -9999), 9999)
}

// Activation sizes, channel-last (HWC): a1 is 7x7x64, a2 5x5x32, a3 3x3x16.
const (
	size1 = 7 * 7 * 64
	size2 = 5 * 5 * 32
	size3 = 3 * 3 * 16
)

// forward runs the network with the packed weights pk, with the assembly
// kernels if useAsm (the caller checks floatAsm) or the pure-Go ones; black
// (Black to move) selects an InputPieces network's layer-3 biases.
func forward(pk *packed, in *[81]float32, black, useAsm bool) float32 {
	var a1 [size1]float32
	var offs [49 * 10]int32
	regular := layer1Offsets(in, &offs, pk.pieces)
	switch {
	case regular && useAsm:
		layer1Asm(&a1[0], &pk.t1[0], &offs[0], 49)
	case regular:
		layer1Go(&a1, pk, &offs)
	default:
		layer1General(&a1, pk, in)
	}

	var a2 [size2]float32
	var a3 [size3]float32
	if useAsm {
		tanhAsm(&a1[0], size1)
		for half := 0; half < 2; half++ {
			for y := 0; y < 5; y++ {
				conv2RowAsm(&a2[y*5*32+half*16], &a1[y*7*64], &pk.w2[half*16])
			}
		}
		tanhAsm(&a2[0], size2)
		for y := 0; y < 3; y++ {
			conv3RowAsm(&a3[y*3*16], &a2[y*5*32], &pk.w3[0])
		}
		pk.addSideBias(&a3, black)
		tanhAsm(&a3[0], size3)
	} else {
		tanhSlice(a1[:])
		conv2Go(&a2, &a1, &pk.w2g)
		tanhSlice(a2[:])
		conv3Go(&a3, &a2, &pk.w3g)
		pk.addSideBias(&a3, black)
		tanhSlice(a3[:])
	}

	// Layer 4: a3 (3x3x16, HWC) and the single filter [ky][kx][c] have the
	// same layout, so the output is one 144-long dot product.
	var s0, s1, s2, s3 float32
	for i := 0; i < size3; i += 4 {
		s0 += a3[i] * pk.w4[i]
		s1 += a3[i+1] * pk.w4[i+1]
		s2 += a3[i+2] * pk.w4[i+2]
		s3 += a3[i+3] * pk.w4[i+3]
	}
	return tanh32((s0 + s1) + (s2 + s3))
}

// addSideBias adds an InputPieces network's layer-3 biases for the side to
// move to the pre-activations a3.
func (pk *packed) addSideBias(a3 *[size3]float32, black bool) {
	if !pk.pieces {
		return
	}
	b := &pk.b3[0]
	if black {
		b = &pk.b3[1]
	}
	for i := range a3 {
		a3[i] += b[i]
	}
}

// layer1Offsets lists, for each of the 49 layer-1 output pixels, the rows of
// the layer-1 table (packed.t1) to add: offs[p*10] is the count, followed by
// byte offsets. It returns false if in holds a value other than the four of
// the encoding; then the table cannot be used. With pieces (an InputPieces
// network, whose planes are one-hot) such a value sets no plane: the square
// counts as empty and the table is used.
func layer1Offsets(in *[81]float32, offs *[49 * 10]int32, pieces bool) bool {
	var kind [81]int8 // -1 empty, else 0 white, 1 black, 2 king
	for s, v := range in {
		switch v {
		case ValueEmpty:
			kind[s] = -1
		case ValueWhite:
			kind[s] = 0
		case ValueBlack:
			kind[s] = 1
		case ValueKing:
			kind[s] = 2
		default:
			if !pieces {
				return false
			}
			kind[s] = -1
		}
	}
	for y := 0; y < 7; y++ {
		for x := 0; x < 7; x++ {
			o := offs[(y*7+x)*10 : (y*7+x)*10+10]
			cnt := 0
			for ky := 0; ky < 3; ky++ {
				for kx := 0; kx < 3; kx++ {
					if k := kind[(y+ky)*9+x+kx]; k >= 0 {
						cnt++
						o[cnt] = int32(((ky*3+kx)*3 + int(k)) * 64 * 4)
					}
				}
			}
			o[0] = int32(cnt)
		}
	}
	return true
}
