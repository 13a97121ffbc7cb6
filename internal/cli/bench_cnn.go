package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/lab/match"
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
	return loadNetFile(spec)
}

// loadNetFile reads the network file path, saying so when path is a folder
// (cnn.LoadFile would report a file of 0 header bytes).
func loadNetFile(path string) (*cnn.Network, error) {
	if err := notAFolder(path); err != nil {
		return nil, err
	}
	return cnn.LoadFile(path)
}

// notAFolder reports a network named by a folder's path.
func notAFolder(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a folder, not a network file", path)
	}
	return nil
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
	boards := fs.Int("boards", 2000, "number of boards")
	from := fs.String("from", "games", "where the boards come from: games (the heuristic engine at depth 2 against itself, after seeded random openings) or random (random games)")
	dur := fs.Duration("time", 2*time.Second, "time to spend on the players' path (the other paths get half of it, the reference a quarter)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut bench cnn [-weights NET] [-seed N] [-boards N] [-from games|random] [-time D]")
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
	if *from != "games" && *from != "random" {
		return fmt.Errorf("bad -from %q: want games or random", *from)
	}
	net, err := cnnFromFlag(*wflag, *seed, *sigma)
	if err != nil {
		return err
	}
	q := cnn.Quantize(net)
	def, err := player.NetPath(q)
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(*seed, benchStream))
	var pos []game.Position
	if *from == "random" {
		pos = cnn.RandomGamePositions(*boards, r)
		fmt.Printf("network %s, %d boards from random games (seed %d)\n", net.Name(), len(pos), *seed)
	} else {
		pos = engineGamePositions(*boards, r)
		fmt.Printf("network %s, %d boards from games of the heuristic engine at depth 2 after random %d-ply openings (seed %d)\n", net.Name(), len(pos), benchOpeningPlies, *seed)
	}
	in, black := encodeBoards(pos)
	fmt.Printf("paths of this machine: %s; players use %s (the instruction set chosen at start-up from the CPU; %s=float, auto or a kernel overrides)\n",
		strings.Join(cnnPathNames(), ", "), def, player.PathEnv)
	if e := q.Int8Error(); e > 0 {
		verdict := "int8"
		if e > cnn.Int8Tolerance {
			verdict = "int16"
		}
		fmt.Printf("width: int8's largest error on the %d calibration boards (real games, tablut bench cnn -seed %d) is %.3g (int8 up to %g): this network runs %s\n",
			cnn.CalibrationBoards, cnn.CalibrationSeed, e, cnn.Int8Tolerance, verdict)
	}

	// The differences are taken with each board's side to move, which a
	// piece-planes network sees (the timings use White to move throughout:
	// the side changes only which biases are added).
	want := make([]float32, len(in))
	for i := range in {
		want[i] = net.ForwardReferenceSide(&in[i], black[i])
	}

	// One line per path, the players' path last in the long-standing form.
	type path struct {
		name    string
		forward func(*[81]float32) float32
		budget  time.Duration
		side    func(*[81]float32, bool) float32
	}
	paths := []path{{cnn.FloatKernel(), net.Forward, *dur / 2, net.ForwardSide}}
	for _, k := range cnn.IntKernels() {
		qk, err := q.WithKernel(k)
		if err != nil {
			return err
		}
		paths = append(paths, path{k.String(), qk.Forward, *dur / 2, qk.ForwardSide})
	}
	isDefault := func(p path) bool {
		return p.name == def || def == "float32" && p.name == cnn.FloatKernel()
	}
	slices.SortStableFunc(paths, func(a, b path) int { return cmpBool(isDefault(a), isDefault(b)) })
	paths[len(paths)-1].budget = *dur
	paths = append(paths, path{"reference", net.ForwardReference, *dur / 4, net.ForwardReferenceSide})

	forwards := make([]func(*[81]float32) float32, len(paths))
	budgets := make([]time.Duration, len(paths))
	for i, p := range paths {
		forwards[i], budgets[i] = p.forward, p.budget
	}
	rates := timeForwards(forwards, budgets, in)
	ref := rates[len(rates)-1]
	fmt.Printf("reference (float64, plain loops): %.0f evals/s\n", ref)
	for i, p := range paths[:len(paths)-1] {
		var maxDiff float64
		for j := range in {
			maxDiff = max(maxDiff, math.Abs(float64(p.side(&in[j], black[j])-want[j])))
		}
		if i < len(paths)-2 {
			fmt.Printf("path=%s evals_per_s=%.0f speedup=%.1f max_abs_diff=%.3g\n", p.name, rates[i], rates[i]/ref, maxDiff)
			continue
		}
		fmt.Printf("path=%s (players' path):\n", p.name)
		fmt.Printf("reference_evals_per_s=%.0f evals_per_s=%.0f speedup=%.1f max_abs_diff=%.3g\n", ref, rates[i], rates[i]/ref, maxDiff)
	}
	return nil
}

// benchRounds is the number of slices each path's time is cut into.
const benchRounds = 10

// timeForwards returns how many boards per second each of fs evaluates, in
// one goroutine. Each gets its budget in benchRounds slices, the paths taking
// turns, and the median slice counts: on a machine shared with other work,
// a burst of load then lowers one slice of every path rather than the whole
// measurement of one, so the ratios between paths hold better.
func timeForwards(fs []func(*[81]float32) float32, budgets []time.Duration, in [][81]float32) []float64 {
	rates := make([][]float64, len(fs))
	next := make([]int, len(fs)) // board to start the next slice at
	var sink float32
	for range benchRounds {
		for i, f := range fs {
			n := 0
			start := time.Now()
			for n == 0 || time.Since(start) < budgets[i]/benchRounds {
				for j := 0; j < 8; j++ {
					sink += f(&in[next[i]])
					next[i] = (next[i] + 1) % len(in)
					n++
				}
			}
			rates[i] = append(rates[i], float64(n)/time.Since(start).Seconds())
		}
	}
	_ = sink
	out := make([]float64, len(fs))
	for i, r := range rates {
		slices.Sort(r)
		out[i] = (r[(len(r)-1)/2] + r[len(r)/2]) / 2
	}
	return out
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

// encodeBoards encodes positions for the network and returns their sides
// to move (true: Black).
func encodeBoards(pos []game.Position) ([][81]float32, []bool) {
	in, black := make([][81]float32, len(pos)), make([]bool, len(pos))
	for i := range pos {
		cnn.Encode(&pos[i], &in[i])
		black[i] = pos[i].SideToMove() == game.Black
	}
	return in, black
}

// benchOpeningPlies is the length of the random openings of engineGamePositions.
const benchOpeningPlies = 6

// engineGamePositions returns n positions of games that the heuristic
// engine plays against itself at depth 2 (deterministic) after random
// openings drawn with r: boards like those of real games, where random games
// give boards no player would reach. The bench's boards come from it, and so
// do cnn's calibration boards (cnn.CalibrationSeed, TestCalibrationBoards).
// The search runs without late-move pruning, as it did when those boards
// were made: the boards, and the quantisation choices measured on them, stay
// the same when the engine's pruning changes.
func engineGamePositions(n int, r *rand.Rand) []game.Position {
	lmp, _ := ai.ParseFeatures("lmp")
	s := ai.NewSearcher(ai.NewHeuristic(), ai.Options{TTSizeMB: 4, Threads: 1, Off: lmp})
	out := make([]game.Position, 0, n)
	for len(out) < n {
		g := game.NewGame(game.StartPosition())
		for _, m := range match.RandomOpening(r, benchOpeningPlies) {
			_ = g.Play(m) // RandomOpening's moves are legal
		}
		for g.Outcome() == game.Ongoing && g.Ply() < match.DefaultMaxPlies && len(out) < n {
			res := s.Search(context.Background(), g.Position(), g.RepetitionHistory(), ai.Limits{Depth: 2}, nil)
			if g.Play(res.Move) != nil {
				break
			}
			out = append(out, g.Position())
		}
	}
	return out
}

// benchStream is the second word of the PCG seed of the bench's boards:
// tablut bench cnn -seed N draws its boards from rand.NewPCG(N, benchStream).
const benchStream = 0xB0A2D
