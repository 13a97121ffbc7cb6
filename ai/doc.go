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
