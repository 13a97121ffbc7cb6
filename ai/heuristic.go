package ai

import (
	"fmt"

	"github.com/tablut-ai/tablut/game"
)

// Weights are the hand-made heuristic's feature weights, all in one place. Each
// weight multiplies a feature counted on the board and is signed from White's
// point of view (positive helps White). The first four are the COMP 424 report's
// features (Rudin 2018, section 4): piece difference, blocked king lines and black
// pawns next to the king; the rest are this project's additions for Ashton rules.
type Weights struct {
	// WhitePawn is the value of each white pawn (the report's piece difference,
	// split by colour because White has 8 pawns and Black 16).
	WhitePawn int32
	// BlackPawn is the value of each black pawn (negative: good for Black).
	BlackPawn int32
	// BlockedLine is paid for each of the king's four directions in which a piece
	// stands between the king and the edge (the report's "blocked directions").
	BlockedLine int32
	// BlackNextToKing is paid for each black pawn touching the king (the report's
	// "king surrounded" bonus, which makes Black attack rather than only defend).
	BlackNextToKing int32
	// OpenLine is paid for each open line from the king to an escape square. With
	// Black to move a single open line is a threat Black must block; two open lines
	// are a forced win unless Black can capture the king.
	OpenLine int32
	// ThreatSquare is paid for each square the king can reach in one move from which
	// it would have an open line (how close the king is to making a threat).
	ThreatSquare int32
	// KingEdgeDistance is paid per step of the king's distance to the nearest edge
	// (negative: a king near the edge is closer to escaping).
	KingEdgeDistance int32
	// Capture is paid, to the side to move, for each enemy pawn it could capture
	// with one move: a leaf of the search with a pawn hanging is worth about
	// that pawn less to its owner. Zero in the hand-made heuristic (which then
	// skips the count); evolved heuristic weights may use it.
	Capture int32
}

// DefaultWeights are the hand-tuned weights of the heuristic. Scores are in
// hundredths of a white pawn's worth, roughly; MaxEval is 10000.
var DefaultWeights = Weights{
	WhitePawn:        150,
	BlackPawn:        -75,
	BlockedLine:      -30,
	BlackNextToKing:  -60,
	OpenLine:         400,
	ThreatSquare:     40,
	KingEdgeDistance: -20,
}

// Heuristic is the hand-made evaluator of the COMP 424 report, extended with open
// escape lines, threat squares and the king's distance to the edge. It is a pure
// function of the position and safe for concurrent use.
type Heuristic struct {
	W Weights
}

// NewHeuristic returns the heuristic with DefaultWeights.
func NewHeuristic() *Heuristic { return &Heuristic{W: DefaultWeights} }

// Name returns "heuristic".
func (h *Heuristic) Name() string { return "heuristic" }

// Evaluate scores p from White's point of view, clamped inside (-MaxEval, MaxEval).
func (h *Heuristic) Evaluate(p *game.Position) int32 {
	c := h.count(p)
	w := &h.W
	score := w.WhitePawn*c.whitePawns + w.BlackPawn*c.blackPawns + w.BlockedLine*c.blocked +
		w.BlackNextToKing*c.adjacent + w.OpenLine*c.open + w.ThreatSquare*c.threats +
		w.KingEdgeDistance*c.edge + w.Capture*c.capturable
	return clampEval(score)
}

// featureCounts are the features of one position the weights multiply.
type featureCounts struct {
	whitePawns, blackPawns, blocked, adjacent, open, threats, edge int32
	// capturable is signed for White: the pawns the side to move could
	// capture, negative with Black to move.
	capturable int32
}

// count counts p's features; the costly ones only when their weight is used.
func (h *Heuristic) count(p *game.Position) featureCounts {
	w := &h.W
	k := p.King()
	c := featureCounts{whitePawns: int32(p.Count(game.White) - 1), blackPawns: int32(p.Count(game.Black))}
	if k != game.NoSquare {
		for d := 0; d < numDirs; d++ {
			if n := neighbour[d][k]; n >= 0 && p.At(n) == game.BlackPawn {
				c.adjacent++
			}
			ray := rays[d][k]
			isOpen := len(ray) > 0
			for _, s := range ray {
				if p.At(s) != game.Empty {
					c.blocked++
					isOpen = false
					break
				}
				if kingBlocked[s] {
					isOpen = false
				}
			}
			if isOpen {
				c.open++
			}
		}
		if w.ThreatSquare != 0 {
			c.threats = int32(threatSquares(p, k))
		}
		f, r := k.File(), k.Rank()
		c.edge = int32(min(f, 8-f, r, 8-r))
	}
	if w.Capture != 0 {
		c.capturable = int32(capturable(p))
		if p.SideToMove() == game.Black {
			c.capturable = -c.capturable
		}
	}
	return c
}

// Term is one term of the heuristic's sum for a position: a feature, its
// weight, how many times the feature occurs, and their product.
type Term struct {
	Name   string // what is counted, e.g. "white pawns"
	Weight int32
	Count  int32
	Value  int32 // Weight * Count, White's point of view
}

// Terms takes Evaluate(p) apart: every term of the weighted sum, in the
// order of the Weights fields. Their values add up to Evaluate(p) unless that
// sum is clamped to the evaluator's range. Terms whose weight is zero are
// left out (the heuristic does not count them).
func (h *Heuristic) Terms(p *game.Position) []Term {
	c := h.count(p)
	w := &h.W
	all := []Term{
		{Name: "white pawns", Weight: w.WhitePawn, Count: c.whitePawns},
		{Name: "black pawns", Weight: w.BlackPawn, Count: c.blackPawns},
		{Name: "blocked king lines", Weight: w.BlockedLine, Count: c.blocked},
		{Name: "black pawns next to the king", Weight: w.BlackNextToKing, Count: c.adjacent},
		{Name: "open lines to an escape", Weight: w.OpenLine, Count: c.open},
		{Name: "squares that open a line", Weight: w.ThreatSquare, Count: c.threats},
		{Name: "king's distance to the edge", Weight: w.KingEdgeDistance, Count: c.edge},
		{Name: "pawns the mover can capture", Weight: w.Capture, Count: c.capturable},
	}
	out := all[:0]
	for _, t := range all {
		if t.Weight != 0 {
			t.Value = t.Weight * t.Count
			out = append(out, t)
		}
	}
	return out
}

// threatSquares counts the squares the king on k can move to from which it would
// have at least one open line to an escape square.
func threatSquares(p *game.Position, k game.Square) int {
	n := 0
	for d := 0; d < numDirs; d++ {
		for _, s := range rays[d][k] {
			if kingBlocked[s] || p.At(s) != game.Empty {
				break
			}
			if openLinesFrom(p, s, k) > 0 {
				n++
			}
		}
	}
	return n
}

// clampEval keeps a score inside the evaluator range (-MaxEval, MaxEval).
func clampEval(s int32) int32 {
	return max(-(MaxEval - 1), min(MaxEval-1, s))
}

// KingTerms returns w with the pawn counts (WhitePawn, BlackPawn) and the
// hanging pawns (Capture) set to zero, leaving the terms about the king: its
// open lines, threat squares, blocked lines, black pawns touching it and its
// distance to the edge. For a network that already weighs the material they
// add the escape geometry without counting the pawns twice (tablut relabel
// -white-terms king; what they earn is in docs/measurements.md, section White
// against the heuristic).
func (w Weights) KingTerms() Weights {
	w.WhitePawn, w.BlackPawn, w.Capture = 0, 0, 0
	return w
}

// NumWeights is the number of fields of Weights, the length of Params. A
// residual network may carry 2*NumWeights, one set for each side (NewResidual).
// Networks evolved before the Capture weight existed carry NumWeights-1 (or
// twice that), read with Capture zero.
const NumWeights = 8

// Params returns the weights as a list in the order of the Weights fields, the
// form in which network files store a residual network's own heuristic
// weights (cnn.Network.BaseParams).
func (w Weights) Params() []int32 {
	return []int32{w.WhitePawn, w.BlackPawn, w.BlockedLine, w.BlackNextToKing, w.OpenLine, w.ThreatSquare, w.KingEdgeDistance, w.Capture}
}

// WeightsFromParams is the inverse of Params. An empty list gives
// DefaultWeights; NumWeights-1 values (a network evolved before the Capture
// weight) give Capture zero; any other length is an error.
func WeightsFromParams(p []int32) (Weights, error) {
	switch len(p) {
	case 0:
		return DefaultWeights, nil
	case NumWeights - 1, NumWeights:
		var w Weights
		f := []*int32{&w.WhitePawn, &w.BlackPawn, &w.BlockedLine, &w.BlackNextToKing, &w.OpenLine, &w.ThreatSquare, &w.KingEdgeDistance, &w.Capture}
		for i, v := range p {
			*f[i] = v
		}
		return w, nil
	}
	return Weights{}, fmt.Errorf("%d heuristic weights, want %d (or %d)", len(p), NumWeights, NumWeights-1)
}

// SplitSides splits a residual network's heuristic weights into White's and
// Black's sets when it carries one set for each side (2*NumWeights values, or
// 2*(NumWeights-1) from before the Capture weight); otherwise sided is false.
func SplitSides(p []int32) (white, black []int32, sided bool) {
	if n := len(p); n == 2*NumWeights || n == 2*(NumWeights-1) {
		return p[:n/2], p[n/2:], true
	}
	return nil, nil, false
}
