package disagree

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// place returns the position with the given pieces ("K", "W" or "B" by square)
// on an empty board and side ("W" or "B") to move.
func place(t *testing.T, side string, pieces map[string]byte) game.Position {
	t.Helper()
	var b [9][9]byte
	for r := range b {
		for f := range b[r] {
			b[r][f] = '.'
		}
	}
	for sq, pc := range pieces {
		s, err := game.ParseSquare(sq)
		require.NoError(t, err)
		b[s.Rank()][s.File()] = pc
	}
	var text []byte
	for r := range b {
		if r > 0 {
			text = append(text, '/')
		}
		text = append(text, b[r][:]...)
	}
	p, err := game.ParsePosition(string(text) + " " + side)
	require.NoError(t, err)
	return p
}

func moves(t *testing.T, ms ...string) []game.Move {
	t.Helper()
	var out []game.Move
	for _, s := range ms {
		m, err := game.ParseMove(s)
		require.NoError(t, err)
		out = append(out, m)
	}
	return out
}

// Explain states only what the board and the referee's line show.
func TestExplain(t *testing.T) {
	openKing := map[string]byte{"c7": 'K', "g2": 'B'}
	capture := map[string]byte{"e5": 'K', "f8": 'W', "g6": 'B', "h6": 'W', "a1": 'B'}
	for _, c := range []struct {
		name    string
		side    string
		pieces  map[string]byte
		score   int32
		pv      []string
		want    string
		wantAll []string // when the order of squares is the move generator's
	}{
		{name: "escape now", side: "W", pieces: openKing, score: ai.WinScore - 1, pv: []string{"c7-c9"},
			want: "The referee proves a win for White in 1 move; White's best move c7-c9 takes the king to the escape square c9 and wins."},
		{name: "open lines with Black to move", side: "B", pieces: openKing, score: ai.WinScore - 2, pv: []string{"g2-g7", "c7-c9"},
			wantAll: []string{"The referee proves a win for White in 1 move; the king already has open lines to ", "c9", "c1", "a7", ": Black can block only one."}},
		{name: "one line Black can block", side: "B", pieces: map[string]byte{"c7": 'K', "b7": 'W', "d7": 'W', "c6": 'W', "a8": 'B'},
			score: 500, pv: []string{"a8-c8"}, want: "The king already has an open line to c9."},
		{name: "one line Black cannot block", side: "B", pieces: map[string]byte{"c7": 'K', "b7": 'W', "d7": 'W', "c6": 'W', "g2": 'B'},
			score: 500, pv: []string{"g2-g3"}, want: "The king already has an open line to c9, which Black cannot block."},
		{name: "a king move that opens a line", side: "W", pieces: map[string]byte{"c6": 'K', "b7": 'W', "d7": 'W', "c5": 'W', "g2": 'B'},
			score: ai.WinScore - 3, pv: []string{"c6-c7", "g2-g3", "c7-c9"},
			want: "The referee proves a win for White in 2 moves; White's best move c6-c7 gives the king an open line to c9, which Black cannot block."},
		{name: "capture", side: "W", pieces: capture, score: 300, pv: []string{"f8-f6", "a1-a2"},
			want: "White's best move f8-f6 captures: g6 captured between f6 and h6."},
		{name: "capture later in the line", side: "W", pieces: capture, score: 300, pv: []string{"f8-f7", "a1-a2", "f7-f6"},
			want: "In the referee's line, after f8-f7 a1-a2, White's f7-f6 captures: g6 captured between f6 and h6."},
		{name: "the capture is Black's, White is better: nothing", side: "B", pieces: map[string]byte{"e5": 'K', "f6": 'W', "g6": 'B', "e8": 'B'},
			score: 300, pv: []string{"e8-e6"}, want: ""},
		{name: "king captured", side: "B", pieces: map[string]byte{"c7": 'K', "b7": 'B', "d8": 'B'}, score: -(ai.WinScore - 1), pv: []string{"d8-d7"},
			want: "The referee proves a win for Black in 1 move; Black's best move d8-d7 captures the king and wins."},
		{name: "quiet line", side: "W", pieces: capture, score: 300, pv: []string{"h6-h7", "a1-a2", "h7-h8"}, want: ""},
		{name: "referee about even", side: "W", pieces: openKing, score: heuristicDeadZone, pv: []string{"c7-c9"}, want: ""},
		{name: "illegal line stops the reading", side: "W", pieces: capture, score: 300, pv: []string{"a1-a2"}, want: ""},
	} {
		p := place(t, c.side, c.pieces)
		if c.name == "the capture is Black's, White is better: nothing" {
			require.NotEmpty(t, game.CapturesOf(p, moves(t, c.pv[0])[0]), "the case needs Black's capture")
		}
		got := explain(Case{Pos: p, Referee: ai.Result{Score: c.score, PV: moves(t, c.pv...)}})
		if c.wantAll != nil {
			for _, w := range c.wantAll {
				assert.Contains(t, got, w, "%s:\n%s", c.name, p.Diagram())
			}
			continue
		}
		assert.Equal(t, c.want, got, "%s:\n%s", c.name, p.Diagram())
	}
}
