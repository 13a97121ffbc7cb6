package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// playAll plays moves written in notation, failing the test on any error.
func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			p := g.Position()
			t.Fatalf("play %s: %v in %s", s, err, diagram(&p))
		}
	}
}

func TestRepetitionExample(t *testing.T) {
	g := NewGame(StartPosition())
	moves := strings.Fields("e3-d3 d1-d2 d3-e3 d2-c2 e3-d3 c2-d2")
	for i, s := range moves {
		playAll(t, g, s)
		want := Ongoing
		if i == len(moves)-1 {
			want = Draw
		}
		if g.Outcome() != want {
			t.Fatalf("after move %d (%s): outcome %v, want %v", i+1, s, g.Outcome(), want)
		}
	}
	if g.Reason() != Repetition || g.ReasonText() != "draw by repetition" {
		t.Fatalf("reason %v %q", g.Reason(), g.ReasonText())
	}
	if err := g.Play(NewMove(sq(t, "e4"), sq(t, "f4"))); !errors.Is(err, ErrGameOver) {
		t.Fatalf("play after the draw: %v, want ErrGameOver", err)
	}
	if len(g.LegalMoves()) != 0 {
		t.Fatalf("legal moves after the end of the game")
	}
	// The history holds the 7 positions since the start (no capture).
	h := g.RepetitionHistory()
	if len(h) != 7 || h[6] != ptr(g.Position()).Hash() || h[0] != ptr(g.Start()).Hash() || h[2] != h[6] {
		t.Fatalf("repetition history %x", h)
	}
}

func TestRepetitionAfterCapture(t *testing.T) {
	// c6-c4 captures d4 against e4; then the shuffle h9-h8 c4-c5 h8-h9 c5-c4 comes
	// back to the position right after the capture: a draw, found in the history
	// that starts at the capture.
	start := MustParsePosition("........./........./........./...BW..../........./..W....../......K../........./.......B. W")
	g := NewGame(start)
	if h := g.RepetitionHistory(); len(h) != 1 || h[0] != start.Hash() {
		t.Fatalf("history at the start: %x", h)
	}
	playAll(t, g, "c6-c4")
	if g.Captures(0) != 1 {
		t.Fatalf("c6-c4 captured %d, want 1", g.Captures(0))
	}
	if h := g.RepetitionHistory(); len(h) != 1 || h[0] != ptr(g.Position()).Hash() {
		t.Fatalf("history after the capture: %d entries, want 1", len(h))
	}
	playAll(t, g, "h9-h8 c4-c5 h8-h9")
	if g.Outcome() != Ongoing {
		t.Fatalf("outcome %v before the repetition", g.Outcome())
	}
	playAll(t, g, "c5-c4")
	if g.Outcome() != Draw || g.Reason() != Repetition {
		p := g.Position()
		t.Fatalf("outcome %v (%s), want a draw in %s", g.Outcome(), g.ReasonText(), diagram(&p))
	}
	if h := g.RepetitionHistory(); len(h) != 5 {
		t.Fatalf("history after the capture and 4 moves: %d entries, want 5", len(h))
	}
}

func TestWinningMoveIsNeverADraw(t *testing.T) {
	// The king stands between c2 and c4 (it moved into the sandwich, which is
	// safe). Black steps c4-d4 and back: the capture recreates the start board
	// with White to move, a repetition, yet it is Black's win.
	start := MustParsePosition("........./..B....../..K....../..B....../........./........./......W../........./......... W")
	g := NewGame(start)
	playAll(t, g, "g7-g8 c4-d4 g8-g7 d4-c4")
	if cur := g.Position(); cur.board != start.board || cur.side != start.side {
		t.Fatalf("the test expects the start board again, got %s", diagram(&cur))
	}
	if g.Outcome() != BlackWins || g.ReasonText() != "king captured at c3" {
		t.Fatalf("got %v %q, want BW \"king captured at c3\"", g.Outcome(), g.ReasonText())
	}
	g = NewGame(MustParsePosition("........./........./.K......./........./........./........./........./......B../......... W"))
	playAll(t, g, "b3-b1")
	if g.Outcome() != WhiteWins || g.ReasonText() != "king escaped at b1" {
		t.Fatalf("got %v %q, want WW \"king escaped at b1\"", g.Outcome(), g.ReasonText())
	}
}

func TestOutcomeReasons(t *testing.T) {
	g := NewGame(MustParsePosition("........./........./B......../...BKB.../........./........./........./........./......... B"))
	playAll(t, g, "a3-e3")
	if g.Outcome() != BlackWins || g.Reason() != KingCaptured || g.ReasonText() != "king captured at e4" {
		t.Fatalf("got %v %v %q", g.Outcome(), g.Reason(), g.ReasonText())
	}
	g = NewGame(StartPosition())
	if g.ReasonText() != "" {
		t.Fatalf("reason of a new game %q", g.ReasonText())
	}
	g.Resign(Black)
	if g.Outcome() != WhiteWins || g.Reason() != Resignation || g.ReasonText() != "Black resigned" {
		t.Fatalf("got %v %v %q", g.Outcome(), g.Reason(), g.ReasonText())
	}
	g.Resign(White) // no effect once over
	if g.Outcome() != WhiteWins {
		t.Fatalf("second resignation changed the outcome to %v", g.Outcome())
	}
}

func TestUndoRedo(t *testing.T) {
	g := NewGame(StartPosition())
	if g.Undo() || g.Redo() || g.CanUndo() || g.CanRedo() {
		t.Fatal("undo/redo on a new game")
	}
	playAll(t, g, "e3-d3 d1-d2 d3-e3")
	p3 := g.Position()
	if !g.Undo() || !g.Undo() {
		t.Fatal("undo failed")
	}
	if g.Ply() != 1 || g.Position() != g.PositionAt(1) || !g.CanRedo() {
		t.Fatalf("after two undos: ply %d", g.Ply())
	}
	if line := fmt.Sprint(g.Line()); line != "[e3-d3 d1-d2 d3-e3]" {
		t.Fatalf("line after two undos: %s, want the three moves in order", line)
	}
	if !g.Redo() || !g.Redo() || g.Redo() {
		t.Fatal("redo twice should work, a third time not")
	}
	if g.Position() != p3 || g.Ply() != 3 {
		t.Fatalf("after redo: %s want %s", diagram(ptr(g.Position())), diagram(&p3))
	}
	// Playing the move Redo would play keeps the rest of the redo list.
	g.Undo()
	g.Undo()
	playAll(t, g, "d1-d2")
	if !g.CanRedo() {
		t.Fatal("playing the redo move cleared the redo list")
	}
	// Playing another move clears it.
	g.Undo()
	playAll(t, g, "a4-b4")
	if g.CanRedo() {
		t.Fatal("a different move kept the redo list")
	}
	// Undo takes back a resignation with the move; and a finished game.
	g.Resign(White)
	g.Undo()
	if g.Outcome() != Ongoing {
		t.Fatalf("outcome %v after undoing past a resignation", g.Outcome())
	}
	g = NewGame(StartPosition())
	playAll(t, g, "e3-d3 d1-d2 d3-e3 d2-c2 e3-d3 c2-d2")
	g.Undo()
	if g.Outcome() != Ongoing || len(g.LegalMoves()) == 0 {
		t.Fatalf("undoing the repeating move: %v", g.Outcome())
	}
	if !slices.Equal(g.Moves(), mustMoves(t, "e3-d3 d1-d2 d3-e3 d2-c2 e3-d3")) {
		t.Fatalf("moves %v", g.Moves())
	}
}

func ptr(p Position) *Position { return &p }

func mustMoves(t *testing.T, s string) []Move {
	t.Helper()
	var out []Move
	for _, f := range strings.Fields(s) {
		m, err := ParseMove(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

func TestIllegalPlay(t *testing.T) {
	g := NewGame(StartPosition())
	err := g.Play(NewMove(sq(t, "e4"), sq(t, "e9")))
	if err == nil || g.Ply() != 0 {
		t.Fatalf("illegal move accepted")
	}
}

func TestNotation(t *testing.T) {
	for _, s := range []string{"e4-e7", "E4-E7", "e4e7", " e4-e7 "} {
		m, err := ParseMove(s)
		if err != nil || m.String() != "e4-e7" {
			t.Errorf("ParseMove(%q) = %v, %v", s, m, err)
		}
	}
	for _, s := range []string{"", "e4", "e4-f5", "e4-e4", "j1-j2", "e0-e1", "e4 e7", "e4-e10"} {
		if _, err := ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) accepted", s)
		}
	}
	for _, s := range []string{"", "a", "a0", "j5", "e55"} {
		if _, err := ParseSquare(s); err == nil {
			t.Errorf("ParseSquare(%q) accepted", s)
		}
	}
	bad := map[string]string{
		"":                         "fields",
		StartFEN[:len(StartFEN)-2]: "fields",
		"...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B.../...BBB... W":    "rank 8 has 8 squares",
		"...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... X":   "side to move",
		"...BBB.../....B..../....W..../B...W...B/BBWWBWWBB/B...W...B/....W..../....B..../...BBB... W":   "throne",
		"...BBB.../....B..../....W..../B...W...B/BBWW.WWBB/B...W...B/....W..../....B..../...BBB... W":   "0 kings",
		"...WBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W":   "camp",
		"...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBX... W":   "unknown piece",
		"...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB.../. W": "10 ranks",
	}
	for s, want := range bad {
		_, err := ParsePosition(s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePosition(%q) error %v, want one mentioning %q", s, err, want)
		}
	}
}
