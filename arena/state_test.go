package arena

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// startStateJSON is the first state of PROTOCOL.md's example, as the server sends it.
const startStateJSON = `{"board":[` +
	`["EMPTY","EMPTY","EMPTY","BLACK","BLACK","BLACK","EMPTY","EMPTY","EMPTY"],` +
	`["EMPTY","EMPTY","EMPTY","EMPTY","BLACK","EMPTY","EMPTY","EMPTY","EMPTY"],` +
	`["EMPTY","EMPTY","EMPTY","EMPTY","WHITE","EMPTY","EMPTY","EMPTY","EMPTY"],` +
	`["BLACK","EMPTY","EMPTY","EMPTY","WHITE","EMPTY","EMPTY","EMPTY","BLACK"],` +
	`["BLACK","BLACK","WHITE","WHITE","KING","WHITE","WHITE","BLACK","BLACK"],` +
	`["BLACK","EMPTY","EMPTY","EMPTY","WHITE","EMPTY","EMPTY","EMPTY","BLACK"],` +
	`["EMPTY","EMPTY","EMPTY","EMPTY","WHITE","EMPTY","EMPTY","EMPTY","EMPTY"],` +
	`["EMPTY","EMPTY","EMPTY","EMPTY","BLACK","EMPTY","EMPTY","EMPTY","EMPTY"],` +
	`["EMPTY","EMPTY","EMPTY","BLACK","BLACK","BLACK","EMPTY","EMPTY","EMPTY"]],"turn":"WHITE"}`

func diagram(p *game.Position) string { return "\n" + p.Diagram() }

// play plays moves given in the project's notation, failing the test on an illegal one.
func play(t *testing.T, g *game.Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		m, err := game.ParseMove(s)
		require.NoError(t, err)
		require.NoError(t, g.Play(m), "move %s", s)
	}
}

func TestStateProtocolExample(t *testing.T) {
	var s StateMessage
	require.NoError(t, json.Unmarshal([]byte(startStateJSON), &s))
	p, o, err := PositionFromState(s)
	require.NoError(t, err)
	assert.Equal(t, game.Ongoing, o)
	assert.True(t, p == game.StartPosition(), "start state decodes to %s", diagram(&p))
	start := game.StartPosition()
	out, err := json.Marshal(PositionState(&start, game.Ongoing))
	require.NoError(t, err)
	assert.Equal(t, startStateJSON, string(out))
	// White plays e3-d3 and the server answers with Black to move.
	e3d3, err := game.ParseMove("e3-d3")
	require.NoError(t, err)
	mv, err := json.Marshal(NewMoveMessage(e3d3, game.White))
	require.NoError(t, err)
	assert.Equal(t, `{"from":"e3","to":"d3","turn":"WHITE"}`, string(mv))
	g := game.NewGame(start)
	play(t, g, "e3-d3")
	var s2 StateMessage
	b, err := json.Marshal(EncodeState(g))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &s2))
	assert.Equal(t, "BLACK", s2.Turn, "turn after e3-d3")
	// Black's reply, squares in upper case.
	var sm MoveMessage
	require.NoError(t, json.Unmarshal([]byte(`{"from":"D1","to":"D2","turn":"BLACK"}`), &sm))
	m, err := sm.Move()
	require.NoError(t, err)
	assert.Equal(t, "d1-d2", m.String())
}

func TestStateFinal(t *testing.T) {
	// King captured: BLACKWIN with the captured king on its square, White "to move".
	g := game.NewGame(game.MustParsePosition("........./........./B......../...BKB.../........./........./........./........./......... B"))
	play(t, g, "a3-e3")
	s := EncodeState(g)
	assert.Equal(t, TurnBlackWin, s.Turn)
	assert.Equal(t, CellKing, s.Board[3][4], "the captured king stays on e4")
	assert.Equal(t, CellThrone, s.Board[4][4])
	p, o, err := PositionFromState(s)
	require.NoError(t, err)
	assert.Equal(t, game.BlackWins, o)
	assert.True(t, p == g.Position(), "back from BLACKWIN: %s", diagram(&p))
	// King escaped: WHITEWIN.
	g = game.NewGame(game.MustParsePosition("........./........./.K......./........./........./........./........./........./......... W"))
	play(t, g, "b3-b1")
	p, o, err = PositionFromState(EncodeState(g))
	require.NoError(t, err)
	assert.Equal(t, game.WhiteWins, o)
	assert.Equal(t, game.WhiteWins, p.Status())
	assert.True(t, p == g.Position(), "back from WHITEWIN: %s", diagram(&p))
	// A win the board does not show (time, illegal move): outcome only.
	start := game.StartPosition()
	p, o, err = PositionFromState(PositionState(&start, game.BlackWins))
	require.NoError(t, err)
	assert.Equal(t, game.BlackWins, o, "BLACKWIN on the start board")
	assert.Equal(t, game.Ongoing, p.Status(), "BLACKWIN on the start board")
	assert.Equal(t, game.White, p.SideToMove())
	p, o, err = PositionFromState(PositionState(&start, game.Draw))
	require.NoError(t, err)
	assert.Equal(t, game.Draw, o)
	assert.True(t, sameBoard(&p, &start), "DRAW on the start board: %s", diagram(&p))
}

func TestStateErrors(t *testing.T) {
	start := game.StartPosition()
	mod := func(f func(s *StateMessage)) StateMessage {
		s := PositionState(&start, game.Ongoing)
		f(&s)
		return s
	}
	cases := []struct {
		s    StateMessage
		want string
	}{
		{mod(func(s *StateMessage) { s.Board[0][0] = "QUEEN" }), `bad cell "QUEEN" on a1`},
		{mod(func(s *StateMessage) { s.Board[0][0] = "" }), `bad cell "" on a1`},
		{mod(func(s *StateMessage) { s.Board[2][0] = "THRONE" }), "THRONE on a3"},
		{mod(func(s *StateMessage) { s.Board[4][4] = "BLACK" }), "throne"},
		{mod(func(s *StateMessage) { s.Board[0][3] = "WHITE" }), "camp square d1"},
		{mod(func(s *StateMessage) { s.Board[4][4] = "THRONE" }), "0 kings"},
		{mod(func(s *StateMessage) { s.Turn = "white" }), ""},
		{mod(func(s *StateMessage) { s.Turn = "RED" }), `bad turn "RED"`},
		{mod(func(s *StateMessage) { s.Board[4][4] = "empty" }), "0 kings"},
	}
	for _, c := range cases {
		_, _, err := PositionFromState(c.s)
		if c.want == "" {
			assert.NoError(t, err, "%+v", c.s)
		} else if assert.ErrorContains(t, err, c.want) {
			assert.True(t, strings.HasPrefix(err.Error(), "server state: "), "error %q does not start with \"server state: \"", err)
		}
	}
	// Shape errors are caught while decoding.
	rows8 := strings.Replace(startStateJSON, `["EMPTY","EMPTY","EMPTY","BLACK","BLACK","BLACK","EMPTY","EMPTY","EMPTY"],`, "", 1)
	cells8 := strings.Replace(startStateJSON, `["EMPTY","EMPTY","EMPTY","EMPTY","BLACK",`, `["EMPTY","EMPTY","EMPTY","BLACK",`, 1)
	for js, want := range map[string]string{
		rows8:          "board has 8 rows, want 9",
		cells8:         "row 1 (rank 2) has 8 cells",
		`{"turn":3}`:   "server state: json",
		`{"board":[]}`: "board has 0 rows",
	} {
		var s StateMessage
		assert.ErrorContains(t, json.Unmarshal([]byte(js), &s), want, "decoding %.40s...", js)
	}
	for _, sm := range []MoveMessage{{From: "e4", To: "f5"}, {From: "z4", To: "e4"}, {From: "e4", To: "e4"}, {From: "e4"}} {
		_, err := sm.Move()
		assert.Error(t, err, "server move %+v accepted", sm)
	}
}

// randomGame plays up to maxPly random legal moves from start and returns
// every position on the way.
func randomGame(r *rand.Rand, start game.Position, maxPly int) []game.Position {
	out := []game.Position{start}
	p := start
	var buf [game.MaxMoves]game.Move
	for ply := 0; ply < maxPly; ply++ {
		moves := p.GenerateMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		p.Make(moves[r.IntN(len(moves))])
		out = append(out, p)
	}
	return out
}

func TestStateRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for g := 0; g < 10; g++ {
		for _, p := range randomGame(r, game.StartPosition(), 200) {
			b, err := json.Marshal(PositionState(&p, game.Ongoing))
			require.NoError(t, err)
			var s StateMessage
			require.NoError(t, json.Unmarshal(b, &s))
			q, o, err := PositionFromState(s)
			if err != nil || q != p || o != p.Status() {
				t.Fatalf("round trip of %s gave %v %v %s", diagram(&p), err, o, diagram(&q))
			}
		}
	}
}

// FuzzStateMessage decodes state messages: raw bytes, or one of a set of
// valid states with a short patch and a cut (see edit), so that the fuzzed
// input stays a few bytes long and its minimisation cheap.
func FuzzStateMessage(f *testing.F) {
	states := [][]byte{[]byte(startStateJSON)}
	r := rand.New(rand.NewPCG(3, 4))
	for i, p := range randomGame(r, game.StartPosition(), 60) {
		if i%10 != 0 {
			continue
		}
		for _, o := range []game.Outcome{game.Ongoing, game.WhiteWins, game.BlackWins, game.Draw} {
			b, _ := json.Marshal(PositionState(&p, o))
			states = append(states, b)
		}
	}
	for i := range states {
		f.Add(uint8(i), uint16(0), []byte{}, uint16(0))
	}
	f.Add(uint8(0), uint16(30), []byte(`"KING","KING"`), uint16(0))
	f.Add(uint8(255), uint16(0), []byte(`{"board":[],"turn":"WHITE"}`), uint16(0))
	f.Fuzz(func(t *testing.T, pick uint8, at uint16, patch []byte, cut uint16) {
		data := patch // raw bytes
		if int(pick) < len(states) {
			data = edit(states[pick], at, patch, cut)
		}
		var s StateMessage
		if err := json.Unmarshal(data, &s); err != nil {
			return
		}
		p, o, err := PositionFromState(s)
		if err != nil {
			return
		}
		if fresh := game.MustParsePosition(p.String()); p.Hash() != fresh.Hash() {
			t.Fatalf("hash of %s", diagram(&p))
		}
		b, err := json.Marshal(PositionState(&p, o))
		require.NoError(t, err)
		var s2 StateMessage
		require.NoError(t, json.Unmarshal(b, &s2), "own state does not decode")
		q, o2, err := PositionFromState(s2)
		if err != nil || !sameBoard(&q, &p) {
			t.Fatalf("round trip of %s: %v %s", diagram(&p), err, diagram(&q))
		}
		// A turn of WHITE or BLACK with the king on an edge comes back as WHITEWIN;
		// every other state comes back the same.
		if (o != game.Ongoing || p.Status() == game.Ongoing) && (q != p || o2 != o) {
			t.Fatalf("round trip of %s (%v) gave %s (%v)", diagram(&p), o, diagram(&q), o2)
		}
	})
}
