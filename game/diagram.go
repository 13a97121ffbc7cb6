package game

import "strings"

// Diagram draws the position for people, in the project's notation: rank 9 at
// the top, files a to i along the bottom, one letter per piece (W, B, K) and
// empty squares as '.', except the empty camps, drawn ',', and the empty
// throne, drawn '+', so the board reads at a glance. The last line says who
// is to move and gives the position in one line (see String).
//
//	9  . . . B B B . . .
//	...
//	1  . . . B B B . . .
//	   a b c d e f g h i   White to move: ...BBB.../... W
func (p *Position) Diagram() string {
	var sb strings.Builder
	for r := 8; r >= 0; r-- {
		sb.WriteByte(byte('1' + r))
		sb.WriteString(" ")
		for f := 0; f < 9; f++ {
			s := Sq(f, r)
			c := p.At(s).String()
			if p.At(s) == Empty {
				switch {
				case s == Throne:
					c = "+"
				case IsCamp(s):
					c = ","
				}
			}
			sb.WriteString(" " + c)
		}
		sb.WriteString("\n")
	}
	sb.WriteString("   a b c d e f g h i   ")
	sb.WriteString(p.SideToMove().String() + " to move: " + p.String() + "\n")
	return sb.String()
}
