package game

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// playAll plays moves written in notation, failing the test on any error.
func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		m, err := ParseMove(s)
		require.NoError(t, err)
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
		require.Equal(t, want, g.Outcome(), "after move %d (%s)", i+1, s)
	}
	assert.Equal(t, Repetition, g.Reason())
	assert.Equal(t, "draw by repetition", g.ReasonText())
	assert.ErrorIs(t, g.Play(NewMove(sq(t, "e4"), sq(t, "f4"))), ErrGameOver, "play after the draw")
	assert.Empty(t, g.LegalMoves(), "legal moves after the end of the game")
	// The history holds the 7 positions since the start (no capture).
	h := g.RepetitionHistory()
	require.Len(t, h, 7)
	assert.Equal(t, ptr(g.Start()).Hash(), h[0])
	assert.Equal(t, ptr(g.Position()).Hash(), h[6])
	assert.Equal(t, h[6], h[2], "the repeated position")
}

func TestRepetitionAfterCapture(t *testing.T) {
	// c6-c4 captures d4 against e4; then the shuffle h9-h8 c4-c5 h8-h9 c5-c4 comes
	// back to the position right after the capture: a draw, found in the history
	// that starts at the capture.
	start := MustParsePosition("........./........./........./...BW..../........./..W....../......K../........./.......B. W")
	g := NewGame(start)
	require.Equal(t, []uint64{start.Hash()}, g.RepetitionHistory(), "history at the start")
	playAll(t, g, "c6-c4")
	require.Equal(t, 1, g.Captures(0), "pieces c6-c4 captured")
	require.Equal(t, []uint64{ptr(g.Position()).Hash()}, g.RepetitionHistory(), "history after the capture")
	playAll(t, g, "h9-h8 c4-c5 h8-h9")
	require.Equal(t, Ongoing, g.Outcome(), "before the repetition")
	playAll(t, g, "c5-c4")
	if g.Outcome() != Draw || g.Reason() != Repetition {
		p := g.Position()
		t.Fatalf("outcome %v (%s), want a draw in %s", g.Outcome(), g.ReasonText(), diagram(&p))
	}
	assert.Len(t, g.RepetitionHistory(), 5, "history after the capture and 4 moves")
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
	assert.Equal(t, BlackWins, g.Outcome())
	assert.Equal(t, "king captured at c3", g.ReasonText())
	g = NewGame(MustParsePosition("........./........./.K......./........./........./........./........./......B../......... W"))
	playAll(t, g, "b3-b1")
	assert.Equal(t, WhiteWins, g.Outcome())
	assert.Equal(t, "king escaped at b1", g.ReasonText())
}

func TestOutcomeReasons(t *testing.T) {
	g := NewGame(MustParsePosition("........./........./B......../...BKB.../........./........./........./........./......... B"))
	playAll(t, g, "a3-e3")
	assert.Equal(t, BlackWins, g.Outcome())
	assert.Equal(t, KingCaptured, g.Reason())
	assert.Equal(t, "king captured at e4", g.ReasonText())
	g = NewGame(StartPosition())
	assert.Empty(t, g.ReasonText(), "reason of a new game")
	g.Resign(Black)
	assert.Equal(t, WhiteWins, g.Outcome())
	assert.Equal(t, Resignation, g.Reason())
	assert.Equal(t, "Black resigned", g.ReasonText())
	g.Resign(White) // no effect once over
	assert.Equal(t, WhiteWins, g.Outcome(), "second resignation changed the outcome")
}

func TestUndoRedo(t *testing.T) {
	g := NewGame(StartPosition())
	require.False(t, g.CanUndo() || g.CanRedo(), "undo/redo offered on a new game")
	require.False(t, g.Undo(), "undo on a new game")
	require.False(t, g.Redo(), "redo on a new game")
	playAll(t, g, "e3-d3 d1-d2 d3-e3")
	p3 := g.Position()
	require.True(t, g.Undo(), "first undo")
	require.True(t, g.Undo(), "second undo")
	require.Equal(t, 1, g.Ply(), "after two undos")
	require.Equal(t, g.PositionAt(1), g.Position(), "after two undos")
	require.True(t, g.CanRedo(), "after two undos")
	require.True(t, g.Redo(), "first redo")
	require.True(t, g.Redo(), "second redo")
	require.False(t, g.Redo(), "a third redo")
	require.Equal(t, "[e3-d3 d1-d2 d3-e3]", fmt.Sprint(g.Line()), "the line after two undos keeps the three moves in order")
	if g.Position() != p3 || g.Ply() != 3 {
		t.Fatalf("after redo: %s want %s", diagram(ptr(g.Position())), diagram(&p3))
	}
	// Playing the move Redo would play keeps the rest of the redo list.
	g.Undo()
	g.Undo()
	playAll(t, g, "d1-d2")
	require.True(t, g.CanRedo(), "playing the redo move cleared the redo list")
	// Playing another move clears it.
	g.Undo()
	playAll(t, g, "a4-b4")
	require.False(t, g.CanRedo(), "a different move kept the redo list")
	// Undo takes back a resignation with the move; and a finished game.
	g.Resign(White)
	g.Undo()
	require.Equal(t, Ongoing, g.Outcome(), "after undoing past a resignation")
	g = NewGame(StartPosition())
	playAll(t, g, "e3-d3 d1-d2 d3-e3 d2-c2 e3-d3 c2-d2")
	g.Undo()
	assert.Equal(t, Ongoing, g.Outcome(), "undoing the repeating move")
	assert.NotEmpty(t, g.LegalMoves(), "undoing the repeating move")
	assert.Equal(t, mustMoves(t, "e3-d3 d1-d2 d3-e3 d2-c2 e3-d3"), g.Moves())
}

func ptr(p Position) *Position { return &p }

func mustMoves(t *testing.T, s string) []Move {
	t.Helper()
	var out []Move
	for _, f := range strings.Fields(s) {
		m, err := ParseMove(f)
		require.NoError(t, err)
		out = append(out, m)
	}
	return out
}

func TestIllegalPlay(t *testing.T) {
	g := NewGame(StartPosition())
	require.Error(t, g.Play(NewMove(sq(t, "e4"), sq(t, "e9"))), "illegal move accepted")
	assert.Zero(t, g.Ply())
}

func TestNotation(t *testing.T) {
	for _, s := range []string{"e4-e7", "E4-E7", "e4e7", " e4-e7 "} {
		m, err := ParseMove(s)
		if assert.NoError(t, err, "ParseMove(%q)", s) {
			assert.Equal(t, "e4-e7", m.String(), "ParseMove(%q)", s)
		}
	}
	for _, s := range []string{"", "e4", "e4-f5", "e4-e4", "j1-j2", "e0-e1", "e4 e7", "e4-e10"} {
		_, err := ParseMove(s)
		assert.Error(t, err, "ParseMove(%q) accepted", s)
	}
	for _, s := range []string{"", "a", "a0", "j5", "e55"} {
		_, err := ParseSquare(s)
		assert.Error(t, err, "ParseSquare(%q) accepted", s)
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
		assert.ErrorContains(t, err, want, "ParsePosition(%q)", s)
	}
}
