package game

// Move is a rook move packed in 16 bits: from in the low 7 bits, to in the next 7.
// The zero Move (a1-a1) is never legal and serves as "no move".
type Move uint16

// NoMove is the zero Move, never legal.
const NoMove Move = 0

// NewMove packs a move from one square to another.
func NewMove(from, to Square) Move { return Move(uint16(from) | uint16(to)<<7) }

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m & 0x7f) }

// To returns the square the piece lands on.
func (m Move) To() Square { return Square(m >> 7 & 0x7f) }

// String returns the move in project notation, e.g. "e4-e7".
func (m Move) String() string {
	if m == NoMove {
		return "none"
	}
	return m.From().String() + "-" + m.To().String()
}
