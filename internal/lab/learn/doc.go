// Package learn trains the pure TabZAI network (package ai/cnn) by gradient
// descent on values found by search, as a start for the seed's genetic
// algorithm (package internal/lab/evolve), or by TreeStrap from a network
// or from random weights.
//
// Target scaling: a search score v (White's view, evaluator units) becomes
// the target tanh(v/Scale), with Scale 1000 by default, about the worth of an
// open escape line plus a few pawns in the heuristic's units; wins are
// clamped to tanh(3). The pure player keeps scoring a network as 10000 times
// its output (cnn.Network.Evaluate), so a learned network searches with about
// 10000*tanh(v/1000): a monotone squashing of the teacher's scale that keeps
// 0 as a draw, and alpha-beta, which only compares scores, needs nothing
// more. Networks whose outputs sit near +-1 (the evolved ones) tell few
// positions apart; targets in (-0.8, 0.8) for ordinary positions make the
// learned one spread its outputs.
//
// Techniques and where they live:
//
//   - grad.go: a float32 forward pass that keeps every activation (channel-last,
//     so that for each output and kernel row the three input pixels and the
//     filter's weights are runs of 3*channels contiguous floats) and the
//     backward pass through tanh (derivative 1 - a*a), the four unpadded
//     convolutions and, for piece-planes networks (cnn.InputPieces, -input
//     pieces), the layer-3 biases chosen by the side to move. Checked against
//     finite differences and against cnn's ForwardReference, for both inputs.
//   - vec*.go: the runs' dot products and axpys, in AVX2/FMA assembly where
//     the CPU has it (BenchmarkGradient; docs/measurements.md, section Inside
//     an evaluation), in Go elsewhere and with -tags purego.
//   - tree.go: TreeStrap(alpha-beta) (Veness, Silver, Uther and Blair 2009,
//     "Bootstrapping from game tree search"): rounds of self-play by the
//     network (-tree-rounds) whose every search reports its quiet searched
//     nodes through ai.Options.OnNode, each labelled with its searched value
//     in network units, exact or a bound; at most -tree-max-per-search of a
//     search's nodes are kept, drawn uniformly (reservoir sampling, Vitter
//     1985). A bound's error counts only on its wrong side (oneSided: below
//     a lower bound, above an upper one), as the paper's alpha-beta variant
//     updates only towards a bound that lies beyond the static value. The
//     samples live in tree.bin, with the kind of each target (so data.bin
//     keeps its format and older runs resume); a round's epochs train on
//     the run's other data and the last -tree-window rounds' samples; each
//     round's network is kept as tree-NN.tnn for matches between rounds.
//     The rounds' games may be played against another engine instead of
//     self-play (-tree-opponent, -tree-side), so that the searches are of
//     the positions the network meets against it. With -quantized-games the
//     network plays its rootstrap and TreeStrap games through its integer
//     version (cnn.Quantize), as the engine does, at several times the
//     float network's speed.
//   - learner.go: mean squared error on the tanh output (one-sided for
//     bounds), mini-batches cut into
//     a fixed number of shards summed in order (so the result does not depend
//     on the number of goroutines), Adam.
//   - data.go: the learning signal. Self-play games whose every root search
//     labels the position searched with tanh(score/scale): with the
//     hand-made heuristic as the engine this distils its search into the
//     network; with the network itself as the engine it is rootstrap (the
//     static value of each root moves towards its searched value). Diversity
//     comes from seeded random openings and random moves early in each game.
//     Rootstrap games may also be played against another engine (an
//     Opponent, -root-opponent) so that the positions are the ones the
//     network meets against it, and a game's result may be mixed into its
//     labels (OutcomeWeight, -root-outcome), or each label replaced by the
//     TD(lambda) return of the labels after it, which ends in the result
//     (Lambda, -root-lambda; Sutton 1988, with the search values as the
//     bootstraps, as in TD-Leaf); exploring moves cut the chain. Each chunk
//     of games is counted by result (Tally): the log line of the chunk and
//     state.json's "games" give each round's score so far, so a run against
//     an opponent shows while it goes on whether each round's network does
//     better on its side (each round plays with the network the last one
//     made).
//     The samples' file format (the board, the side to move, the target).
//     A run may take another run's data (-data-from) so that two networks,
//     for example the two input kinds, learn from the same positions.
//   - run.go: the whole pipeline as one resumable run (tablut learn): held-out
//     validation games, distillation games, epochs, rootstrap rounds,
//     TreeStrap rounds, the learning-curve matches against the heuristic at
//     node budgets, then
//     optionally the seed's genetic algorithm bred from the learned network
//     (package evolve). Every step ends in a checkpoint: the network and
//     Adam's moments under new names, then state.json naming them (the commit
//     point); the data file is cut back to the checkpoint's length on resume,
//     so a run killed at any moment and resumed ends bit for bit like an
//     uninterrupted one. Epochs draw their order and symmetries from the
//     seed and the epoch number; games are single-threaded and seeded by
//     their index; gradients are summed in fixed shards: the thread count
//     changes nothing. plot.go draws loss.png and learning.png.
//   - config.go: the run's settings (Config), their bounds and their one
//     check, Validate, for a new run and a resumed one alike; the plan of
//     steps they make.
//   - checkpoint.go: state.json and the files it names, written in the order
//     above; Open locks the folder (package internal/rundir), then reads and
//     checks the whole checkpoint (names inside the folder, the step inside
//     the plan, the validation data, finite Adam moments) before it changes
//     anything: removing the temporary files of killed writes, cutting the
//     data back. A network with a non-finite weight is never saved.
//   - qat.go: quantisation-aware training (tablut learn -qat-epochs, at the
//     end of a run or on a network given by -init). The forward pass is
//     cnn.Quantize's int8 path, computed in float32 that is exact for it:
//     int8 weights and narrowed activations held as integer-valued floats,
//     whose sums stay below 2^24, and cnn's own requantisation and tanh
//     tables (ai/cnn/fakequant.go); its output equals the int8 kernels' bit for
//     bit (tested). Gradients go straight through the roundings (Bengio et
//     al. 2013). The loss adds to the target error Gap times the squared
//     difference between the int8 output and the float output of the same
//     weights, with the gradient straight through the int8 pass and exact
//     through the float one: with the rounding errors held fixed, this is
//     the gradient of the network's sensitivity to them, which is what
//     cnn's int8 tolerance measures. Targets alone (Gap 0) fitted the int8
//     output but hardly lowered the largest int8-float differences.
//   - symmetry.go: the eight symmetries of the square, which map the throne,
//     the camps and the escape squares onto themselves (tested), so each
//     position stands for eight; training draws one at random per visit
//     (a TreeStrap sample keeps its bound: the image's searched value is
//     the same).
package learn
