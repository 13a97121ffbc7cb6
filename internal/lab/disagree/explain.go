package disagree

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// explainPlies is how far into the referee's line Explain looks: the better
// side's move, the reply and the better side's next move. Deeper moves of a
// principal variation are the search's guesses more than its findings.
const explainPlies = 3

// explain returns one plain line saying why the referee's verdict holds, read
// off the position and the referee's line, or "" when the line shows nothing
// simple. It only states facts checked on the board: a forced win the search
// proved, and the first of the better side's moves within the line's first
// plies that wins at once, captures, or leaves the king open lines to escape
// squares; or, with Black to move, open lines the king already has. It never
// guesses at a strategic reason.
func explain(c Case) string {
	ref := c.Referee
	better := game.White
	switch side(ref.Score, heuristicDeadZone) {
	case 0:
		return ""
	case -1:
		better = game.Black
	}
	var parts []string
	if w, n, ok := ai.ProvenWin(ref.Score); ok && w == better && n > 0 {
		parts = append(parts, fmt.Sprintf("the referee proves a win for %v in %d %s", w, n, plural(n, "move")))
	}
	if f := threatsNow(c.Pos, better); f != "" {
		parts = append(parts, f)
	} else if f := lineFact(c.Pos, ref.PV, better); f != "" {
		parts = append(parts, f)
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, "; ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// threatsNow describes the open lines the king already has with Black to
// move, when White is the better side.
func threatsNow(p game.Position, better game.Color) string {
	if better != game.White || p.SideToMove() != game.Black {
		return ""
	}
	if to := escapes(p); len(to) > 0 {
		return "the king already has " + threat(p, to)
	}
	return ""
}

// threat names the king's open lines to the escape squares to, with Black to
// move in p: "open lines to c9 and i3", or "an open line to c9", followed by
// ": Black can block only one" or ", which Black cannot block" when no Black
// move keeps the king from escaping next (checked move by move).
func threat(p game.Position, to []game.Square) string {
	stop := unstoppable(p)
	switch {
	case len(to) >= 2 && stop:
		return fmt.Sprintf("open lines to %s: Black can block only one", joinSquares(to))
	case len(to) >= 2:
		return fmt.Sprintf("open lines to %s", joinSquares(to))
	case stop:
		return fmt.Sprintf("an open line to %v, which Black cannot block", to[0])
	}
	return fmt.Sprintf("an open line to %v", to[0])
}

// unstoppable reports whether, with Black to move in p, every Black move
// leaves the king an escape square to reach at once (and none captures it).
func unstoppable(p game.Position) bool {
	if len(game.WinningMoves(p, game.Black)) > 0 {
		return false
	}
	var buf [game.MaxMoves]game.Move
	for _, m := range p.GenerateMoves(buf[:0]) {
		q := p
		q.Make(m)
		if len(escapes(q)) == 0 {
			return false
		}
	}
	return true
}

// lineFact walks the first explainPlies moves of pv from p and describes the
// first move of the better side that wins at once, captures, or (for White)
// opens lines to escape squares.
func lineFact(p game.Position, pv []game.Move, better game.Color) string {
	var before []string
	for i, m := range pv[:min(len(pv), explainPlies)] {
		if !p.IsLegal(m) {
			return ""
		}
		mover := p.SideToMove()
		q := p
		q.Make(m)
		if mover == better {
			if f := moveFact(p, q, m, better); f != "" {
				if i == 0 {
					return fmt.Sprintf("%v's best move %v %s", mover, m, f)
				}
				return fmt.Sprintf("in the referee's line, after %s, %v's %v %s", strings.Join(before, " "), mover, m, f)
			}
		}
		if q.Status() != game.Ongoing {
			return ""
		}
		before = append(before, m.String())
		p = q
	}
	return ""
}

// moveFact says what the better side's move m (from p to q) does, or "".
func moveFact(p, q game.Position, m game.Move, better game.Color) string {
	switch q.Status() { // a position's status changes only by escape or capture
	case game.WhiteWins:
		return "takes the king to the escape square " + q.King().String() + " and wins"
	case game.BlackWins:
		return "captures the king and wins"
	}
	if caps := game.CapturesOf(p, m); len(caps) > 0 {
		s := make([]string, len(caps))
		for i, c := range caps {
			s[i] = c.String()
		}
		return "captures: " + strings.Join(s, ", ")
	}
	if better == game.White && q.SideToMove() == game.Black {
		if to := escapes(q); len(to) > 0 {
			return "gives the king " + threat(q, to)
		}
	}
	return ""
}

// escapes returns the escape squares the king could reach with White's next
// move, in order and without repeats (White wins at once only that way).
func escapes(p game.Position) []game.Square {
	var out []game.Square
	for _, m := range game.WinningMoves(p, game.White) {
		if !slices.Contains(out, m.To()) {
			out = append(out, m.To())
		}
	}
	return out
}

// joinSquares says "c9 and i3" or "a4, c9 and i3".
func joinSquares(sq []game.Square) string {
	s := make([]string, len(sq))
	for i, x := range sq {
		s[i] = x.String()
	}
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func plural(n int64, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
