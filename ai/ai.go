// Package ai chooses moves: the alpha-beta searcher with iterative deepening, the
// evaluators it calls (random, the hand-made heuristic; the CNN lives in ai/cnn), and
// the players built from them.
package ai

import (
	"time"

	"github.com/tablut-ai/tablut/game"
)

// Evaluator scores a position whose game is not over, from White's point of view, in
// the open range (-MaxEval, MaxEval). Implementations must be safe for concurrent use:
// parallel search calls them from several goroutines.
type Evaluator interface {
	Evaluate(p *game.Position) int32
	// Name identifies the evaluator, e.g. "heuristic" or "cnn:champion".
	Name() string
}

// MaxEval bounds every evaluator's score; scores beyond it are wins and losses.
const MaxEval = 10000

// WinScore is the score of a win at the root; a win n plies away scores WinScore-n,
// so the winner takes the fastest win and the loser resists longest.
const WinScore = 1_000_000

// Limits bound one search. Zero fields are unlimited; at least one should be set.
type Limits struct {
	MoveTime time.Duration // wall time for the move; the search stops at 90% of it
	Depth    int           // maximum nominal depth in plies
	Nodes    int64         // node budget
}

// Info is what a search reports as it goes, after each completed iteration and
// when the principal move changes.
type Info struct {
	Depth   int
	Score   int32 // from White's point of view
	Nodes   int64
	NPS     int64
	Elapsed time.Duration
	PV      []game.Move
}

// Result is the outcome of a search.
type Result struct {
	Move    game.Move // game.NoMove only when the position has no legal move
	Score   int32     // from White's point of view
	Depth   int       // deepest completed iteration
	Nodes   int64
	Elapsed time.Duration
	PV      []game.Move
}
