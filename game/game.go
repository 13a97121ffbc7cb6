package game

import (
	"errors"
	"fmt"
)

// EndReason says why a game ended.
type EndReason uint8

const (
	// NotOver: the game goes on.
	NotOver EndReason = iota
	// KingEscaped: the king reached an edge square.
	KingEscaped
	// KingCaptured: Black surrounded the king.
	KingCaptured
	// Repetition: a position occurred again since the last capture (a draw).
	Repetition
	// NoLegalMove: the side to move could not move and lost.
	NoLegalMove
	// Resignation: a player resigned, lost on time, or broke the protocol; set by
	// the caller through Game.Resign.
	Resignation
)

// String names the reason in plain words.
func (r EndReason) String() string {
	return [...]string{"not over", "king escaped", "king captured", "draw by repetition", "no legal move", "resignation"}[r]
}

// Game is a game in progress or finished: the start position, the moves played, the
// positions they led to, the outcome and its reason, and a redo list for undone moves.
// Positions are values; a Game is not safe for concurrent use.
type Game struct {
	positions []Position // positions[0] is the start; positions[i+1] follows moves[i]
	moves     []Move
	captures  []int  // pieces captured by moves[i]
	redo      []Move // undone moves, the next to redo last
	outcome   Outcome
	reason    EndReason
	reasonSq  Square // where the king escaped or was captured
	loser     Color  // for NoLegalMove and Resignation
}

// NewGame starts a game from the given position.
func NewGame(start Position) *Game {
	g := &Game{positions: []Position{start}, reasonSq: NoSquare}
	g.settle()
	return g
}

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Start returns the start position.
func (g *Game) Start() Position { return g.positions[0] }

// Moves returns the moves played so far (the caller must not modify the slice).
func (g *Game) Moves() []Move { return g.moves }

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.moves) }

// PositionAt returns the position after the first i moves (0 = start).
func (g *Game) PositionAt(i int) Position { return g.positions[i] }

// Captures returns the number of pieces captured by the i-th move (0-based).
func (g *Game) Captures(i int) int { return g.captures[i] }

// Outcome returns the result so far (Ongoing while the game goes on).
func (g *Game) Outcome() Outcome { return g.outcome }

// Reason returns why the game ended.
func (g *Game) Reason() EndReason { return g.reason }

// ReasonText describes the end of the game, e.g. "king escaped at b1", or "" while
// the game goes on.
func (g *Game) ReasonText() string {
	switch g.reason {
	case NotOver:
		return ""
	case KingEscaped, KingCaptured:
		return fmt.Sprintf("%v at %v", g.reason, g.reasonSq)
	case NoLegalMove:
		return fmt.Sprintf("%v has no legal move", g.loser)
	case Resignation:
		return fmt.Sprintf("%v resigned", g.loser)
	}
	return g.reason.String()
}

// LegalMoves returns the legal moves of the side to move (none once the game is over).
func (g *Game) LegalMoves() []Move {
	if g.outcome != Ongoing {
		return nil
	}
	p := g.Position()
	return p.GenerateMoves(make([]Move, 0, 64))
}

// ErrGameOver is returned by Play once the game has ended.
var ErrGameOver = errors.New("the game is over")

// Play plays m if it is legal, updates the outcome, and clears the redo list (unless
// m is the move that Redo would play).
func (g *Game) Play(m Move) error {
	if g.outcome != Ongoing {
		return ErrGameOver
	}
	p := g.Position()
	if !p.IsLegal(m) {
		return fmt.Errorf("illegal move %v for %v in %v", m, p.SideToMove(), p.String())
	}
	if n := len(g.redo); n > 0 && g.redo[n-1] == m {
		g.redo = g.redo[:n-1]
	} else {
		g.redo = g.redo[:0]
	}
	g.push(m)
	return nil
}

func (g *Game) push(m Move) {
	p := g.Position()
	c := p.Make(m)
	g.positions = append(g.positions, p)
	g.moves = append(g.moves, m)
	g.captures = append(g.captures, c)
	g.settle()
}

// settle computes the outcome of the current position: escape or king capture (kept
// in the position), repetition since the last capture, or no legal move.
func (g *Game) settle() {
	g.outcome, g.reason, g.reasonSq = Ongoing, NotOver, NoSquare
	p := g.Position()
	switch p.Status() {
	case WhiteWins:
		g.outcome, g.reason, g.reasonSq = WhiteWins, KingEscaped, p.King()
		return
	case BlackWins:
		g.outcome, g.reason, g.reasonSq = BlackWins, KingCaptured, p.King()
		return
	}
	if g.repeated() {
		g.outcome, g.reason = Draw, Repetition
		return
	}
	var buf [MaxMoves]Move
	if len(p.GenerateMoves(buf[:0])) == 0 {
		g.loser = p.SideToMove()
		g.outcome, g.reason = WinFor(g.loser.Other()), NoLegalMove
	}
}

// repeated reports whether the current position occurred before since the last
// capture (RULES.md: the first repetition draws; a capture forgets the history).
func (g *Game) repeated() bool {
	n := len(g.positions) - 1
	if n == 0 {
		return false
	}
	cur := &g.positions[n]
	for i := n - 1; i >= 0; i-- {
		if g.captures[i] > 0 {
			// positions[i+1], right after the capture, was compared already (or is
			// the current one); what came before the capture is forgotten.
			return false
		}
		q := &g.positions[i]
		if q.hash == cur.hash && q.board == cur.board && q.side == cur.side {
			return true
		}
	}
	return false
}

// RepetitionHistory returns the hashes of the positions since the last capture, the
// current position last. A search treats reaching any of them again as a draw.
func (g *Game) RepetitionHistory() []uint64 {
	n := len(g.positions) - 1
	first := 0
	for i := n - 1; i >= 0; i-- {
		if g.captures[i] > 0 {
			first = i + 1
			break
		}
	}
	out := make([]uint64, 0, n-first+1)
	for i := first; i <= n; i++ {
		out = append(out, g.positions[i].hash)
	}
	return out
}

// Resign ends the game with a loss for c (resignation, time or protocol loss).
func (g *Game) Resign(c Color) {
	if g.outcome != Ongoing {
		return
	}
	g.loser = c
	g.outcome, g.reason = WinFor(c.Other()), Resignation
}

// Line returns the game's whole line: the moves played and after them the
// moves Undo took back that Redo would play again, in playing order. Ply()
// says how many of them are on the board.
func (g *Game) Line() []Move {
	line := make([]Move, 0, len(g.moves)+len(g.redo))
	line = append(line, g.moves...)
	for i := len(g.redo) - 1; i >= 0; i-- {
		line = append(line, g.redo[i])
	}
	return line
}

// CanUndo reports whether a move can be taken back.
func (g *Game) CanUndo() bool { return len(g.moves) > 0 }

// CanRedo reports whether an undone move can be played again.
func (g *Game) CanRedo() bool { return len(g.redo) > 0 }

// Undo takes back the last move and remembers it for Redo; it reports whether a
// move was taken back. A resignation is taken back with it.
func (g *Game) Undo() bool {
	n := len(g.moves)
	if n == 0 {
		return false
	}
	g.redo = append(g.redo, g.moves[n-1])
	g.positions = g.positions[:n]
	g.moves = g.moves[:n-1]
	g.captures = g.captures[:n-1]
	g.settle()
	return true
}

// Redo plays again the last undone move; it reports whether there was one.
func (g *Game) Redo() bool {
	n := len(g.redo)
	if n == 0 {
		return false
	}
	m := g.redo[n-1]
	g.redo = g.redo[:n-1]
	g.push(m)
	return true
}
