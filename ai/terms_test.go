package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
)

// termPositions are the bench positions and a few positions from seeded
// random games, where escapes, captures and repetitions happen.
func termPositions(t *testing.T) []game.Position {
	var out []game.Position
	for _, np := range benchPositions(t) {
		out = append(out, np.Pos)
	}
	return append(out, cnn.RandomGamePositions(12, rand.New(rand.NewPCG(7, 7)))...)
}

// TestTermsSumToEvaluate: the heuristic's terms, weight times count, add up
// to its evaluation (clamped), with the hand-made weights and with every
// weight in use.
func TestTermsSumToEvaluate(t *testing.T) {
	all := DefaultWeights
	all.Capture = 35
	for _, w := range []Weights{DefaultWeights, all} {
		h := &Heuristic{W: w}
		for _, p := range termPositions(t) {
			var sum int32
			for _, term := range h.Terms(&p) {
				assert.Equal(t, term.Weight*term.Count, term.Value, "%s in %s", term.Name, p.String())
				sum += term.Value
			}
			require.Equal(t, h.Evaluate(&p), clampEval(sum), "%s", p.String())
		}
	}
	// A zero weight is not a term: the hand-made heuristic does not count captures.
	start := game.StartPosition()
	for _, term := range NewHeuristic().Terms(&start) {
		assert.NotEqual(t, "pawns the mover can capture", term.Name)
	}
}

// TestInfoRoot: every report lists all root moves, the first being the
// principal move with the reported (exact) score.
func TestInfoRoot(t *testing.T) {
	p := benchPositions(t)[2].Pos
	n := len(p.GenerateMoves(nil))
	var infos []Info
	s := NewSearcher(NewHeuristic(), Options{Deterministic: true, TTSizeMB: 1})
	s.Search(context.Background(), p, nil, Limits{Depth: 4}, func(i Info) { infos = append(infos, i) })
	require.NotEmpty(t, infos)
	for _, info := range infos {
		require.Len(t, info.Root, n, "depth %d", info.Depth)
		require.Equal(t, info.PV[0], info.Root[0].Move)
		require.Equal(t, info.Score, info.Root[0].Score)
		require.True(t, info.Root[0].Exact)
	}
}
