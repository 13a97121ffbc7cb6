package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablut-ai/tablut/game"
)

func TestRandomEvaluator(t *testing.T) {
	p := game.StartPosition()
	a, b := Random{Seed: 1}, Random{Seed: 2}
	first := a.Evaluate(&p)
	assert.Equal(t, first, a.Evaluate(&p), "random evaluator is not a function of the position")
	seen := map[int32]bool{}
	for _, np := range benchPositions(t) {
		for _, r := range []Random{a, b} {
			v := r.Evaluate(&np.Pos)
			assert.True(t, v >= -100 && v <= 100, "random score %d out of range", v)
			seen[v] = true
		}
	}
	assert.GreaterOrEqual(t, len(seen), 10, "distinct random scores")
}

// TestHeuristicFeatures checks each feature on a small board: one weight at a time.
func TestHeuristicFeatures(t *testing.T) {
	// King d3: a3 and i3 open, north blocked by the black pawn on d8 (d4..d7
	// empty), south blocked by the camp d1 (no piece: not "blocked" in the
	// report's sense). Black pawns on c7, e7, d8, and on d4 touching the king? No:
	// d4 is empty. One white pawn on b9.
	p := game.MustParsePosition("........./........./...K...../........./........./........./..B.B..../...B...../.W....... W")
	cases := []struct {
		w    Weights
		want int32
	}{
		{Weights{WhitePawn: 1}, 1},
		{Weights{BlackPawn: 1}, 3},
		{Weights{BlockedLine: 1}, 1},
		{Weights{BlackNextToKing: 1}, 0},
		{Weights{OpenLine: 1}, 2},
		{Weights{KingEdgeDistance: 1}, 2},
	}
	for _, c := range cases {
		h := &Heuristic{W: c.w}
		assert.Equal(t, c.want, h.Evaluate(&p), "weights %+v", c.w)
	}
	// A black pawn next to the king.
	q := game.MustParsePosition("........./........./...KB..../........./........./........./........./........./......... W")
	assert.Equal(t, int32(1), (&Heuristic{W: Weights{BlackNextToKing: 1}}).Evaluate(&q), "black pawn next to the king")
	// Clamped inside MaxEval.
	assert.Less(t, (&Heuristic{W: Weights{OpenLine: 1 << 20}}).Evaluate(&p), int32(MaxEval), "not clamped")

	// The king terms leave the pawns out: the heuristic less the pawn counts.
	w := Weights{WhitePawn: 1, BlackPawn: 10, BlockedLine: 100, BlackNextToKing: 1000, OpenLine: 10000,
		ThreatSquare: 100000, KingEdgeDistance: 1000000, Capture: 7}
	assert.Equal(t, Weights{BlockedLine: 100, BlackNextToKing: 1000, OpenLine: 10000, ThreatSquare: 100000,
		KingEdgeDistance: 1000000}, w.KingTerms())
	k := DefaultWeights.KingTerms()
	assert.Equal(t, NewHeuristic().Evaluate(&p)-DefaultWeights.WhitePawn-3*DefaultWeights.BlackPawn,
		(&Heuristic{W: k}).Evaluate(&p), "the default king terms of a position with 1 white and 3 black pawns")
}

func TestTTPacking(t *testing.T) {
	for _, d := range []ttData{
		{move: game.NewMove(3, 75), score: -WinScore + 7, depth: 12, bound: boundLower, age: 5},
		{move: game.NoMove, score: 1234, depth: 0, bound: boundExact, age: 63},
		{move: game.NewMove(80, 0), score: -1, depth: 100, bound: boundUpper},
	} {
		assert.Equal(t, d, unpack(pack(d)), "pack/unpack")
	}
	tt := newTable(1)
	tt.store(99, ttData{move: game.NewMove(1, 2), score: 5, depth: 3, bound: boundExact})
	e, ok := tt.probe(99)
	if assert.True(t, ok, "probe after store") {
		assert.Equal(t, int32(5), e.score)
		assert.Equal(t, game.NewMove(1, 2), e.move)
	}
	_, ok = tt.probe(99 + 1<<40)
	assert.False(t, ok, "probe of another key hit")
	for _, s := range []int32{WinScore - 3, -(WinScore - 9), 0, 500} {
		assert.Equal(t, s, scoreFromTT(scoreToTT(s, 4), 4), "mate score not restored")
	}
}
