package game

import (
	"fmt"
	"strings"
)

// StartFEN is the start position in project notation.
const StartFEN = "...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W"

// ParseSquare reads a square such as "e5" (upper case accepted).
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 {
		return NoSquare, fmt.Errorf("bad square %q: want a file a-i and a rank 1-9, like e5", s)
	}
	f := s[0] | 0x20 // lower case
	r := s[1]
	if f < 'a' || f > 'i' || r < '1' || r > '9' {
		return NoSquare, fmt.Errorf("bad square %q: want a file a-i and a rank 1-9, like e5", s)
	}
	return Sq(int(f-'a'), int(r-'1')), nil
}

// ParseMove reads a move such as "e4-e7", "E4-E7" or "e4e7". It checks the form
// (two squares on one line), not legality in any position.
func ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	var a, b string
	switch {
	case len(t) == 5 && t[2] == '-':
		a, b = t[:2], t[3:]
	case len(t) == 4:
		a, b = t[:2], t[2:]
	default:
		return NoMove, fmt.Errorf("bad move %q: want from-to, like e4-e7", s)
	}
	from, err := ParseSquare(a)
	if err != nil {
		return NoMove, fmt.Errorf("bad move %q: %v", s, err)
	}
	to, err := ParseSquare(b)
	if err != nil {
		return NoMove, fmt.Errorf("bad move %q: %v", s, err)
	}
	if from == to || (from.File() != to.File() && from.Rank() != to.Rank()) {
		return NoMove, fmt.Errorf("bad move %q: a piece moves along one rank or file", s)
	}
	return NewMove(from, to), nil
}

// MoveList writes moves separated by spaces, "e4-f4 a4-e4", as principal
// variations and opening lines are shown ("" for none).
func MoveList(ms []Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// String returns the position in project notation: ranks 1 to 9 separated by "/",
// files a to i within a rank, then a space and the side to move ("W" or "B").
func (p *Position) String() string {
	var sb strings.Builder
	sb.Grow(92)
	for r := 0; r < 9; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for f := 0; f < 9; f++ {
			sb.WriteString(p.board[Sq(f, r)].String())
		}
	}
	if p.side == White {
		sb.WriteString(" W")
	} else {
		sb.WriteString(" B")
	}
	return sb.String()
}

// ParsePosition reads a position in project notation (see String). It rejects
// boards that no legal game can reach in a way that would break the rules engine:
// a wrong shape, unknown letters, not exactly one king, a piece on the throne other
// than the king, or a white piece on a camp. A king on an edge square makes a
// position whose game is over (White has won).
func ParsePosition(s string) (Position, error) {
	var p Position
	p.king = NoSquare
	fields := strings.Fields(s)
	if len(fields) != 2 {
		return p, fmt.Errorf("bad position: want 9 ranks separated by '/', a space and W or B, got %d fields", len(fields))
	}
	switch fields[1] {
	case "W", "w":
		p.side = White
	case "B", "b":
		p.side = Black
	default:
		return p, fmt.Errorf("bad position: side to move must be W or B, not %q", fields[1])
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 9 {
		return p, fmt.Errorf("bad position: %d ranks, want 9", len(ranks))
	}
	kings := 0
	for r, row := range ranks {
		if len(row) != 9 {
			return p, fmt.Errorf("bad position: rank %d has %d squares", r+1, len(row))
		}
		for f := 0; f < 9; f++ {
			s := Sq(f, r)
			var pc Piece
			switch row[f] {
			case '.':
				continue
			case 'W', 'w':
				pc = WhitePawn
			case 'B', 'b':
				pc = BlackPawn
			case 'K', 'k':
				pc = King
				kings++
			default:
				return p, fmt.Errorf("bad position: unknown piece %q on %v", row[f], s)
			}
			if s == Throne && pc != King {
				return p, fmt.Errorf("bad position: only the king may stand on the throne e5, found %v", pc)
			}
			if campID[s] != 0 && pc != BlackPawn {
				return p, fmt.Errorf("bad position: a white piece cannot stand on the camp square %v", s)
			}
			p.put(s, pc)
		}
	}
	if kings != 1 {
		return p, fmt.Errorf("bad position: %d kings, want exactly 1", kings)
	}
	if edge[p.king] {
		p.status = WhiteWins
	}
	p.hash = computeHash(&p)
	return p, nil
}

// MustParsePosition is ParsePosition for constant positions in tests and tables; it
// panics on an error.
func MustParsePosition(s string) Position {
	p, err := ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return p
}
