// Package cnn is the TabZAI position evaluator: a small convolutional network
// (Giordani, "Tablut Challenge 2020 TabZAI") that reads a 9x9 board and returns a
// value for White in (-1, 1).
//
// The network, exactly as in the seed:
//
//	input 9x9x1: white pawn 1, black pawn -1, king 10, empty (throne included) 0
//	conv 3x3,  1 -> 64, stride 1, no padding, no bias, tanh   (7x7x64)
//	conv 3x3, 64 -> 32, stride 1, no padding, no bias, tanh   (5x5x32)
//	conv 3x3, 32 -> 16, stride 1, no padding, no bias, tanh   (3x3x16)
//	conv 3x3, 16 ->  1, stride 1, no padding, no bias, tanh   (1x1x1)
//
// 23,760 parameters, about 530,000 multiply-adds per evaluation (460,800 of them
// in the second layer).
//
// A documented variant, the piece-planes input (Network.Input = InputPieces,
// file format version 4), gives the same convolutions what the seed's input
// hides: layer 1 reads three one-hot planes (white pawns, black pawns, king:
// 64x3x3x3 weights, so the king is not a pawn scaled by ten), and layer 3
// adds, before its tanh, one of two sets of 3x3x16 learned biases chosen by
// the side to move (the seed's network cannot tell whose move it is, and its
// unpadded convolutions hardly know where a feature is on the board). 24,912
// weights and 288 biases; the same cost per evaluation, since layer 1 is a
// table lookup either way. The seed's input stays the default and every
// older file loads as before.
//
// Techniques and where they live:
//
//   - network.go: the Network type, the public weight layout (W[l] is
//     [out][ky][kx][in], the seed's shapes) and the derived, packed weights that
//     the fast path uses. Packed weights are built lazily, published through an
//     atomic pointer (so concurrent Forward calls are safe) and rebuilt by
//     Prepare after the weights are changed in place.
//   - reference.go: ForwardReference, the obvious loops in float64 with
//     math.Tanh; the fast path is tested against it.
//   - forward.go: Forward and Evaluate. Activations are stored channel-last
//     (HWC) so that, for one output row and one kernel row, the inputs of a
//     convolution are contiguous. Layer 1 is a table lookup: the input has only
//     four values, so each tap contributes one of three precomputed 64-vectors
//     (w*1, w*-1, w*10) and empty squares contribute nothing; a pre-activation
//     is a sum of at most nine table rows.
//   - kernels_generic.go: the pure-Go kernels (register blocking of several
//     output pixels by two filters to reuse each weight load). Used on non-amd64
//     machines, with the purego build tag, and on CPUs without AVX2/FMA.
//   - kernels_amd64.s: hand-written AVX2/FMA assembly. Layers 2 and 3 are
//     computed as small matrix products, one output row (5 or 3 pixels) by 16
//     filters at a time: per input channel, two 8-wide weight loads and one
//     broadcast per pixel feed 10 (or 6) FMA accumulators held in registers.
//     The weights are packed [ky][kx][in][out] so the 16 filters are contiguous.
//     CPU support is detected at run time with golang.org/x/sys/cpu.
//   - tanh.go: a rational tanh approximation (the one of Eigen's
//     generic_fast_tanh_float, a 13/6 odd/even polynomial ratio, clamped at
//     +-7.9053), max absolute error about 3e-7 in float32, vectorised in the
//     assembly and scalar in Go.
//   - quant.go: the integer path, Quantized, built from a Network at load
//     time by Quantize (no second file): layer 1 as a 10 MB table of the
//     78,732 possible 3x3 patches (at most one king), exact to the final
//     rounding, plus a 5 MB copy narrowed to the int8 kernels' bytes; an
//     evaluation computes the 49 row numbers and copies the rows in
//     assembly; layers 2 and 3 in int16 with per-filter scales and int32
//     sums; tanh by table lookup; layer 4 (with a piece-planes network's
//     layer-3 biases) in float32, in assembly. Its output stays within 0.02
//     of ForwardReference (a few thousandths on the shipped networks). The
//     kernel is chosen once at start-up (DefaultIntKernel), the widest
//     instruction set first: AVX-512 VNNI (VPDPWSSD on zmm, quant_amd64.s),
//     AVX-VNNI (VEX-encoded VPDPWSSD on ymm), AVX2 (VPMADDWD), or pure Go
//     (quant_generic.go, the reference every kernel equals bit for bit).
//     Players use it where an assembly kernel exists (package ai/player,
//     TABLUT_CNN); the float32 Network stays the reference and the training
//     path.
//   - quant_vnni256_amd64.h: the bodies of the AVX-VNNI kernels, assembled
//     twice by quant_amd64.s: with the VEX encodings of VPDPWSSD and
//     VPDPBUSD, written as bytes (Go's assembler knows only their AVX-512
//     EVEX forms), and with the EVEX encodings on ymm. A CPU with AVX-512
//     VNNI runs the EVEX twins in the equality tests, and TestVNNI256Twins
//     checks in the machine code that the AVX-VNNI kernels are their twins
//     but for those encodings, so the AVX-VNNI code is tested on machines
//     that cannot run it.
//   - quant8.go: layers 2 and 3 in int8 (per-filter weight scales,
//     activations narrowed with VPMULHRSW), with VPDPBUSD on AVX-512 VNNI
//     and AVX-VNNI (unsigned activations, offset corrected by each filter's
//     starting sum), VPSIGNB+VPMADDUBSW+VPMADDWD on AVX2 (cannot saturate:
//     both operands in [-127, 127]) and a pure-Go reference. Quantize
//     measures each network's int8 error on 1,000 calibration boards from
//     real games and takes int8 only within Int8Tolerance (0.015) and where
//     it is faster (the VNNI instruction sets): learned.tnn and learned2.tnn
//     (fine-tuned for it) run int8, the saturated shipped networks int16.
//   - calibration.go: those boards, embedded (calibration.txt, one position
//     per line): the first 1,000 of tablut bench cnn -seed 51739, games of
//     the heuristic engine, regenerated and checked by a test in
//     internal/cli.
//   - fakequant.go: the int8 path's steps one at a time (weight rounding,
//     requantisation, the tanh tables), for the quantisation-aware training
//     of package internal/lab/learn, whose forward pass equals the int8 output bit for
//     bit.
//   - cache.go: an optional evaluation cache keyed by Zobrist key: lock-free,
//     one atomic uint64 per slot holding 48 key bits and the 16-bit score.
//   - format.go: the weight file format (see FORMAT.md), Load/Save, atomic
//     SaveFile. Version 2 records Network.Base and Network.Scale: a residual
//     network (Base "heuristic") is a correction of at most Scale added to the
//     hand-made heuristic (ai.Residual; ai/player builds it for cnn:NAME).
//   - filters.go: DrawFilters, the seed's figure of the 64 first-layer filters.
package cnn
