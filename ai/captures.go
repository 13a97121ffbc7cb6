package ai

import "github.com/tablut-ai/tablut/game"

// campGroup[s] numbers the camp of the camp square s (1 to 4; 0 elsewhere): a
// black pawn that starts its move in a camp may cross its own camp's squares.
var campGroup [game.NumSquares]uint8

func init() {
	var fill func(s game.Square, g uint8)
	fill = func(s game.Square, g uint8) {
		campGroup[s] = g
		for d := 0; d < numDirs; d++ {
			if n := neighbour[d][s]; n >= 0 && game.IsCamp(n) && campGroup[n] == 0 {
				fill(n, g)
			}
		}
	}
	g := uint8(0)
	for s := game.Square(0); s < game.NumSquares; s++ {
		if game.IsCamp(s) && campGroup[s] == 0 {
			g++
			fill(s, g)
		}
	}
}

// reachable reports whether a piece of side c can move to the empty square t
// along a ray from any direction but skip: the first piece on the ray is c's,
// and no square from t up to it is closed to that piece (the throne always;
// camp squares, except those of the camp a black pawn starts in).
func reachable(p *game.Position, t game.Square, c game.Color, skip int) bool {
	if t == game.Throne {
		return false
	}
	for d := 0; d < numDirs; d++ {
		if d == skip {
			continue
		}
		camps := uint8(1) << campGroup[t] // bit g: the path crosses camp g (bit 0: open ground)
		for _, s := range rays[d][t] {
			pc := p.At(s)
			if pc == game.Empty {
				if s == game.Throne {
					break
				}
				camps |= 1 << campGroup[s]
				continue
			}
			if pc.Color() == c {
				own := uint8(1) // the squares open to the mover: open ground...
				if pc == game.BlackPawn {
					own |= 1 << campGroup[s] // ...and a black pawn's own camp
				}
				if camps&^own == 0 {
					return true
				}
			}
			break
		}
	}
	return false
}

// capturable counts the enemy pawns the side to move in p could capture with
// one move (each counted once), by the custodian rule as game.Position.Make
// applies it: a mover lands next to the pawn, with a hostile square beyond.
func capturable(p *game.Position) int {
	us := p.SideToMove()
	enemy, hostile := game.BlackPawn, &hostileToBlack
	if us == game.Black {
		enemy, hostile = game.WhitePawn, &hostileToWhite
	}
	n := 0
	for s := game.Square(0); s < game.NumSquares; s++ {
		if p.At(s) != enemy {
			continue
		}
		for d := 0; d < numDirs; d += 2 { // a line: d and its opposite d+1
			for _, land := range [2]int{d, d + 1} {
				t, b := neighbour[land][s], neighbour[land^1][s]
				if t < 0 || b < 0 || p.At(t) != game.Empty {
					continue
				}
				if !hostile[b] && !(p.At(b) != game.Empty && p.At(b).Color() == us) {
					continue
				}
				if reachable(p, t, us, land^1) {
					n++
					goto next
				}
			}
		}
	next:
	}
	return n
}
