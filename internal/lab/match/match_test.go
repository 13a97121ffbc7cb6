package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

func TestStats(t *testing.T) {
	var s Stats
	// 60 wins, 20 draws, 20 losses: score 0.7.
	for i := 0; i < 60; i++ {
		s.Add(i%2 == 0, 1)
	}
	for i := 0; i < 20; i++ {
		s.Add(i%2 == 0, 0.5)
		s.Add(i%2 == 1, 0)
	}
	require.Equal(t, 100, s.Games())
	require.Equal(t, 30, s.AsWhite.Wins)
	require.Equal(t, 10, s.AsBlack.Losses)
	assert.InDelta(t, 0.7, s.Score(), 1e-12)
	// var = (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16; se = 0.04; d = 1.96*0.04.
	lo, hi := s.CI()
	assert.InDelta(t, 0.7-z95*0.04, lo, 1e-9, "CI low")
	assert.InDelta(t, 0.7+z95*0.04, hi, 1e-9, "CI high")
	d, dlo, dhi := s.Elo()
	assert.InDelta(t, -400*math.Log10(1/0.7-1), d, 1e-9, "Elo")
	assert.True(t, dlo < d && d < dhi, "Elo %v outside [%v, %v]", d, dlo, dhi)
	assert.Equal(t, 1, s.Significant(), "0.7 over 100 games should be significant")
	assert.InDelta(t, 0.3, scoreFromElo(eloFromScore(0.3)), 1e-12, "ScoreFromElo is not the inverse of EloFromScore")
	var even Stats
	even.Add(true, 1)
	even.Add(false, 0)
	assert.Equal(t, 0, even.Significant(), "1-1 is not significant")
	assert.Equal(t, 0.5, even.Score())
	assert.Equal(t, "+inf", formatElo(eloFromScore(1)), "Elo of score 1")
	assert.Contains(t, s.Summary("a", "b"), "a is stronger")
}

func TestRandomOpening(t *testing.T) {
	o1 := RandomOpening(rand.New(rand.NewPCG(1, 2)), 6)
	o2 := RandomOpening(rand.New(rand.NewPCG(1, 2)), 6)
	require.Len(t, o1, 6)
	assert.Equal(t, o1, o2, "same seed gave different openings")
	c := Config{OpeningPlies: 4, Seed: 9}
	a, b, d := c.Opening(0), c.Opening(1), c.Opening(2)
	require.Len(t, a, 4)
	assert.Equal(t, a, b, "games 0 and 1 should share an opening")
	assert.NotEqual(t, a, d, "games 0 and 2 should have different openings")
}

// badPlayer plays a fixed illegal move or fails.
type badPlayer struct{ fail bool }

func (badPlayer) Name() string { return "bad" }
func (b badPlayer) Move(ctx context.Context, pos game.Position, h []uint64, _ func(ai.Info)) (ai.Result, error) {
	if b.fail {
		return ai.Result{}, errors.New("broken")
	}
	return ai.Result{Move: game.NewMove(game.Sq(4, 4), game.Sq(4, 8))}, nil
}

func TestPlayForfeitAndLimit(t *testing.T) {
	ctx := context.Background()
	r, err := play(ctx, badPlayer{}, player.NewRandom(1), nil, 0)
	require.NoError(t, err, "illegal move")
	assert.Equal(t, game.BlackWins, r.Outcome, "illegal move")
	assert.Contains(t, r.Note, "illegal")
	r, err = play(ctx, player.NewRandom(1), badPlayer{fail: true}, nil, 0)
	require.NoError(t, err, "failing player")
	assert.Equal(t, game.WhiteWins, r.Outcome, "failing player")
	assert.Contains(t, r.Note, "forfeits")
	r, err = play(ctx, player.NewRandom(1), player.NewRandom(2), nil, 3)
	require.NoError(t, err, "ply limit")
	assert.True(t, r.Adjudicated, "ply limit")
	assert.Equal(t, game.Draw, r.Outcome, "ply limit")
	assert.Equal(t, 3, r.Game.Ply())
	assert.Equal(t, 0.5, r.ScoreFor(game.White))
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = play(cctx, player.NewRandom(1), player.NewRandom(2), nil, 0)
	assert.ErrorIs(t, err, context.Canceled)
}

func TestRunRecords(t *testing.T) {
	dir := t.TempDir()
	h, _ := player.ParseSpec("heuristic")
	h.Depth = 1
	r, _ := player.ParseSpec("random")
	games := 6
	if testing.Short() {
		games = 4
	}
	calls := 0
	c := Config{A: h, B: r, Games: games, OpeningPlies: 2, MaxPlies: 120, Parallel: 2, Seed: 7, RecordsDir: dir,
		OnGame: func(i int, res GameResult, aWhite bool, s Stats) { calls++ }}
	st, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, games, st.Games())
	assert.Equal(t, games, calls, "OnGame calls")
	assert.Equal(t, games/2, st.AsWhite.Games(), "games as White")
	for i := 1; i <= games; i++ {
		f, err := os.Open(filepath.Join(dir, fmt.Sprintf("game-%04d.txt", i)))
		require.NoError(t, err)
		g, meta, err := game.ReadRecord(f)
		f.Close()
		require.NoError(t, err, "record %d", i)
		want := [2]string{"heuristic", "random"}
		if i%2 == 0 {
			want = [2]string{"random", "heuristic"}
		}
		assert.Equal(t, want, [2]string{meta.White, meta.Black}, "record %d: players", i)
		assert.GreaterOrEqual(t, g.Ply(), 2, "record %d: plies", i)
	}
	// The same seed replays the same match.
	c.RecordsDir, c.OnGame = "", nil
	st2, err := Run(context.Background(), c)
	require.NoError(t, err)
	assert.Equal(t, st, st2, "the replay")
}

func TestConfigParallel(t *testing.T) {
	h := player.Spec{Kind: player.Heuristic, MoveTime: 1}
	d := player.Spec{Kind: player.Heuristic, Depth: 2}
	assert.Equal(t, 1, (Config{A: h, B: d}).ParallelGames(), "wall-clock matches must play one game at a time")
	assert.Equal(t, 3, (Config{A: d, B: d, Parallel: 3}).ParallelGames(), "-parallel must be obeyed")
}

func TestRatings(t *testing.T) {
	ct := Crosstable{Names: []string{"a", "b", "c"}, Pair: [][]Stats{make([]Stats, 3), make([]Stats, 3), make([]Stats, 3)}}
	set := func(i, j int, w, d, l int) {
		ct.Pair[i][j] = Stats{AsWhite: WDL{w, d, l}}
		ct.Pair[j][i] = Stats{AsBlack: WDL{l, d, w}}
	}
	set(0, 1, 7, 0, 3)
	set(1, 2, 7, 0, 3)
	set(0, 2, 8, 0, 2)
	r := ct.Ratings()
	assert.True(t, r[0] > r[1] && r[1] > r[2], "ratings %v not in the order of the results", r)
	assert.InDelta(t, 0, r[0]+r[1]+r[2], 1e-6, "ratings %v do not sum to 0", r)
	p, g := ct.Points(0)
	assert.Equal(t, 15.0, p, "points")
	assert.Equal(t, 20, g, "games")
	assert.Contains(t, ct.String(), "15/20")
}

func TestTournament(t *testing.T) {
	r1 := player.Spec{Kind: player.Random}
	h := player.Spec{Kind: player.Heuristic, Depth: 1}
	tour := Tournament{Players: []player.Spec{r1, h, r1}, Base: Config{Games: 2, MaxPlies: 60, Parallel: 1, Seed: 3}}
	ct, err := tour.Run(context.Background())
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		_, g := ct.Points(i)
		assert.Equal(t, 4, g, "games of player %d", i)
	}
}

func TestCIOneSided(t *testing.T) {
	var s Stats
	for i := 0; i < 10; i++ {
		s.Add(true, 1)
	}
	lo, hi := s.CI()
	assert.Equal(t, 1.0, hi, "10/0/0: CI high")
	assert.True(t, lo > 0.5 && lo < 1, "10/0/0: CI low %v", lo)
	_, dlo, _ := s.Elo()
	assert.False(t, math.IsInf(dlo, 0), "10/0/0: lower Elo bound should be finite")
}

// A match of one colour (match -side) summarises that colour only; a match of
// both colours, or of none yet, has both lines.
func TestSummaryColours(t *testing.T) {
	var white, both, none Stats
	white.Add(true, 1)
	white.Add(true, 0)
	both.Add(true, 1)
	both.Add(false, 0.5)
	s := white.Summary("a", "b")
	assert.Contains(t, s, "  a as White  W/D/L 1/0/1\n")
	assert.NotContains(t, s, "as Black")
	s = white.Flip().Summary("b", "a")
	assert.Contains(t, s, "  b as Black  W/D/L 1/0/1\n")
	assert.NotContains(t, s, "as White")
	for _, st := range []Stats{both, none} {
		s = st.Summary("a", "b")
		assert.Contains(t, s, "  a as White  W/D/L ")
		assert.Contains(t, s, "  a as Black  W/D/L ")
	}
}
