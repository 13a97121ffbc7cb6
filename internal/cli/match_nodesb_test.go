package cli

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMatchNodesB: player B's own node budget is accepted and a negative one
// is refused with a message naming the flag.
func TestMatchNodesB(t *testing.T) {
	runQuiet(t, "match", "-a", "heuristic", "-b", "heuristic", "-nodes", "50", "-nodes-b", "100", "-games", "2", "-max-plies", "20")
	err := Run([]string{"match", "-a", "heuristic", "-nodes", "50", "-nodes-b", "-3", "-games", "2"})
	require.ErrorContains(t, err, "-nodes-b")
}
