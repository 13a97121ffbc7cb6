package player

import (
	"bytes"
	"fmt"
	"os"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/weights"
)

// LoadNet loads the network net: a file when IsPath(net), else a shipped one.
func LoadNet(net string) (*cnn.Network, error) {
	if IsPath(net) {
		n, err := cnn.LoadFile(net)
		if err != nil {
			return nil, fmt.Errorf("cannot load network file %s: %w", net, err)
		}
		return n, nil
	}
	b, err := weights.Open(net)
	if err != nil {
		return nil, err
	}
	n, err := cnn.Load(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("shipped network %q is damaged: %w", net, err)
	}
	if n.Label == "" {
		n.Label = net
	}
	return n, nil
}

// evalCacheLog sizes the players' network evaluation caches: 2^20 entries, 8 MB.
const evalCacheLog = 20

// PathEnv names the environment variable that picks how players run their
// networks: unset, "" or "auto" for the default (the integer path when this
// machine has an integer assembly kernel, the float32 path otherwise),
// "float" for the float32 path (the reference, for comparisons), or an
// integer kernel (cnn.IntKernel names such as "int16-avx2" or "avx2").
const PathEnv = "TABLUT_CNN"

// netRunner is what a player evaluates with: the float network or its
// integer version.
type netRunner interface {
	ai.Evaluator
	EnableCache(logSize int)
}

// NetPathName returns the name of the path players run networks on, as
// PathEnv picks it: "float32" or an integer kernel's name.
func NetPathName() (string, error) {
	k, integer, err := resolvePath(os.Getenv(PathEnv))
	if err != nil || !integer {
		return "float32", err
	}
	return k.String(), nil
}

// resolvePath reads a PathEnv value: the integer kernel to use, or integer
// false for the float32 path. The integer path needs an assembly kernel to
// beat the float one (the pure-Go integer kernel is slower than the pure-Go
// float one), so "auto" takes it only then.
func resolvePath(path string) (k cnn.IntKernel, integer bool, err error) {
	switch path {
	case "", "auto":
		k = cnn.DefaultIntKernel()
		return k, k != cnn.IntGo, nil
	case "float", "float32":
		return 0, false, nil
	}
	if k, err = cnn.ParseIntKernel(path); err != nil {
		return 0, false, fmt.Errorf("%s=%s: %v (or float, auto)", PathEnv, path, err)
	}
	return k, true, nil
}

// netRunnerFor returns n itself (float32) or its integer version, as path
// chooses (see PathEnv).
func netRunnerFor(n *cnn.Network, path string) (netRunner, error) {
	k, integer, err := resolvePath(path)
	if err != nil {
		return nil, err
	}
	if !integer {
		return n, nil
	}
	return cnn.Quantize(n).WithKernel(k)
}

// NetEvaluator returns the evaluator of network n: n itself for a pure network,
// or for a residual one (Base "heuristic") an ai.Residual that adds
// n.Scale times the network's output to the hand-made heuristic (with the
// network's own weights when it carries them, n.BaseParams), named like
// "cnn:champion+heuristic". The network runs on the path the environment
// variable PathEnv picks (by default the integer path where it is faster).
//
// It also gives the network an evaluation cache of 2^evalCacheLog entries,
// which iterative deepening revisits (see tablut bench search -eval cnn:NAME).
func NetEvaluator(n *cnn.Network) (ai.Evaluator, error) {
	run, err := netRunnerFor(n, os.Getenv(PathEnv))
	if err != nil {
		return nil, err
	}
	run.EnableCache(evalCacheLog)
	switch n.Base {
	case "":
		return run, nil
	case cnn.BaseHeuristic:
		r, err := ai.NewResidual(run, n.Scale, n.BaseParams)
		if err != nil {
			return nil, fmt.Errorf("network %q: %v", n.Label, err)
		}
		return r, nil
	}
	return nil, fmt.Errorf("network %q corrects an unknown evaluator %q", n.Label, n.Base)
}
