package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// exhaustedListener fails its first fails Accepts as a listener out of file
// descriptors does (accept: too many open files), then accepts.
type exhaustedListener struct {
	net.Listener
	fails atomic.Int32
}

func (l *exhaustedListener) Accept() (net.Conn, error) {
	if l.fails.Add(-1) >= 0 {
		return nil, &net.OpError{Op: "accept", Net: "tcp", Addr: l.Addr(), Err: os.NewSyscallError("accept", syscall.EMFILE)}
	}
	return l.Listener.Accept()
}

// A server whose accept fails with EMFILE (as under prlimit --nofile after a
// flood of connections) keeps listening and seats the real pair once
// descriptors are free (issue 39, item 3).
func TestServerSurvivesEMFILE(t *testing.T) {
	listen := func() net.Listener {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		return l
	}
	lw := &exhaustedListener{Listener: listen()}
	lw.fails.Store(8) // about a second of backoff
	s := newServer(ServerConfig{MoveTime: testMoveTime, Log: func(l string) { t.Log("server:", l) }}, lw, listen())
	t.Cleanup(func() { s.Close() })
	sc := serve(s)
	wc := runClient(t, s, game.White, player.NewRandom(1), testMoveTime)
	bc := runClient(t, s, game.Black, player.NewRandom(2), testMoveTime)
	so, wo, bo := <-sc, <-wc, <-bc
	require.NoError(t, so.err)
	require.NoError(t, wo.err)
	require.NoError(t, bo.err)
	assert.Equal(t, "TWhite", so.res.White)
	assert.Less(t, lw.fails.Load(), int32(0), "every failing accept was retried")
}

// One host holds at most maxPerPeer connections that have not sent a name:
// each connection beyond them replaces the oldest, so the oldest are the ones
// closed and the newest stay open.
func TestServerBoundsSilentPeer(t *testing.T) {
	s := newTestServer(t, testMoveTime)
	w, _ := s.Addrs()
	extra := 3
	conns := make([]net.Conn, maxPerPeer+extra)
	for i := range conns {
		c, err := net.Dial("tcp", w)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		conns[i] = c
	}
	var b [1]byte
	// The name time is testMoveTime: a close well before it is a replacement.
	for i, c := range conns[:extra] {
		c.SetReadDeadline(time.Now().Add(testMoveTime / 2))
		_, err := c.Read(b[:])
		require.ErrorIs(t, err, io.EOF, "connection %d of %d, among the oldest, is closed", i+1, len(conns))
	}
	for i, c := range conns[extra:] {
		c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
		_, err := c.Read(b[:])
		var ne net.Error
		require.True(t, errors.As(err, &ne) && ne.Timeout(), "connection %d of %d, among the newest, is still open: %v", extra+i+1, len(conns), err)
	}
	assert.LessOrEqual(t, s.naming[game.White].count(), maxPerPeer, "connections still to send their names")
}

// silentFlood keeps n connections to addr open and silent, and reopens each
// one the server closes at once, as a hostile client would, until the test
// ends. It returns the count of connections the server closed.
func silentFlood(t *testing.T, addr string, n int) *atomic.Int64 {
	ctx, cancel := context.WithCancel(context.Background())
	var dropped atomic.Int64
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			var d net.Dialer
			for ctx.Err() == nil {
				c, err := d.DialContext(ctx, "tcp", addr)
				if err != nil {
					time.Sleep(10 * time.Millisecond)
					continue
				}
				stop := context.AfterFunc(ctx, func() { c.Close() })
				var b [1]byte
				c.Read(b[:]) // until the server closes it, or the test ends
				stop()
				c.Close()
				if ctx.Err() == nil {
					dropped.Add(1)
				}
			}
		})
	}
	t.Cleanup(func() {
		cancel()
		wg.Wait()
	})
	return &dropped
}

// within returns what ch delivers, or fails the test after a bound that is
// there to end a hung test, not to measure speed.
func within[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(2 * time.Minute):
		t.Fatalf("%s: nothing after 2 minutes", what)
	}
	panic("unreachable")
}

// Silent connections from the host of the real clients, more than its share
// and reopened as soon as the server closes one, do not keep a real client of
// that host out: the real pair plays its game to the end (issue 60, item 1).
func TestServerSeatsRealClientsThroughSilentFlood(t *testing.T) {
	s := newTestServer(t, testMoveTime)
	w, _ := s.Addrs()
	dropped := silentFlood(t, w, 2*maxPerPeer+4)
	// The flood is under way once the server has closed one of its connections.
	require.Eventually(t, func() bool { return dropped.Load() > 0 }, time.Minute, 10*time.Millisecond, "the server never closed a silent connection")
	sc := serve(s)
	wc := runClient(t, s, game.White, player.NewRandom(1), testMoveTime)
	bc := runClient(t, s, game.Black, player.NewRandom(2), testMoveTime)
	wo := within(t, wc, "White client")
	require.NoError(t, wo.err, "White client")
	bo := within(t, bc, "Black client")
	require.NoError(t, bo.err, "Black client")
	so := within(t, sc, "server")
	require.NoError(t, so.err)
	assert.Equal(t, "TWhite", so.res.White)
	assert.Equal(t, "TBlack", so.res.Black)
	assert.NotEqual(t, game.Ongoing, so.res.Game.Outcome(), "the game was played to the end")
	assert.LessOrEqual(t, s.naming[game.White].count(), maxPerPeer, "connections still to send their names")
	t.Logf("%v after %d plies; the server closed %d silent connections", so.res.Game.Outcome(), so.res.Game.Ply(), dropped.Load())
}

// The bounds on connections still to send their names, on made-up hosts: a
// host's newcomer replaces that host's oldest, a newcomer to a full port
// replaces the oldest of the host with the most, never one younger than
// nameGrace, and the count never passes maxNaming.
func TestPeersReplaceOldest(t *testing.T) {
	var p peers
	t0 := time.Unix(1e9, 0)
	enter := func(host string, now time.Time) (in, out *unnamed) {
		t.Helper()
		in, out, wait := p.enter(nil, host, now)
		require.NotNil(t, in, "%s let in at %v", host, now.Sub(t0))
		require.Zero(t, wait)
		require.LessOrEqual(t, p.count(), maxNaming)
		return in, out
	}
	// Host "a" fills its share; its next connection waits for the oldest's
	// grace, then replaces it.
	var a []*unnamed
	for i := range maxPerPeer {
		in, out := enter("a", t0.Add(time.Duration(i)*time.Millisecond))
		require.Nil(t, out)
		a = append(a, in)
	}
	in, out, wait := p.enter(nil, "a", t0.Add(nameGrace/2))
	assert.Nil(t, in)
	assert.Nil(t, out)
	assert.Equal(t, nameGrace/2, wait, "the wait until the oldest's grace is over")
	in, out = enter("a", t0.Add(nameGrace))
	assert.Same(t, a[0], out, "the oldest of host a")
	assert.False(t, p.leave(out), "a replaced connection is not counted twice")
	for _, u := range a[1:5] {
		assert.True(t, p.leave(u), "a named connection leaves")
	}
	a = append(a[5:], in)

	// Other hosts fill the port: "b" first, with more connections than any.
	t1 := t0.Add(2 * nameGrace)
	var b0 *unnamed
	for i := 0; p.count() < maxNaming; i++ {
		host := fmt.Sprintf("h%d", i%16)
		if i < 6 {
			host = "b"
		}
		in, out := enter(host, t1.Add(time.Duration(i)*time.Millisecond))
		require.Nil(t, out, "the port is not full yet")
		if b0 == nil {
			b0 = in
		}
	}
	require.Less(t, len(p.hosts["b"]), maxPerPeer)
	require.Greater(t, len(p.hosts["b"]), len(p.hosts["h0"]))
	require.Less(t, len(p.hosts["a"]), len(p.hosts["b"]), "host a, with the oldest connections, has fewer than b")

	// A new host's newcomer to the full port replaces the oldest of "b", the
	// host with the most, and not one of the older connections of "a".
	in, out, wait = p.enter(nil, "c", t1)
	assert.Nil(t, in)
	assert.Nil(t, out)
	assert.Positive(t, wait, "b's oldest is still in its grace")
	_, out = enter("c", t1.Add(nameGrace))
	assert.Same(t, b0, out, "the oldest of the host with the most")
	assert.Equal(t, maxNaming, p.count())
	for _, u := range a {
		assert.True(t, p.leave(u), "host a's connections are still counted")
	}
	assert.Equal(t, maxNaming-len(a), p.count())
}
