package game

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
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
	if err := json.Unmarshal([]byte(startStateJSON), &s); err != nil {
		t.Fatal(err)
	}
	p, o, err := PositionFromServer(s)
	if err != nil || o != Ongoing || p != StartPosition() {
		t.Fatalf("start state: %v %v %s", err, o, diagram(&p))
	}
	start := StartPosition()
	out, err := json.Marshal(start.ServerState())
	if err != nil || string(out) != startStateJSON {
		t.Fatalf("start state marshals to\n%s\nwant\n%s", out, startStateJSON)
	}
	// White plays e3-d3 and the server answers with Black to move.
	mv, _ := json.Marshal(NewServerMove(NewMove(sq(t, "e3"), sq(t, "d3")), White))
	if string(mv) != `{"from":"e3","to":"d3","turn":"WHITE"}` {
		t.Fatalf("move message %s", mv)
	}
	g := NewGame(start)
	playAll(t, g, "e3-d3")
	var s2 ServerState
	b, _ := json.Marshal(g.ServerState())
	if err := json.Unmarshal(b, &s2); err != nil || s2.Turn != "BLACK" {
		t.Fatalf("state after e3-d3: %v %s", err, b)
	}
	// Black's reply, squares in upper case.
	var sm ServerMove
	if err := json.Unmarshal([]byte(`{"from":"D1","to":"D2","turn":"BLACK"}`), &sm); err != nil {
		t.Fatal(err)
	}
	m, err := sm.Move()
	if err != nil || m.String() != "d1-d2" {
		t.Fatalf("server move %+v = %v, %v", sm, m, err)
	}
}

func TestServerFinalStates(t *testing.T) {
	// King captured: BLACKWIN with the captured king on its square, White "to move".
	g := NewGame(MustParsePosition("........./........./B......../...BKB.../........./........./........./........./......... B"))
	playAll(t, g, "a3-e3")
	s := g.ServerState()
	if s.Turn != TurnBlackWin || s.Board[3][4] != CellKing || s.Board[4][4] != CellThrone {
		t.Fatalf("final state %+v", s)
	}
	p, o, err := PositionFromServer(s)
	if err != nil || o != BlackWins || p != g.Position() {
		t.Fatalf("back from BLACKWIN: %v %v %s", err, o, diagram(&p))
	}
	// King escaped: WHITEWIN.
	g = NewGame(MustParsePosition("........./........./.K......./........./........./........./........./........./......... W"))
	playAll(t, g, "b3-b1")
	p, o, err = PositionFromServer(g.ServerState())
	if err != nil || o != WhiteWins || p != g.Position() || p.Status() != WhiteWins {
		t.Fatalf("back from WHITEWIN: %v %v %s", err, o, diagram(&p))
	}
	// A win the board does not show (time, illegal move): outcome only.
	start := StartPosition()
	p, o, err = PositionFromServer(start.ServerStateOutcome(BlackWins))
	if err != nil || o != BlackWins || p.Status() != Ongoing || p.SideToMove() != White {
		t.Fatalf("BLACKWIN on the start board: %v %v status %v", err, o, p.Status())
	}
	p, o, err = PositionFromServer(start.ServerStateOutcome(Draw))
	if err != nil || o != Draw || p.board != start.board {
		t.Fatalf("DRAW: %v %v", err, o)
	}
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
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%+v: unexpected error %v", c.s, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("error %v, want one mentioning %q", err, c.want)
		case err != nil && !strings.HasPrefix(err.Error(), "server state: "):
			t.Errorf("error %q does not start with \"server state: \"", err)
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
		err := json.Unmarshal([]byte(js), &s)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("decoding %.40s...: %v, want an error mentioning %q", js, err, want)
		}
	}
	for _, sm := range []ServerMove{{From: "e4", To: "f5"}, {From: "z4", To: "e4"}, {From: "e4", To: "e4"}, {From: "e4"}} {
		if _, err := sm.Move(); err == nil {
			t.Errorf("server move %+v accepted", sm)
		}
	}
}

func TestServerRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for g := 0; g < 10; g++ {
		for _, p := range randomGame(r, StartPosition(), 200) {
			b, err := json.Marshal(p.ServerState())
			if err != nil {
				t.Fatal(err)
			}
			var s ServerState
			if err := json.Unmarshal(b, &s); err != nil {
				t.Fatal(err)
			}
			q, o, err := PositionFromServer(s)
			if err != nil || q != p || o != p.Status() {
				t.Fatalf("round trip of %s gave %v %v %s", diagram(&p), err, o, diagram(&q))
			}
		}
	}
}
