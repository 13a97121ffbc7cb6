package game

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

func TestServerProtocolExample(t *testing.T) {
	var s ServerState
	require.NoError(t, json.Unmarshal([]byte(startStateJSON), &s))
	p, o, err := PositionFromServer(s)
	require.NoError(t, err)
	assert.Equal(t, Ongoing, o)
	assert.True(t, p == StartPosition(), "start state decodes to %s", diagram(&p))
	start := StartPosition()
	out, err := json.Marshal(start.ServerState())
	require.NoError(t, err)
	assert.Equal(t, startStateJSON, string(out))
	// White plays e3-d3 and the server answers with Black to move.
	mv, err := json.Marshal(NewServerMove(NewMove(sq(t, "e3"), sq(t, "d3")), White))
	require.NoError(t, err)
	assert.Equal(t, `{"from":"e3","to":"d3","turn":"WHITE"}`, string(mv))
	g := NewGame(start)
	playAll(t, g, "e3-d3")
	var s2 ServerState
	b, err := json.Marshal(g.ServerState())
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &s2))
	assert.Equal(t, "BLACK", s2.Turn, "turn after e3-d3")
	// Black's reply, squares in upper case.
	var sm ServerMove
	require.NoError(t, json.Unmarshal([]byte(`{"from":"D1","to":"D2","turn":"BLACK"}`), &sm))
	m, err := sm.Move()
	require.NoError(t, err)
	assert.Equal(t, "d1-d2", m.String())
}

func TestServerFinalStates(t *testing.T) {
	// King captured: BLACKWIN with the captured king on its square, White "to move".
	g := NewGame(MustParsePosition("........./........./B......../...BKB.../........./........./........./........./......... B"))
	playAll(t, g, "a3-e3")
	s := g.ServerState()
	assert.Equal(t, TurnBlackWin, s.Turn)
	assert.Equal(t, CellKing, s.Board[3][4], "the captured king stays on e4")
	assert.Equal(t, CellThrone, s.Board[4][4])
	p, o, err := PositionFromServer(s)
	require.NoError(t, err)
	assert.Equal(t, BlackWins, o)
	assert.True(t, p == g.Position(), "back from BLACKWIN: %s", diagram(&p))
	// King escaped: WHITEWIN.
	g = NewGame(MustParsePosition("........./........./.K......./........./........./........./........./........./......... W"))
	playAll(t, g, "b3-b1")
	p, o, err = PositionFromServer(g.ServerState())
	require.NoError(t, err)
	assert.Equal(t, WhiteWins, o)
	assert.Equal(t, WhiteWins, p.Status())
	assert.True(t, p == g.Position(), "back from WHITEWIN: %s", diagram(&p))
	// A win the board does not show (time, illegal move): outcome only.
	start := StartPosition()
	p, o, err = PositionFromServer(start.ServerStateOutcome(BlackWins))
	require.NoError(t, err)
	assert.Equal(t, BlackWins, o, "BLACKWIN on the start board")
	assert.Equal(t, Ongoing, p.Status(), "BLACKWIN on the start board")
	assert.Equal(t, White, p.SideToMove())
	p, o, err = PositionFromServer(start.ServerStateOutcome(Draw))
	require.NoError(t, err)
	assert.Equal(t, Draw, o)
	assert.True(t, p.board == start.board, "DRAW on the start board: %s", diagram(&p))
}

func TestServerErrors(t *testing.T) {
	start := StartPosition()
	mod := func(f func(s *ServerState)) ServerState {
		s := start.ServerState()
		f(&s)
		return s
	}
	cases := []struct {
		s    ServerState
		want string
	}{
		{mod(func(s *ServerState) { s.Board[0][0] = "QUEEN" }), `bad cell "QUEEN" on a1`},
		{mod(func(s *ServerState) { s.Board[0][0] = "" }), `bad cell "" on a1`},
		{mod(func(s *ServerState) { s.Board[2][0] = "THRONE" }), "THRONE on a3"},
		{mod(func(s *ServerState) { s.Board[4][4] = "BLACK" }), "throne"},
		{mod(func(s *ServerState) { s.Board[0][3] = "WHITE" }), "camp square d1"},
		{mod(func(s *ServerState) { s.Board[4][4] = "THRONE" }), "0 kings"},
		{mod(func(s *ServerState) { s.Turn = "white" }), ""},
		{mod(func(s *ServerState) { s.Turn = "RED" }), `bad turn "RED"`},
		{mod(func(s *ServerState) { s.Board[4][4] = "empty" }), "0 kings"},
	}
	for _, c := range cases {
		_, _, err := PositionFromServer(c.s)
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
		var s ServerState
		assert.ErrorContains(t, json.Unmarshal([]byte(js), &s), want, "decoding %.40s...", js)
	}
	for _, sm := range []ServerMove{{From: "e4", To: "f5"}, {From: "z4", To: "e4"}, {From: "e4", To: "e4"}, {From: "e4"}} {
		_, err := sm.Move()
		assert.Error(t, err, "server move %+v accepted", sm)
	}
}

func TestServerRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for g := 0; g < 10; g++ {
		for _, p := range randomGame(r, StartPosition(), 200) {
			b, err := json.Marshal(p.ServerState())
			require.NoError(t, err)
			var s ServerState
			require.NoError(t, json.Unmarshal(b, &s))
			q, o, err := PositionFromServer(s)
			if err != nil || q != p || o != p.Status() {
				t.Fatalf("round trip of %s gave %v %v %s", diagram(&p), err, o, diagram(&q))
			}
		}
	}
}
