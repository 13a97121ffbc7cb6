package session

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// This file turns the game's state into sentences for people: the winner and
// why, and the evaluation as a chance of winning from the person's side.

// Viewpoint is the side whose chances the window shows: the person's side when
// one person plays an AI, the student's in the lesson (who plays both sides
// there, but solves each task for one), otherwise White.
func (c *Controller) Viewpoint() game.Color {
	if c.lesson != nil {
		return c.lesson.side
	}
	s, _ := c.HumanSide()
	return s
}

// winChance maps a score (White's view) to side's chance of winning, in
// [0, 1]. It is the evaluation bar's share: the evaluators' scores squashed
// with tanh on one scale (ai.MaxEval/4 at 88%), so every engine reads the
// same way; a proven result is 0 or 1. It is an estimate read off the score,
// not a frequency measured over games.
func winChance(score int32, side game.Color) float64 {
	p := ai.WhiteShare(score)
	if side == game.Black {
		p = 1 - p
	}
	return p
}

// percent writes a chance as a whole percentage, never 0% or 100% unless the
// result is proven.
func percent(p float64, proven bool) string {
	v := math.Round(p * 100)
	if !proven {
		v = math.Min(99, math.Max(1, v))
	}
	return fmt.Sprintf("%.0f%%", v)
}

// EvalSentence says what a score (White's view) means from side's point of
// view: "Your chances: 62%", "White's chances: 40%", or for a proven result
// "Black forces a win in 2 moves".
func EvalSentence(score int32, side game.Color, you bool) string {
	if w, n, ok := ai.ProvenWin(score); ok {
		who := w.String()
		if you {
			who = "You"
			if w != side {
				who = "The AI"
			}
		}
		switch {
		case n == 1:
			return who + " can win with the next move"
		case n > 1:
			return fmt.Sprintf("%s can force a win in %d moves", who, n)
		}
		return who + " can force a win"
	}
	p := percent(winChance(score, side), false)
	if you {
		return "Your chances: " + p
	}
	return side.String() + "'s chances: " + p
}

// EvalLabel is the short label above the evaluation bar: side's chance, or
// "win" / "loss" when the score proves it.
func EvalLabel(score int32, side game.Color) string {
	if w, _, ok := ai.ProvenWin(score); ok {
		if w == side {
			return "win"
		}
		return "loss"
	}
	return percent(winChance(score, side), false)
}

// EndWords are the banner's headline and explanation of a finished game,
// addressed to the person when one plays against an AI.
func (c *Controller) EndWords() (title, why string) {
	g := c.game
	o := g.Outcome()
	side, you := c.HumanSide()
	reason := g.ReasonText()
	switch {
	case o == game.Draw:
		title = "Draw"
	case !you && o == game.WhiteWins:
		title = "White wins"
	case !you:
		title = "Black wins"
	case (o == game.WhiteWins) == (side == game.White):
		title = "You win"
	default:
		title = "You lose"
	}
	why = Capitalize(reason) // "King escaped at b1", "Black has no legal move"
	if g.Reason() == game.KingCaptured {
		why = KingCaptureText(g.Position(), c.LastMove().To())
	}
	if c.timeLoss {
		why = c.lostOnTime()
	}
	if g.Reason() == game.Repetition {
		why = "A position came back: the first repetition draws"
	}
	return title, why
}

// captureShown is how long the pieces and squares of a capture stay marked.
const captureShown = 3 * time.Second

// CaptureText says what a move captured: "d4 captured between d3 and the camp
// d2", several joined with "; ".
func CaptureText(caps []game.Capture) string {
	parts := make([]string, len(caps))
	for i, cp := range caps {
		parts[i] = cp.String()
	}
	return Capitalize(strings.Join(parts, "; "))
}

// CaptureMarks returns the captures of the last move while they are marked on
// the board.
func (c *Controller) CaptureMarks() []game.Capture {
	if len(c.caps) == 0 || c.cfg.Now().Sub(c.capsAt) >= captureShown {
		return nil
	}
	return c.caps
}

// warning is the threat sentence of one position.
type warning struct {
	hash uint64
	text string
}

// Warning says when the king can reach the edge or be captured with the next
// move, by the side to move or, as a threat, by the other side; "" if neither.
func (c *Controller) Warning() string {
	if c.screen != ScreenGame || c.Over() {
		return ""
	}
	p := c.game.Position()
	if c.warn.hash == p.Hash() && c.warn.hash != 0 {
		return c.warn.text
	}
	side := p.SideToMove()
	var text string
	if m := game.WinningMoves(p, game.White); len(m) > 0 {
		if side == game.White {
			text = fmt.Sprintf("The king can reach the edge now (%v)", m[0])
		} else {
			text = fmt.Sprintf("Warning: the king threatens to reach the edge (%v)", m[0])
		}
	}
	if m := game.WinningMoves(p, game.Black); len(m) > 0 && text == "" {
		if side == game.Black {
			text = fmt.Sprintf("Black can capture the king now (%v)", m[0])
		} else {
			text = fmt.Sprintf("Warning: the king can be captured next move (%v)", m[0])
		}
	}
	c.warn = warning{p.Hash(), text}
	return text
}

// lostOnTime says which side ran out of time.
func (c *Controller) lostOnTime() string {
	loser := game.White
	if c.game.Outcome() == game.WhiteWins {
		loser = game.Black
	}
	return loser.String() + " lost on time"
}

// Blurred reports whether spec is a level with evaluation noise.
func Blurred(spec string) bool {
	l, ok := LevelOf(spec)
	return ok && l.Noise > 0
}

// LevelOf returns the level of a "level:NAME" spec; ok is false for any
// other spec.
func LevelOf(spec string) (l player.Level, ok bool) {
	name, ok := strings.CutPrefix(spec, player.LevelKind+":")
	if !ok {
		return player.Level{}, false
	}
	return player.LevelNamed(name)
}

// Capitalize starts s with a capital letter, unless it starts with a square
// name such as "d2", which stays lower case.
func Capitalize(s string) string {
	if s == "" || len(s) > 1 && s[1] >= '0' && s[1] <= '9' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// PlayerLabel names a player for people: a spec as "Human" or "AI · ...", any
// other name (from a loaded record) as it is.
func PlayerLabel(spec string) string {
	switch {
	case CheckSpec(spec) != nil:
		return spec
	case strings.HasPrefix(spec, player.LevelKind+":"):
		return "AI · " + ShortSpec(spec) + " level"
	case spec == Human:
		return "Human"
	}
	return "AI · " + ShortSpec(spec)
}

// ShortSpec is an engine's one display name, the same in the panel, the
// status line, the charts and the classroom: a level's title ("Club"), an
// engine's title from the "More engines..." list ("Learned 2" for
// cnn:learned2), else the spec without "cnn:" (a network from a file).
// The specs themselves stay what the command line and records accept.
func ShortSpec(s string) string {
	if l, ok := LevelOf(s); ok {
		return l.Title
	}
	if e, ok := EngineChoiceOf(s); ok {
		return e.Title
	}
	return strings.TrimPrefix(s, "cnn:")
}

// ChipLabel names a choice of the start panel: "Human", a level's title, or
// "Engine: champion".
func ChipLabel(spec string) string {
	switch _, isLevel := LevelOf(spec); {
	case spec == Human:
		return "Human"
	case isLevel:
		return ShortSpec(spec)
	}
	return "Engine: " + ShortSpec(spec)
}

// IsErrorMessage tells an error from a notice in the status line
// (Message): errors start with "Cannot" or say what failed.
func IsErrorMessage(msg string) bool {
	return strings.HasPrefix(msg, "Cannot") || strings.Contains(msg, "failed")
}

// EngineTitle names an engine for people: a level's title ("Club"), an
// engine's title from the "More engines..." list ("Champion"), else its
// short spec.
func EngineTitle(spec string) string { return ShortSpec(spec) }

// EvalSource says whose search gave the evaluation shown: "Champion's
// estimate" or "" when there is none.
func (c *Controller) EvalSource() string {
	if c.Over() {
		return "the result"
	}
	if by := c.EvalBy(); by != "" {
		return EngineTitle(by) + "'s estimate"
	}
	return ""
}

// KingCaptureText says how the king was taken in p, where it stands
// captured: on the throne, by four pawns around it; next to the throne, by
// three pawns and the throne; elsewhere between two pawns, or a pawn and a
// camp, on a line (the pair with the capturing pawn on by, when two pairs
// close on the king; by may be game.NoSquare).
func KingCaptureText(p game.Position, by game.Square) string {
	k := p.King()
	f, r := k.File(), k.Rank()
	at := func(df, dr int) (game.Square, bool) {
		nf, nr := f+df, r+dr
		if nf < 0 || nf > 8 || nr < 0 || nr > 8 {
			return game.NoSquare, false
		}
		return game.Sq(nf, nr), true
	}
	black := func(s game.Square) bool { return p.At(s) != game.Empty && p.At(s).Color() == game.Black }
	name := func(s game.Square) string {
		switch {
		case black(s):
			return s.String()
		case s == game.Throne:
			return "the throne " + s.String()
		case game.IsCamp(s):
			return "the camp " + s.String()
		}
		return s.String()
	}
	var around []string
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if s, ok := at(d[0], d[1]); ok {
			around = append(around, name(s))
		}
	}
	switch {
	case k == game.Throne:
		return fmt.Sprintf("The king was captured on the throne %v, surrounded on all four sides by %s", k, joinAnd(around))
	case nextToThrone(k):
		return fmt.Sprintf("The king was captured at %v, surrounded by %s", k, joinAnd(around))
	}
	hostile := func(s game.Square) bool { return black(s) || game.IsCamp(s) }
	found := ""
	for _, d := range [][2]int{{1, 0}, {0, 1}} {
		a, ok1 := at(-d[0], -d[1])
		b, ok2 := at(d[0], d[1])
		if ok1 && ok2 && hostile(a) && hostile(b) {
			if by == a {
				a, b = b, a // the capturing pawn last: "between the camp e2 and e4"
			}
			text := fmt.Sprintf("The king was captured at %v, between %s and %s", k, name(a), name(b))
			if found == "" || a == by || b == by {
				found = text
			}
		}
	}
	if found != "" {
		return found
	}
	return fmt.Sprintf("The king was captured at %v", k)
}

// nextToThrone reports whether s touches the throne's side.
func nextToThrone(s game.Square) bool {
	df, dr := s.File()-game.Throne.File(), s.Rank()-game.Throne.Rank()
	return df*df+dr*dr == 1
}

// Count writes n with its noun, singular for one: "1 move", "3 moves".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// joinAnd joins words as "a, b and c".
func joinAnd(w []string) string {
	if len(w) < 2 {
		return strings.Join(w, "")
	}
	return strings.Join(w[:len(w)-1], ", ") + " and " + w[len(w)-1]
}
