package ai

import "github.com/tablut-ai/tablut/game"

// Move ordering. Alpha-beta prunes most when the best move comes first, so each
// node scores its moves cheaply and picks them best-first (selection sort: a cut
// often comes after one or two moves, so sorting the whole list would be waste).
// The order, from first to last:
//
//  1. the transposition table's move (the best move of an earlier search);
//  2. king moves to a square with open lines to escape squares (threats; two open
//     lines are a double threat that usually wins);
//  3. captures: the landing square sandwiches an enemy pawn (isCapture);
//  4. Black moves next to the king (possible king captures, and guards);
//  5. the two killer moves of this ply (quiet moves that caused a cut-off in a
//     sibling node);
//  6. other king moves;
//  7. everything else by the history heuristic (Schaeffer 1989): how often and
//     how deep a move caused cut-offs anywhere in the tree.

const (
	orderTT        = 1 << 30
	orderDouble    = 1 << 29
	orderThreat    = 1 << 28
	orderCapture   = 1 << 27
	orderNextKing  = 1 << 26
	orderKiller    = 1 << 25
	orderKingMove  = 1 << 24
	historyMax     = 1 << 22 // history scores are halved past this
	orderQuietMask = orderKiller - 1
)

// historyTable scores quiet moves per side by the cut-offs they caused.
type historyTable [2][1 << 14]int32

// reward raises m's score after it caused a cut-off at the given remaining depth.
func (h *historyTable) reward(side game.Color, m game.Move, depth int) {
	v := &h[side][m]
	*v += int32(depth * depth)
	if *v > historyMax {
		h.age()
	}
}

// age halves every score, so old knowledge fades (also done at each new search).
func (h *historyTable) age() {
	for c := range h {
		for i := range h[c] {
			h[c][i] /= 2
		}
	}
}

// scoreMoves fills scores[i] with the ordering key of moves[i].
func (w *worker) scoreMoves(p *game.Position, moves []game.Move, scores []int32, ttMove game.Move, ply int) {
	side := p.SideToMove()
	k := p.King()
	killers := &w.killers[ply]
	for i, m := range moves {
		var s int32
		switch {
		case m == ttMove:
			s = orderTT
		case side == game.White && m.From() == k:
			switch n := openLinesFrom(p, m.To(), k); {
			case n >= 2:
				s = orderDouble
			case n == 1:
				s = orderThreat
			case isCapture(p, m):
				s = orderCapture
			default:
				s = orderKingMove + w.history[side][m]&orderQuietMask
			}
		case isCapture(p, m):
			s = orderCapture
		case side == game.Black && nextToKing(m.To(), k):
			s = orderNextKing
		case m == killers[0]:
			s = orderKiller + 1
		case m == killers[1]:
			s = orderKiller
		default:
			s = w.history[side][m]
		}
		scores[i] = s
	}
}

// pickNext moves the best-scored move among moves[i:] to position i.
func pickNext(moves []game.Move, scores []int32, i int) {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
}

// addKiller remembers a quiet move that caused a cut-off at ply.
func (w *worker) addKiller(m game.Move, ply int) {
	k := &w.killers[ply]
	if k[0] != m {
		k[1] = k[0]
		k[0] = m
	}
}

// Orderer orders moves as the search does before it has learned anything: no
// table move, no killers, no history; threats, captures and moves next to the
// king first. The classroom's textbook searches use it (package ai/teach).
type Orderer struct{ w *worker }

// NewOrderer returns an orderer with empty tables.
func NewOrderer() *Orderer { return &Orderer{w: newWorker(0, nil, nil)} }

// Score fills scores[i] with the ordering key of moves[i] in p at ply plies
// below the root; PickNext then takes them best first.
func (o *Orderer) Score(p *game.Position, moves []game.Move, scores []int32, ply int) {
	o.w.scoreMoves(p, moves, scores, game.NoMove, min(ply, maxPly-1))
}

// PickNext moves the best-scored move among moves[i:] to position i: the
// selection sort the search orders its moves with.
func PickNext(moves []game.Move, scores []int32, i int) { pickNext(moves, scores, i) }
