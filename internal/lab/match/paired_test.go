package match

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// ComparePaired pairs two matches' games by opening and A's colour, and its
// mean difference and standard error are those of the per-game differences.
func TestComparePaired(t *testing.T) {
	deep, _ := player.ParseSpec("heuristic")
	deep.Depth = 2
	shallow := deep
	shallow.Depth = 1
	const games = 8
	play := func(a player.Spec, side string, n int, seed uint64) (string, map[int]float64) {
		dir := t.TempDir()
		scores := map[int]float64{}
		c := Config{A: a, B: shallow, Games: n, OpeningPlies: 4, MaxPlies: 80, Parallel: 2, Seed: seed, Side: side, RecordsDir: dir,
			OnGame: func(i int, res GameResult, aWhite bool, _ Stats) {
				colour := game.White
				if !aWhite {
					colour = game.Black
				}
				scores[i] = res.ScoreFor(colour)
			}}
		_, err := Run(context.Background(), c)
		require.NoError(t, err)
		return dir, scores
	}
	d1, s1 := play(deep, "", games, 5)
	d2, s2 := play(shallow, "", games, 5)

	p, err := ComparePaired(d1, d2)
	require.NoError(t, err)
	assert.Equal(t, games, p.N)
	assert.Zero(t, p.Unpaired)
	var here, there, diffs []float64
	for i := 0; i < games; i++ {
		here, there, diffs = append(here, s1[i]), append(there, s2[i]), append(diffs, s1[i]-s2[i])
	}
	mean := func(v []float64) float64 {
		sum := 0.0
		for _, x := range v {
			sum += x
		}
		return sum / float64(len(v))
	}
	assert.InDelta(t, mean(here), p.Here, 1e-12)
	assert.InDelta(t, mean(there), p.There, 1e-12)
	assert.InDelta(t, mean(diffs), p.Diff, 1e-12)
	ss := 0.0
	for _, d := range diffs {
		ss += (d - mean(diffs)) * (d - mean(diffs))
	}
	se := math.Sqrt(ss / (games - 1) / games)
	assert.InDelta(t, se, p.SE, 1e-12)
	assert.InDelta(t, p.Diff-1.96*se, p.Lo, 1e-12)
	assert.Contains(t, p.Summary("base"), "paired by opening with base: 8 games")

	// A match of one side pairs with the games of that colour: game i of a
	// White-only match opens as pair i of a two-colour match.
	dw, _ := play(deep, "white", games/2, 5)
	p, err = ComparePaired(dw, d2)
	require.NoError(t, err)
	assert.Equal(t, games/2, p.N)
	assert.Zero(t, p.Unpaired)
	p, err = ComparePaired(d2, dw)
	require.NoError(t, err)
	assert.Equal(t, games/2, p.N)
	assert.Equal(t, games/2, p.Unpaired, "the games with A as Black have no partner")
	assert.Contains(t, p.Summary("base"), "4 more without a partner there")

	// Other openings: nothing to pair, a one-line error.
	other, _ := play(deep, "", 2, 6)
	_, err = ComparePaired(other, d2)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no opening in common")
	assert.NotContains(t, err.Error(), "\n")
	_, err = ComparePaired(t.TempDir(), d2)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no game records")
}

// PoolPaired weighs each comparison by 1/SE²: the figures of the two seeds of
// tsw2's White matches (docs/measurements.md) give the pooled line written there.
func TestPoolPaired(t *testing.T) {
	a := Paired{N: 100, Here: 0.565, There: 0.555, Diff: 0.010, SE: 0.061}
	b := Paired{N: 100, Unpaired: 3, Here: 0.550, There: 0.545, Diff: 0.005, SE: 0.065}
	p, err := PoolPaired([]Paired{a, b})
	require.NoError(t, err)
	wa, wb := 1/(0.061*0.061), 1/(0.065*0.065)
	assert.InDelta(t, (wa*0.010+wb*0.005)/(wa+wb), p.Diff, 1e-12)
	assert.InDelta(t, 1/math.Sqrt(wa+wb), p.SE, 1e-12)
	assert.InDelta(t, 0.008, p.Diff, 0.0005)
	assert.InDelta(t, 0.044, p.SE, 0.0005)
	assert.InDelta(t, p.Diff+1.96*p.SE, p.Hi, 1e-12)
	assert.Equal(t, 200, p.N)
	assert.Equal(t, 3, p.Unpaired)
	assert.Contains(t, p.PooledSummary(2), "the 2 comparisons pooled")

	one, err := PoolPaired([]Paired{a})
	require.NoError(t, err)
	assert.InDelta(t, a.Diff, one.Diff, 1e-12)
	assert.InDelta(t, a.SE, one.SE, 1e-12)

	_, err = PoolPaired([]Paired{a, {N: 1, Diff: 1}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "comparison 2")
	_, err = PoolPaired(nil)
	require.Error(t, err)
}
