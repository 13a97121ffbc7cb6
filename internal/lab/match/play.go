package match

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// DefaultMaxPlies is the default ply limit of a game: a safety net far beyond
// real games, which end by escape, capture or repetition.
const DefaultMaxPlies = 400

// GameResult is one finished (or adjudicated) game.
type GameResult struct {
	Game *game.Game
	// Outcome is the game's outcome, Draw for an adjudicated game.
	Outcome game.Outcome
	// Adjudicated is true when the game reached the ply limit and was scored as
	// a draw without ending by the rules.
	Adjudicated bool
	// Note explains an adjudication or a forfeit (illegal move, player error),
	// empty otherwise.
	Note string
}

// Reason describes how the game ended, for logs and records.
func (r GameResult) Reason() string {
	if r.Note != "" {
		return r.Note
	}
	return r.Game.ReasonText()
}

// Ending returns how the game ended: the rules' reason, or game.NotOver for
// a game adjudicated at the ply limit.
func (r GameResult) Ending() game.EndReason {
	if r.Adjudicated || r.Game == nil {
		return game.NotOver
	}
	return r.Game.Reason()
}

// ScoreFor returns the score of side c: 1 for a win, 1/2 for a draw, 0 for a loss.
func (r GameResult) ScoreFor(c game.Color) float64 {
	if w, ok := r.Outcome.Winner(); ok {
		if w == c {
			return 1
		}
		return 0
	}
	return 0.5
}

// play plays one game from the start position: first the opening moves, then
// white and black alternately until the game ends or maxPlies moves have been
// played in all (maxPlies <= 0 means DefaultMaxPlies). A game that reaches the
// limit is adjudicated a draw.
//
// A player that returns an error, no move, or an illegal move forfeits: the
// game ends through Game.Resign and Note says why. play returns an error only
// for a bad opening or when ctx is done (then with the game so far).
func play(ctx context.Context, white, black player.Player, opening []game.Move, maxPlies int) (GameResult, error) {
	if maxPlies <= 0 {
		maxPlies = DefaultMaxPlies
	}
	// A player that ponders stops thinking when the game is over.
	defer player.Settle(black)
	defer player.Settle(white)
	g := game.NewGame(game.StartPosition())
	for i, m := range opening {
		if err := g.Play(m); err != nil {
			return GameResult{Game: g}, fmt.Errorf("opening move %d (%v) cannot be played: %v", i+1, m, err)
		}
	}
	for g.Outcome() == game.Ongoing {
		if g.Ply() >= maxPlies {
			return GameResult{Game: g, Outcome: game.Draw, Adjudicated: true,
				Note: fmt.Sprintf("adjudicated a draw at the %d-ply limit (a safety net, not a rule)", maxPlies)}, nil
		}
		if err := ctx.Err(); err != nil {
			return GameResult{Game: g}, err
		}
		pos := g.Position()
		side := pos.SideToMove()
		p := white
		if side == game.Black {
			p = black
		}
		r, err := p.Move(ctx, pos, g.RepetitionHistory(), nil)
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		if err != nil {
			if ctx.Err() != nil {
				return GameResult{Game: g}, ctx.Err()
			}
			g.Resign(side)
			return GameResult{Game: g, Outcome: g.Outcome(), Note: fmt.Sprintf("%v forfeits: %s failed: %v", side, p.Name(), err)}, nil
		}
		if err := g.Play(r.Move); err != nil {
			g.Resign(side)
			return GameResult{Game: g, Outcome: g.Outcome(), Note: fmt.Sprintf("%v forfeits: illegal move %v by %s", side, r.Move, p.Name())}, nil
		}
	}
	return GameResult{Game: g, Outcome: g.Outcome()}, nil
}

// RandomOpening returns plies random legal moves from the start position,
// drawn with r, none of which ends the game (game.RandomOpening).
func RandomOpening(r *rand.Rand, plies int) []game.Move { return game.RandomOpening(r, plies) }
