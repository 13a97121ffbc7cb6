package arena

import (
	"context"
	"encoding/json"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// A server that answers our White move with the right board but says White
// is still to move is out of step with us: the client must stop with an error
// naming both turns instead of moving a Black piece as White.
func TestClientDetectsTurnDesync(t *testing.T) {
	addr := fakeServer(t, func(c net.Conn) {
		g := game.NewGame(game.StartPosition())
		require.NoError(t, WriteJSON(c, EncodeState(g)))
		b, err := ReadFrame(c)
		if err != nil {
			return
		}
		m, err := decodeMove(b)
		if err != nil || g.Play(m) != nil {
			return
		}
		st := EncodeState(g)
		st.Turn = TurnWhite // the board is right, the turn is not
		WriteJSON(c, st)
		ReadFrame(c) // a client that missed the desync sends a move here
	})
	cl := &Client{Addr: addr, Color: game.White, Name: "T", Player: player.NewRandom(1), Timeout: testMoveTime}
	_, err := cl.Play(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "says White to move")
	assert.Contains(t, err.Error(), "Black is to move")
}

// A server that accepts and never sends a state ends the wait at -wait; one
// that starts a frame and stalls ends it at the frame limit.
func TestClientSilentAndStalledServers(t *testing.T) {
	silent := fakeServer(t, func(c net.Conn) { time.Sleep(time.Minute) })
	cl := &Client{Addr: silent, Color: game.White, Name: "T", Player: player.NewRandom(1),
		Timeout: testMoveTime, Wait: 100 * time.Millisecond}
	_, err := cl.Play(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "did not start within 100ms")
	assert.Contains(t, err.Error(), "-wait")

	start, _ := json.Marshal(EncodeState(game.NewGame(game.StartPosition())))
	for name, prefix := range map[string][]byte{
		"header":  {0, 0},
		"payload": append([]byte{0, 0, byte(len(start) >> 8), byte(len(start))}, start[:20]...),
	} {
		stalled := fakeServer(t, func(c net.Conn) {
			c.Write(prefix)
			time.Sleep(time.Minute)
		})
		cl := &Client{Addr: stalled, Color: game.White, Name: "T", Player: player.NewRandom(1),
			Timeout: testMoveTime, Frame: 100 * time.Millisecond}
		_, err := cl.Play(context.Background())
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "did not finish it within 100ms", name)
	}
}

// Stray connections (closed at once, silent, a bad name, one that closes after
// its name) are never seated: the real clients play, with their names, in the
// first game and in the next one, whose strays arrived during the first.
func TestServerSeatsOnlyNamedClients(t *testing.T) {
	s := newTestServer(t, testMoveTime)
	w, b := s.Addrs()
	strays := func() {
		c, err := net.Dial("tcp", w)
		require.NoError(t, err)
		c.Close() // connect and close
		silent, err := net.Dial("tcp", w)
		require.NoError(t, err)
		t.Cleanup(func() { silent.Close() })
		bad, err := net.Dial("tcp", b)
		require.NoError(t, err)
		t.Cleanup(func() { bad.Close() })
		bad.Write([]byte{0, 0, 0, 3, 'a', 'b', 'c'}) // not a JSON string
		quitter := dialRaw(t, w, `"Quitter"`)
		quitter.conn.Close() // named, then gone before the game
	}
	for game1 := range 2 {
		if game1 == 0 {
			strays()
		}
		sc := serve(s)
		wc := runClient(t, s, game.White, player.NewRandom(uint64(game1+1)), testMoveTime)
		if game1 == 0 {
			strays() // during the first game: they must not shift the second
		}
		bc := runClient(t, s, game.Black, player.NewRandom(7), testMoveTime)
		so, wo, bo := <-sc, <-wc, <-bc
		require.NoError(t, so.err)
		assert.Equal(t, "TWhite", so.res.White, "game %d", game1+1)
		assert.Equal(t, "TBlack", so.res.Black, "game %d", game1+1)
		assert.NotContains(t, so.res.Reason, "forfeit")
		require.NoError(t, wo.err)
		require.NoError(t, bo.err)
	}
}

// A server that hangs up before sending the first state has not started a
// game, so no one can have lost on time: the client says it was turned away
// (issue 60 saw "a player may have lost on time" for a client the server
// refused), and still says "lost on time" for a hang-up during a game.
func TestClientHungUpBeforeTheGame(t *testing.T) {
	addr := fakeServer(t, func(c net.Conn) {})
	cl := &Client{Addr: addr, Color: game.White, Name: "T", Player: player.NewRandom(1), Timeout: testMoveTime}
	_, err := cl.Play(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "closed the connection before the game started")
	assert.NotContains(t, err.Error(), "lost on time")

	during := fakeServer(t, func(c net.Conn) {
		WriteJSON(c, EncodeState(game.NewGame(game.StartPosition())))
		ReadFrame(c) // White's move; then the server hangs up
	})
	cl = &Client{Addr: during, Color: game.White, Name: "T", Player: player.NewRandom(1), Timeout: testMoveTime}
	_, err = cl.Play(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "before the game ended (a player may have lost on time)")
}
