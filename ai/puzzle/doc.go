// Package puzzle holds Tablut puzzles: positions from real games where the
// side to move (the solver) forces a win, the king's escape or its capture, in
// 1 to 5 of its moves with a unique first move, proven by an exhaustive
// search. It ships in the game window and the page; the generator that finds
// the puzzles and rates them lives in internal/lab/puzzles (tablut puzzles),
// and docs/puzzles.md tells the file format and how the set was made.
//
// The files:
//
//   - puzzle.go: Puzzle (start, depth, solution line, themes, rating, source,
//     the other winning moves at each step), Title, and the embedded set
//     (puzzles.txt, parsed once: Shipped, ByID).
//   - format.go: the text format, Read (one-line errors with the line number;
//     the line is replayed and must end in the solver's win) and Write.
//   - prove.go: the prover, an exhaustive AND-OR search "can the side to move
//     win within k of its moves", with a Zobrist-keyed table of proven bounds,
//     repetition put back exactly on top of the repetition-free search, and
//     cheap move ordering (killers, king lines); no pruning that can miss a
//     defence.
//   - judge.go: Judge (what a move does at a step of a puzzle: wins, the
//     longest defence, the other winning moves, or the refutation and a
//     sentence for people), Defences (every defence to a winning move with
//     the moves the solver still needs and a reply: one level of the
//     classroom's proof tree, opened on demand) and Solve (the shortest win,
//     its line, and the other winning moves at each step, for the generator).
//   - puzzles.txt: the shipped set (not Go; tablut puzzles writes it).
//
// Tests: format_test.go (round trip, broken files), judge_test.go (Judge along
// every line, wrong moves, repetition, Defences), checker_test.go and
// race_on_test.go and race_off_test.go (the checker below and its subset under the
// race detector), bench_test.go (Judge and Solve on the deepest puzzles).
//
// The tests hold an independent checker (checker_test.go): a plain minimax
// with alpha-beta on game.Game, sharing no code with the prover, re-proves
// every shipped puzzle.
package puzzle
