package game

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Cell names of the Tablut Challenge server's board (PROTOCOL.md).
const (
	CellEmpty  = "EMPTY"
	CellWhite  = "WHITE"
	CellBlack  = "BLACK"
	CellKing   = "KING"
	CellThrone = "THRONE" // the empty e5
)

// Turn values of the Tablut Challenge server's state.
const (
	TurnWhite    = "WHITE"
	TurnBlack    = "BLACK"
	TurnWhiteWin = "WHITEWIN"
	TurnBlackWin = "BLACKWIN"
	TurnDraw     = "DRAW"
)

// ServerState is the state message of the Tablut Challenge server:
// Board[i][j] is the square of rank i+1 and file a+j, holding one of EMPTY, WHITE,
// BLACK, KING or THRONE (the empty e5); Turn is WHITE or BLACK (that side moves
// next) or WHITEWIN, BLACKWIN or DRAW (the game is over).
//
// Decoding JSON into a ServerState checks the shape: exactly 9 rows of 9 cells
// (a plain [9][9] array would silently drop or zero-fill cells).
type ServerState struct {
	Board [9][9]string `json:"board"`
	Turn  string       `json:"turn"`
}

// UnmarshalJSON decodes a state and rejects a board that is not 9 rows of 9 cells.
func (s *ServerState) UnmarshalJSON(data []byte) error {
	var raw struct {
		Board [][]string `json:"board"`
		Turn  string     `json:"turn"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("server state: %v", err)
	}
	if len(raw.Board) != 9 {
		return fmt.Errorf("server state: board has %d rows, want 9", len(raw.Board))
	}
	var out ServerState
	for i, row := range raw.Board {
		if len(row) != 9 {
			return fmt.Errorf("server state: board row %d (rank %d) has %d cells, want 9", i, i+1, len(row))
		}
		copy(out.Board[i][:], row)
	}
	out.Turn = raw.Turn
	*s = out
	return nil
}

// ServerState returns p as the server would send it: Turn is WHITE or BLACK for the
// side to move, or WHITEWIN/BLACKWIN when p's Status says the game is over.
func (p *Position) ServerState() ServerState {
	return p.ServerStateOutcome(Ongoing)
}

// ServerStateOutcome is ServerState for a game whose outcome is o (which may come
// from repetition, a lack of moves or a resignation, none of which a Position knows):
// Turn is WHITEWIN, BLACKWIN or DRAW for a finished game. With o == Ongoing the
// position's own Status decides.
func (p *Position) ServerStateOutcome(o Outcome) ServerState {
	var s ServerState
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			sq := Sq(f, r)
			var c string
			switch p.board[sq] {
			case WhitePawn:
				c = CellWhite
			case BlackPawn:
				c = CellBlack
			case King:
				c = CellKing
			default:
				c = CellEmpty
				if sq == Throne {
					c = CellThrone
				}
			}
			s.Board[r][f] = c
		}
	}
	if o == Ongoing {
		o = p.status
	}
	switch o {
	case WhiteWins:
		s.Turn = TurnWhiteWin
	case BlackWins:
		s.Turn = TurnBlackWin
	case Draw:
		s.Turn = TurnDraw
	default:
		s.Turn = TurnWhite
		if p.side == Black {
			s.Turn = TurnBlack
		}
	}
	return s
}

// ServerState returns the current position of g with g's outcome in Turn.
func (g *Game) ServerState() ServerState {
	p := g.Position()
	return p.ServerStateOutcome(g.outcome)
}

// PositionFromServer converts a server state into a Position and the outcome its
// Turn announces. Cell and turn names are accepted in any case; e5 may be THRONE or
// EMPTY when empty, and THRONE anywhere else is an error.
//
// A final state does not say who would move: the position gets the losing side to
// move (after WHITEWIN Black, after BLACKWIN White: the side that moved last won or
// the side to move lost on time or by an illegal move), and White after DRAW. The
// position's Status is WhiteWins when the king stands on an edge, and BlackWins when
// Turn is BLACKWIN and the king is surrounded as a capture leaves it; a win the
// board does not show (time, illegal move) is only in the returned Outcome.
func PositionFromServer(s ServerState) (Position, Outcome, error) {
	var sb strings.Builder
	sb.Grow(92)
	for r := 0; r < 9; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for f := 0; f < 9; f++ {
			sq := Sq(f, r)
			cell := s.Board[r][f]
			switch strings.ToUpper(cell) {
			case CellEmpty:
				sb.WriteByte('.')
			case CellThrone:
				if sq != Throne {
					return Position{}, Ongoing, fmt.Errorf("server state: THRONE on %v (board[%d][%d]); the throne is e5", sq, r, f)
				}
				sb.WriteByte('.')
			case CellWhite:
				sb.WriteByte('W')
			case CellBlack:
				sb.WriteByte('B')
			case CellKing:
				sb.WriteByte('K')
			default:
				return Position{}, Ongoing, fmt.Errorf("server state: bad cell %q on %v (board[%d][%d]); want EMPTY, WHITE, BLACK, KING or THRONE", cell, sq, r, f)
			}
		}
	}
	var side byte
	var o Outcome
	switch strings.ToUpper(s.Turn) {
	case TurnWhite:
		side, o = 'W', Ongoing
	case TurnBlack:
		side, o = 'B', Ongoing
	case TurnWhiteWin:
		side, o = 'B', WhiteWins
	case TurnBlackWin:
		side, o = 'W', BlackWins
	case TurnDraw:
		side, o = 'W', Draw
	default:
		return Position{}, Ongoing, fmt.Errorf("server state: bad turn %q; want WHITE, BLACK, WHITEWIN, BLACKWIN or DRAW", s.Turn)
	}
	sb.WriteByte(' ')
	sb.WriteByte(side)
	p, err := ParsePosition(sb.String())
	if err != nil {
		return Position{}, Ongoing, fmt.Errorf("server state: %v", strings.TrimPrefix(err.Error(), "bad position: "))
	}
	if o == BlackWins && p.kingSurrounded() {
		p.status = BlackWins
	}
	return p, o, nil
}

// kingSurrounded reports whether the king stands as a black capture would leave it:
// some black pawn next to it, and kingCaptured true for a pawn arriving there.
func (p *Position) kingSurrounded() bool {
	k := p.king
	if !k.Valid() || p.status != Ongoing {
		return false
	}
	for d := 0; d < numDirs; d++ {
		from := step[d^1][k] // the square on the opposite side: the pawn's square
		if from >= 0 && p.board[from] == BlackPawn && p.kingCaptured(k, d) {
			return true
		}
	}
	return false
}

// ServerMove is the move message a client sends to the server, e.g.
// {"from":"e4","to":"f4","turn":"WHITE"}. The server ignores Turn and accepts the
// squares in either case.
type ServerMove struct {
	From string `json:"from"`
	To   string `json:"to"`
	Turn string `json:"turn"`
}

// NewServerMove returns the message for move m played by side c.
func NewServerMove(m Move, c Color) ServerMove {
	t := TurnWhite
	if c == Black {
		t = TurnBlack
	}
	return ServerMove{From: m.From().String(), To: m.To().String(), Turn: t}
}

// Move converts the message to a Move, checking the squares (either case) and that
// they lie on one line; legality in a position is the caller's business.
func (sm ServerMove) Move() (Move, error) {
	from, err := ParseSquare(sm.From)
	if err != nil {
		return NoMove, fmt.Errorf("server move: from: %v", err)
	}
	to, err := ParseSquare(sm.To)
	if err != nil {
		return NoMove, fmt.Errorf("server move: to: %v", err)
	}
	if from == to || (from.File() != to.File() && from.Rank() != to.Rank()) {
		return NoMove, fmt.Errorf("server move %v-%v: a piece moves along one rank or file", from, to)
	}
	return NewMove(from, to), nil
}
