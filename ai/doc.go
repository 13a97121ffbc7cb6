// Package ai chooses moves: an alpha-beta searcher with iterative deepening
// and the evaluators it calls at the leaves (a seeded random one and the
// hand-made heuristic here; the network lives in ai/cnn, the named players
// built from both in ai/player, the classroom's textbook searches in
// ai/teach, the analysis of a finished game, move by move, in ai/analyse).
//
// A newcomer starts with NewSearcher and Searcher.Search (see the examples):
// Options configure the searcher once, Limits bound one search (depth, nodes,
// move time), and Search returns a Result and reports each completed iteration
// as an Info.
//
// The files, one concern each, with the technique each holds:
//
//   - evaluator.go: the Evaluator interfaces (BoundedEvaluator for lazy
//     evaluation, SidedEvaluator for one evaluator per side the engine plays),
//     the score scale (MaxEval, WinScore: a win n plies away scores WinScore-n,
//     so the winner takes the fastest win and the loser resists longest),
//     ProvenWin, and WhiteShare (a score read as White's chance, for the
//     window's bar and the analysis of games).
//   - options.go: Options, Limits, the contempt for draws by repetition
//     (raised by the start's deficit, Options.StartLevels) and the Feature set
//     that switches techniques off for measurement (ParseFeatures).
//   - searcher.go: the Searcher and its API (Search, Result, Info, RootScore),
//     the threads' orchestration for Lazy SMP (Homan 2013: every thread runs
//     its own iterative deepening on the shared table, and the first to
//     complete a depth reports it), the answers given without a search (a
//     winning move, a single legal move, a one-ply look when the last
//     search's threads are still unwinding at the deadline) and the root
//     moves' first order, with randomised tie-breaks from Options.Seed.
//   - worker.go: one search thread's state (move stacks, killers, history,
//     principal variation), the search line for draws by repetition against
//     the game history and the line (reset by captures), node counting and
//     lazy evaluation within the window.
//   - iterate.go: iterative deepening (Slate and Atkin 1977), a thread's
//     choice of its next depth (without deferral, helpers are spread over the
//     depths), the root search, which keeps the best move first, and which
//     part of an iteration the clock cut off still counts (keepPartial).
//   - negamax.go: the main search, negamax alpha-beta with principal variation
//     search (Marsland and Campbell 1982): transposition table cut-offs,
//     mate-distance pruning, escape-threat pruning (Black facing an open line
//     only searches blocks and moves next to the king), late move reductions
//     (Romstad 2007), late move pruning, futility pruning (Heinz 1998) and the
//     deferral of moves another thread is searching (simplified ABDADA, Weill
//     1996).
//   - report.go: the searched-node report (Options.OnNode, Node, Bound)
//     for TreeStrap (Veness, Silver, Uther and Blair 2009): every quiet
//     position the main thread finishes searching, with its value, exact or
//     a bound turned to White's view; fail-lows after pruning are left out,
//     as they bound only the moves searched. Unused, it costs a nil check.
//   - quiesce.go: the quiescence search (Shannon 1950), limited to escape
//     threats: White escapes or tries king moves that make a double threat,
//     Black must block or capture the king; the threat-reply filter.
//   - tt.go: the transposition table on Zobrist keys (Zobrist 1970), lock-free
//     by the xor trick (Hyatt and Mann 2002), two-slot buckets, node-relative
//     win scores; and the table of positions the threads are searching.
//   - order.go: move ordering: table move, king threats, captures, Black moves
//     next to the king, killer moves (Akl and Newborn 1977), then the history
//     heuristic (Schaeffer 1989).
//   - time.go: the time control after the TabZAI policy (Giordani 2020): a
//     soft limit (start no new iteration; less time once the best move is
//     stable, more while it changes) and a hard one (abort), a return deadline,
//     context cancellation, the node budget, deadlines armed late for
//     pondering and moved early by how late earlier searches returned.
//   - ponder.go: pondering (Searcher.Ponder): a search of the expected reply
//     on the opponent's time that a hit turns into the real search.
//   - board.go: rays, the king's open lines to escape squares, the capture test.
//   - heuristic.go: the hand-made evaluator, the COMP 424 report's features
//     (Rudin 2018) plus open lines (Weights, DefaultWeights, Heuristic.Terms).
//   - captures.go: the pawns the side to move could capture with one move (the
//     Capture weight, zero in the hand-made heuristic, used by evolved weights).
//   - residual.go: a network's correction on top of the heuristic (Residual,
//     lazy through BoundedEvaluator), one evaluator per side (Sided), and
//     Centred, which shifts an evaluator so the start position scores zero.
//   - random.go: the seeded random evaluator (SplitMix64, Steele et al. 2014).
//   - yield_js.go, yield_other.go: in a browser (one thread, no
//     pre-emption), a search thread gives the page its turn every few
//     milliseconds (internal/pageturn); elsewhere nothing.
//   - positions.go: the bench positions (testdata/bench_positions.txt) and the
//     positions file reader.
//
// What each technique earns is measured by BenchmarkFeatures and
// BenchmarkThreads, and recorded in docs/measurements.md,
// section Search techniques.
package ai
