// Package puzzles makes the puzzles of package ai/puzzle from game records
// (tablut puzzles): it walks the last plies of decisive games with the
// winner to move, proves each position with puzzle.Solve (the shortest forced
// win within the depth asked, exhaustive, with a node budget so a run's
// result depends on its settings only), keeps those with one winning first
// move, tags their themes and rates them. docs/puzzles.md tells the format,
// the command and the counts of the shipped set.
//
// The files:
//
//   - puzzles.go: Config, the run folder (puzzles.txt and a checkpoint after
//     every record, locked with internal/rundir; Create, Open for -resume),
//     the records' seeded order, dedupe by Zobrist key, per side and depth
//     quotas, and the walk of each record.
//   - themes.go: the themes read from a puzzle's start and line.
//   - rate.go: the levels' searches on each puzzle (seeded, limited by depth
//     or nodes, so machine-independent) and the rating: the most likely one
//     on a lichess-like scale given what each level found and a prior from
//     the depth.
package puzzles
