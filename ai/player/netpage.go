package player

import (
	"fmt"
	"math"
	"slices"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
)

// This file is the classroom's network page seen from the network's side:
// its first-layer weights plane by plane, and sentences generated from what
// its file says about itself (ai/cnn/FORMAT.md: input kind, base, scale,
// base weights), so that the window shows the network as it is without
// importing ai/cnn.

// NetPage describes a network for the classroom's network page.
type NetPage struct {
	Name string // the network's label
	// Planes names layer 1's input planes: one for the seed's input, three
	// (white pawns, black pawns, the king) for piece planes.
	Planes []string
	// Filters holds layer 1's weights: Filters[plane][filter][ky*3+kx], with
	// ky = 0 the smaller rank (the top row in the project's notation).
	Filters [][64][9]float32
	MaxAbs  float64 // the largest |weight| of layer 1, drawn at full brightness
	// Facts are sentences generated from the file's header, for people.
	Facts []string
}

// DescribeNet loads the network net (a shipped name or a file, as in
// LoadNet) and describes it for the network page.
func DescribeNet(net string) (NetPage, error) {
	n, err := LoadNet(net)
	if err != nil {
		return NetPage{}, err
	}
	return describe(n), nil
}

// describe builds the NetPage of n.
func describe(n *cnn.Network) NetPage {
	ch := n.Input.Channels()
	p := NetPage{Name: n.Label, Filters: make([][64][9]float32, ch)}
	if ch == 3 {
		p.Planes = []string{"white pawns", "black pawns", "the king"}
	} else {
		p.Planes = []string{"the board"}
	}
	for o := range 64 {
		for k := range 9 {
			for c := range ch {
				w := n.W[0][(o*9+k)*ch+c] // cnn's layout [filter][ky][kx][channel]
				p.Filters[c][o][k] = w
				p.MaxAbs = math.Max(p.MaxAbs, math.Abs(float64(w)))
			}
		}
	}
	p.Facts = netFacts(n)
	return p
}

// netFacts says in words what n's file says about it.
func netFacts(n *cnn.Network) []string {
	var out []string
	if n.Input == cnn.InputPieces {
		out = append(out,
			"It reads the board as three planes, one per kind of piece (white pawns, black pawns, the king), so each kind has weights of its own, and it knows whose move it is.",
			"Networks with piece planes are made by gradient descent: tablut learn fits them to the scores of searches, and the genetic algorithm may refine them after.")
	} else {
		out = append(out,
			"It reads the board as one plane of numbers: a white pawn 1, a black pawn −1, the king 10, an empty square 0 (the input of the seed's report).",
			"Networks with this input are made by the seed's genetic algorithm (tablut train): mutated and crossed, kept when they win games, never shown a right answer.")
	}
	if n.Base == "" {
		return append(out, "Its output alone is the score: nothing hand-made is added.")
	}
	scale := int32(n.Scale + 0.5)
	if scale >= ai.MaxEval {
		out = append(out, fmt.Sprintf("Its output, times %d, is added to the hand-made heuristic's score: the network says most of it.", scale))
	} else {
		out = append(out, fmt.Sprintf("It corrects the hand-made heuristic: the score is the heuristic's plus at most ±%d from the network.", scale))
	}
	if len(n.BaseParams) == 0 {
		return out
	}
	w, b, sided := ai.SplitSides(n.BaseParams)
	zero := func(s []int32) bool { return !slices.ContainsFunc(s, func(v int32) bool { return v != 0 }) }
	switch {
	case sided && zero(b) && !zero(w):
		out = append(out, "It carries its own heuristic weights for White, and zeros for Black: playing Black, the network alone scores.")
	case sided && zero(w) && !zero(b):
		out = append(out, "It carries its own heuristic weights for Black, and zeros for White: playing White, the network alone scores.")
	case sided:
		out = append(out, "It carries heuristic weights of its own, one set for each side, evolved with it.")
	default:
		out = append(out, "It carries heuristic weights of its own, evolved with it.")
	}
	return out
}

// Describe describes the network n for the network page, as DescribeNet
// does for a network by name (the window's evolution page describes the
// networks it breeds).
func Describe(n *cnn.Network) NetPage { return describe(n) }
