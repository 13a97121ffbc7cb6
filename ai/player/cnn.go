package player

import (
	"bytes"
	"fmt"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/weights"
)

// loadNet loads the network net: a file when IsPath(net), else a shipped one.
func loadNet(net string) (*cnn.Network, error) {
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
