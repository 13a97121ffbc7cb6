package player

import (
	"bytes"
	"fmt"

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

// NetEvaluator returns the evaluator of network n: n itself for a pure network,
// or for a residual one (Base "heuristic") an ai.Residual that adds
// n.Scale times the network's output to the hand-made heuristic (with the
// network's own weights when it carries them, n.BaseParams), named like
// "cnn:champion+heuristic".
//
// It also gives n an evaluation cache of 2^evalCacheLog entries, which
// iterative deepening revisits (see tablut bench search -eval cnn:NAME).
func NetEvaluator(n *cnn.Network) (ai.Evaluator, error) {
	n.EnableCache(evalCacheLog)
	switch n.Base {
	case "":
		return n, nil
	case cnn.BaseHeuristic:
		r, err := ai.NewResidual(n, n.Scale, n.BaseParams)
		if err != nil {
			return nil, fmt.Errorf("network %q: %v", n.Label, err)
		}
		return r, nil
	}
	return nil, fmt.Errorf("network %q corrects an unknown evaluator %q", n.Label, n.Base)
}
