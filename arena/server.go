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
// descriptors the real clients need; a full bound closes the oldest silent
// connection to let the newcomer in, so silent clients cannot keep out the
// real ones either, even from the same host.
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
// time, so without a bound a flood of silent connections would use up the
// process's descriptors. A bound never turns the newcomer away, though: every
// client of a tournament run on one machine shares 127.0.0.1, so a host's
// silent connections would then keep out the real clients of that host.
// Instead the newcomer replaces the oldest connection still to send its name:
// its host's oldest when that host has maxPerPeer, else, when the port has
// maxNaming, the oldest of the host that has the most.
const (
	maxNaming  = 64
	maxPerPeer = 8
)

// nameGrace is how long a connection is safe from being replaced: a real
// client sends its name as soon as it connects, so the server has read it
// long before, even on a loaded machine. While the connection to be replaced
// is younger, the accept loop waits, and the connections behind the newcomer
// wait in the kernel's accept queue, holding none of our descriptors. So a
// client that reopens every closed connection at once gets at most
// maxPerPeer connections a nameGrace, and a real client queued behind its
// reopened ones is accepted in turn, then named before its grace is over.
const nameGrace = time.Second

// Backoff of the accept loop after an accept error other than a closed
// listener (EMFILE, ENFILE, ECONNABORTED...): it waits, doubling the wait
// from minBackoff up to maxBackoff, and tries again, as net/http's
// Server.Serve does, so that the server keeps listening once descriptors are
// free again.
const (
	minBackoff = 5 * time.Millisecond
	maxBackoff = time.Second
)

// unnamed is a connection that has not sent its name yet.
type unnamed struct {
	conn    net.Conn
	host    string
	since   time.Time // when it was let in
	dropped bool      // closed to make room for a newer connection
}

// peers holds the connections still to send their names, by remote host.
type peers struct {
	mu    sync.Mutex
	hosts map[string][]*unnamed // oldest first
	total int
}

// enter counts conn, from host, let in at now, and returns its entry as in.
// When a bound is full, conn replaces the connection maxNaming's comment
// names: that one is returned as out, no longer counted and marked dropped,
// for the caller to close. While it is younger than nameGrace, enter changes
// nothing and returns how long to wait before asking again.
func (p *peers) enter(conn net.Conn, host string, now time.Time) (in, out *unnamed, wait time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.hosts == nil {
		p.hosts = map[string][]*unnamed{}
	}
	switch {
	case len(p.hosts[host]) >= maxPerPeer:
		out = p.hosts[host][0]
	case p.total >= maxNaming:
		for _, q := range p.hosts {
			if out == nil || len(q) > len(p.hosts[out.host]) || len(q) == len(p.hosts[out.host]) && q[0].since.Before(out.since) {
				out = q[0]
			}
		}
	}
	if out != nil {
		if age := now.Sub(out.since); age < nameGrace {
			return nil, nil, nameGrace - age
		}
		p.remove(out)
		out.dropped = true
	}
	in = &unnamed{conn: conn, host: host, since: now}
	p.hosts[host] = append(p.hosts[host], in)
	p.total++
	return in, out, 0
}

// leave stops counting u, once it has sent its name or failed to. It reports
// false when u was dropped for a newer connection, and so is closed already.
func (p *peers) leave(u *unnamed) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if u.dropped {
		return false
	}
	p.remove(u)
	return true
}

// count is how many connections are still to send their names.
func (p *peers) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.total
}

// remove stops counting u; p.mu is held.
func (p *peers) remove(u *unnamed) {
	q := p.hosts[u.host]
	for i, v := range q {
		if v == u {
			q = append(q[:i], q[i+1:]...)
			break
		}
	}
	if len(q) == 0 {
		delete(p.hosts, u.host)
	} else {
		p.hosts[u.host] = q
	}
	p.total--
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
		u, ok := s.letIn(conn, c)
		if !ok {
			return
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
			if !s.naming[c].leave(u) {
				return // replaced by a newer connection, closed and logged then
			}
			if err != nil {
				select {
				case <-s.done: // hung up by Close: no one was turned away
				default:
					s.logf("%v port: turned away %v: %v", c, conn.RemoteAddr(), err)
				}
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

// letIn counts conn among colour c's connections still to send their names,
// after closing the one it replaces, if any (see maxNaming). It reports false
// when the server closed meanwhile; conn is closed then.
func (s *Server) letIn(conn net.Conn, c game.Color) (*unnamed, bool) {
	host := hostOf(conn)
	for {
		in, out, wait := s.naming[c].enter(conn, host, time.Now())
		if out != nil {
			s.logf("%v port: closed %v, which sent no name in %v, to make room for %v (connections still to send their names: at most %d a host, %d in all)",
				c, out.conn.RemoteAddr(), time.Since(out.since).Round(10*time.Millisecond), conn.RemoteAddr(), maxPerPeer, maxNaming)
			out.conn.Close()
		}
		if in != nil {
			return in, true
		}
		select {
		case <-s.done:
			conn.Close()
			return nil, false
		case <-time.After(wait):
		}
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
