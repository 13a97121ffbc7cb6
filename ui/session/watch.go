package session

import (
	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// What makes a game between two AIs readable to its audience: the pieces
// each side has lost, White's chance over the game as a curve, and the
// king's open lines to the edge.

// Captured returns how many pieces White and Black have lost in the game so
// far (up to the position on the board): the start's count less the
// board's.
func (c *Controller) Captured() (white, black int) {
	s, p := c.game.Start(), c.game.Position()
	return s.Count(game.White) - p.Count(game.White), s.Count(game.Black) - p.Count(game.Black)
}

// ChancePoint is White's chance at one ply of the line, when known.
type ChancePoint struct {
	Ply   int
	White float64 // White's share, ai.WhiteShare of the evaluation
	Known bool    // an engine evaluated this position
}

// ChanceCurve returns White's chance at every ply of the line, from the
// start (ply 0) to its last move, browsed or not: the estimate of each
// position (estimate.go), or the review's, by Zobrist hash.
func (c *Controller) ChanceCurve() []ChancePoint {
	line := c.game.Line()
	out := make([]ChancePoint, 0, len(line)+1)
	p := c.game.Start()
	for ply := 0; ; ply++ {
		pt := ChancePoint{Ply: ply}
		if e, ok := c.evalOf(p.Hash()); ok {
			pt.White, pt.Known = ai.WhiteShare(e.score), true
		}
		out = append(out, pt)
		if ply == len(line) {
			return out
		}
		p.Make(line[ply])
	}
}

// KingLines returns the king's open lines: for each direction in which the
// king could slide to the edge now (every square on the way empty, none a
// camp or the throne), the squares from beside the king to the edge.
func KingLines(p game.Position) [][]game.Square {
	if p.Status() != game.Ongoing {
		return nil
	}
	k := p.King()
	var out [][]game.Square
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		var ray []game.Square
		f, r := k.File()+d[0], k.Rank()+d[1]
		open := true
		for ; f >= 0 && f <= 8 && r >= 0 && r <= 8; f, r = f+d[0], r+d[1] {
			s := game.Sq(f, r)
			if p.At(s) != game.Empty || s == game.Throne || game.IsCamp(s) {
				open = false
				break
			}
			ray = append(ray, s)
		}
		if open && len(ray) > 0 {
			out = append(out, ray)
		}
	}
	return out
}
