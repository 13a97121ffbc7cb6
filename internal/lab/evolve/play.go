package evolve

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// gameResult is the record of one finished game.
type gameResult struct {
	Outcome game.Outcome // WhiteWins, BlackWins or Draw
	Plies   int
	Reason  string // "king escaped", "king captured", "draw by repetition", "no legal move", "max plies"
}

// whiteScore returns White's score: 1, 0.5 or 0.
func (r gameResult) whiteScore() float64 {
	switch r.Outcome {
	case game.WhiteWins:
		return 1
	case game.BlackWins:
		return 0
	}
	return 0.5
}

// randomOpening returns plies uniformly random legal moves from the start
// position drawn from rng, stopping early if the game ends.
func randomOpening(rng *rand.Rand, plies int) []game.Move {
	g := game.NewGame(game.StartPosition())
	var out []game.Move
	for len(out) < plies && g.Outcome() == game.Ongoing {
		moves := g.LegalMoves()
		m := moves[rng.IntN(len(moves))]
		if err := g.Play(m); err != nil {
			panic(err) // a generated move is legal
		}
		out = append(out, m)
	}
	return out
}

// playGame plays white against black from the given opening, each side a fresh
// single-threaded deterministic searcher seeded with seed (White) and seed+1
// (Black), and adjudicates a draw after cfg.MaxPlies plies. The hand-made
// heuristic (an *ai.Heuristic, not a residual network) searches
// cfg.HeuristicNodes nodes per move when that is set.
func playGame(ctx context.Context, cfg *Config, white, black ai.Evaluator, opening []game.Move, seed uint64) (gameResult, error) {
	var lim [2]ai.Limits
	for side, e := range []ai.Evaluator{white, black} {
		lim[side] = ai.Limits{Depth: cfg.Depth, Nodes: cfg.Nodes, MoveTime: cfg.MoveTime}
		if _, ok := e.(*ai.Heuristic); ok && cfg.HeuristicNodes > 0 {
			lim[side].Nodes = cfg.HeuristicNodes
		}
	}
	s := [2]*ai.Searcher{
		ai.NewSearcher(white, ai.Options{TTSizeMB: cfg.TTSizeMB, Threads: 1, Seed: seed, Deterministic: true}),
		ai.NewSearcher(black, ai.Options{TTSizeMB: cfg.TTSizeMB, Threads: 1, Seed: seed + 1, Deterministic: true}),
	}
	g := game.NewGame(game.StartPosition())
	for _, m := range opening {
		if g.Outcome() != game.Ongoing {
			break
		}
		if err := g.Play(m); err != nil {
			return gameResult{}, fmt.Errorf("opening move %v is illegal: %w", m, err)
		}
	}
	for g.Outcome() == game.Ongoing && g.Ply() < cfg.MaxPlies {
		if err := ctx.Err(); err != nil {
			return gameResult{}, err
		}
		pos := g.Position()
		side := pos.SideToMove()
		res := s[side].Search(ctx, pos, g.RepetitionHistory(), lim[side], nil)
		if err := ctx.Err(); err != nil {
			return gameResult{}, err
		}
		if res.Move == game.NoMove {
			return gameResult{}, fmt.Errorf("the searcher found no move in %v", pos.String())
		}
		if err := g.Play(res.Move); err != nil {
			return gameResult{}, fmt.Errorf("the searcher played an illegal move: %w", err)
		}
	}
	if g.Outcome() == game.Ongoing {
		return gameResult{Outcome: game.Draw, Plies: g.Ply(), Reason: "max plies"}, nil
	}
	return gameResult{Outcome: g.Outcome(), Plies: g.Ply(), Reason: g.Reason().String()}, nil
}
