// Package match plays engine-versus-engine games and turns their results into
// statistics: the trainer's accept/reject decisions and the match and
// tournament commands use it.
//
// Techniques and where they live:
//
//   - play.go: Play, one game between two players from a given opening, with a
//     ply limit as a safety net (a game that reaches it is adjudicated a draw and
//     the record says so), forfeits for illegal moves and player errors;
//     RandomOpening, a few seeded random plies.
//   - run.go: Run, a match of many games: colours alternate, each pair of games
//     starts from the same random opening (so each opening is played once with
//     each colour and its bias cancels), games run in parallel when the budget is
//     depth or nodes (one at a time under a wall-clock budget, so that each
//     engine has the cores it was given), every game saved as a game record;
//     Tally, which counts games as they finish and pairs them by opening.
//   - stats.go: Stats, wins/draws/losses per colour and the pair counts (A's
//     points per opening: 0, 0.5, 1, 1.5 or 2, the "pentanomial" counts), the
//     score with its 95% confidence interval (measured over pairs from ten
//     pairs on, since the two games of an opening are not independent), and
//     the Elo difference with its interval.
//   - sprt.go: SPRT, a sequential probability ratio test between two Elo
//     differences, which ends a match (Config.Stop) as soon as the results
//     decide, with error rates chosen in advance.
//   - records.go: ScoreRecords, the same statistics read back from a match's
//     game records (tablut score); a records folder also holds match.json,
//     the match's settings, so that Run can resume a stopped match
//     (Config.Resume) and play only the games it lacks. Only names of the
//     form game-NNNN.txt are records, so no game counts twice; a records
//     folder is locked while a match writes in it (package internal/rundir).
//   - tournament.go: round robin between several players, a crosstable and
//     ratings fitted to the scores.
//
// The statistics follow the usual engine-testing practice: accept a change only
// when the interval of the score excludes one half (see Stats.Significant).
package match
