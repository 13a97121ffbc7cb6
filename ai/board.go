package ai

import "github.com/tablut-ai/tablut/game"

// Board geometry the searcher and the heuristic share: rays, neighbours and the
// static hostility of squares. The game package keeps its tables private, so ai
// builds its own from game's exported predicates once at start-up.

const numDirs = 4

var (
	// rays[d][s] lists the squares from s (excluded) to the edge in direction d.
	rays [numDirs][game.NumSquares][]game.Square
	// neighbour[d][s] is the next square from s in direction d, or NoSquare.
	neighbour [numDirs][game.NumSquares]game.Square
	// kingBlocked[s]: the king may neither land on nor pass s (throne, camps).
	kingBlocked [game.NumSquares]bool
	// hostileToBlack[s]: the empty square s still captures a black pawn against it
	// (the throne and the camp squares other than the camp centres).
	hostileToBlack [game.NumSquares]bool
	// hostileToWhite[s]: the empty square s still captures a white pawn against it
	// (the throne and every camp square).
	hostileToWhite [game.NumSquares]bool
)

func init() {
	df := [numDirs]int{0, 0, 1, -1}
	dr := [numDirs]int{1, -1, 0, 0}
	for s := game.Square(0); s < game.NumSquares; s++ {
		for d := 0; d < numDirs; d++ {
			neighbour[d][s] = game.NoSquare
			f, r := s.File()+df[d], s.Rank()+dr[d]
			if f >= 0 && f < 9 && r >= 0 && r < 9 {
				neighbour[d][s] = game.Sq(f, r)
			}
			for f, r := s.File()+df[d], s.Rank()+dr[d]; f >= 0 && f < 9 && r >= 0 && r < 9; f, r = f+df[d], r+dr[d] {
				rays[d][s] = append(rays[d][s], game.Sq(f, r))
			}
		}
		kingBlocked[s] = s == game.Throne || game.IsCamp(s)
		hostileToBlack[s] = s == game.Throne || (game.IsCamp(s) && !game.IsCampCentre(s))
		hostileToWhite[s] = s == game.Throne || game.IsCamp(s)
	}
}

// openLine reports whether the king on k could run in direction d to an escape
// square: every square up to the edge is empty and open to the king. A king on the
// edge has already escaped, so it has no open line.
func openLine(p *game.Position, k game.Square, d int) bool {
	ray := rays[d][k]
	if len(ray) == 0 {
		return false
	}
	for _, s := range ray {
		if kingBlocked[s] || p.At(s) != game.Empty {
			return false
		}
	}
	return true
}

// openLines counts the king's open lines to escape squares (0..4): the escape
// threats White has in this position. A king with an open line and White to move
// escapes at once; with Black to move, one open line must be blocked and two open
// lines cannot both be blocked, so only capturing the king saves Black.
func openLines(p *game.Position) int {
	k := p.King()
	if k == game.NoSquare {
		return 0
	}
	n := 0
	for d := 0; d < numDirs; d++ {
		if openLine(p, k, d) {
			n++
		}
	}
	return n
}

// openLinesFrom counts the open lines the king would have from square k, with the
// king's own square kFrom treated as empty (the king just left it).
func openLinesFrom(p *game.Position, k, kFrom game.Square) int {
	n := 0
	for d := 0; d < numDirs; d++ {
		ray := rays[d][k]
		if len(ray) == 0 {
			continue
		}
		open := true
		for _, s := range ray {
			if kingBlocked[s] || (p.At(s) != game.Empty && s != kFrom) {
				open = false
				break
			}
		}
		if open {
			n++
		}
	}
	return n
}

// onOpenLine marks the squares of the king's open lines (where Black must land to
// block an escape threat) and returns how many lines are open.
func onOpenLine(p *game.Position, mark *[game.NumSquares]bool) int {
	k := p.King()
	n := 0
	for d := 0; d < numDirs; d++ {
		if openLine(p, k, d) {
			n++
			for _, s := range rays[d][k] {
				mark[s] = true
			}
		}
	}
	return n
}

// isCapture is the move orderer's cheap capture test: does the piece landing on
// to sandwich an enemy pawn against a hostile square? (The square the piece leaves
// is ignored, which can only miss a rare capture against it.)
func isCapture(p *game.Position, m game.Move) bool {
	to := m.To()
	if p.SideToMove() == game.White {
		for d := 0; d < numDirs; d++ {
			n := neighbour[d][to]
			if n < 0 || p.At(n) != game.BlackPawn {
				continue
			}
			b := neighbour[d][n]
			if b < 0 {
				continue
			}
			if pc := p.At(b); pc == game.WhitePawn || pc == game.King || hostileToBlack[b] {
				return true
			}
		}
		return false
	}
	for d := 0; d < numDirs; d++ {
		n := neighbour[d][to]
		if n < 0 || p.At(n) != game.WhitePawn {
			continue
		}
		b := neighbour[d][n]
		if b < 0 {
			continue
		}
		if p.At(b) == game.BlackPawn || hostileToWhite[b] {
			return true
		}
	}
	return false
}

// nextToKing reports whether s touches the king's square k.
func nextToKing(s, k game.Square) bool {
	for d := 0; d < numDirs; d++ {
		if neighbour[d][k] == s {
			return true
		}
	}
	return false
}

// OpenLines counts the king's open lines to escape squares in p (0..4): with
// White to move, one open line wins at once.
func OpenLines(p *game.Position) int { return openLines(p) }
