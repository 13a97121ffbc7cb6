package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// dangerPos: White's pawn on a3 can go to e3, where Black's pawn from h4
// takes it against the camp e2; on d3 it would capture d2 against the camp
// d1 and be safe, as on b3, c3, f3 and the rest.
const dangerPos = "........./...B...../W......../.......B./....K..../........./........./........./B........ W"

func setPosition(t *testing.T, c *Controller, pos string) {
	t.Helper()
	p, err := game.ParsePosition(pos)
	require.NoError(t, err)
	c.setGame(game.NewGame(p))
}

// The danger preview marks the destinations where the held piece is taken
// at once; it is on against the two lowest levels and, when chosen, against
// every opponent.
func TestDangerPreviewMarksCapturedDestinations(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:beginner")
	setPosition(t, c, dangerPos)
	c.Select(sq(t, "a3"))
	got := map[string]bool{}
	for _, s := range c.Danger() {
		got[s.String()] = true
	}
	assert.Equal(t, map[string]bool{"e3": true}, got)

	start(t, c, Human, "level:club")
	setPosition(t, c, dangerPos)
	c.Select(sq(t, "a3"))
	assert.Empty(t, c.Danger(), "off against Club unless chosen")
	c.SetDangerAlways(true)
	assert.Len(t, c.Danger(), 1, "chosen in the start panel: on against Club")
}

// The king is in danger where Black's next move captures it.
func TestDangerPreviewForTheKing(t *testing.T) {
	// The king on c7: on c8 the pawns b8 and d6 (coming to d8) take it; on
	// c4 no single move does.
	p, err := game.ParsePosition("........./........./........./........./........./...B...../..K....../.B......./......... W")
	require.NoError(t, err)
	var moves []game.Move
	var buf [game.MaxMoves]game.Move
	for _, m := range p.GenerateMoves(buf[:0]) {
		if m.From() == sq(t, "c7") {
			moves = append(moves, m)
		}
	}
	danger := DangerSquares(p, moves)
	assert.Contains(t, danger, sq(t, "c8"))
	assert.NotContains(t, danger, sq(t, "c4"))
}

// A click that does nothing says why, and marks the square for a moment: a
// piece of the other side, a piece that cannot move, a square the held
// piece cannot reach (diagonal, blocked, the throne, a camp).
func TestRefusedClicksSayWhy(t *testing.T) {
	c, clk := newTestController(t)
	start(t, c, Human, Human)
	setPosition(t, c, "WB......./B......../W......../........./....K..../........./........./........./B........ W")
	for _, tc := range []struct {
		clicks []string
		want   string
	}{
		{[]string{"b1"}, "b1 is a Black piece: it is White's turn"},
		{[]string{"a1"}, "The piece on a1 cannot move"},
		{[]string{"a3", "b4"}, "along its row or column"},
		{[]string{"a3", "a8"}, "a4 is a camp"},
		{[]string{"a3", "a2"}, "a2 is taken"},
		{[]string{"e5", "e5"}, ""},
	} {
		for _, s := range tc.clicks {
			c.Select(sq(t, s))
		}
		if tc.want == "" {
			continue
		}
		assert.Contains(t, c.Message(), tc.want, "clicks %v", tc.clicks)
		r, ok := c.Refused()
		assert.True(t, ok)
		assert.Equal(t, tc.clicks[len(tc.clicks)-1], r.String())
		c.ClearSelection()
	}
	clk.advance(refusalShown)
	_, ok := c.Refused()
	assert.False(t, ok, "the mark stays")

	p, err := game.ParsePosition(dangerPos)
	require.NoError(t, err)
	assert.Contains(t, WhyNotMove(p, sq(t, "e5"), sq(t, "e2")), "camp")
	q, err := game.ParsePosition("K......../........./........./........./..W....../........./........./........./......... W")
	require.NoError(t, err)
	assert.Contains(t, WhyNotMove(q, sq(t, "c5"), sq(t, "g5")), "throne")
}
