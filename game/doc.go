// Package game implements the rules of Ashton Tablut exactly as the University of
// Bologna Tablut Challenge server enforces them (docs/RULES.md tells them in the
// project's words; comments that cite RULES.md mean the team's shared rules text, whose
// worked cases the tests replay): squares, moves, positions, legal move generation, captures, king capture,
// escape, repetition, Zobrist keys, notation, game records and perft.
//
// Techniques and where they live:
//   - square.go: 81-square geometry, precomputed step tables, camps, throne, escapes,
//     and per-camp "blocked square" tables so the camp and throne rules cost one lookup
//     per square.
//   - piece.go: sides, pieces and outcomes, each with its String.
//   - move.go: a Move packed in 16 bits (from and to squares).
//   - position.go: a copy-make Position value (mailbox board plus two 81-bit bitboards
//     for piece iteration) with an incrementally updated Zobrist hash, and rook-move
//     generation into a caller-owned buffer (GenerateMoves) on the blocked tables.
//   - zobrist.go: keys drawn once from a fixed seed (no global randomness).
//   - notation.go: squares, moves and positions in the project's text notation.
//   - diagram.go: a position drawn for people, rank 9 at the top.
//   - explain.go: moves explained for people: what a move captures and against what,
//     and the moves that win at once.
//   - game.go: the Game type (history, undo/redo, repetition, outcome and reason).
//   - record.go: the human-readable game record format (RECORD.md).
//   - opening.go: random openings that leave a game in progress, seeded as a
//     match seeds its pairs (the matches' openings, and the window's demo).
//   - perft.go: move-path enumeration for testing and benchmarking.
//
// The Tablut Challenge server's JSON state is converted in package arena
// (arena/state.go).
//
// The package imports nothing else of this project.
package game
