package player

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"os"
	"sync"
	"weak"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/weights"
)

// LoadNet loads the network net: a file when isPath(net), else a shipped one.
func LoadNet(net string) (*cnn.Network, error) {
	if isPath(net) {
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

// evalCacheLog sizes the players' network evaluation caches: 2^17 entries,
// 1 MB. Its hits are revisits of recent positions by iterative deepening, so
// 2^20 entries (8 MB) searched no faster (docs/measurements.md, section
// Memory), and the window runs up to three networks at once.
const evalCacheLog = 17

// PathEnv names the environment variable that picks how players run their
// networks: unset, "" or "auto" for the default (the integer path, in int8
// where cnn.Quantize finds it precise enough for the network and int16
// otherwise; without an assembly kernel the pure-Go int16-swar, which is
// faster than the float32 Go kernels), "float" for the float32 path (the reference,
// for comparisons), or an integer kernel (cnn.IntKernel names such as
// "int8-avx512vnni", "int8-avxvnni", "int16-avx2" or "avx2", which is
// int16).
const PathEnv = "TABLUT_CNN"

// autoKernel is resolvePath's kernel for "auto": cnn.Quantize's choice.
const autoKernel cnn.IntKernel = -1

// netRunner is what a player evaluates with: the float network or its
// integer version.
type netRunner interface {
	ai.Evaluator
	EnableCache(logSize int)
}

// NetPath returns the name of the path players run the network q was
// quantised from on, as PathEnv picks it: "float32" or an integer kernel's
// name (by default q.Kernel(), the width Quantize chose for it).
func NetPath(q *cnn.Quantized) (string, error) {
	k, integer, err := resolvePath(os.Getenv(PathEnv))
	switch {
	case err != nil || !integer:
		return "float32", err
	case k == autoKernel:
		return q.Kernel().String(), nil
	}
	return k.String(), nil
}

// EvaluatorPath returns the path a player's evaluator runs its network on:
// "float32" for a *cnn.Network, the kernel of a *cnn.Quantized (also inside
// an ai.Residual, ai.Sided or ai.Centred), "" for an evaluator without a network.
func EvaluatorPath(e ai.Evaluator) string {
	switch n := evaluatorNet(e).(type) {
	case *cnn.Network:
		return "float32"
	case *cnn.Quantized:
		return n.Kernel().String()
	}
	return ""
}

// SetRowPatchLimit sets how many patches' layer-2 rows each network built
// from then on keeps (cnn.SetRowPatchLimit): fewer for a smaller memory,
// at some speed.
func SetRowPatchLimit(n int) { cnn.SetRowPatchLimit(n) }

// WindowRowPatches is the row limit the game window sets (9.4 MB a
// network, against 37.7 MB for the command-line tools by default): the
// search is a little slower for it, since a network that meets more
// patches drops its rows more often and builds them again. The tools'
// -row-patches flag plays at it.
const WindowRowPatches = 8192

// EvaluatorRows returns the number of patches whose layer-2 rows the
// network of a player's evaluator keeps (cnn.Quantized.PatchesBuilt, 0 on
// the paths without rows; cnn.PatchRowBytes of memory each) and how many
// times it dropped them at the limit (cnn.Quantized.RowFlushes).
func EvaluatorRows(e ai.Evaluator) (kept, flushes int) {
	if q, ok := evaluatorNet(e).(*cnn.Quantized); ok {
		return q.PatchesBuilt(), q.RowFlushes()
	}
	return 0, 0
}

// evaluatorNet returns the network inside a player's evaluator (an
// ai.Residual, ai.Sided or ai.Centred around it), or e itself.
func evaluatorNet(e ai.Evaluator) ai.Evaluator {
	switch e := e.(type) {
	case *ai.Residual:
		return evaluatorNet(e.Net)
	case *ai.Sided:
		return evaluatorNet(e.White)
	case *ai.Centred:
		return evaluatorNet(e.Eval)
	}
	return e
}

// resolvePath reads a PathEnv value: the integer kernel to use (autoKernel
// for Quantize's choice), or integer false for the float32 path. "auto"
// takes the integer path wherever its default kernel is not the plain Go
// reference (cnn.IntGo, slower than the float32 Go kernels): an assembly
// kernel, or the pure-Go cnn.IntSWAR.
func resolvePath(path string) (k cnn.IntKernel, integer bool, err error) {
	switch path {
	case "", "auto":
		return autoKernel, cnn.DefaultIntKernel() != cnn.IntGo, nil
	case "float", "float32":
		return 0, false, nil
	}
	if k, err = cnn.ParseIntKernel(path); err != nil {
		return 0, false, fmt.Errorf("%s=%s: %v (or float, auto)", PathEnv, path, err)
	}
	return k, true, nil
}

// netRunnerFor returns n itself (float32) or its integer version, as path
// chooses (see PathEnv), with an evaluation cache of 2^evalCacheLog entries.
func netRunnerFor(n *cnn.Network, path string) (netRunner, error) {
	k, integer, err := resolvePath(path)
	if err != nil {
		return nil, err
	}
	if !integer {
		n.EnableCache(evalCacheLog)
		return n, nil
	}
	q, fresh := sharedQuantized(n, k == autoKernel)
	if fresh && k == autoKernel {
		return q, nil // its cache given before it was shared
	}
	if k == autoKernel {
		k = q.Kernel()
	}
	c, err := q.WithKernel(k)
	if err != nil {
		return nil, err
	}
	c.EnableCache(evalCacheLog)
	return c, nil
}

// quantized holds, by the hash of a network's saved bytes, a weak pointer
// to the integer form built for the first player of that network. The
// layer-1 table is the largest part of an integer network and never
// changes, so players of one network at the same time (the opponent, a
// level built on it, the hint engine) share it: the first player runs the
// integer form itself, the others copies from WithKernel that share its
// tables, each with a cache of its own. The pointer is weak (package weak):
// once the first player is gone the form is freed and the next player
// builds it again, rather than the process keeping every network it ever
// played.
var quantized sync.Map // uint64 -> weak.Pointer[cnn.Quantized]

// sharedQuantized returns n's integer form: the one a live player already
// runs, or a new one (fresh), given its evaluation cache when run says the
// caller runs it itself. A new form is shared only once it is whole: other
// players copy it (WithKernel) from then on, so it is not written again.
func sharedQuantized(n *cnn.Network, run bool) (q *cnn.Quantized, fresh bool) {
	build := func() *cnn.Quantized {
		q := cnn.Quantize(n)
		if run {
			q.EnableCache(evalCacheLog)
		}
		return q
	}
	h := fnv.New64a()
	if err := n.Save(h); err != nil {
		return build(), true // not expected: Save fails only with its writer
	}
	key := h.Sum64()
	if w, ok := quantized.Load(key); ok {
		if q := w.(weak.Pointer[cnn.Quantized]).Value(); q != nil {
			return q, false
		}
	}
	q = build()
	quantized.Store(key, weak.Make(q))
	return q, true
}

// NetEvaluator returns the evaluator of network n: n itself for a pure network,
// or for a residual one (Base "heuristic") an ai.Residual that adds
// n.Scale times the network's output to the hand-made heuristic (with the
// network's own weights when it carries them, n.BaseParams), named like
// "cnn:hybrid+heuristic". The network runs on the path the environment
// variable PathEnv picks (by default the integer path where it is faster).
//
// It also gives the network an evaluation cache of 2^evalCacheLog entries,
// which iterative deepening revisits (see tablut bench search -eval cnn:NAME).
func NetEvaluator(n *cnn.Network) (ai.Evaluator, error) {
	run, err := netRunnerFor(n, os.Getenv(PathEnv))
	if err != nil {
		return nil, err
	}
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
