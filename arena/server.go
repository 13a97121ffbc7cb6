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
type Server struct {
	cfg    ServerConfig
	lw, lb net.Listener
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
	return &Server{cfg: cfg, lw: lw, lb: lb}, nil
}

// Addrs returns the addresses White and Black connect to.
func (s *Server) Addrs() (white, black string) { return s.lw.Addr().String(), s.lb.Addr().String() }

// Close stops listening.
func (s *Server) Close() error {
	e1, e2 := s.lw.Close(), s.lb.Close()
	return errors.Join(e1, e2)
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.Log != nil {
		s.cfg.Log(fmt.Sprintf(format, args...))
	}
}

// seat is one connected client.
type seat struct {
	conn net.Conn
	name string
	err  error
}

// accept waits for one client on l and reads its name.
func (s *Server) accept(ctx context.Context, l net.Listener, c game.Color) seat {
	conn, err := l.Accept()
	if err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return seat{err: fmt.Errorf("no %v client: %v", c, err)}
	}
	conn.SetReadDeadline(time.Now().Add(max(s.cfg.MoveTime, 10*time.Second)))
	b, err := ReadFrame(conn)
	if err == nil {
		var name string
		if name, err = DecodeName(b); err == nil {
			if name == "" {
				name = c.String()
			}
			return seat{conn: conn, name: name}
		}
	}
	return seat{conn: conn, name: c.String(), err: fmt.Errorf("%v client sent no valid name: %v", c, err)}
}

// PlayGame waits for a White and a Black client and referees one game. It
// returns an error only when the game could not start (no clients, ctx done);
// a client's misbehaviour is a loss for that client, described in Reason.
func (s *Server) PlayGame(ctx context.Context) (ServerResult, error) {
	var seats [2]seat
	var wg sync.WaitGroup
	stop := context.AfterFunc(ctx, func() { s.Close() })
	defer stop()
	for c, l := range []net.Listener{s.lw, s.lb} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seats[c] = s.accept(ctx, l, game.Color(c))
		}()
	}
	wg.Wait()
	defer func() {
		for _, st := range seats {
			if st.conn != nil {
				st.conn.Close()
			}
		}
	}()
	g := game.NewGame(game.StartPosition())
	res := ServerResult{Game: g, White: seats[0].name, Black: seats[1].name}
	for c := range seats {
		if seats[c].conn == nil {
			return res, seats[c].err
		}
	}
	s.logf("game: %s (White) vs %s (Black), %v per move", res.White, res.Black, s.cfg.MoveTime)
	// A client with a bad name forfeits before the first move.
	for c := range seats {
		if seats[c].err != nil {
			col := game.Color(c)
			res.Reason = fmt.Sprintf("%v forfeits: protocol error: %v", col, seats[c].err)
			g.Resign(col)
			s.broadcast(&seats, g)
			s.logf("%s", res.Reason)
			return res, nil
		}
	}
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
		m, err := DecodeMove(b)
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
	st := g.ServerState()
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
