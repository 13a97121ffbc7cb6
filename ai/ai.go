// Package ai chooses moves: the alpha-beta searcher with iterative deepening, the
// evaluators it calls (random, the hand-made heuristic; the CNN lives in ai/cnn), and
// the players built from them.
//
// The searcher (NewSearcher, Searcher.Search) and where each technique lives:
//
//   - search.go: negamax alpha-beta with principal variation search, iterative
//     deepening, late move reductions, late move pruning (quiet moves ordered
//     late, one and two plies above the leaves), futility pruning (there too,
//     the quiet moves of a node whose own evaluation is well below alpha),
//     Lazy SMP (Options.Threads goroutines sharing one table, all at the same
//     depth; a thread puts off
//     a move another thread is searching, as in simplified ABDADA, with the
//     table of busy positions in tt.go; the first thread to complete a depth
//     reports it and the others abandon that depth),
//     draws by repetition scored with a contempt (Options.Contempt), win scores
//     adjusted by distance (fastest win, longest
//     resistance), mate-distance pruning, draws by repetition against the game
//     history and the search line (reset by captures), escape-threat pruning
//     (Black facing an open line only searches blocks and king-adjacent moves),
//     a small quiescence search that resolves escape threats and double threats,
//     randomised tie-breaks among equal root moves from Options.Seed.
//   - tt.go: the lock-free transposition table (xor trick, two-slot buckets,
//     node-relative win scores) and the table of positions the threads are
//     searching.
//   - order.go: move ordering: table move, king threats and double threats,
//     captures, Black moves next to the king, killers, history heuristic.
//   - time.go: the time policy (stop at 90% of the move time, checked as nodes are
//     expanded; no new iteration after 60%, more while the best move changes, less
//     once it is stable), deadlines armed late for pondering, context
//     cancellation, node budget.
//   - ponder.go: pondering (Searcher.Ponder): a search of the expected reply on
//     the opponent's time that a hit turns into the real search.
//   - board.go: rays, open lines from the king to escape squares, capture test.
//   - heuristic.go: the hand-made evaluator (COMP 424 features plus open lines),
//     weights in Weights/DefaultWeights. random.go: the seeded random evaluator.
//   - captures.go: the pawns the side to move could capture with one move (the
//     Capture weight, zero in the hand-made heuristic, used by evolved weights).
//   - residual.go: a network's correction on top of the heuristic (Residual,
//     lazy through BoundedEvaluator) and one evaluator per side the engine
//     plays (Sided; the searcher asks a SidedEvaluator for its root side's);
//     Centred shifts an evaluator so that the start position scores zero
//     (each side of an evolved hybrid; a pure network, or one that leads
//     with heuristic terms added at scale MaxEval, keeps its scale and the
//     search raises the contempt instead, Options.StartLevels).
//   - stats.go: plain minimax and alpha-beta node counts for teaching
//     (CountTree, one row of the table a row at a time, cancellable).
//   - teach.go: what the window's classroom view shows besides: how much each
//     pawn matters to an evaluator (PieceImpact) and a recorded alpha-beta
//     search to replay step by step (TraceAlphaBeta); the heuristic's terms
//     are Heuristic.Terms, the root moves' scores of each iteration Info.Root.
//   - positions.go: the bench positions (testdata/bench_positions.txt).
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

// BoundedEvaluator is an Evaluator that can save work when the search only needs
// to know how a score compares with a window (lo, hi), both from White's point of
// view. EvaluateBounded returns Evaluate(p) when that lies strictly inside the
// window; otherwise it may instead return a bound on the same side of the window:
// some v <= lo with v >= Evaluate(p), or some v >= hi with v <= Evaluate(p). The
// searcher's fail-soft alpha-beta treats such values exactly as it treats a
// subtree that failed low or high, so the move chosen is unchanged.
type BoundedEvaluator interface {
	Evaluator
	EvaluateBounded(p *game.Position, lo, hi int32) int32
}

// SidedEvaluator is an Evaluator whose judgement depends on the side the
// engine plays: ForSide returns the evaluator an engine playing c uses for its
// whole search (every position of the tree, whoever is to move there, is
// scored by it from White's point of view). An evolved residual network with
// separate heuristic weights for each side is one (see Residual).
type SidedEvaluator interface {
	Evaluator
	ForSide(c game.Color) Evaluator
}

// MaxEval bounds every evaluator's score; scores beyond it are wins and losses.
const MaxEval = 10000

// WinScore is the score of a win at the root; a win n plies away scores WinScore-n,
// so the winner takes the fastest win and the loser resists longest.
const WinScore = 1_000_000

// ProvenWin reads a score (White's point of view): when it proves a forced
// win (it lies beyond MaxEval) it returns the side that wins and in how many of
// that side's own moves (-1 when the score carries no distance), with ok true.
func ProvenWin(score int32) (side game.Color, moves int64, ok bool) {
	s := int64(score)
	if s < MaxEval && s > -MaxEval {
		return game.White, 0, false
	}
	side = game.White
	if s < 0 {
		side, s = game.Black, -s
	}
	moves = -1
	if plies := WinScore - s; s > WinScore-1000 && plies >= 0 {
		moves = (plies + 1) / 2
	}
	return side, moves, true
}

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
	// Root lists the root moves with their scores from the main thread's
	// latest completed iteration, best first as the search orders them.
	Root []RootScore
}

// RootScore is a root move's score from one iteration of the search, White's
// point of view. Principal variation search proves most moves worse than the
// best with a null window and no more: then Exact is false and Score is a
// bound, at most (for the side to move) what the move is worth.
type RootScore struct {
	Move  game.Move
	Score int32
	Exact bool
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
