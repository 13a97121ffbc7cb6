package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/weights"
)

func init() { registerBench("cnn", benchCNN) }

// cnnFromFlag returns the network a -weights flag names: a shipped network
// (weights.Names, e.g. "champion") or a weight file path. An empty spec gives
// a Gaussian network from seed and sigma, labelled so that captions and logs
// say so.
func cnnFromFlag(spec string, seed uint64, sigma float64) (*cnn.Network, error) {
	if spec == "" {
		n := cnn.NewRandom(rand.New(rand.NewPCG(seed, 0x7AB1)), sigma)
		n.Label = fmt.Sprintf("gaussian seed=%d sigma=%g (untrained)", seed, sigma)
		return n, nil
	}
	// Named networks plug in here: a name with no path separator or extension
	// that is not an existing file is looked up among the shipped networks.
	if !strings.ContainsAny(spec, `/\.`) {
		if _, err := os.Stat(spec); errors.Is(err, os.ErrNotExist) {
			b, err := weights.Open(spec)
			if err != nil {
				return nil, fmt.Errorf("%w, and no file of that name", err)
			}
			n, err := cnn.Load(bytes.NewReader(b))
			if err != nil {
				return nil, fmt.Errorf("shipped network %s: %w", spec, err)
			}
			if n.Label == "" {
				n.Label = spec
			}
			return n, nil
		}
	}
	return cnn.LoadFile(spec)
}

// benchCNN times the reference and fast forward passes on the same boards, in
// one goroutine, and checks that they agree.
func benchCNN(args []string) error {
	fs := flag.NewFlagSet("bench cnn", flag.ContinueOnError)
	wflag := fs.String("weights", "", "network: a shipped name or a weight file (default: Gaussian weights from -seed)")
	seed := fs.Uint64("seed", 1, "seed of the random games and of the Gaussian weights")
	sigma := fs.Float64("sigma", 0.2, "standard deviation of the Gaussian weights")
	boards := fs.Int("boards", 2000, "number of boards, taken from random games from the start position")
	dur := fs.Duration("time", 2*time.Second, "time to spend on the fast path (the reference gets a quarter of it)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut bench cnn [-weights NET] [-seed N] [-boards N] [-time D]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := firstError(
		intIn("boards", *boards, 1, 10_000_000),
		floatIn("sigma", *sigma, 0, 10),
		positiveDuration("time", *dur),
	); err != nil {
		return err
	}
	net, err := cnnFromFlag(*wflag, *seed, *sigma)
	if err != nil {
		return err
	}
	in := randomGameBoards(*boards, rand.New(rand.NewPCG(*seed, 0xB0A2D)))
	fmt.Printf("network %s, %d boards from random games (seed %d)\n", net.Name(), len(in), *seed)

	// Agreement on every board.
	var maxDiff float64
	for i := range in {
		d := math.Abs(float64(net.Forward(&in[i]) - net.ForwardReference(&in[i])))
		maxDiff = max(maxDiff, d)
	}

	timeIt := func(f func(*[81]float32) float32, budget time.Duration) float64 {
		var sink float32
		n := 0
		start := time.Now()
		for time.Since(start) < budget || n < len(in) {
			for j := 0; j < 16; j++ {
				sink += f(&in[n%len(in)])
				n++
			}
		}
		el := time.Since(start).Seconds()
		_ = sink
		return float64(n) / el
	}
	ref := timeIt(net.ForwardReference, *dur/4)
	fmt.Printf("reference: %.0f evals/s\n", ref)
	fast := timeIt(net.Forward, *dur)
	fmt.Printf("fast:      %.0f evals/s\n", fast)
	fmt.Printf("reference_evals_per_s=%.0f evals_per_s=%.0f speedup=%.1f max_abs_diff=%.3g\n", ref, fast, fast/ref, maxDiff)
	return nil
}

// randomGameBoards encodes the positions of random games from the start
// position (uniform random legal moves, a new game when one ends or after 120
// plies).
func randomGameBoards(n int, r *rand.Rand) [][81]float32 {
	out := make([][81]float32, 0, n)
	var buf [game.MaxMoves]game.Move
	p := game.StartPosition()
	ply := 0
	for len(out) < n {
		moves := p.GenerateMoves(buf[:0])
		if len(moves) == 0 || ply >= 120 {
			p, ply = game.StartPosition(), 0
			continue
		}
		p.Make(moves[r.IntN(len(moves))])
		ply++
		var in [81]float32
		cnn.Encode(&p, &in)
		out = append(out, in)
	}
	return out
}
