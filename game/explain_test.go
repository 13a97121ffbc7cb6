package game

import (
	"fmt"
	"testing"
)

func TestCapturesOfSaysAgainstWhat(t *testing.T) {
	for _, c := range []struct {
		pos, move, want string
	}{
		{"........./...B...../W......../........./....K..../........./........./........./......... W", "a3-d3",
			"[d2 captured between d3 and the camp d1]"},
		{"........./........./........./........./....K..../....W..../B......../........./......... B", "a7-e7",
			"[e6 captured between e7 and the throne e5]"},
		{"........./........./........./........./........./..KB...W./........./........./......... W", "h6-e6",
			"[d6 captured between e6 and c6]"},
		{"........./........./.WB.BW.../........./........./........./...W...../........./.......K. W", "d7-d3",
			"[e3 captured between d3 and f3 c3 captured between d3 and b3]"},
		{"........./....B..../W......../........./....K..../........./........./........./......... W", "a3-e3", "[]"},
		// A black pawn on the camp beyond: the camp captures, not the pawn.
		{"...B...../...B...../W......../........./....K..../........./........./........./......... W", "a3-d3",
			"[d2 captured between d3 and the camp d1]"},
	} {
		p, err := ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		got := CapturesOf(p, m)
		if s := fmt.Sprint(got); s != c.want && !(len(got) == 2 && sameSet(got, c.want)) {
			t.Errorf("%s %s: %s, want %s\n%s", c.pos, c.move, s, c.want, diagram(&p))
		}
	}
}

// sameSet accepts two captures listed in either order.
func sameSet(got []Capture, want string) bool {
	return fmt.Sprint([]Capture{got[1], got[0]}) == want
}

func TestWinningMovesFindsEscapesAndKingCaptures(t *testing.T) {
	// The king on b3 escapes to b1 or a3... but a3 is an escape square too.
	p, _ := ParsePosition("........./........./.K......./........./........./........./........./........./......... W")
	if got := fmt.Sprint(WinningMoves(p, White)); got == "[]" {
		t.Fatalf("no escape found for the king on b3:\n%s", diagram(&p))
	}
	// The same threats with Black to move: they are White's threats.
	q, _ := ParsePosition("........./........./.K......./........./........./........./........./........./......... B")
	if len(WinningMoves(q, White)) != len(WinningMoves(p, White)) {
		t.Fatal("threats depend on the side to move")
	}
	// Black captures the king next to the throne on three sides.
	r, _ := ParsePosition("........./........./B......../...BKB.../........./........./........./........./......... B")
	if got := fmt.Sprint(WinningMoves(r, Black)); got != "[a3-e3]" {
		t.Fatalf("king captures: %s, want [a3-e3]", got)
	}
	if got := WinningMoves(StartPosition(), White); len(got) != 0 {
		t.Fatalf("winning moves in the start position: %v", got)
	}
}
