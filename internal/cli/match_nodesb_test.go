package cli

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestMatchNodesB: player B's own node budget is accepted and a negative one
// is refused with a message naming the flag.
func TestMatchNodesB(t *testing.T) {
	runQuiet(t, "match", "-a", "heuristic", "-b", "heuristic", "-nodes", "50", "-nodes-b", "100", "-games", "2", "-max-plies", "20")
	err := run([]string{"match", "-a", "heuristic", "-nodes", "50", "-nodes-b", "-3", "-games", "2"})
	require.ErrorContains(t, err, "-nodes-b")
}

// -threads-b and -ponder set player B's threads and who ponders (a short
// depth-limited match: pondering follows the depth limit).
func TestMatchThreadsBAndPonder(t *testing.T) {
	runQuiet(t, "match", "-a", "heuristic", "-b", "heuristic", "-depth", "2", "-threads", "1", "-threads-b", "2", "-ponder", "both", "-games", "2", "-max-plies", "20")
}

// -side white plays A as White in every game; another value is refused.
func TestMatchSide(t *testing.T) {
	runQuiet(t, "match", "-a", "heuristic", "-b", "random", "-depth", "1", "-side", "white", "-games", "2", "-max-plies", "20")
	require.ErrorContains(t, run([]string{"match", "-a", "heuristic", "-side", "red", "-depth", "1", "-games", "2"}), "bad -side")
}

// -full-time sets the time policy of both players and -full-time-b=false
// takes it back for B; the players' descriptions say which has it.
func TestMatchFullTimeB(t *testing.T) {
	var err error
	out := captureStdout(t, func() {
		err = run([]string{"match", "-a", "heuristic", "-b", "heuristic", "-movetime", "20ms", "-full-time", "-full-time-b=false", "-games", "2", "-max-plies", "6"})
	})
	require.NoError(t, err)
	require.Contains(t, out, "heuristic (20ms/move, full time) vs heuristic (20ms/move):")
	require.ErrorContains(t, run([]string{"match", "-a", "heuristic", "-full-time-b=sometimes", "-games", "2"}), "full-time-b")
}
