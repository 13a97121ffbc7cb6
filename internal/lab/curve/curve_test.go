package curve

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/lab/learn"
	"github.com/tablut-ai/tablut/internal/lab/match"
	"github.com/tablut-ai/tablut/internal/rundir"
)

func TestParseRef(t *testing.T) {
	for _, c := range []struct {
		in    string
		kind  string
		depth int
		nodes int64
	}{
		{"random", player.Random, 0, 0},
		{" heuristic@depth2 ", player.Heuristic, 2, 0},
		{"heuristic@nodes5000", player.Heuristic, 0, 5000},
		{"cnn:champion@nodes2000", player.CNN, 0, 2000},
		{"level:casual", player.LevelKind, 0, 0},
	} {
		r, err := ParseRef(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.kind, r.Spec.Kind, c.in)
		assert.Equal(t, c.depth, r.Spec.Depth, c.in)
		assert.Equal(t, c.nodes, r.Spec.Nodes, c.in)
		assert.Zero(t, r.Spec.MoveTime, c.in)
	}
	for _, c := range []struct{ in, want string }{
		{"heuristic", "needs a limit"},
		{"cnn:champion", "needs a limit"},
		{"heuristic@2s", "neither depthN nor nodesN"},
		{"heuristic@depth0", "from 1 to 30"},
		{"heuristic@depth31", "from 1 to 30"},
		{"heuristic@nodes-3", "from 1 to"},
		{"heuristic@depthx", "from 1 to 30"},
		{"random@depth2", "takes no limit"},
		{"level:casual@depth2", "takes no limit"},
		{"human", "must be a program"},
		{"cnn:nosuch@depth1", "no shipped network"},
		{"bogus", "valid players"},
	} {
		_, err := ParseRef(c.in)
		assert.ErrorContains(t, err, c.want, c.in)
	}
	refs, err := ParseRefs(DefaultRefs)
	require.NoError(t, err)
	assert.Len(t, refs, 5)
	_, err = ParseRefs("random,random")
	assert.ErrorContains(t, err, "named twice")
	_, err = ParseRefs(" , ")
	assert.ErrorContains(t, err, "no references")
}

// stats returns a match of w wins, d draws and l losses for A.
func stats(w, d, l int) match.Stats {
	return match.Stats{AsWhite: match.WDL{Wins: w, Draws: d, Losses: l}}
}

// The ladder places each reference above the one before by its match's Elo
// with one virtual draw; a match not yet played leaves the rest unrated.
func TestRefRatings(t *testing.T) {
	c := &Curve{Refs: []string{"a", "b", "c", "d"}, Ladder: []match.Stats{stats(20, 0, 0), stats(10, 0, 10)}}
	r, step := c.RefRatings()
	assert.Equal(t, 0.0, r[0])
	assert.InDelta(t, 645.1, r[1], 0.1, "20 of 20 reads as 20.5 of 21")
	assert.InDelta(t, r[1], r[2], 1e-9, "an even match adds nothing")
	assert.True(t, math.IsNaN(r[3]))
	assert.Greater(t, step[1], step[2], "a lopsided match places its player less precisely")
}

// A network's rating is where its expected points against the references
// equal its points (virtual draws included); it rises with its results, and
// an even score against one reference rates it at that reference.
func TestRate(t *testing.T) {
	refs := []float64{0, 300, 800}
	res := []match.Stats{stats(18, 1, 1), stats(9, 2, 9), stats(2, 0, 18)}
	r, lo, hi := Rate(res, refs)
	got, want := 0.0, 0.0
	for j, s := range res {
		w, n := points(s)
		want += w
		got += n * expected(r, refs[j])
	}
	assert.InDelta(t, want, got, 1e-6)
	assert.Less(t, lo, r)
	assert.InDelta(t, r-lo, hi-r, 1e-6)
	better := []match.Stats{stats(18, 1, 1), stats(12, 2, 6), stats(2, 0, 18)}
	r2, _, _ := Rate(better, refs)
	assert.Greater(t, r2, r)
	even, _, _ := Rate([]match.Stats{stats(5, 0, 5)}, []float64{123})
	assert.InDelta(t, 123, even, 1e-6)
	// all losses: finite, below the weakest reference
	low, _, _ := Rate([]match.Stats{stats(0, 0, 20), stats(0, 0, 20)}, []float64{0, 300})
	assert.Less(t, low, 0.0)
	assert.False(t, math.IsInf(low, 0))
	// references without a rating are left out
	r3, _, _ := Rate(res, []float64{0, 300, math.NaN()})
	r4, _, _ := Rate(res[:2], refs[:2])
	assert.InDelta(t, r4, r3, 1e-9)
	nan, _, _ := Rate(res, []float64{math.NaN(), math.NaN(), math.NaN()})
	assert.True(t, math.IsNaN(nan))
}

// tinyRun returns a copy of a finished TreeStrap run from random weights:
// three rounds of two short games, played once for the package's tests.
func tinyRun(t *testing.T) string {
	t.Helper()
	tiny.once.Do(func() {
		c := learn.DefaultConfig()
		c.Games, c.ValGames, c.Epochs, c.Rounds, c.EvalEvery = 0, 0, 0, 0, 0
		c.Input, c.Sigma, c.MaxPlies, c.Chunk, c.Batch = "pieces", 0.3, 14, 1, 64
		c.TreeRounds, c.TreeGames, c.TreeNodes, c.TreeEpochs, c.TreeMaxPerSearch, c.TreeWindow = 3, 2, 150, 1, 8, 1
		dir, err := os.MkdirTemp("", "curve-run")
		if err != nil {
			tiny.err = err
			return
		}
		r, err := learn.Start(c, dir, false)
		if err != nil {
			tiny.err = err
			return
		}
		tiny.err = r.Run(context.Background())
		if err := r.Close(); tiny.err == nil {
			tiny.err = err
		}
		tiny.dir = dir
	})
	require.NoError(t, tiny.err)
	dir := t.TempDir()
	require.NoError(t, os.CopyFS(dir, os.DirFS(tiny.dir)))
	return dir
}

// tiny is the run tinyRun copies.
var tiny struct {
	once sync.Once
	dir  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if tiny.dir != "" {
		os.RemoveAll(tiny.dir)
	}
	os.Exit(code)
}

func tinyConfig(t *testing.T, dir string) Config {
	refs, err := ParseRefs("random,heuristic@depth1,heuristic@depth2")
	require.NoError(t, err)
	return Config{Run: dir, Refs: refs, Games: 2, LadderGames: 2, Nodes: 100, Every: 2, Seed: 3, Parallel: 2, Latest: true}
}

// Measure plays the ladder and rates round 0, the multiples of Every and
// the last round, saving the curve and its plot; a second call finds nothing
// to do; other settings, a damaged curve and a second measurer are refused.
func TestMeasure(t *testing.T) {
	dir := tinyRun(t)
	cfg := tinyConfig(t, dir)
	var points []int
	cfg.OnPoint = func(_ *Curve, p Point) { points = append(points, p.Round) }
	games := 0
	cfg.OnGame = func(string, int, int) { games++ }
	c, n, err := Measure(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	assert.Equal(t, []int{0, 2, 3}, points)
	assert.Equal(t, 2*2+3*3*2, games, "two ladder matches and three networks against three references, two games each")
	require.Len(t, c.Ladder, 2)
	for _, p := range c.Points {
		require.Len(t, p.Results, 3)
		for _, s := range p.Results {
			assert.Equal(t, 2, s.Games())
		}
		r, lo, hi := c.Rating(p)
		assert.False(t, math.IsNaN(r))
		assert.Less(t, lo, hi)
	}
	assert.Greater(t, c.Points[2].Seconds, c.Points[1].Seconds)
	assert.Equal(t, 6, c.Points[2].Games)
	assert.FileExists(t, filepath.Join(dir, Dir, PlotFile))
	loaded, err := Load(dir)
	require.NoError(t, err)
	assert.Equal(t, c, loaded)

	cfg.OnPoint, cfg.OnGame = nil, nil
	_, n, err = Measure(context.Background(), cfg)
	require.NoError(t, err)
	assert.Zero(t, n, "nothing new to rate")
	cfg.Every = 1
	c, n, err = Measure(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "round 1 added")
	assert.Equal(t, []int{0, 1, 2, 3}, []int{c.Points[0].Round, c.Points[1].Round, c.Points[2].Round, c.Points[3].Round})
	assert.True(t, c.Done(3))

	other := cfg
	other.Games = 4
	_, _, err = Measure(context.Background(), other)
	assert.ErrorContains(t, err, "was measured with 2 games a reference, not 4")
	other = cfg
	other.Refs = other.Refs[:2]
	_, _, err = Measure(context.Background(), other)
	assert.ErrorContains(t, err, "references random,heuristic@depth1,heuristic@depth2, not random,heuristic@depth1")

	lock, err := rundir.Acquire(filepath.Join(dir, Dir))
	require.NoError(t, err)
	_, _, err = Measure(context.Background(), cfg)
	assert.ErrorContains(t, err, "in use")
	lock.Release()

	path := filepath.Join(dir, Dir, fileName)
	orig, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, bad := range []func(c *Curve){
		func(c *Curve) { c.Version = 9 },
		func(c *Curve) { c.Points[1].Results = c.Points[1].Results[:1] },
		func(c *Curve) { c.Points[1].Round = 0 },
		func(c *Curve) { c.Points[1].Seconds = -1 },
		func(c *Curve) { c.Ladder = append(c.Ladder, c.Ladder...) },
		// Counts no match can have: issue 60 saw a curve.json edited to
		// -5 wins plotted as "Elo -10000 [?, ?]" and 9999 wins as
		// "+6661 [-Inf, +Inf]".
		func(c *Curve) { c.Points[1].Results[0].AsWhite.Wins = -5 },
		func(c *Curve) { c.Points[1].Results[2].AsBlack.Wins = 9999 },
		func(c *Curve) { c.Points[0].Results[1].AsWhite.Draws++ },
		func(c *Curve) { c.Ladder[1].AsBlack.Losses = -1 },
		func(c *Curve) { c.Ladder[0].Pairs[4] = 1000 },
		func(c *Curve) { c.Ladder[0].Pairs[0] = -1 },
		func(c *Curve) { c.Points[2].Results[0].Endings[1][1] = 7 },
		func(c *Curve) { c.Games = -2 },
		func(c *Curve) { c.LadderGames = 1 << 40 },
	} {
		var d Curve
		require.NoError(t, json.Unmarshal(orig, &d))
		bad(&d)
		b, err := json.Marshal(d)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, b, 0o644))
		_, _, err = Measure(context.Background(), cfg)
		assert.ErrorContains(t, err, "is damaged")
	}
	require.NoError(t, os.WriteFile(path, orig[:len(orig)/2], 0o644))
	_, err = Load(dir)
	assert.ErrorContains(t, err, "is damaged")
}

// An interrupted measurement keeps what it finished and goes on from there.
func TestMeasureInterrupted(t *testing.T) {
	dir := tinyRun(t)
	cfg := tinyConfig(t, dir)
	ctx, cancel := context.WithCancel(context.Background())
	cfg.OnPoint = func(*Curve, Point) { cancel() }
	_, n, err := Measure(ctx, cfg)
	assert.Error(t, err)
	assert.Equal(t, 1, n)
	c, err := Load(dir)
	require.NoError(t, err)
	require.Len(t, c.Points, 1)
	cfg.OnPoint = nil
	c, n, err = Measure(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Len(t, c.Points, 3)
}

func TestConfigChecked(t *testing.T) {
	dir := tinyRun(t)
	for _, c := range []struct {
		change func(c *Config)
		want   string
	}{
		{func(c *Config) { c.Games = 3 }, "games 3"},
		{func(c *Config) { c.LadderGames = 0 }, "ladder games 0"},
		{func(c *Config) { c.Nodes = 0 }, "nodes 0"},
		{func(c *Config) { c.Every = 0 }, "every 0"},
		{func(c *Config) { c.Refs = nil }, "no references"},
		{func(c *Config) { c.Run = "" }, "no run folder"},
	} {
		cfg := tinyConfig(t, dir)
		c.change(&cfg)
		_, _, err := Measure(context.Background(), cfg)
		assert.ErrorContains(t, err, c.want)
	}
	cfg := tinyConfig(t, t.TempDir())
	_, _, err := Measure(context.Background(), cfg)
	assert.ErrorContains(t, err, "holds no learning run")
}

// A reference that cannot play (a network file that is not there) is
// refused before the first game, not after the ladder below it.
func TestRefsCheckedFirst(t *testing.T) {
	dir := tinyRun(t)
	cfg := tinyConfig(t, dir)
	refs, err := ParseRefs("random,heuristic@depth1,cnn:" + filepath.Join(t.TempDir(), "none.tnn") + "@depth1")
	require.NoError(t, err)
	cfg.Refs = refs
	games := 0
	cfg.OnGame = func(string, int, int) { games++ }
	_, _, err = Measure(context.Background(), cfg)
	require.ErrorContains(t, err, "none.tnn")
	assert.Zero(t, games, "no game before the refusal")
	assert.NoFileExists(t, filepath.Join(dir, Dir, fileName))
}

// A run still learning (here: planned for 5 rounds, at round 3): a
// follower rates round 0 and the multiples of Every only; a one-off look
// (Latest) also rates the latest round.
func TestMeasureLatest(t *testing.T) {
	dir := tinyRun(t)
	path := filepath.Join(dir, "state.json")
	var st map[string]any
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &st))
	st["config"].(map[string]any)["tree_rounds"] = 5
	b, err = json.Marshal(st)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, b, 0o644))
	cfg := tinyConfig(t, dir)
	cfg.Latest = false
	c, n, err := Measure(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.False(t, c.Done(5))
	cfg.Latest = true
	c, n, err = Measure(context.Background(), cfg)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, 3, c.Points[2].Round)
}
