package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
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

// benchCNN times the float64 reference and every forward path of this
// machine (float32, then each integer kernel) on the same boards, in one
// goroutine, and reports how far each is from the reference. The last line is
// the path players use.
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
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return fmt.Errorf("bench cnn takes no arguments, got %q", fs.Arg(0))
	}
	if *boards < 1 {
		return fmt.Errorf("bad -boards %d: want at least 1", *boards)
	}
	net, err := cnnFromFlag(*wflag, *seed, *sigma)
	if err != nil {
		return err
	}
	in := randomGameBoards(*boards, rand.New(rand.NewPCG(*seed, 0xB0A2D)))
	fmt.Printf("network %s, %d boards from random games (seed %d)\n", net.Name(), len(in), *seed)
	def, err := player.NetPathName()
	if err != nil {
		return err
	}
	fmt.Printf("paths of this machine: %s; players use %s (chosen at start-up from the CPU; %s=float, auto or a kernel overrides)\n",
		strings.Join(cnnPathNames(), ", "), def, player.PathEnv)

	want := make([]float32, len(in))
	for i := range in {
		want[i] = net.ForwardReference(&in[i])
	}
	ref := timeForward(net.ForwardReference, in, *dur/4)
	fmt.Printf("reference (float64, plain loops): %.0f evals/s\n", ref)

	// One line per path, the players' path last in the long-standing form.
	type path struct {
		name    string
		forward func(*[81]float32) float32
	}
	paths := []path{{cnn.FloatKernel(), net.Forward}}
	q := cnn.Quantize(net)
	for _, k := range cnn.IntKernels() {
		qk, err := q.WithKernel(k)
		if err != nil {
			return err
		}
		paths = append(paths, path{k.String(), qk.Forward})
	}
	slices.SortStableFunc(paths, func(a, b path) int {
		return cmpBool(a.name == def || def == "float32" && a.name == cnn.FloatKernel(), b.name == def || def == "float32" && b.name == cnn.FloatKernel())
	})
	for i, p := range paths {
		var maxDiff float64
		for j := range in {
			maxDiff = max(maxDiff, math.Abs(float64(p.forward(&in[j])-want[j])))
		}
		if i < len(paths)-1 {
			fast := timeForward(p.forward, in, *dur/2)
			fmt.Printf("path=%s evals_per_s=%.0f speedup=%.1f max_abs_diff=%.3g\n", p.name, fast, fast/ref, maxDiff)
			continue
		}
		fast := timeForward(p.forward, in, *dur)
		fmt.Printf("path=%s (players' path):\n", p.name)
		fmt.Printf("reference_evals_per_s=%.0f evals_per_s=%.0f speedup=%.1f max_abs_diff=%.3g\n", ref, fast, fast/ref, maxDiff)
	}
	return nil
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// cnnPathNames lists the float path and the integer kernels of this machine.
func cnnPathNames() []string {
	names := []string{cnn.FloatKernel()}
	for _, k := range cnn.IntKernels() {
		names = append(names, k.String())
	}
	return names
}

// timeForward returns how many boards per second f evaluates, cycling
// through in for at least budget and at least one pass, in one goroutine.
func timeForward(f func(*[81]float32) float32, in [][81]float32, budget time.Duration) float64 {
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
