// Package player names and builds the players of a Tablut game the same way
// everywhere: the game window, matches and tournaments, and the Tablut Challenge
// client and server.
//
// A player is written as a short spec string:
//
//	human            a person at the game window (no engine)
//	random           a uniformly random legal move (seeded)
//	heuristic        the alpha-beta searcher with the hand-made evaluator
//	cnn:NAME         the searcher with a shipped network, e.g. cnn:champion
//	cnn:PATH         the searcher with a network file, e.g. cnn:runs/gen42.tnn
//	level:NAME       a named strength for people, beginner to master (level.go)
//
// A residual network (ai/cnn format version 2, base "heuristic") plays with
// the hand-made heuristic plus its correction (ai.Residual).
//
// A Net that contains '/' or ends in ".tnn" is a file path; otherwise it names a
// network shipped in package weights. Search limits (move time, depth, nodes),
// threads, the seed, the contempt for draws, whether a network's evaluation
// is centred and which time policy runs are fields of Spec, set from the
// -movetime, -depth, -nodes, -threads, -seed, -contempt, -raw-eval,
// -fixed-time and -full-time flags by AddFlags; pondering (Spec.Ponder) is
// chosen by each command.
//
// The files:
//
//   - player.go: Spec and ParseSpec, the shared limit flags (AddFlags,
//     FeatureFlag), the Player interface, Engine (a searcher with its limits;
//     pondering on the opponent's time, ai.Searcher.Ponder), the start levels
//     a network-led engine adds to its contempt, and the random player.
//   - level.go: the named levels for people, Beginner to Master: fixed depth
//     or node limits, and below the top a seeded evaluation noise drawn from
//     the position's Zobrist key (SplitMix64), so a transposition reads the
//     same score.
//   - cnn.go: loading a shipped or file network, the choice between the
//     float32 path and an integer kernel (PathEnv), the integer form's tables
//     shared by the live players of one network (weak pointers, package
//     weak), the per-player evaluation cache, and a residual network wrapped
//     with its heuristic base.
//   - evals.go: the non-network evaluators the specs name.
//   - names.go: what the game window needs to know of the networks (the
//     shipped names, the picture of a network's first-layer filters), so that
//     the window imports neither weights nor ai/cnn.
//   - netpage.go: a network described for the classroom's network page:
//     layer 1's weights plane by plane and sentences generated from its
//     file's header (ai/cnn/FORMAT.md).
package player
