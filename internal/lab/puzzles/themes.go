package puzzles

import (
	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
)

// Themes tags a puzzle from its start and line:
//
//   - escape: White wins by the king reaching the edge;
//   - double-threat: before the last move the solver's previous move left two
//     or more winning squares at once (two ways out, or two squares that
//     close the king in), so one block cannot stop both;
//   - capture-throne: the king captured on the throne or next to it, where
//     four or three black pawns are needed;
//   - capture-camp: the king captured against a camp square;
//   - capture: the king captured between two black pawns;
//   - sacrifice: a defender's move in the line captures one of the solver's
//     pawns (the solver gave it up on the way).
func Themes(start game.Position, line []game.Move) []string {
	var out []string
	solver := start.SideToMove()
	p := start
	threats := 0
	sacrifice := false
	for i, m := range line {
		q := p
		c := q.Make(m)
		if i%2 == 1 && c > 0 {
			sacrifice = true
		}
		if i%2 == 0 && i == len(line)-3 {
			// After the solver's second-to-last move: its winning squares.
			seen := map[game.Square]bool{}
			for _, w := range game.WinningMoves(q, solver) {
				seen[w.To()] = true
			}
			threats = len(seen)
		}
		p = q
	}
	if solver == game.White {
		out = append(out, puzzle.ThemeEscape)
	}
	if threats >= 2 {
		out = append(out, puzzle.ThemeDoubleThreat)
	}
	if solver == game.Black && p.Status() == game.BlackWins {
		out = append(out, captureTheme(line[len(line)-1], p.King()))
	}
	if sacrifice {
		out = append(out, puzzle.ThemeSacrifice)
	}
	return out
}

// captureTheme says how the king on k was captured by the move m.
func captureTheme(m game.Move, k game.Square) string {
	if k == game.Throne || near(k, game.Throne) {
		return puzzle.ThemeCaptureThrone
	}
	// The square beyond the king, on the line from the capturing pawn.
	to := m.To()
	df, dr := k.File()-to.File(), k.Rank()-to.Rank()
	bf, br := k.File()+df, k.Rank()+dr
	if bf >= 0 && bf < 9 && br >= 0 && br < 9 && game.IsCamp(game.Sq(bf, br)) {
		return puzzle.ThemeCaptureCamp
	}
	return puzzle.ThemeCapture
}

// near reports whether a and b are orthogonal neighbours.
func near(a, b game.Square) bool {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return df*df+dr*dr == 1
}
