package match

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// colourBound is a match of the kind Tablut engines play: 30 pairs split one
// win each (A wins as Black, loses as White), 8 pairs A won and drew, 2 pairs
// A won both; fed to a Tally in a shuffled order.
func colourBound(t *testing.T) Stats {
	var res [80]float64
	for p := 0; p < 40; p++ {
		w, b := 0.0, 1.0 // A as White, A as Black
		switch {
		case p >= 38:
			w = 1
		case p >= 30:
			w = 0.5
		}
		res[2*p], res[2*p+1] = w, b
	}
	var tl tally
	for _, i := range rand.New(rand.NewPCG(3, 4)).Perm(80) {
		tl.Add(i, res[i], game.KingCaptured)
	}
	require.Equal(t, [5]int{0, 0, 30, 8, 2}, tl.Stats.Pairs)
	return tl.Stats
}

func TestPairCI(t *testing.T) {
	s := colourBound(t)
	require.Equal(t, 80, s.Games())
	assert.Equal(t, WDL{2, 8, 30}, s.AsWhite)
	assert.Equal(t, WDL{40, 0, 0}, s.AsBlack)
	assert.InDelta(t, 0.575, s.Score(), 1e-12)
	require.True(t, s.ByPairs())
	// Pair means 0.5 (30), 0.75 (8), 1 (2) around 0.575:
	// var = (30*0.075^2 + 8*0.175^2 + 2*0.425^2) / 40 = 0.019375.
	h := z95 * math.Sqrt(0.019375/40)
	lo, hi := s.CI()
	assert.InDelta(t, 0.575-h, lo, 1e-9)
	assert.InDelta(t, 0.575+h, hi, 1e-9)
	// Over single games: var = (42*0.425^2 + 8*0.075^2 + 30*0.575^2) / 80.
	g := z95 * math.Sqrt((42*0.425*0.425+8*0.075*0.075+30*0.575*0.575)/80/80)
	glo, ghi := s.GameCI()
	assert.InDelta(t, 0.575-g, glo, 1e-9)
	assert.InDelta(t, 0.575+g, ghi, 1e-9)
	assert.Equal(t, 1, s.Significant(), "over pairs, 0.575 is significant here")
	sum := s.Summary("a", "b")
	assert.Contains(t, sum, "pairs        40: a scored 0/0.5/1/1.5/2 points in 0/0/30/8/2")
	assert.Contains(t, sum, "over pairs (over games [")
	assert.Contains(t, sum, "a is stronger")
}

// Pairs measure the interval only when there are enough of them and no game
// is left out of one.
func TestPairCIFallsBack(t *testing.T) {
	s := colourBound(t)
	s.Add(true, 1) // game 81, its pair unfinished
	assert.False(t, s.ByPairs())
	lo, hi := s.CI()
	glo, ghi := s.GameCI()
	assert.Equal(t, [2]float64{glo, ghi}, [2]float64{lo, hi})
	assert.NotContains(t, s.Summary("a", "b"), "over pairs")

	var few tally
	for i := 0; i < 2*minPairs-2; i++ {
		few.Add(i, float64(i%2), game.KingEscaped)
	}
	assert.False(t, few.Stats.ByPairs(), "%d pairs", few.Stats.PairCount())
	few.Add(2*minPairs-2, 0, game.KingCaptured)
	few.Add(2*minPairs-1, 1, game.KingCaptured)
	assert.True(t, few.Stats.ByPairs())
	// Every pair 1-1: the spread is taken with a virtual 2-0 and 0-2 pair,
	// so the interval does not shrink to a point.
	lo, hi = few.Stats.CI()
	assert.InDelta(t, 0.5, (lo+hi)/2, 1e-12)
	assert.Greater(t, hi-lo, 0.1)
	assert.Equal(t, 0, few.Stats.Significant())
}

func TestFlip(t *testing.T) {
	s := colourBound(t)
	f := s.Flip()
	assert.Equal(t, [5]int{2, 8, 30, 0, 0}, f.Pairs)
	assert.Equal(t, WDL{0, 0, 40}, f.AsWhite, "B played White where A played Black")
	assert.InDelta(t, 1-s.Score(), f.Score(), 1e-12)
	lo, hi := s.CI()
	flo, fhi := f.CI()
	assert.InDelta(t, 1-hi, flo, 1e-12)
	assert.InDelta(t, 1-lo, fhi, 1e-12)
	assert.Equal(t, s, f.Flip())
}

// quickMatch is a fast match: the heuristic at depth 1 against random moves.
func quickMatch(t *testing.T, games int, seed uint64) Config {
	t.Helper()
	r, err := player.ParseSpec("random")
	require.NoError(t, err)
	h, err := player.ParseSpec("heuristic")
	require.NoError(t, err)
	h.Depth = 1
	return Config{A: h, B: r, Games: games, OpeningPlies: 2, MaxPlies: 60, Parallel: 2, Seed: seed}
}

// A match's records give back the Stats the match returned; records that do
// not fit a match are refused with the file named.
func TestScoreRecords(t *testing.T) {
	dir := t.TempDir()
	c := quickMatch(t, 2*minPairs+1, 5)
	c.RecordsDir = dir
	h, r := c.A, c.B
	st, err := Run(context.Background(), c)
	require.NoError(t, err)
	require.Equal(t, minPairs, st.PairCount(), "the last game has no partner")
	sc, err := ScoreRecords(dir)
	require.NoError(t, err)
	assert.Equal(t, st, sc.Stats)
	assert.Equal(t, h.Describe(), sc.A)
	assert.Equal(t, r.Describe(), sc.B)

	// A stopped match: the records so far.
	require.NoError(t, os.Remove(filepath.Join(dir, "game-0003.txt")))
	sc, err = ScoreRecords(dir)
	require.NoError(t, err)
	assert.Equal(t, 2*minPairs, sc.Stats.Games())
	assert.Equal(t, minPairs-1, sc.Stats.PairCount())

	// Players in the wrong colours.
	p4 := filepath.Join(dir, "game-0004.txt")
	b, err := os.ReadFile(p4)
	require.NoError(t, err)
	swapped := strings.Replace(strings.Replace(string(b), "White: random", "White: X", 1), "Black: heuristic", "Black: random", 1)
	swapped = strings.Replace(swapped, "White: X", "White: heuristic", 1)
	require.NoError(t, os.WriteFile(p4, []byte(swapped), 0o644))
	_, err = ScoreRecords(dir)
	require.ErrorContains(t, err, "game-0004.txt: White \"heuristic\" and Black \"random\"")

	// A corrupt record.
	require.NoError(t, os.WriteFile(p4, []byte("Format: tablut-record 1\nResult: WW\n\n1. e3-e9\n"), 0o644))
	_, err = ScoreRecords(dir)
	require.ErrorContains(t, err, "game-0004.txt: record:")
	assert.NotContains(t, err.Error(), "\n")

	_, err = ScoreRecords(t.TempDir())
	require.ErrorContains(t, err, "no game records")
}

// A stopped match resumed from its records folder plays only the games it
// lacks and ends as the same match played in one go; a folder of another
// match is refused.
func TestResume(t *testing.T) {
	c := quickMatch(t, 12, 9)
	whole, err := Run(context.Background(), c)
	require.NoError(t, err)

	dir := t.TempDir()
	c.RecordsDir, c.Games = dir, 8
	_, err = Run(context.Background(), c)
	require.NoError(t, err)
	// Stopped with games 3 and 6 unfinished.
	game6, err := os.ReadFile(filepath.Join(dir, "game-0006.txt"))
	require.NoError(t, err)
	require.NoError(t, os.Remove(filepath.Join(dir, "game-0003.txt")))
	require.NoError(t, os.Remove(filepath.Join(dir, "game-0006.txt")))

	_, err = Run(context.Background(), c)
	require.ErrorContains(t, err, "or resume that match", "without Resume")

	c.Resume, c.Games = true, 12
	var seen []int
	c.OnGame = func(i int, _ GameResult, _ bool, _ Stats) { seen = append(seen, i) }
	got, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, whole, got, "resumed and grown to 12 games")
	assert.Len(t, seen, 12, "OnGame for every game, the resumed ones included")
	again, err := os.ReadFile(filepath.Join(dir, "game-0006.txt"))
	require.NoError(t, err)
	undated := func(b []byte) string { // the Date line may differ across midnight
		lines := strings.Split(string(b), "\n")
		for i, l := range lines {
			if strings.HasPrefix(l, "Date:") {
				lines[i] = "Date:"
			}
		}
		return strings.Join(lines, "\n")
	}
	assert.Equal(t, undated(game6), undated(again), "game 6 played again is the same game")

	bad := c
	bad.Seed = 10
	_, err = Run(context.Background(), bad)
	require.ErrorContains(t, err, "with other settings")
	bad = c
	bad.B.Depth = 2
	_, err = Run(context.Background(), bad)
	require.ErrorContains(t, err, "with other settings")
	bad = c
	bad.Games = 10
	_, err = Run(context.Background(), bad)
	require.ErrorContains(t, err, "it already holds game 11")

	require.NoError(t, os.Remove(filepath.Join(dir, "match.json")))
	_, err = Run(context.Background(), c)
	require.ErrorContains(t, err, "has no match.json")

	// Resuming into an empty folder starts the match.
	c.RecordsDir, c.OnGame = t.TempDir(), nil
	got, err = Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, whole, got)
}

// A match of one side: A plays that colour in every game, game i opening as
// pair i of a match of both colours does; there are no pairs; the records
// give back the Stats and the side, and resume keeps it; a bad side is
// refused.
func TestOneSide(t *testing.T) {
	both := quickMatch(t, 8, 3)
	for _, side := range []string{"white", "black"} {
		c := quickMatch(t, 4, 3)
		c.Side = side
		c.RecordsDir = t.TempDir()
		for i := 0; i < c.Games; i++ {
			assert.Equal(t, both.Opening(2*i), c.Opening(i), "%s: game %d opens as pair %d", side, i, i+1)
			assert.Equal(t, side == "white", c.aWhite(i))
		}
		assert.NotEqual(t, c.Opening(0), c.Opening(1), "each game its own opening")
		st, err := Run(context.Background(), c)
		require.NoError(t, err)
		own, other := st.AsWhite, st.AsBlack
		if side == "black" {
			own, other = other, own
		}
		assert.Equal(t, 4, own.Games(), side)
		assert.Zero(t, other.Games(), side)
		assert.Zero(t, st.PairCount(), "no pairs")
		sc, err := ScoreRecords(c.RecordsDir)
		require.NoError(t, err)
		assert.Equal(t, st, sc.Stats, "%s: counted again from the records", side)
		b, err := os.ReadFile(filepath.Join(c.RecordsDir, "game-0002.txt"))
		require.NoError(t, err)
		assert.Contains(t, string(b), "(seed 3, pair 2)")

		c.Resume, c.Games = true, 6
		got, err := Run(context.Background(), c)
		require.NoError(t, err)
		assert.Equal(t, 6, got.Games())
		c.Side = ""
		_, err = Run(context.Background(), c)
		assert.ErrorContains(t, err, "other settings", "%s: resumed as a match of both colours", side)
	}
	c := quickMatch(t, 2, 3)
	c.Side = "red"
	_, err := Run(context.Background(), c)
	assert.ErrorContains(t, err, `side "red"`)
}

// Every game's ending is counted once, under the colour A played, and the
// summary lists them; the records give back the same counts.
func TestEndings(t *testing.T) {
	c := quickMatch(t, 12, 6)
	c.MaxPlies = 30 // some games reach the limit
	c.RecordsDir = t.TempDir()
	st, err := Run(context.Background(), c)
	require.NoError(t, err)
	sum := func(e [game.Resignation + 1]int) (n int) {
		for _, k := range e {
			n += k
		}
		return n
	}
	assert.Equal(t, st.AsWhite.Games(), sum(st.Endings[0]))
	assert.Equal(t, st.AsBlack.Games(), sum(st.Endings[1]))
	assert.Equal(t, st.AsWhite.Wins, st.Endings[0][game.KingEscaped]+st.Endings[0][game.NoLegalMove],
		"the heuristic wins as White by escape, or by leaving Black no move")
	assert.Positive(t, st.Endings[0][game.NotOver]+st.Endings[1][game.NotOver], "adjudicated at 30 plies")
	sum2 := st.Endings[0][game.NotOver] + st.Endings[1][game.NotOver]
	assert.LessOrEqual(t, sum2, st.Total().Draws)
	sc, err := ScoreRecords(c.RecordsDir)
	require.NoError(t, err)
	assert.Equal(t, st.Endings, sc.Stats.Endings)
	assert.Equal(t, sum2, sc.Adjudicated)
	summary := st.Summary("h", "r")
	assert.Contains(t, summary, "  endings as White  ")
	assert.Contains(t, summary, "adjudicated ")
	assert.Equal(t, st.Endings[0], st.Flip().Endings[1])
}
