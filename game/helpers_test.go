package game

import (
	"math/rand/v2"
	"strings"
)

// diagram draws a position for failure messages (Position.Diagram after a
// blank line, so the board starts on a line of its own).
func diagram(p *Position) string { return "\n" + p.Diagram() }

// diagramOf parses s and draws it (or returns s itself when it does not parse).
func diagramOf(s string) string {
	p, err := ParsePosition(s)
	if err != nil {
		return s
	}
	return diagram(&p)
}

// randomGame plays random legal moves from start until the game ends or maxPly
// moves are played, and returns every position met (start included).
func randomGame(r *rand.Rand, start Position, maxPly int) []Position {
	out := []Position{start}
	p := start
	var buf [MaxMoves]Move
	for ply := 0; ply < maxPly; ply++ {
		moves := p.GenerateMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		p.Make(moves[r.IntN(len(moves))])
		out = append(out, p)
	}
	return out
}

// randomBoard returns a random, possibly unreachable but well-formed position
// notation: pawns anywhere they may stand (black ones inside camps too), the king
// on a non-camp square or the throne. It exercises rare capture patterns that
// random games seldom reach.
func randomBoard(r *rand.Rand) string {
	var b [9][9]byte
	density := 0.15 + 0.5*r.Float64()
	for rank := 0; rank < 9; rank++ {
		for f := 0; f < 9; f++ {
			b[rank][f] = '.'
			s := Sq(f, rank)
			if s == Throne || r.Float64() > density {
				continue
			}
			if r.IntN(3) == 0 && !IsCamp(s) {
				b[rank][f] = 'W'
			} else {
				b[rank][f] = 'B'
			}
		}
	}
	for {
		f, rank := r.IntN(9), r.IntN(9)
		if r.IntN(4) == 0 {
			f, rank = 4, 4
		} else if r.IntN(3) == 0 {
			// next to the throne, where the king capture rule changes
			n := []Square{Sq(4, 3), Sq(4, 5), Sq(3, 4), Sq(5, 4)}[r.IntN(4)]
			f, rank = n.File(), n.Rank()
		}
		if !IsCamp(Sq(f, rank)) {
			b[rank][f] = 'K'
			break
		}
	}
	rows := make([]string, 9)
	for i := range b {
		rows[i] = string(b[i][:])
	}
	side := " W"
	if r.IntN(2) == 1 {
		side = " B"
	}
	return strings.Join(rows, "/") + side
}
