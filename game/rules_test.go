package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ruleCase is one rule checked on a board: a position, a move, and what must
// happen. want is "illegal", "legal", "-" (legal, the game goes on), "WW", "BW",
// or the full resulting position. captured and survives name squares emptied by
// the move or still occupied after it.
type ruleCase struct {
	name     string
	pos      string
	move     string
	want     string
	captured []string
	survives []string
}

// workedCases are the worked cases of RULES.md, verbatim.
var workedCases = []ruleCase{
	{name: "throne hostile with king on it",
		pos:  "........./........./........./........./....K..../....W..../B......../........./......... B",
		move: "a7-e7",
		want: "........./........./........./........./....K..../........./....B..../........./......... W"},
	{name: "camp centre not hostile",
		pos:  "........./....B..../W......../........./....K..../........./........./........./......... W",
		move: "a3-e3", survives: []string{"e2"}},
	{name: "other camp square hostile",
		pos:  "........./...B...../W......../........./....K..../........./........./........./......... W",
		move: "a3-d3", captured: []string{"d2"}},
	{name: "king next to throne, 3 sides",
		pos:  "........./........./B......../...BKB.../........./........./........./........./......... B",
		move: "a3-e3", want: "BW"},
	{name: "king next to throne, 2 sides",
		pos:  "........./........./B......../...BK..../........./........./........./........./......... B",
		move: "a3-e3", want: "-"},
	{name: "king on throne, 4 sides",
		pos:  "........./........./........./....B..../...BKB.../B......../........./........./......... B",
		move: "a6-e6", want: "BW"},
	{name: "king against a camp",
		pos:  "........./...K...../.......B./........./........./........./........./........./......... B",
		move: "h3-d3", want: "BW"},
	{name: "king between two black",
		pos:  "........./.....B.../.....K.../.......B./........./........./........./........./......... B",
		move: "h4-f4", want: "BW"},
	{name: "king escapes",
		pos:  "........./........./.K......./........./........./........./........./........./......... W",
		move: "b3-b1", want: "WW"},
	{name: "leave camp through own camp",
		pos:  "...B...../........./........./........./....K..../........./........./........./......... B",
		move: "d1-g1", want: "legal"},
	{name: "no re-entry",
		pos:  "........./...B...../........./........./....K..../........./........./........./......... B",
		move: "d2-d1", want: "illegal"},
	{name: "king never returns to throne (lands)",
		pos:  "........./........./........./....K..../........./........./........./........./......... W",
		move: "e4-e5", want: "illegal"},
	{name: "king never returns to throne (crosses)",
		pos:  "........./........./........./....K..../........./........./........./........./......... W",
		move: "e4-e6", want: "illegal"},
	{name: "nobody crosses the empty throne",
		pos:  "........./........./........./....K..../..W....../........./........./........./......... W",
		move: "c5-g5", want: "illegal"},
	{name: "nobody crosses the empty throne (short move legal)",
		pos:  "........./........./........./....K..../..W....../........./........./........./......... W",
		move: "c5-d5", want: "legal"},
	// RULES.md writes this case with the king on h9 (".......K." as rank 9): an
	// escape square, so that game is already over and no move is legal (see
	// TestKingOnEdgeHasWon). The capture is checked with the king on g8 instead.
	{name: "double capture",
		pos:  "........./........./.WB.BW.../........./........./........./...W...../......K../......... W",
		move: "d7-d3", captured: []string{"c3", "e3"}},
	{name: "black double capture",
		pos:  "........./..B....../..W....../B......../..W....../..B....../......K../........./......... B",
		move: "a4-c4", captured: []string{"c3", "c5"}},
	{name: "against the empty throne",
		pos:  "........./........./W......../....B..../........./........./.......K./........./......... W",
		move: "a3-e3", captured: []string{"e4"}},
	{name: "against the king",
		pos:  "........./........./........./........./........./..KB...W./........./........./......... W",
		move: "h6-e6", captured: []string{"d6"}},
}

// moreCases are further rule cases judged risky.
var moreCases = []ruleCase{
	// Black pawns against camps: every camp square but the centres is hostile,
	// occupied or not.
	{name: "black pawn against occupied non-centre camp",
		pos:  "..BB...../........./.W......./........./........./........./......K../........./......... W",
		move: "b3-b1", captured: []string{"c1"}, survives: []string{"d1"}},
	{name: "black pawn against empty non-centre camp",
		pos:  "..B....../........./.W......./........./........./........./......K../........./......... W",
		move: "b3-b1", captured: []string{"c1"}},
	{name: "black pawn never captured against an occupied camp centre",
		pos:  "...BB..../........./..W....../........./........./........./......K../........./......... W",
		move: "c3-c1", survives: []string{"d1", "e1"}},
	{name: "black pawn never captured against an empty camp centre",
		pos:  "...B...../........./..W....../........./........./........./......K../........./......... W",
		move: "c3-c1", survives: []string{"d1"}},
	// White pawns against camps: any camp square, occupied or not.
	{name: "white pawn against occupied camp",
		pos:  "..WB...../........./.B......./........./........./........./......K../........./......... B",
		move: "b3-b1", captured: []string{"c1"}},
	{name: "white pawn against empty camp",
		pos:  "..W....../........./.B......./........./........./........./......K../........./......... B",
		move: "b3-b1", captured: []string{"c1"}},
	{name: "white pawn against camp, pawn leaving its camp",
		pos:  "........./........./....W..../B......../........./........./......K../........./......... B",
		move: "a4-e4", captured: []string{"e3"}},
	// Black pawns inside their camp.
	{name: "black pawn moves within its camp",
		pos:  "........./........./........./B......../........./........./......K../........./......... B",
		move: "a4-a5", want: "legal"},
	{name: "black pawn moves through its camp",
		pos:  "........./........./........./B......../........./........./......K../........./......... B",
		move: "a4-a6", want: "legal"},
	{name: "black pawn moves out of its camp and on",
		pos:  "........./........./........./B......../........./........./......K../........./......... B",
		move: "a4-h4", want: "legal"},
	{name: "black pawn can't reach another camp along a rank",
		pos:  "........./........./........./B......../........./........./......K../........./......... B",
		move: "a4-i4", want: "illegal"},
	{name: "black pawn can't reach another camp along a file",
		pos:  "...B...../........./........./........./........./........./......K../........./......... B",
		move: "d1-d9", want: "illegal"},
	{name: "black pawn in a camp stops before the far camp",
		pos:  "...B...../........./........./........./........./........./......K../........./......... B",
		move: "d1-d8", want: "legal"},
	{name: "black pawn moves to its camp centre",
		pos:  "........./........./........./........./.B......./........./......K../........./......... B",
		move: "b5-a5", want: "legal"},
	{name: "black pawn in a camp doesn't cross the throne",
		pos:  "........./....B..../........./........./........./........./......K../........./......... B",
		move: "e2-e5", want: "illegal"},
	{name: "black pawn in a camp moves up to the throne",
		pos:  "........./....B..../........./........./........./........./......K../........./......... B",
		move: "e2-e4", want: "legal"},
	{name: "no re-entry into a camp from beside",
		pos:  "..B....../........./B......../........./..B....../........./......K../........./......... B",
		move: "c5-b5", want: "illegal"},
	{name: "no re-entry into a camp along the edge",
		pos:  "..B....../........./B......../........./..B....../........./......K../........./......... B",
		move: "a3-a4", want: "illegal"},
	{name: "no re-entry into a camp along rank 1",
		pos:  "..B....../........./B......../........./..B....../........./......K../........./......... B",
		move: "c1-d1", want: "illegal"},
	{name: "king never crosses a camp",
		pos:  "........./..K....../........./........./........./........./......B../........./......... W",
		move: "c2-f2", want: "illegal"},
	{name: "king stops before a camp",
		pos:  "........./..K....../........./........./........./........./......B../........./......... W",
		move: "c2-d2", want: "-"},
	{name: "white pawn never enters a camp",
		pos:  "..W....../........./........./........./........./........./......K../......B../......... W",
		move: "c1-d1", want: "illegal"},
	// King capture.
	{name: "king on throne, 3 sides only",
		pos:  "........./........./........./........./...BKB.../B......../........./........./......... B",
		move: "a6-e6", want: "-"},
	{name: "king next to throne is not captured against the throne",
		pos:  "........./........./B......../....K..../........./........./........./........./......... B",
		move: "a3-e3", want: "-"},
	{name: "king next to throne, 2 pawns on one line",
		pos:  "........./........./........./...BK..B./........./........./........./........./......... B",
		move: "h4-f4", want: "-"},
	{name: "king next to throne at f5, 3 sides",
		pos:  "........./......B../........./.....B.../.....K.../.....B.../........./........./......... B",
		move: "g2-g5", want: "BW"},
	{name: "king against a camp, from above",
		pos:  "........./........./....K..../.B......./........./........./........./........./......... B",
		move: "b4-e4", want: "BW"},
	{name: "king between black and white survives",
		pos:  "........./........./.B..KW.../........./........./........./........./........./......... B",
		move: "b3-d3", want: "-"},
	// Moving into a sandwich is safe.
	{name: "white pawn moves between two black pawns",
		pos:  "........./........./..B.B..../........./........./...W...../......K../........./......... W",
		move: "d6-d3", survives: []string{"c3", "d3", "e3"}},
	{name: "black pawn moves between two white pawns",
		pos:  "........./........./..W.W..../........./........./........./...B..K../........./......... B",
		move: "d7-d3", survives: []string{"c3", "d3", "e3"}},
	{name: "king moves between two black pawns",
		pos:  "........./........./..B.B..../........./........./...K...../........./........./......... W",
		move: "d6-d3", want: "-", survives: []string{"c3", "d3", "e3"}},
	// The king captures.
	{name: "king captures a black pawn against a white pawn",
		pos:  "........./........./........./...BW..../........./..K....../........./........./......... W",
		move: "c6-c4", captured: []string{"d4"}},
	{name: "king captures a black pawn against the empty throne",
		pos:  "........./........./..K....../........./...B...../........./........./........./......... W",
		move: "c3-c5", captured: []string{"d5"}},
	// The throne against white pawns.
	{name: "white pawn captured against the throne with the king on it",
		pos:  "........./......B../........./........./....KW.../........./........./........./......... B",
		move: "g2-g5", captured: []string{"f5"}, survives: []string{"e5"}},
	{name: "white pawn captured against the empty throne",
		pos:  "........./..B....../........./........./...W...../........./......K../........./......... B",
		move: "c2-c5", captured: []string{"d5"}},
}

func TestWorkedCases(t *testing.T) { runRuleCases(t, workedCases) }

func TestMoreRuleCases(t *testing.T) { runRuleCases(t, moreCases) }

func runRuleCases(t *testing.T, cases []ruleCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ParsePosition(c.pos)
			require.NoError(t, err, "bad position %q", c.pos)
			m, err := ParseMove(c.move)
			require.NoError(t, err)
			// The reference implementation must agree on every case too.
			compareWithReference(t, p)
			legal := p.IsLegal(m)
			if c.want == "illegal" {
				if legal {
					t.Fatalf("%v is legal, want illegal, in %s", m, diagram(&p))
				}
				return
			}
			if !legal {
				t.Fatalf("%v is illegal, want legal, in %s", m, diagram(&p))
			}
			child := p
			child.Make(m)
			switch {
			case c.want == "WW" || c.want == "BW" || c.want == "-":
				if got := child.Status().String(); got != c.want {
					t.Fatalf("%v in %s gave result %s, want %s; after: %s", m, diagram(&p), got, c.want, diagram(&child))
				}
			case strings.Contains(c.want, "/"):
				if got := child.String(); got != c.want {
					t.Fatalf("%v in %s gave %s want %s", m, diagram(&p), diagram(&child), diagramOf(c.want))
				}
			}
			for _, name := range c.captured {
				s, _ := ParseSquare(name)
				if p.At(s) == Empty || child.At(s) != Empty {
					t.Errorf("%v in %s: %s not captured; after: %s", m, diagram(&p), name, diagram(&child))
				}
			}
			for _, name := range c.survives {
				s, _ := ParseSquare(name)
				if child.At(s) == Empty {
					t.Errorf("%v in %s: %s captured, want it to survive; after: %s", m, diagram(&p), name, diagram(&child))
				}
			}
			if len(c.captured) == 0 && c.want != "legal" && !strings.Contains(c.want, "/") {
				if n := p.Count(White) + p.Count(Black) - child.Count(White) - child.Count(Black); n != 0 {
					t.Errorf("%v in %s captured %d pieces, want none; after: %s", m, diagram(&p), n, diagram(&child))
				}
			}
		})
	}
}

func TestKingOnEdgeHasWon(t *testing.T) {
	p := MustParsePosition("........./..B....../........./........./........./........./........./........./.K....... W")
	if p.Status() != WhiteWins {
		t.Fatalf("king on b9: status %v, want WW in %s", p.Status(), diagram(&p))
	}
	if n := len(p.GenerateMoves(nil)); n != 0 {
		t.Fatalf("king on b9: %d moves, want none (the game is over) in %s", n, diagram(&p))
	}
	g := NewGame(p)
	if g.Outcome() != WhiteWins || g.ReasonText() != "king escaped at b9" {
		t.Fatalf("game from a won position: %v %q", g.Outcome(), g.ReasonText())
	}
	// RULES.md's "double capture" case as written: the king stands on h9.
	q := MustParsePosition("........./........./.WB.BW.../........./........./........./...W...../........./.......K. W")
	if q.Status() != WhiteWins || q.IsLegal(NewMove(sq(t, "d7"), sq(t, "d3"))) {
		t.Fatalf("king on h9: status %v, d7-d3 legal %v; want WW and no legal move in %s",
			q.Status(), q.IsLegal(NewMove(sq(t, "d7"), sq(t, "d3"))), diagram(&q))
	}
}

func TestNoLegalMoveLoses(t *testing.T) {
	// Black's only pawn sits in the a1 corner; c1-b1 walls it in.
	p := MustParsePosition("B.W....../W......../........./........./........./........./......K../........./......... W")
	g := NewGame(p)
	require.NoError(t, g.Play(NewMove(sq(t, "c1"), sq(t, "b1"))))
	if g.Outcome() != WhiteWins || g.Reason() != NoLegalMove || g.ReasonText() != "Black has no legal move" {
		cur := g.Position()
		t.Fatalf("got %v %q, want WW \"Black has no legal move\" in %s", g.Outcome(), g.ReasonText(), diagram(&cur))
	}
	// A white king boxed in at b2 with no other piece: White loses at once.
	q := MustParsePosition(".B......./BKB....../.B......./........./........./........./........./........./......... W")
	if g := NewGame(q); g.Outcome() != BlackWins || g.ReasonText() != "White has no legal move" {
		t.Fatalf("got %v %q, want BW \"White has no legal move\" in %s", g.Outcome(), g.ReasonText(), diagram(&q))
	}
}

func sq(t testing.TB, name string) Square {
	t.Helper()
	s, err := ParseSquare(name)
	require.NoError(t, err)
	return s
}

func TestStartPosition(t *testing.T) {
	p := StartPosition()
	if p.String() != StartFEN {
		t.Fatalf("start %s, want %s", diagram(&p), diagramOf(StartFEN))
	}
	require.True(t, p == MustParsePosition(StartFEN), "StartPosition() != ParsePosition(StartFEN)")
	var escapes []string
	for s := Square(0); s < NumSquares; s++ {
		if IsEscape(s) && !slices.Contains([]string{"a1", "i1", "a9", "i9"}, s.String()) {
			escapes = append(escapes, s.String())
		}
	}
	want := strings.Fields("b1 c1 g1 h1 a2 i2 a3 i3 a7 i7 a8 i8 b9 c9 g9 h9")
	assert.Equal(t, want, escapes, "escape squares")
}
