package arena_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/arena"
	"github.com/tablut-ai/tablut/game"
)

// A state message from the server decodes to a position and the outcome its
// turn announces; a move goes back as a move message.
func ExampleDecodeState() {
	start := game.StartPosition()
	b, _ := json.Marshal(arena.PositionState(&start, game.Ongoing))
	st, err := arena.DecodeState(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Pos == start, st.Raw.Turn)
	m, _ := game.ParseMove("e3-d3")
	out, _ := json.Marshal(arena.NewMoveMessage(m, st.Pos.SideToMove()))
	fmt.Println(string(out))
	// Output:
	// true WHITE
	// {"from":"e3","to":"d3","turn":"WHITE"}
}

// A server referees one game on loopback between two clients, each played by
// an engine searching to a fixed depth (so the game repeats exactly). The
// server keeps ten letters and digits of each name, as the Bologna server does.
func ExampleServer_PlayGame() {
	srv, err := arena.NewServer(arena.ServerConfig{Listen: "127.0.0.1", PortWhite: -1, PortBlack: -1, MaxPlies: 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	ctx := context.Background()
	white, black := srv.Addrs()
	for _, c := range []struct {
		addr  string
		color game.Color
	}{{white, game.White}, {black, game.Black}} {
		spec, _ := player.ParseSpec("heuristic")
		spec.Depth = 2
		p, _ := player.New(spec)
		cl := &arena.Client{Addr: c.addr, Color: c.color, Name: "Depth two " + c.color.String(), Player: p}
		go cl.Play(ctx)
	}
	res, err := srv.PlayGame(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.White, "against", res.Black)
	fmt.Println(res.Game.Ply(), "plies:", res.Reason)
	// Output:
	// DepthtwoWh against DepthtwoBl
	// 14 plies: king captured at e4
}
