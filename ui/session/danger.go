package session

import (
	"fmt"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// The danger preview and the reasons for a refused click. While a piece is
// held, the destinations where the opponent could capture it with its very
// next move are marked: each destination is played on a copy of the
// position (game.Position.Make) and every reply of the opponent is tried,
// asking game.CapturesOf whether it takes the piece that moved (for the
// king, whether the reply ends the game). A click that does nothing says
// why in a short sentence: a piece of the other side, a piece with no move,
// a square the held piece cannot reach.

// dangerLevels are the levels against which the danger preview is on
// without being asked for: the two lowest, where a newcomer plays.
var dangerLevels = map[string]bool{"level:beginner": true, "level:casual": true}

// ShowsDanger reports whether the danger preview is on in the game on the
// board: against the two lowest levels, or everywhere when the person chose
// it in the start panel (Prefs.Danger).
func (c *Controller) ShowsDanger() bool {
	if c.prefs.Danger {
		return true
	}
	for _, s := range []game.Color{game.White, game.Black} {
		if c.engines[s] != nil && dangerLevels[c.settings.Spec(s)] {
			return true
		}
	}
	return false
}

// Danger returns the destinations of the selected piece where the opponent
// could capture it at once, when the preview is on; nil otherwise.
func (c *Controller) Danger() []game.Square {
	if c.selected == game.NoSquare || !c.ShowsDanger() {
		return nil
	}
	p := c.game.Position()
	if c.danger.hash == p.Hash() && c.danger.from == c.selected {
		return c.danger.squares
	}
	c.danger = dangerCache{hash: p.Hash(), from: c.selected, squares: DangerSquares(p, c.dests)}
	return c.danger.squares
}

// DangerLegend says what the danger marks mean while some are shown (the
// status box puts it under the turn), "" otherwise: a red mark on a square
// is a warning a newcomer cannot read without it.
func (c *Controller) DangerLegend() string {
	if len(c.Danger()) == 0 {
		return ""
	}
	if p := c.game.Position(); p.At(c.selected) == game.King {
		return "Red: the king would be taken there at once"
	}
	return "Red: this pawn would be taken there at once"
}

// dangerCache keeps the preview of one selection in one position.
type dangerCache struct {
	hash    uint64
	from    game.Square
	squares []game.Square
}

// DangerSquares returns the destinations of moves (legal moves of one piece
// in p) after which the opponent can capture that piece with its next move.
func DangerSquares(p game.Position, moves []game.Move) []game.Square {
	var out []game.Square
	var buf [game.MaxMoves]game.Move
	for _, m := range moves {
		after := p
		after.Make(m)
		if after.Status() != game.Ongoing {
			continue // the move ends the game: nothing can answer it
		}
		king := after.At(m.To()) == game.King
		for _, r := range after.GenerateMoves(buf[:0]) {
			if capturedBy(after, r, m.To(), king) {
				out = append(out, m.To())
				break
			}
		}
	}
	return out
}

// capturedBy reports whether reply r in p takes the piece on s (the king
// when king is set: its capture ends the game).
func capturedBy(p game.Position, r game.Move, s game.Square, king bool) bool {
	if king {
		after := p
		after.Make(r)
		return after.Status() == game.BlackWins
	}
	for _, cp := range game.CapturesOf(p, r) {
		if cp.Victim == s {
			return true
		}
	}
	return false
}

// refusal is a click that did nothing and why, shown for a moment.
type refusal struct {
	sq   game.Square
	text string
	at   time.Time
}

// refusalShown is how long a refused square stays marked.
const refusalShown = 2500 * time.Millisecond

// Refused returns the square of the latest refused click while it is marked.
func (c *Controller) Refused() (game.Square, bool) {
	if c.refused.text == "" || c.cfg.Now().Sub(c.refused.at) >= refusalShown {
		return game.NoSquare, false
	}
	return c.refused.sq, true
}

// refuse marks square s and says why a click on it did nothing.
func (c *Controller) refuse(s game.Square, why string) {
	c.refused = refusal{s, why, c.cfg.Now()}
	c.Notify(why)
}

// whyNotSelectable says why a click on s selects nothing, or "" when the
// click needs no answer (an empty square with nothing held).
func whyNotSelectable(p game.Position, s game.Square, moves []game.Move) string {
	pc := p.At(s)
	switch {
	case pc == game.Empty:
		return ""
	case pc.Color() != p.SideToMove():
		return fmt.Sprintf("%v is a %v piece: it is %v's turn", s, pc.Color(), p.SideToMove())
	}
	for _, m := range moves {
		if m.From() == s {
			return ""
		}
	}
	return fmt.Sprintf("The piece on %v cannot move: every square beside it is taken or forbidden", s)
}

// WhyNotMove says in a sentence why the piece on from cannot go to to in p.
func WhyNotMove(p game.Position, from, to game.Square) string {
	if from.File() != to.File() && from.Rank() != to.Rank() {
		return "A piece moves along its row or column only, as far as it likes, like a rook in chess"
	}
	df, dr := sign(to.File()-from.File()), sign(to.Rank()-from.Rank())
	inCamp := game.IsCamp(from)
	for s := from; s != to; {
		s = game.Sq(s.File()+df, s.Rank()+dr)
		switch {
		case p.At(s) != game.Empty && s == to:
			return fmt.Sprintf("%v is taken: a piece stops on an empty square", s)
		case p.At(s) != game.Empty:
			return fmt.Sprintf("The way to %v is blocked by the piece on %v: pieces never jump", to, s)
		case s == game.Throne:
			return "No piece may stop on the throne (e5) or pass over it"
		case game.IsCamp(s) && !(inCamp && p.At(from) == game.BlackPawn):
			return fmt.Sprintf("%v is a camp: only Black's pawns that never left their camp move inside one", s)
		case game.IsCamp(s):
			// A black pawn may walk inside its own camp but not into another.
		default:
			inCamp = false
		}
	}
	return fmt.Sprintf("%v-%v is not a legal move", from, to)
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
