package game

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWithout: taking a pawn off gives the position written without it (same
// board, same hash as parsing it); the king and empty squares stay.
func TestWithout(t *testing.T) {
	p := StartPosition()
	for s := Square(0); s < NumSquares; s++ {
		q := p.Without(s)
		pc := p.At(s)
		if pc != WhitePawn && pc != BlackPawn {
			require.Equal(t, p, q, "square %v", s)
			continue
		}
		text := []byte(p.String())
		i := s.Rank()*10 + s.File() // nine squares and a '/' a rank
		require.Equal(t, pc.String(), string(text[i]), "square %v in %s", s, text)
		text[i] = '.'
		want := MustParsePosition(string(text))
		require.Equal(t, want, q, "square %v", s)
		require.Equal(t, p.Count(pc.Color())-1, q.Count(pc.Color()))
	}
}
