// Package evolve trains TabZAI networks (package ai/cnn) with the genetic algorithm
// of the seed (Giordani, "Tablut Challenge 2020 TabZAI"), optionally improved with
// Blondie24-style self-adaptive mutation (Fogel and Chellapilla; seed 002) and
// games against the hand-made heuristic counted in the fitness.
//
// Residual networks (Config.ResidualScale > 0, "tablut train -residual-scale S"):
// every individual is a network with Base "heuristic" and Scale S, which
// plays with ai.Residual, the heuristic plus S times the network's output, so
// the algorithm evolves a correction of the heuristic instead of a whole
// evaluator; a small InitSigma starts the population close to the heuristic.
// Config.HeuristicNodes ("-heuristic-nodes N") gives the heuristic opponent
// its own node budget, so that games against it (HeuristicGames and the
// learning curve) compare the players at about equal time rather than equal
// nodes (the heuristic searches many times as many nodes per second as a
// network: docs/measurements.md, section Network speed).
//
// The schedule, as in the seed (Config's defaults):
//
//   - a population of 8 networks, weights drawn from a Gaussian;
//   - every generation an all-play-all tournament: every ordered pair (i, j),
//     i != j, plays one game with i as White and j as Black (56 games); a win
//     scores 1, a draw 0.5, a loss 0;
//   - the players are ranked by score, ties broken by more wins, then by the
//     smaller index (deterministic); the 2 best are the parents;
//   - the next generation is the 2 parents (slots 0 and 1, best first), 2
//     children by crossover of whole layers (each layer taken from one parent,
//     the second child getting the complementary layers), and 4 mutated
//     children of the parents (taken in turn), in which each parameter receives,
//     with probability 0.5, Gaussian noise of standard deviation sigma.
//
// A fitness that tells networks apart (Config.WhiteWeight, "tablut train
// -white-weight W"). Between engines of similar strength Black wins most
// games, so the games as Black mostly end the same way for every network and
// the plain count of points ranks largely on noise; the games as White are
// where networks differ. With W > 0 the ranking sorts on
// 2*(W*points as White + (1-W)*points as Black) instead (W = 1: games as White
// only; W = 1/2: the plain count). Config.HeuristicWhite ("-heuristic-white")
// likewise plays every game against the heuristic with the network as White.
// The default (W = 0) is the seed's count, bit for bit.
//
// The parent test (Config.ParentGames, "-parent-games N"): a tournament's
// winner is chosen from few games, so a new champion may be no better than
// the one it replaces. After each generation whose champion is not the
// individual in slot 0 (its parent: the previous generation's champion, or
// the Init network in generation 0) the champion plays N games against it,
// half with each colour, the two games of a pair from one seeded opening, at
// the training budget; generations.jsonl, tables.txt and parent.png record
// the score, its 95% interval (normal approximation over single games,
// match.Stats.GameCI) and whether the champion beats its parent at 95% (the
// interval's lower bound above 1/2). The test only measures: the champion
// goes on as the first parent whatever its result.
//
// Every generation prints the match matrix (1 = White won, 0 = Black won,
// 0.5 = draw; row = White, column = Black) and the ranking table P S W T L,
// exactly as the seed shows them (see tournament.go).
//
// Determinism. Games are limited by depth or nodes (never by time), each player
// is a single-threaded searcher in deterministic mode created afresh for the
// game, and every random number (initial weights, openings, searcher seeds,
// crossover masks, mutations) comes from a generator derived from
// (seed, generation, purpose, index) with SplitMix64 (seeds.go), never from
// the order in which the workers finish. A run is therefore a function of its
// Config whatever the number of workers, and a run resumed from a checkpoint
// ends exactly like an uninterrupted one (see TestResumeMatchesUninterrupted).
//
// Diversity. Deterministic players repeat themselves, so each game starts with
// OpeningPlies uniformly random legal plies drawn from the pair's generator:
// both colour orders of a pair (i as White against j, and j as White against i)
// start from the same opening, so the pair's two games are a fair colour swap.
// A game still going after MaxPlies plies is adjudicated a draw (reason
// "max plies"), a safety net against endless shuffling between captures.
//
// Checkpoints (checkpoint.go). After each generation the trainer writes the
// next population as pop/gNNNN-I.tnn (each file written atomically by
// cnn.SaveFile), then state.json (temporary file + rename) naming those files,
// the generation number, the per-individual sigmas, the history of the run and
// the sizes of the log files. state.json is the commit point: a run killed at
// any moment (kill -9 included) resumes from the last state.json, truncating
// the logs back to the recorded sizes, and replays the same games. A run
// folder is locked (package internal/rundir) from Start or Open to Close, so a
// second process cannot resume it at the same time.
//
// Outputs in the run directory: state.json, pop/, champion.tnn and
// runner-up.tnn (the two parents of the last generation), gen0-champion.tnn,
// games.jsonl (one line per game), generations.jsonl (one line per
// generation), evals.jsonl (learning-curve points), tables.txt (the printed
// tables), and the plots scores.png, learning.png, parent.png and filters.png
// (plot.go).
//
// The learning curve (every EvalEvery generations and after the last): the
// current champion plays EvalGames games against the hand-made heuristic and
// EvalGames against the generation-0 champion, at the training budget, half
// with each colour, from seeded random openings; the score is plotted with a
// 95% confidence interval (normal approximation on the per-game scores).
//
// Files:
//
//   - config.go: Config, its defaults (the seed's schedule) and its checks.
//   - ga.go: selection, whole-layer crossover and Gaussian (optionally
//     self-adaptive) mutation.
//   - tournament.go: the ranking of a generation's all-play-all games (the
//     seed's count of points or the White-weighted fitness) and the seed's
//     printed tables.
//   - parent.go: the parent test, the new champion against its parent with a
//     95% interval (match.Stats), and its table.
//   - play.go: one game between two individuals at a fixed budget.
//   - seeds.go: the SplitMix64 derivation of every random stream.
//   - trainer.go: Trainer, the generation loop (its games in parallel), the
//     learning curve and the logs; the hooks a live view follows
//     (Progress, Game, GenDone, Worker).
//   - checkpoint.go: state.json, the population files and resuming.
//   - plot.go: the run's figures, drawn with package internal/lab/plot.
package evolve
