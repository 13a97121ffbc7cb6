// Package learn trains the pure TabZAI network (package ai/cnn) by gradient
// descent on values found by search, as a start for the seed's genetic
// algorithm (package ai/evolve).
//
// Techniques and where they live:
//
//   - grad.go: a float32 forward pass that keeps every activation (channel-last,
//     so the inner loops run over contiguous input channels in both the
//     activations and the [out][ky][kx][in] weights) and the backward pass
//     through tanh (derivative 1 - a*a) and the four unpadded convolutions.
//     Checked against finite differences and against cnn's ForwardReference.
//   - learner.go: mean squared error on the tanh output, mini-batches cut into
//     a fixed number of shards summed in order (so the result does not depend
//     on the number of goroutines), Adam.
//   - data.go: the learning signal. Self-play games whose every root search
//     labels the position searched with tanh(score/scale): with the
//     hand-made heuristic as the engine this distils its search into the
//     network; with the network itself as the engine it is rootstrap (the
//     static value of each root moves towards its searched value). Diversity
//     comes from seeded random openings and random moves early in each game.
//     The samples' file format.
//   - symmetry.go: the eight symmetries of the square, which map the throne,
//     the camps and the escape squares onto themselves (tested), so each
//     position stands for eight; training draws one at random per visit.
package learn
