package match

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("0,30")
	require.NoError(t, err)
	assert.Equal(t, SPRT{Elo0: 0, Elo1: 30, Alpha: 0.05, Beta: 0.05}, s)
	s, err = ParseSPRT(" -10, 25.5 ,0.01,0.1")
	require.NoError(t, err)
	assert.Equal(t, SPRT{Elo0: -10, Elo1: 25.5, Alpha: 0.01, Beta: 0.1}, s)
	lo, hi := SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	assert.InDelta(t, -2.944, lo, 1e-3)
	assert.InDelta(t, 2.944, hi, 1e-3)

	for text, msg := range map[string]string{
		"30":          "want ELO0,ELO1",
		"0,30,0.05":   "want ELO0,ELO1",
		"0,x":         `"x" is not a number`,
		"0,NaN":       "is not a number",
		"30,0":        "must be above ELO0",
		"0,0":         "must be above ELO0",
		"0,5000":      "within -1000 and +1000",
		"0,30,0,0.05": "between 0 and 0.5",
		"0,30,0.05,1": "between 0 and 0.5",
	} {
		_, err := ParseSPRT(text)
		assert.ErrorContains(t, err, msg, text)
	}
}

// The LLR against a value worked by hand, its sign and symmetry, and the
// units it counts.
func TestSPRTLLR(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 35, Alpha: 0.05, Beta: 0.05}
	s1 := 1 / (1 + math.Pow(10, -35.0/400)) // 0.5502...
	// 60 wins and 40 losses in games: mean 0.6; the spread with a win and a
	// loss added, 61 and 41 in 102 games: 61*41/102^2.
	var games Stats
	games.AsWhite = WDL{Wins: 60, Losses: 40}
	want := 100 * (s1 - 0.5) * (2*0.6 - 0.5 - s1) / (2 * 61 * 41 / 102.0 / 102.0)
	assert.InDelta(t, want, test.LLR(games, false), 1e-9)
	assert.InDelta(t, 1.566, test.LLR(games, false), 0.01)

	// Midway between the hypotheses the evidence is even; below H0 it
	// favours H0; the LLR grows with the games at a fixed mean.
	mid := Stats{AsWhite: WDL{Wins: 5251, Losses: 4749}} // (s0 + s1) / 2 = 0.5251
	assert.InDelta(t, 0, test.LLR(mid, false), 0.1)
	worse := Stats{AsBlack: WDL{Wins: 40, Losses: 60}}
	assert.Less(t, test.LLR(worse, false), 0.0)
	double := Stats{AsWhite: WDL{Wins: 120, Losses: 80}}
	assert.InDelta(t, 2*test.LLR(games, false), test.LLR(double, false), 0.02)
	assert.Zero(t, test.LLR(Stats{}, false))

	// Pairs: the unit is a pair's mean score. When every pair splits one
	// game each (each side won its White game), the score is 0.5 and hardly
	// varies from one opening to the next: counted by pairs that is strong
	// evidence against H1; counted as single games, weak evidence.
	var split Stats
	split.AsWhite, split.AsBlack = WDL{Wins: 20}, WDL{Losses: 20}
	split.Pairs[2] = 20
	byPairs := test.LLR(split, true)
	byGames := test.LLR(split, false)
	assert.Less(t, byPairs, byGames)
	assert.Less(t, byPairs, 0.0)
	// A game with no partner yet counts only by games.
	lone := split
	lone.AsWhite.Wins++
	assert.Equal(t, byPairs, test.LLR(lone, true))
}

// Simulated tests keep near their error rates: with A exactly at Elo0 the
// test accepts H1 in about Alpha of the runs, at Elo1 it accepts H0 in about
// Beta; far from both it decides the right way almost always, and sooner.
func TestSPRTErrorRates(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	rng := rand.New(rand.NewPCG(1, 2))
	run := func(elo float64) (h1 int, meanGames float64) {
		const runs, draw = 1000, 0.2
		p := scoreFromElo(elo)
		total := 0
		for r := 0; r < runs; r++ {
			var s Stats
			for g := 1; ; g++ {
				x := rng.Float64()
				switch { // a draw rate of 0.2 and the score p
				case x < p-draw/2:
					s.Add(true, 1)
				case x < p+draw/2:
					s.Add(true, 0.5)
				default:
					s.Add(true, 0)
				}
				if v, _ := test.Verdict(s, false); v != 0 || g == 20000 {
					if v == 1 {
						h1++
					}
					total += g
					break
				}
			}
		}
		return h1, float64(total) / runs
	}
	h1, n0 := run(0)
	assert.InDelta(t, 50, h1, 25, "accepted H1 when H0 holds, in 1000")
	h1, n1 := run(50)
	assert.InDelta(t, 950, h1, 25, "accepted H1 when H1 holds, in 1000")
	h1, nFar := run(200)
	assert.GreaterOrEqual(t, h1, 998)
	assert.Less(t, nFar, n0/3, "a clear difference is decided sooner")
	assert.Less(t, nFar, n1/3)
	h1, nBad := run(-150)
	assert.LessOrEqual(t, h1, 2)
	t.Logf("mean games to a decision: %.0f at Elo0, %.0f at Elo1, %.0f at +200, %.0f at -150", n0, n1, nFar, nBad)
}

// A match with an SPRT stops once it decides: fewer games than its maximum,
// as many records as counted games, the verdict of the counted games; a
// resumed match that is already decided plays nothing more.
func TestRunStopsOnSPRT(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	c := quickMatch(t, 200, 4) // the heuristic at depth 1 against random moves
	c.RecordsDir = t.TempDir()
	calls := 0
	c.Stop = func(s Stats) bool {
		calls++
		v, _ := test.Verdict(s, true)
		return v != 0
	}
	st, err := Run(context.Background(), c)
	require.NoError(t, err)
	v, _ := test.Verdict(st, true)
	assert.Equal(t, 1, v, "the heuristic is far stronger than random moves")
	assert.Less(t, st.Games(), 60, "decided long before 200 games")
	recs, err := filepath.Glob(filepath.Join(c.RecordsDir, "game-*.txt"))
	require.NoError(t, err)
	assert.Len(t, recs, st.Games(), "the games abandoned in play leave no record")
	sc, err := ScoreRecords(c.RecordsDir)
	require.NoError(t, err)
	assert.Equal(t, st, sc.Stats)

	c.Resume, calls = true, 0
	played := 0
	c.OnGame = func(int, GameResult, bool, Stats) { played++ }
	again, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, st, again)
	assert.Equal(t, st.Games(), played, "only the recorded games")
	assert.Equal(t, 1, calls, "decided by the resumed games alone")
	_, err = os.Stat(filepath.Join(c.RecordsDir, recordName(st.Games()+2)))
	assert.True(t, os.IsNotExist(err))
}
