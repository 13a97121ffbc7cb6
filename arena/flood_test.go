package arena

import (
	"errors"
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
// the ones beyond are closed at once, the others stay open.
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
	// Each connection reads until the server closes it or half a second
	// passes (all at once: a deadline that has passed fails a read at once).
	var closed atomic.Int32
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(func() {
			c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
			var b [1]byte
			_, err := c.Read(b[:])
			var ne net.Error
			if err != nil && !(errors.As(err, &ne) && ne.Timeout()) {
				closed.Add(1)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, int32(extra), closed.Load(), "connections closed by the server")
}
