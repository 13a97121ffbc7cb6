package game

import "fmt"

// This file explains moves to people: which pieces a move captures and
// against what, and which moves would end the game at once. It plays the
// moves with Make, so the explanations can never disagree with the rules.

// Hostile is what stood beyond a captured pawn.
type Hostile uint8

const (
	// AgainstPiece: a piece of the capturing side (for White, the king too).
	AgainstPiece Hostile = iota
	// AgainstThrone: the throne, empty or (for a white pawn) with the king on it.
	AgainstThrone
	// AgainstCamp: a camp square.
	AgainstCamp
)

// Capture is one pawn a move took: Victim was sandwiched between the square
// the moving piece landed on (By) and Beyond.
type Capture struct {
	Victim, By, Beyond Square
	Against            Hostile
}

// String says it for people: "d4 captured between d3 and the camp d2".
func (c Capture) String() string {
	beyond := c.Beyond.String()
	switch c.Against {
	case AgainstThrone:
		beyond = "the throne " + beyond
	case AgainstCamp:
		beyond = "the camp " + beyond
	}
	return fmt.Sprintf("%v captured between %v and %v", c.Victim, c.By, beyond)
}

// CapturesOf returns the pawns that the legal move m takes in p, with what
// each was caught against. The king's capture ends the game and is not
// listed.
func CapturesOf(p Position, m Move) []Capture {
	after := p
	if after.Make(m) == 0 {
		return nil
	}
	var out []Capture
	to := m.To()
	for d := 0; d < numDirs; d++ {
		n := step[d][to]
		if n < 0 {
			continue
		}
		pc := p.board[n]
		if pc == Empty || pc == King || pc.Color() == p.side || after.board[n] != Empty {
			continue
		}
		b := Square(step[d][n])
		c := Capture{Victim: Square(n), By: to, Beyond: b, Against: AgainstPiece}
		switch bp := p.board[b]; {
		case bp == WhitePawn && p.side == White, bp == King && p.side == White && b != Throne, bp == BlackPawn && p.side == Black:
			c.Against = AgainstPiece
		case b == Throne:
			c.Against = AgainstThrone
		default:
			c.Against = AgainstCamp
		}
		out = append(out, c)
	}
	return out
}

// WinningMoves returns the legal moves with which side c would win at once in
// p (the king reaching the edge for White, its capture for Black), whether or
// not c is to move: for the side not to move they are its threats.
func WinningMoves(p Position, c Color) []Move {
	q := p
	if q.side != c {
		q.side = c
		q.hash ^= zobristBlack
	}
	if q.status != Ongoing {
		return nil
	}
	var buf [MaxMoves]Move
	var out []Move
	want := WhiteWins
	if c == Black {
		want = BlackWins
	}
	for _, m := range q.GenerateMoves(buf[:0]) {
		r := q
		r.Make(m)
		if r.status == want {
			out = append(out, m)
		}
	}
	return out
}
