package arena

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// ServerConfig configures a Server.
type ServerConfig struct {
	Listen    string        // host to listen on, e.g. "127.0.0.1"
	PortWhite int           // 0 = PortWhite (5800); -1 = any free port
	PortBlack int           // 0 = PortBlack (5801); -1 = any free port
	MoveTime  time.Duration // per-move limit (0 = DefaultTimeout)
	MaxPlies  int           // adjudicate a draw after this many plies (0 = no limit)
	Log       func(string)  // optional log lines
}

// Server referees games between a White client and a Black client.
//
// Each port has an accept loop of its own for the server's whole life: every
// connection reads its name in a goroutine of its own, and only a client that
// sent a valid name joins its colour's queue of named clients, from which
// PlayGame seats the players. A connection that closes at once, stays silent or
// sends garbage is never seated, so it cannot hold a seat or shift the pairing
// of later games; a client that connects during a game waits in the queue for
// the next one. An accept error (out of file descriptors, say) makes the loop
// back off and try again rather than stop, and the connections still to send
// a name are bounded in all and per host, so a flood cannot take the
// descriptors the real clients need.
type Server struct {
	cfg    ServerConfig
	lw, lb net.Listener
	ready  [2]chan seat     // named clients waiting for a game, per colour
	closed [2]chan struct{} // closed when a colour's accept loop has ended
	done   chan struct{}    // closed by Close
	once   sync.Once
	naming [2]peers // connections still sending their names, per colour
}

// maxWaiting is how many named clients may wait for a seat per colour; more
// are turned away.
const maxWaiting = 16

// Bounds of the connections that have not yet sent their names, per colour:
// in all, and from one host. Each holds a file descriptor for up to the name
// time, so without them a flood of silent connections would use up the
// process's descriptors; beyond them a connection is closed at once.
const (
	maxNaming  = 64
	maxPerPeer = 8
)

// Backoff of the accept loop after an accept error other than a closed
// listener (EMFILE, ENFILE, ECONNABORTED...): it waits, doubling the wait
// from minBackoff up to maxBackoff, and tries again, as net/http's
// Server.Serve does, so that the server keeps listening once descriptors are
// free again.
const (
	minBackoff = 5 * time.Millisecond
	maxBackoff = time.Second
)

// peers counts connections by remote host.
type peers struct {
	mu    sync.Mutex
	n     map[string]int
	total int
}

// enter counts a connection from host, or reports false when a bound is
// reached.
func (p *peers) enter(host string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.total >= maxNaming || p.n[host] >= maxPerPeer {
		return false
	}
	if p.n == nil {
		p.n = map[string]int{}
	}
	p.n[host]++
	p.total++
	return true
}

func (p *peers) leave(host string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total--
	if p.n[host]--; p.n[host] <= 0 {
		delete(p.n, host)
	}
}

// hostOf returns the host part of a connection's remote address.
func hostOf(conn net.Conn) string {
	addr := conn.RemoteAddr().String()
	if h, _, err := net.SplitHostPort(addr); err == nil {
		return h
	}
	return addr
}

// ServerResult is one refereed game.
type ServerResult struct {
	Game         *game.Game
	White, Black string // the players' names
	Reason       string // how the game ended, e.g. "Black lost on time (2s)"
}

// NewServer opens the two listening ports.
func NewServer(cfg ServerConfig) (*Server, error) {
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = DefaultTimeout
	}
	port := func(p, def int) string {
		switch {
		case p == 0:
			return strconv.Itoa(def)
		case p < 0:
			return "0"
		}
		return strconv.Itoa(p)
	}
	lw, err := net.Listen("tcp", net.JoinHostPort(cfg.Listen, port(cfg.PortWhite, PortWhite)))
	if err != nil {
		return nil, fmt.Errorf("cannot listen for White: %v", err)
	}
	lb, err := net.Listen("tcp", net.JoinHostPort(cfg.Listen, port(cfg.PortBlack, PortBlack)))
	if err != nil {
		lw.Close()
		return nil, fmt.Errorf("cannot listen for Black: %v", err)
	}
	return newServer(cfg, lw, lb), nil
}

// newServer starts the accept loops of a server on two open listeners.
func newServer(cfg ServerConfig, lw, lb net.Listener) *Server {
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = DefaultTimeout
	}
	s := &Server{cfg: cfg, lw: lw, lb: lb, done: make(chan struct{})}
	for c, l := range []net.Listener{lw, lb} {
		s.ready[c] = make(chan seat, maxWaiting)
		s.closed[c] = make(chan struct{})
		go s.acceptLoop(l, game.Color(c))
	}
	return s
}

// Addrs returns the addresses White and Black connect to.
func (s *Server) Addrs() (white, black string) { return s.lw.Addr().String(), s.lb.Addr().String() }

// Close stops listening and hangs up on the clients waiting for a game.
func (s *Server) Close() error {
	s.once.Do(func() { close(s.done) })
	e1, e2 := s.lw.Close(), s.lb.Close()
	for c := range s.ready {
		<-s.closed[c]
		for {
			select {
			case st := <-s.ready[c]:
				st.conn.Close()
				continue
			default:
			}
			break
		}
	}
	return errors.Join(e1, e2)
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log != nil {
		s.cfg.Log(fmt.Sprintf(format, args...))
	}
}

// seat is one connected client that sent a valid name.
type seat struct {
	conn net.Conn
	name string
}

// acceptLoop accepts the clients of colour c until the listener closes, and
// queues those that send a valid name.
func (s *Server) acceptLoop(l net.Listener, c game.Color) {
	var wg sync.WaitGroup
	defer func() {
		wg.Wait()
		close(s.closed[c])
	}()
	backoff := time.Duration(0)
	for {
		conn, err := l.Accept()
		if err != nil {
			select {
			case <-s.done:
				return
			default:
			}
			if errors.Is(err, net.ErrClosed) {
				return
			}
			backoff = min(max(2*backoff, minBackoff), maxBackoff)
			s.logf("%v port: accept: %v; trying again in %v", c, err, backoff)
			select {
			case <-s.done:
				return
			case <-time.After(backoff):
			}
			continue
		}
		backoff = 0
		host := hostOf(conn)
		if !s.naming[c].enter(host) {
			s.logf("%v port: turned away %v: too many connections still to send their names", c, conn.RemoteAddr())
			conn.Close()
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Close hangs up on a client still sending its name.
			hangup := make(chan struct{})
			go func() {
				select {
				case <-s.done:
					conn.Close()
				case <-hangup:
				}
			}()
			name, err := s.readName(conn, c)
			close(hangup)
			s.naming[c].leave(host)
			if err != nil {
				s.logf("%v port: turned away %v: %v", c, conn.RemoteAddr(), err)
				conn.Close()
				return
			}
			select {
			case s.ready[c] <- seat{conn: conn, name: name}:
			default:
				s.logf("%v port: turned away %s (%v): %d clients already wait", c, name, conn.RemoteAddr(), maxWaiting)
				conn.Close()
			}
		}()
	}
}

// readName reads a client's first message, its name, within the move time
// (at least 10 s).
func (s *Server) readName(conn net.Conn, c game.Color) (string, error) {
	conn.SetReadDeadline(time.Now().Add(max(s.cfg.MoveTime, 10*time.Second)))
	defer conn.SetReadDeadline(time.Time{})
	b, err := ReadFrame(conn)
	if err != nil {
		return "", fmt.Errorf("no name: %v", err)
	}
	name, err := decodeName(b)
	if err != nil {
		return "", err
	}
	if name == "" {
		name = c.String()
	}
	return name, nil
}

// alive reports whether a waiting client is still connected and has sent
// nothing since its name (a client speaks next when it has a move to make).
func alive(conn net.Conn) bool {
	conn.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	defer conn.SetReadDeadline(time.Time{})
	var b [1]byte
	_, err := conn.Read(b[:])
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// take seats the next named, still connected client of colour c.
func (s *Server) take(ctx context.Context, c game.Color) (seat, error) {
	for {
		select {
		case st := <-s.ready[c]:
			if alive(st.conn) {
				return st, nil
			}
			s.logf("%s (%v) left or spoke out of turn before the game; not seated", st.name, c)
			st.conn.Close()
		case <-s.closed[c]:
			if ctx.Err() != nil {
				return seat{}, fmt.Errorf("no %v client: %w", c, ctx.Err())
			}
			return seat{}, fmt.Errorf("no %v client: the server stopped listening", c)
		case <-ctx.Done():
			return seat{}, fmt.Errorf("no %v client: %w", c, ctx.Err())
		}
	}
}

// PlayGame waits for a White and a Black client and referees one game. It
// returns an error only when the game could not start (no clients, ctx done);
// a client's misbehaviour is a loss for that client, described in Reason.
func (s *Server) PlayGame(ctx context.Context) (ServerResult, error) {
	var seats [2]seat
	stop := context.AfterFunc(ctx, func() { s.Close() })
	defer stop()
	var err error
	for c := range seats {
		if seats[c], err = s.take(ctx, game.Color(c)); err != nil {
			break
		}
	}
	defer func() {
		for _, st := range seats {
			if st.conn != nil {
				st.conn.Close()
			}
		}
	}()
	g := game.NewGame(game.StartPosition())
	res := ServerResult{Game: g, White: seats[0].name, Black: seats[1].name}
	if err != nil {
		return res, err
	}
	s.logf("game: %s (White) vs %s (Black), %v per move", res.White, res.Black, s.cfg.MoveTime)
	s.broadcast(&seats, g)
	for g.Outcome() == game.Ongoing {
		if s.cfg.MaxPlies > 0 && g.Ply() >= s.cfg.MaxPlies {
			res.Reason = fmt.Sprintf("stopped at the %d-ply limit, no result", s.cfg.MaxPlies)
			s.logf("%s", res.Reason)
			return res, nil
		}
		pos := g.Position()
		side := pos.SideToMove()
		st := &seats[side]
		st.conn.SetReadDeadline(time.Now().Add(s.cfg.MoveTime))
		b, err := ReadFrame(st.conn)
		if err != nil {
			var ne net.Error
			switch {
			case ctx.Err() != nil:
				return res, ctx.Err()
			case errors.As(err, &ne) && ne.Timeout():
				// As the Java server: the loser is told nothing, both connections close.
				res.Reason = fmt.Sprintf("%v lost on time (%v per move)", side, s.cfg.MoveTime)
				g.Resign(side)
				s.logf("%s", res.Reason)
				return res, nil
			case errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) || isReset(err):
				res.Reason = fmt.Sprintf("%v disconnected", side)
				g.Resign(side)
				s.broadcast(&seats, g)
				s.logf("%s", res.Reason)
				return res, nil
			}
			res.Reason = fmt.Sprintf("%v forfeits: protocol error: %v", side, err)
			g.Resign(side)
			s.broadcast(&seats, g)
			s.logf("%s", res.Reason)
			return res, nil
		}
		m, err := decodeMove(b)
		if err == nil && !pos.IsLegal(m) {
			err = fmt.Errorf("%v is not legal here", m)
		}
		if err != nil {
			res.Reason = fmt.Sprintf("%v loses by an illegal move: %v", side, err)
			g.Resign(side)
			s.broadcast(&seats, g)
			s.logf("%s", res.Reason)
			return res, nil
		}
		if err := g.Play(m); err != nil { // cannot happen after IsLegal
			return res, err
		}
		s.broadcast(&seats, g)
	}
	res.Reason = g.ReasonText()
	s.logf("result %v: %s after %d plies", g.Outcome(), res.Reason, g.Ply())
	return res, nil
}

// broadcast sends g's state to both clients. A failed write is ignored here:
// a client that is gone is found out when it must move.
func (s *Server) broadcast(seats *[2]seat, g *game.Game) {
	st := EncodeState(g)
	for _, c := range seats {
		if c.conn == nil {
			continue
		}
		c.conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if err := WriteJSON(c.conn, st); err != nil {
			s.logf("cannot send the state to %s: %v", c.name, err)
		}
	}
}
