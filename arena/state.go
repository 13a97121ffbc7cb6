package arena

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tablut-ai/tablut/game"
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

// StateMessage is the state message of the Tablut Challenge server as it
// travels: Board[i][j] is the square of rank i+1 and file a+j, holding one of
// EMPTY, WHITE, BLACK, KING or THRONE (the empty e5); Turn is WHITE or BLACK
// (that side moves next) or WHITEWIN, BLACKWIN or DRAW (the game is over).
//
// Decoding JSON into a StateMessage checks the shape: exactly 9 rows of 9
// cells (a plain [9][9] array would silently drop or zero-fill cells).
type StateMessage struct {
	Board [9][9]string `json:"board"`
	Turn  string       `json:"turn"`
}

// UnmarshalJSON decodes a state and rejects a board that is not 9 rows of 9 cells.
func (s *StateMessage) UnmarshalJSON(data []byte) error {
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
	var out StateMessage
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

// PositionState returns p as the server would send it in a game whose outcome
// is o (which may come from repetition, a lack of moves or a resignation, none
// of which a Position knows): Turn is WHITEWIN, BLACKWIN or DRAW for a finished
// game. With o == game.Ongoing the position's own Status decides, and Turn is
// WHITE or BLACK for the side to move while the game goes on.
func PositionState(p *game.Position, o game.Outcome) StateMessage {
	var s StateMessage
	for r := 0; r < 9; r++ {
		for f := 0; f < 9; f++ {
			sq := game.Sq(f, r)
			var c string
			switch p.At(sq) {
			case game.WhitePawn:
				c = CellWhite
			case game.BlackPawn:
				c = CellBlack
			case game.King:
				c = CellKing
			default:
				c = CellEmpty
				if sq == game.Throne {
					c = CellThrone
				}
			}
			s.Board[r][f] = c
		}
	}
	if o == game.Ongoing {
		o = p.Status()
	}
	switch o {
	case game.WhiteWins:
		s.Turn = TurnWhiteWin
	case game.BlackWins:
		s.Turn = TurnBlackWin
	case game.Draw:
		s.Turn = TurnDraw
	default:
		s.Turn = TurnWhite
		if p.SideToMove() == game.Black {
			s.Turn = TurnBlack
		}
	}
	return s
}

// EncodeState returns the state message of g's current position and outcome.
func EncodeState(g *game.Game) StateMessage {
	p := g.Position()
	return PositionState(&p, g.Outcome())
}

// PositionFromState converts a server state into a Position and the outcome
// its Turn announces. Cell and turn names are accepted in any case; e5 may be
// THRONE or EMPTY when empty, and THRONE anywhere else is an error.
//
// A final state does not say who would move: the position gets the losing side
// to move (after WHITEWIN Black, after BLACKWIN White: the side that moved last
// won or the side to move lost on time or by an illegal move), and White after
// DRAW. The position's Status is WhiteWins when the king stands on an edge, and
// BlackWins when Turn is BLACKWIN and the king is surrounded as a capture
// leaves it; a win the board does not show (time, illegal move) is only in the
// returned Outcome.
func PositionFromState(s StateMessage) (game.Position, game.Outcome, error) {
	var sb strings.Builder
	sb.Grow(92)
	for r := 0; r < 9; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for f := 0; f < 9; f++ {
			sq := game.Sq(f, r)
			cell := s.Board[r][f]
			switch strings.ToUpper(cell) {
			case CellEmpty:
				sb.WriteByte('.')
			case CellThrone:
				if sq != game.Throne {
					return game.Position{}, game.Ongoing, fmt.Errorf("server state: THRONE on %v (board[%d][%d]); the throne is e5", sq, r, f)
				}
				sb.WriteByte('.')
			case CellWhite:
				sb.WriteByte('W')
			case CellBlack:
				sb.WriteByte('B')
			case CellKing:
				sb.WriteByte('K')
			default:
				return game.Position{}, game.Ongoing, fmt.Errorf("server state: bad cell %q on %v (board[%d][%d]); want EMPTY, WHITE, BLACK, KING or THRONE", cell, sq, r, f)
			}
		}
	}
	var side byte
	var o game.Outcome
	switch strings.ToUpper(s.Turn) {
	case TurnWhite:
		side, o = 'W', game.Ongoing
	case TurnBlack:
		side, o = 'B', game.Ongoing
	case TurnWhiteWin:
		side, o = 'B', game.WhiteWins
	case TurnBlackWin:
		side, o = 'W', game.BlackWins
	case TurnDraw:
		side, o = 'W', game.Draw
	default:
		return game.Position{}, game.Ongoing, fmt.Errorf("server state: bad turn %q; want WHITE, BLACK, WHITEWIN, BLACKWIN or DRAW", s.Turn)
	}
	sb.WriteByte(' ')
	sb.WriteByte(side)
	p, err := game.ParsePosition(sb.String())
	if err != nil {
		return game.Position{}, game.Ongoing, fmt.Errorf("server state: %v", strings.TrimPrefix(err.Error(), "bad position: "))
	}
	if o == game.BlackWins {
		p.MarkKingCaptured()
	}
	return p, o, nil
}

// MoveMessage is the move message a client sends to the server, e.g.
// {"from":"e4","to":"f4","turn":"WHITE"}. The server ignores Turn and accepts
// the squares in either case.
type MoveMessage struct {
	From string `json:"from"`
	To   string `json:"to"`
	Turn string `json:"turn"`
}

// NewMoveMessage returns the message for move m played by side c.
func NewMoveMessage(m game.Move, c game.Color) MoveMessage {
	t := TurnWhite
	if c == game.Black {
		t = TurnBlack
	}
	return MoveMessage{From: m.From().String(), To: m.To().String(), Turn: t}
}

// Move converts the message to a Move, checking the squares (either case) and
// that they lie on one line; legality in a position is the caller's business.
func (sm MoveMessage) Move() (game.Move, error) {
	from, err := game.ParseSquare(sm.From)
	if err != nil {
		return game.NoMove, fmt.Errorf("server move: from: %v", err)
	}
	to, err := game.ParseSquare(sm.To)
	if err != nil {
		return game.NoMove, fmt.Errorf("server move: to: %v", err)
	}
	if from == to || (from.File() != to.File() && from.Rank() != to.Rank()) {
		return game.NoMove, fmt.Errorf("server move %v-%v: a piece moves along one rank or file", from, to)
	}
	return game.NewMove(from, to), nil
}
