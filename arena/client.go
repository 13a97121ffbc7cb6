package arena

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// Default ports of the Tablut Challenge server.
const (
	PortWhite = 5800
	PortBlack = 5801
)

// DefaultTimeout is the Tablut Challenge's move limit.
const DefaultTimeout = 60 * time.Second

// DefaultWait is how long a client waits for the first state, that is for the
// game to start (the opponent to connect), when Client.Wait is zero.
const DefaultWait = 10 * time.Minute

// DefaultFrameTimeout is how long the rest of a frame may take once its first byte
// has arrived: a server that starts a message and stalls is not waited for.
const DefaultFrameTimeout = 10 * time.Second

// margin is the time the client keeps in hand under the server's move limit:
// the server counts whole seconds and polls about once a second.
const margin = 1500 * time.Millisecond

// ThinkTime returns how long an engine may think when the server's limit is
// timeout and the engine's own move time is movetime: min(movetime,
// timeout-Margin), and at least half of timeout when timeout is under Margin.
func ThinkTime(movetime, timeout time.Duration) time.Duration {
	budget := timeout - margin
	if budget <= 0 {
		budget = timeout / 2
	}
	if movetime > 0 && movetime < budget {
		return movetime
	}
	return budget
}

// limitable is a player whose search limits can change between moves
// (ai/player's engines).
type limitable interface {
	Limits() ai.Limits
	SetLimits(ai.Limits)
}

// maxLag caps the network delay the client allows for: an echo slower than
// that is more likely a stall of the server than the network's speed.
const maxLag = 5 * time.Second

// thinkLimits returns the engine's limits for its next move: its own, with a
// move time that leaves Margin and the network's delay (lag: the longest time
// so far between sending one of our moves and receiving the server's state
// after it, at most maxLag) under the server's limit. The lag counts once:
// our answer travels one way, the echo measures the way back and forth and
// the server's own work, an upper bound.
func thinkLimits(lim ai.Limits, timeout, lag time.Duration) ai.Limits {
	if lim.MoveTime <= 0 {
		return lim
	}
	lim.MoveTime = ThinkTime(lim.MoveTime, timeout-min(lag, maxLag))
	return lim
}

// Client plays one game against a Tablut Challenge server.
type Client struct {
	Addr    string                                                   // server host:port
	Color   game.Color                                               // our side
	Name    string                                                   // sent as the first message
	Player  player.Player                                            // chooses our moves
	Timeout time.Duration                                            // the server's move limit (0 = DefaultTimeout)
	Wait    time.Duration                                            // limit on the wait for the first state (0 = DefaultWait)
	Frame   time.Duration                                            // limit on the rest of a started frame (0 = DefaultFrameTimeout)
	Log     func(string)                                             // optional progress lines
	Dialer  func(ctx context.Context, addr string) (net.Conn, error) // optional; net.Dialer by default
}

// ClientResult is the end of a client's game.
type ClientResult struct {
	Game    *game.Game   // the game as the client saw it (moves inferred from the states)
	Outcome game.Outcome // the server's verdict (Ongoing if it never gave one)
	Reason  string       // how the game ended, in plain words
}

// Addr returns host:port for a side, with the default ports 5800 and 5801.
func Addr(host string, c game.Color) string {
	p := PortWhite
	if c == game.Black {
		p = PortBlack
	}
	return net.JoinHostPort(host, strconv.Itoa(p))
}

func (c *Client) logf(format string, args ...any) {
	if c.Log != nil {
		c.Log(fmt.Sprintf(format, args...))
	}
}

// Play connects, plays one game and returns its result. The error is not nil
// when the game did not end with a final state from the server: a lost or
// closed connection, a read timeout, a garbled or inconsistent message. The
// result then holds the game as far as it went. Play never panics on peer
// input.
func (c *Client) Play(ctx context.Context) (ClientResult, error) {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	wait := c.Wait
	if wait <= 0 {
		wait = DefaultWait
	}
	res := ClientResult{}
	dial := c.Dialer
	if dial == nil {
		d := net.Dialer{Timeout: 10 * time.Second}
		dial = func(ctx context.Context, addr string) (net.Conn, error) { return d.DialContext(ctx, "tcp", addr) }
	}
	// A player that ponders stops when the game ends, however it ends.
	defer player.Settle(c.Player)
	conn, err := dial(ctx, c.Addr)
	if err != nil {
		return res, fmt.Errorf("cannot connect to the server at %s: %v; is it running?", c.Addr, err)
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()

	conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
	if err := WriteJSON(conn, c.Name); err != nil {
		return res, fmt.Errorf("cannot send our name to %s: %v", c.Addr, err)
	}
	c.logf("connected to %s as %v (%s)", c.Addr, c.Color, c.Name)

	var g *game.Game
	var sent game.Move // our last move, NoMove if the last state followed the opponent's move
	var sentAt time.Time
	var lag time.Duration // the longest echo of our moves so far (see thinkLimits)
	base, limited := c.Player.(limitable)
	var baseLim ai.Limits
	if limited {
		baseLim = base.Limits()
	}
	for {
		// The first state waits for the opponent to connect, up to wait. Later
		// ones come within the opponent's move limit.
		silence := timeout + 10*time.Second
		if g == nil {
			silence = wait
		}
		b, err := c.readFrameWithin(conn, silence)
		if err != nil {
			return res, c.readError(ctx, err, silence, g == nil)
		}
		st, err := DecodeState(b)
		if err != nil {
			return res, fmt.Errorf("the server sent a garbled state; game abandoned: %v", err)
		}
		if g == nil {
			start := st.Pos
			if st.Outcome != game.Ongoing {
				res.Outcome, res.Reason = st.Outcome, "the server ended the game before it started"
				res.Game = game.NewGame(start)
				return res, nil
			}
			g = game.NewGame(start)
			res.Game = g
		} else if err := c.follow(g, st, sent); err != nil {
			return res, err
		}
		if sent != game.NoMove {
			lag = max(lag, time.Since(sentAt))
		}
		if st.Outcome == game.Ongoing {
			cur := g.Position()
			if want, got := cur.SideToMove(), st.Pos.SideToMove(); want != got {
				return res, fmt.Errorf("the server says %v to move, but in our game %v is to move (after %d plies); out of step with the server, game abandoned", got, want, g.Ply())
			}
		}
		if st.Outcome != game.Ongoing {
			res.Outcome = st.Outcome
			res.Reason = c.reason(g, st, sent)
			return res, nil
		}
		sent = game.NoMove
		if st.Pos.SideToMove() != c.Color {
			continue
		}
		// Our turn.
		pos := g.Position()
		if limited {
			base.SetLimits(thinkLimits(baseLim, timeout, lag))
		}
		mctx, cancel := context.WithTimeout(ctx, max(timeout-margin/2-lag, timeout/2))
		r, err := c.Player.Move(mctx, pos, g.RepetitionHistory(), nil)
		cancel()
		if ctx.Err() != nil {
			return res, fmt.Errorf("game abandoned: %v", context.Cause(ctx))
		}
		if err != nil {
			return res, fmt.Errorf("our player %s failed: %v", c.Player.Name(), err)
		}
		if !pos.IsLegal(r.Move) {
			return res, fmt.Errorf("our player %s chose %v, which is not legal in %v; not sent", c.Player.Name(), r.Move, pos.String())
		}
		conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if err := WriteJSON(conn, NewMoveMessage(r.Move, c.Color)); err != nil {
			return res, fmt.Errorf("cannot send our move %v: %v", r.Move, err)
		}
		sent, sentAt = r.Move, time.Now()
		c.logf("%d. %v %v (depth %d, score %d, %v)", g.Ply()/2+1, c.Color, r.Move, r.Depth, r.Score, r.Elapsed.Round(time.Millisecond))
	}
}

// follow brings g up to date with the state st: after our move sent, the board
// must be our prediction; after the opponent's, it must follow from one legal
// move. A final state with the board unchanged is a rejected or absent move.
func (c *Client) follow(g *game.Game, st State, sent game.Move) error {
	prev := g.Position()
	if st.Outcome != game.Ongoing && sameBoard(&st.Pos, &prev) {
		return nil // illegal move or loss on time: the board did not change
	}
	if sent != game.NoMove {
		want := prev
		want.Make(sent)
		if !sameBoard(&st.Pos, &want) {
			return fmt.Errorf("after our move %v the server's board differs from ours on %s; game abandoned",
				sent, strings.Join(boardDiff(&st.Pos, &want), ", "))
		}
		return g.Play(sent)
	}
	m, ok := findMove(&prev, &st.Pos)
	if !ok {
		return fmt.Errorf("the server's board follows from no legal %v move (changed: %s); game abandoned",
			prev.SideToMove(), strings.Join(boardDiff(&st.Pos, &prev), ", "))
	}
	c.logf("%d. %v %v", g.Ply()/2+1, prev.SideToMove(), m)
	return g.Play(m)
}

// reason explains a final state.
func (c *Client) reason(g *game.Game, st State, sent game.Move) string {
	if g.Outcome() == st.Outcome && g.Outcome() != game.Ongoing {
		return g.ReasonText()
	}
	prev := g.Position()
	if sameBoard(&st.Pos, &prev) {
		if w, ok := st.Outcome.Winner(); ok {
			if sent != game.NoMove && w != c.Color {
				return fmt.Sprintf("the server rejected our move %v as illegal", sent)
			}
			return fmt.Sprintf("%v lost by an illegal move or on time", w.Other())
		}
	}
	return "the server declared " + st.Raw.Turn
}

func (c *Client) frameTimeout() time.Duration {
	if c.Frame > 0 {
		return c.Frame
	}
	return DefaultFrameTimeout
}

// errFrameStalled marks a frame that started but did not finish in time.
var errFrameStalled = errors.New("frame stalled")

// readFrameWithin reads one frame from conn: its first byte may take up to
// silence, the rest of the frame at most c.Frame more.
func (c *Client) readFrameWithin(conn net.Conn, silence time.Duration) ([]byte, error) {
	conn.SetReadDeadline(time.Now().Add(silence))
	var first [1]byte
	if _, err := io.ReadFull(conn, first[:]); err != nil {
		return nil, err
	}
	conn.SetReadDeadline(time.Now().Add(c.frameTimeout()))
	b, err := ReadFrame(io.MultiReader(bytes.NewReader(first[:]), conn))
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return nil, fmt.Errorf("%w: %v", errFrameStalled, err)
	}
	return b, err
}

// readError turns a failed read into one clear sentence.
func (c *Client) readError(ctx context.Context, err error, silence time.Duration, first bool) error {
	var ne net.Error
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("game abandoned: %v", context.Cause(ctx))
	case first && (errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET)):
		// No state yet: no move was made, so no one lost on time; the
		// server hung up on this client before seating it.
		return fmt.Errorf("the server at %s closed the connection before the game started (it may have turned this client away; its log says why)", c.Addr)
	case errors.Is(err, io.EOF), errors.Is(err, net.ErrClosed), errors.Is(err, syscall.ECONNRESET), errors.Is(err, os.ErrClosed):
		return errors.New("the server closed the connection before the game ended (a player may have lost on time)")
	case errors.Is(err, errFrameStalled):
		return fmt.Errorf("the server started a message and did not finish it within %v; game abandoned", c.frameTimeout())
	case errors.As(err, &ne) && ne.Timeout() && first:
		return fmt.Errorf("the game did not start within %v (no state from the server at %s; is an opponent connected?); raise -wait to wait longer", silence, c.Addr)
	case errors.As(err, &ne) && ne.Timeout():
		return fmt.Errorf("no message from the server for %v; game abandoned", silence)
	}
	return fmt.Errorf("lost the connection to the server: %v", err)
}
