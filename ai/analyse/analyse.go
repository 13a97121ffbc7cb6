// Package analyse replays a recorded game and asks an engine, position by
// position, what it would have played there and how it judges the position
// before and after the move that was played. The moves after which the
// mover's chance fell the most are the game's turning points by that
// engine's judgement: where a lost game was lost, or where a deeper search
// than the players' sees what they missed (tablut analyse).
//
// The chances are ai.WhiteShare of the scores, the evaluation bar's reading
// of a score, so they are the engine's estimates on one scale, not measured
// frequencies; a stronger or longer search gives better ones.
//
// Files:
//   - analyse.go: Run (the replay, one engine per side for a sided
//     evaluator), the marks (Mistake, Blunder), the rows and summary that
//     tablut analyse prints, and RandomOpening (a match record's random
//     plies, which an analysis skips). The window's review (ui/session)
//     runs the same Run.
//   - tags.go: a finished analysis kept in the game's record as three tags
//     (Tags) and read back, checked against the game (FromTags): the
//     window's saved reviews and tablut analyse -save.
package analyse

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// Config says which engine analyses which moves of a game.
type Config struct {
	// Engine is the analysing engine with its limits. An engine that would
	// play White's opening book searches instead: a book move has no search
	// of the game's own position behind it.
	Engine player.Spec
	// Side, "white" or "black", analyses only that side's moves; empty,
	// both sides'.
	Side string
	// From and To are the first and last ply analysed, counted from 1 (0:
	// the game's first ply, its last).
	From, To int
	// eval replaces the evaluator built from Engine (tests).
	eval ai.Evaluator
}

// Move is the analysis of one move of the game.
type Move struct {
	Ply    int        // counted from 1
	Side   game.Color // the side that played it
	Played game.Move
	// Best is the engine's choice in the position before the move, with
	// its line (PV, starting with Best), the depth it completed and its
	// score of that position (White's view).
	Best   game.Move
	PV     []game.Move
	Depth  int
	Before int32
	// After is White's view of the position after the move: the engine's
	// score of it, or the result when the move ended the game (ai.WinScore
	// for White's win, -ai.WinScore for Black's, 0 for a draw).
	After int32
}

// Chance returns the mover's estimated chance before and after the move.
func (m Move) Chance() (before, after float64) {
	b, a := ai.WhiteShare(m.Before), ai.WhiteShare(m.After)
	if m.Side == game.Black {
		return 1 - b, 1 - a
	}
	return b, a
}

// Loss returns the mover's chance lost by the move (negative when it
// gained).
func (m Move) Loss() float64 {
	b, a := m.Chance()
	return b - a
}

// Agrees reports whether the engine would have played the move played.
func (m Move) Agrees() bool { return m.Best == m.Played }

// plies returns the range of plies to analyse in a game of n plies, checked.
func (c Config) plies(n int) (from, to int, err error) {
	if n == 0 {
		return 0, 0, errors.New("the game has no moves to analyse")
	}
	from, to = c.From, c.To
	if from == 0 {
		from = 1
	}
	if to == 0 {
		to = n
	}
	switch {
	case from < 1 || from > n:
		return 0, 0, fmt.Errorf("the first ply to analyse, %d, is not in the game's plies 1 to %d", from, n)
	case to < from || to > n:
		return 0, 0, fmt.Errorf("the last ply to analyse, %d, is not in the plies %d to %d", to, from, n)
	}
	switch c.Side {
	case "", "white", "black":
	default:
		return 0, 0, fmt.Errorf("side %q: want white, black or none (both)", c.Side)
	}
	return from, to, nil
}

// Check returns the error Run would give for g's moves and c's choice of
// them (bad plies or side, no moves), before anything is searched.
func (c Config) Check(g *game.Game) error {
	_, _, err := c.plies(len(g.Moves()))
	return err
}

// analysed reports whether c asks for the moves of side.
func (c Config) analysed(side game.Color) bool {
	return c.Side == "" || (c.Side == "white") == (side == game.White)
}

// Run analyses the moves of g that c asks for, in order, calling onMove (if
// not nil) after each, and returns them. It replays the game from its start
// and searches with the game's repetition history. A move is judged before
// and after by the same evaluator, the one the engine plays the mover's side
// with: an engine with one evaluator per side (ai.SidedEvaluator, as the
// champion's) would otherwise judge the position after a White move with its
// Black evaluator, and the change would mostly measure the difference
// between its two evaluators. One engine per side keeps its transposition
// table from one position to the next, as in a game; with a single
// evaluator, the search after a move also serves as the one before the next.
// ctx stops it between or during searches, returning the moves finished so
// far and ctx's error.
func Run(ctx context.Context, g *game.Game, c Config, onMove func(Move)) ([]Move, error) {
	moves := g.Moves()
	from, to, err := c.plies(len(moves))
	if err != nil {
		return nil, err
	}
	spec := c.Engine
	spec.NoBook = true
	eval := c.eval
	if eval == nil {
		if eval, err = player.NewEvaluator(spec); err != nil {
			return nil, err
		}
	}
	sided, isSided := eval.(ai.SidedEvaluator)
	var engines [2]*player.Engine // by the mover's colour
	engineFor := func(side game.Color) *player.Engine {
		i := 0
		if isSided && side == game.Black {
			i = 1
		}
		if engines[i] == nil {
			e := eval
			if isSided {
				e = sided.ForSide(side)
			}
			engines[i] = player.NewEngine(spec, e)
		}
		return engines[i]
	}
	defer func() {
		for _, e := range engines {
			if e != nil {
				player.Settle(e)
			}
		}
	}()

	replay := game.NewGame(g.Start())
	// search returns the result of the engine judging side's moves for the
	// replay's current position. A search cut short by ctx is dropped.
	search := func(side game.Color) (ai.Result, error) {
		r, err := engineFor(side).Move(ctx, replay.Position(), replay.RepetitionHistory(), nil)
		if ctx.Err() != nil {
			return r, ctx.Err()
		}
		return r, err
	}
	var out []Move
	var next *ai.Result // a search of the position before the next move, if it can serve
	for i, m := range moves {
		ply := i + 1
		if ply > to {
			break
		}
		pos := replay.Position()
		side := pos.SideToMove()
		if ply < from || !c.analysed(side) {
			next = nil
			if err := replay.Play(m); err != nil {
				return out, fmt.Errorf("ply %d, %v: %v", ply, m, err)
			}
			continue
		}
		before := next
		if before == nil {
			r, err := search(side)
			if err != nil {
				return out, searchError(ctx, ply, err)
			}
			before = &r
		}
		if err := replay.Play(m); err != nil {
			return out, fmt.Errorf("ply %d, %v: %v", ply, m, err)
		}
		a := Move{Ply: ply, Side: side, Played: m, Best: before.Move, PV: before.PV,
			Depth: before.Depth, Before: before.Score}
		next = nil
		switch replay.Outcome() {
		case game.WhiteWins:
			a.After = ai.WinScore
		case game.BlackWins:
			a.After = -ai.WinScore
		case game.Draw:
			a.After = 0
		default:
			r, err := search(side)
			if err != nil {
				return out, searchError(ctx, ply+1, err)
			}
			a.After = r.Score
			if !isSided {
				next = &r
			}
		}
		out = append(out, a)
		if onMove != nil {
			onMove(a)
		}
	}
	return out, nil
}

// searchError is the error of a search that failed before ply: ctx's when
// it is done.
func searchError(ctx context.Context, ply int, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("searching the position before ply %d: %v", ply, err)
}

// Line returns one row of the analysis for a person: ply and side, the move
// played, the engine's move ("=" when the same), the mover's chance before and
// after, the change, the engine's depth, and a mark for a large loss ("?"
// from mistake, "??" from blunder, in chance lost).
func Line(m Move) string {
	best := "="
	if !m.Agrees() {
		best = m.Best.String()
	}
	b, a := m.Chance()
	change := math.Round(-100*m.Loss()) + 0 // + 0: no "-0"
	return strings.TrimRight(fmt.Sprintf("%4d  %-5s  %-7s  %-7s  %3.0f%% -> %3.0f%%  %+4.0f  %5d  %s",
		m.Ply, m.Side, m.Played, best, 100*b, 100*a, change, m.Depth, m.Mark()), " ")
}

// Header is the header of the rows Line writes.
const Header = " ply  side   played   engine   chance (mover)  change  depth"

// Mistake and Blunder are the mover's chance lost by a move (by the
// engine's estimate) from which the analysis marks it "?" and "??".
const (
	Mistake = 0.10
	Blunder = 0.25
)

// Mark returns "??" for a move the engine would not have played that lost
// at least Blunder of the mover's chance, "?" for one that lost at least
// Mistake, and "" otherwise. A move the engine plays too is never marked:
// when the chance falls after it, the engine has only now seen what its
// own search missed before.
func (m Move) Mark() string {
	switch {
	case m.Agrees():
		return ""
	case m.Loss() >= Blunder:
		return "??"
	case m.Loss() >= Mistake:
		return "?"
	}
	return ""
}

// Summary returns a few lines on the analysed moves of each side: how many,
// how many the engine would have played too, the mistakes and blunders, and
// the marked moves that lost the most (at most top per side), worst first.
func Summary(moves []Move, top int) string {
	var sb strings.Builder
	for _, side := range []game.Color{game.White, game.Black} {
		var own []Move
		agree, mistakes, blunders := 0, 0, 0
		for _, m := range moves {
			if m.Side != side {
				continue
			}
			own = append(own, m)
			if m.Agrees() {
				agree++
			}
			switch m.Mark() {
			case "?":
				mistakes++
			case "??":
				blunders++
			}
		}
		if len(own) == 0 {
			continue
		}
		fmt.Fprintf(&sb, "%s: %d moves analysed, the engine agrees with %d (%.0f%%); %d mistakes (?), %d blunders (??)\n",
			side, len(own), agree, 100*float64(agree)/float64(len(own)), mistakes, blunders)
		shown := 0
		for _, m := range worstFirst(own) {
			if shown == top || m.Loss() < Mistake {
				break
			}
			if m.Mark() == "" {
				continue
			}
			shown++
			fmt.Fprintf(&sb, "  ply %d %v: %.0f%% lost; the engine plays %v, line %s\n",
				m.Ply, m.Played, 100*m.Loss(), m.Best, game.MoveList(m.PV))
		}
	}
	return sb.String()
}

// worstFirst returns the moves sorted by the chance lost, largest first (in
// the game's order where equal).
func worstFirst(moves []Move) []Move {
	out := slices.Clone(moves)
	slices.SortStableFunc(out, func(a, b Move) int { return cmp.Compare(b.Loss(), a.Loss()) })
	return out
}

// RandomOpening returns the number of random opening plies a match record
// says its game began with (its Opening tag, "4 random plies (seed 1, pair
// 3)"), or 0. The players did not choose those moves, so an analysis starts
// after them.
func RandomOpening(meta game.RecordMeta) int {
	for _, t := range meta.Tags {
		var n int
		if t.Key == "Opening" {
			if _, err := fmt.Sscanf(t.Value, "%d random plies", &n); err == nil && n > 0 {
				return n
			}
		}
	}
	return 0
}
