package arena

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"net"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// Timeouts are generous: the tests assert outcomes, never speed, and must pass
// on a loaded machine. Only the timeout test uses a short move limit, and its
// silent client never moves at all.
const testMoveTime = 20 * time.Second

func newTestServer(t *testing.T, moveTime time.Duration) *Server {
	t.Helper()
	s, err := NewServer(ServerConfig{Listen: "127.0.0.1", PortWhite: -1, PortBlack: -1, MoveTime: moveTime, Log: func(l string) { t.Log("server:", l) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

type serverOut struct {
	res ServerResult
	err error
}

func serve(s *Server) <-chan serverOut {
	ch := make(chan serverOut, 1)
	go func() {
		r, err := s.PlayGame(context.Background())
		ch <- serverOut{r, err}
	}()
	return ch
}

type clientOut struct {
	res ClientResult
	err error
}

func runClient(t *testing.T, s *Server, c game.Color, p player.Player, timeout time.Duration) <-chan clientOut {
	w, b := s.Addrs()
	addr := w
	if c == game.Black {
		addr = b
	}
	cl := &Client{Addr: addr, Color: c, Name: "T" + c.String(), Player: p, Timeout: timeout}
	ch := make(chan clientOut, 1)
	go func() {
		r, err := cl.Play(context.Background())
		ch <- clientOut{r, err}
	}()
	return ch
}

func heuristic(t *testing.T) player.Player {
	p, err := player.New(player.Spec{Kind: player.Heuristic, Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ponderer is a depth-2 heuristic engine that thinks on the opponent's time.
func ponderer(t *testing.T) player.Player {
	p, err := player.New(player.Spec{Kind: player.Heuristic, Depth: 2, Ponder: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// The client stopped the pondering at the end of the game.
		hits, misses := p.(*player.Engine).PonderStats()
		if hits+misses == 0 {
			t.Error("the engine never pondered")
		}
	})
	return p
}

func TestLoopbackFullGames(t *testing.T) {
	pairs := []struct {
		name         string
		white, black func() player.Player
	}{
		{"heuristic-random", func() player.Player { return heuristic(t) }, func() player.Player { return player.NewRandom(1) }},
		{"random-heuristic", func() player.Player { return player.NewRandom(2) }, func() player.Player { return heuristic(t) }},
		{"random-random", func() player.Player { return player.NewRandom(3) }, func() player.Player { return player.NewRandom(4) }},
		{"pondering-heuristic", func() player.Player { return ponderer(t) }, func() player.Player { return heuristic(t) }},
	}
	for _, pc := range pairs {
		t.Run(pc.name, func(t *testing.T) {
			s := newTestServer(t, testMoveTime)
			sc := serve(s)
			wc := runClient(t, s, game.White, pc.white(), testMoveTime)
			bc := runClient(t, s, game.Black, pc.black(), testMoveTime)
			so, wo, bo := <-sc, <-wc, <-bc
			if so.err != nil || wo.err != nil || bo.err != nil {
				t.Fatalf("server %v, white %v, black %v", so.err, wo.err, bo.err)
			}
			g := so.res.Game
			if g.Outcome() == game.Ongoing || so.res.White != "TWhite" || so.res.Black != "TBlack" {
				t.Fatalf("server result %+v", so.res)
			}
			for _, co := range []clientOut{wo, bo} {
				if co.res.Outcome != g.Outcome() || co.res.Game.Ply() != g.Ply() {
					t.Fatalf("client saw %v after %d plies, server %v after %d", co.res.Outcome, co.res.Game.Ply(), g.Outcome(), g.Ply())
				}
				for i, m := range g.Moves() {
					if co.res.Game.Moves()[i] != m {
						t.Fatalf("client inferred move %d as %v, server has %v", i, co.res.Game.Moves()[i], m)
					}
				}
			}
			var sb strings.Builder
			if err := so.res.WriteRecord(&sb, testMoveTime); err != nil {
				t.Fatal(err)
			}
			if _, _, err := game.ReadRecord(strings.NewReader(sb.String())); err != nil {
				t.Fatalf("record does not read back: %v\n%s", err, sb.String())
			}
			t.Logf("%v after %d plies: %s", g.Outcome(), g.Ply(), so.res.Reason)
		})
	}
}

// raw is a hand-driven client for misbehaviour tests.
type raw struct {
	t    *testing.T
	conn net.Conn
}

func dialRaw(t *testing.T, addr, name string) *raw {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	r := &raw{t, c}
	if name != "" {
		r.send(name)
	}
	return r
}

func (r *raw) send(v any) {
	r.t.Helper()
	if err := WriteJSON(r.conn, v); err != nil {
		r.t.Fatal(err)
	}
}

func (r *raw) state() State {
	r.t.Helper()
	r.conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	b, err := ReadFrame(r.conn)
	if err != nil {
		r.t.Fatal(err)
	}
	st, err := DecodeState(b)
	if err != nil {
		r.t.Fatal(err)
	}
	return st
}

func TestServerIllegalMoveLoses(t *testing.T) {
	for _, msg := range []any{
		MoveMessage{From: "a1", To: "a2", Turn: "WHITE"}, // no piece there
		MoveMessage{From: "e4", To: "e5", Turn: "WHITE"}, // onto the throne
		MoveMessage{From: "z9", To: "e5", Turn: "WHITE"}, // bad square
		map[string]int{"from": 3},                        // bad JSON shape
		"e3-d3",                                          // not a move object
	} {
		s := newTestServer(t, testMoveTime)
		sc := serve(s)
		w, _ := s.Addrs()
		white := dialRaw(t, w, `"Bad"`)
		bc := runClient(t, s, game.Black, player.NewRandom(1), testMoveTime)
		start := white.state()
		white.send(msg)
		final := white.state()
		if final.Outcome != game.BlackWins || final.Pos.String() != start.Pos.String()[:len(start.Pos.String())-1]+"W" {
			t.Errorf("%v: white got %v %v", msg, final.Outcome, final.Pos.String())
		}
		so, bo := <-sc, <-bc
		if so.err != nil || so.res.Game.Outcome() != game.BlackWins || !strings.Contains(so.res.Reason, "illegal") {
			t.Errorf("%v: server %+v, %v", msg, so.res.Reason, so.err)
		}
		if bo.err != nil || bo.res.Outcome != game.BlackWins {
			t.Errorf("%v: black client %v, %v", msg, bo.res.Outcome, bo.err)
		}
	}
}

func TestServerDisconnectLoses(t *testing.T) {
	s := newTestServer(t, testMoveTime)
	sc := serve(s)
	_, b := s.Addrs()
	wc := runClient(t, s, game.White, player.NewRandom(1), testMoveTime)
	black := dialRaw(t, b, `"Quitter"`)
	black.state() // start
	black.state() // after White's first move
	black.conn.Close()
	so, wo := <-sc, <-wc
	if so.err != nil || so.res.Game.Outcome() != game.WhiteWins || !strings.Contains(so.res.Reason, "disconnect") {
		t.Fatalf("server: %q %v", so.res.Reason, so.err)
	}
	if wo.err != nil || wo.res.Outcome != game.WhiteWins {
		t.Fatalf("white client: %v %v", wo.res.Outcome, wo.err)
	}
}

func TestServerTimeoutLoses(t *testing.T) {
	s := newTestServer(t, time.Second)
	sc := serve(s)
	_, b := s.Addrs()
	wc := runClient(t, s, game.White, player.NewRandom(1), testMoveTime)
	black := dialRaw(t, b, `"Sleepy"`)
	black.state() // and never move
	so, wo := <-sc, <-wc
	if so.err != nil || so.res.Game.Outcome() != game.WhiteWins || !strings.Contains(so.res.Reason, "on time") {
		t.Fatalf("server: %q %v", so.res.Reason, so.err)
	}
	// Like the Java server, ours closes without a final state: the client
	// reports the closed connection as the end of the game, with an error.
	if wo.err == nil || !strings.Contains(wo.err.Error(), "closed the connection") {
		t.Fatalf("white client: %v", wo.err)
	}
	var sb strings.Builder
	if err := so.res.WriteRecord(&sb, time.Second); err != nil {
		t.Fatal(err)
	}
	if _, _, err := game.ReadRecord(strings.NewReader(sb.String())); err != nil {
		t.Fatalf("record: %v\n%s", err, sb.String())
	}
}

func TestServerBadFrames(t *testing.T) {
	cases := map[string][]byte{
		"negative length": {0xff, 0xff, 0xff, 0xfe},
		"huge length":     {0x7f, 0, 0, 0},
		"bad json":        append([]byte{0, 0, 0, 5}, "{from"...),
	}
	for name, bytes := range cases {
		s := newTestServer(t, testMoveTime)
		sc := serve(s)
		w, _ := s.Addrs()
		white := dialRaw(t, w, `"Garbler"`)
		bc := runClient(t, s, game.Black, player.NewRandom(1), testMoveTime)
		white.state()
		white.conn.Write(bytes)
		so, bo := <-sc, <-bc
		if so.err != nil || so.res.Game.Outcome() != game.BlackWins {
			t.Errorf("%s: server %q %v", name, so.res.Reason, so.err)
		}
		if bo.err != nil || bo.res.Outcome != game.BlackWins {
			t.Errorf("%s: black client %v %v", name, bo.res.Outcome, bo.err)
		}
	}
}

// fakeServer accepts one client, reads its name, and runs script on the
// connection.
func fakeServer(t *testing.T, script func(c net.Conn)) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		if _, err := ReadFrame(c); err != nil {
			return
		}
		script(c)
	}()
	return l.Addr().String()
}

func TestClientRejectsBadServer(t *testing.T) {
	start := EncodeState(game.NewGame(game.StartPosition()))
	startJSON, _ := json.Marshal(start)
	wrong := start
	wrong.Board[2][4] = CellEmpty // e3 vanished
	wrong.Board[2][3] = CellWhite // d3 appeared
	wrong.Board[0][3] = CellEmpty // d1 vanished too
	wrong.Turn = TurnBlack
	wrongJSON, _ := json.Marshal(wrong)
	sendRaw := func(b []byte) func(net.Conn) {
		return func(c net.Conn) { c.Write(b) }
	}
	withLen := func(b []byte) []byte {
		h := make([]byte, 4)
		binary.BigEndian.PutUint32(h, uint32(len(b)))
		return append(h, b...)
	}
	cases := map[string]struct {
		script func(net.Conn)
		want   string
	}{
		"negative length": {sendRaw([]byte{0x80, 0, 0, 0}), "negative"},
		"huge length":     {sendRaw([]byte{0x7f, 0xff, 0xff, 0xff}), "limit"},
		"bad json":        {sendRaw(withLen([]byte(`{"board":`))), "garbled"},
		"bad cell":        {sendRaw(withLen([]byte(strings.Replace(string(startJSON), "KING", "JACK", 1)))), "bad cell"},
		"closed":          {func(net.Conn) {}, "closed the connection"},
		"opponent's impossible move": {func(c net.Conn) {
			// We play Black: after the start, a board no White move leads to.
			WriteFrame(c, startJSON)
			WriteFrame(c, wrongJSON)
			time.Sleep(100 * time.Millisecond)
		}, "no legal White move"},
	}
	for name, c := range cases {
		addr := fakeServer(t, c.script)
		cl := &Client{Addr: addr, Color: game.Black, Name: "T", Player: player.NewRandom(1), Timeout: testMoveTime}
		_, err := cl.Play(context.Background())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one containing %q", name, err, c.want)
		}
	}
	// After our own move the server shows a board that differs from ours.
	addr := fakeServer(t, func(c net.Conn) {
		WriteFrame(c, startJSON)
		if _, err := ReadFrame(c); err != nil {
			return
		}
		WriteFrame(c, wrongJSON)
		time.Sleep(100 * time.Millisecond)
	})
	cl := &Client{Addr: addr, Color: game.White, Name: "T", Player: player.NewRandom(1), Timeout: testMoveTime}
	_, err := cl.Play(context.Background())
	if err == nil || !strings.Contains(err.Error(), "differs from ours on") || !strings.Contains(err.Error(), "d1") {
		t.Errorf("mismatch after our move: %v", err)
	}
}

func TestThinkTime(t *testing.T) {
	for _, c := range []struct{ mt, to, want time.Duration }{
		{2 * time.Second, 60 * time.Second, 2 * time.Second},
		{60 * time.Second, 60 * time.Second, 58500 * time.Millisecond},
		{0, 10 * time.Second, 8500 * time.Millisecond},
		{2 * time.Second, time.Second, 500 * time.Millisecond},
	} {
		if got := ThinkTime(c.mt, c.to); got != c.want {
			t.Errorf("ThinkTime(%v, %v) = %v, want %v", c.mt, c.to, got, c.want)
		}
	}
}

// The move time leaves Margin and the network's delay, capped at maxLag,
// under the server's limit; a search without a clock is left alone.
func TestThinkLimits(t *testing.T) {
	for _, c := range []struct {
		mt, lag, want time.Duration
	}{
		{58500 * time.Millisecond, 0, 58500 * time.Millisecond},
		{58500 * time.Millisecond, 300 * time.Millisecond, 58200 * time.Millisecond},
		{58500 * time.Millisecond, time.Minute, 53500 * time.Millisecond},
		{2 * time.Second, time.Second, 2 * time.Second},
	} {
		got := thinkLimits(ai.Limits{MoveTime: c.mt}, 60*time.Second, c.lag)
		if got.MoveTime != c.want {
			t.Errorf("thinkLimits(%v, lag %v) = %v, want %v", c.mt, c.lag, got.MoveTime, c.want)
		}
	}
	if got := thinkLimits(ai.Limits{Depth: 3}, 60*time.Second, time.Second); !reflect.DeepEqual(got, ai.Limits{Depth: 3}) {
		t.Errorf("a depth limit changed: %+v", got)
	}
}
