package learn

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/rundir"
)

// tinyConfig is a run of a few seconds: two short distillation games with
// a validation game, one epoch.
func tinyConfig() Config {
	c := DefaultConfig()
	c.Games, c.Chunk, c.Nodes, c.ValGames, c.MaxPlies = 2, 1, 60, 1, 12
	c.Epochs, c.Batch, c.Rounds, c.EvalEvery = 1, 16, 0, 0
	return c
}

// finishedRun makes a finished tiny run in a new folder and releases it.
func finishedRun(t *testing.T, c Config) string {
	t.Helper()
	dir := t.TempDir()
	r, err := Start(c, dir, false)
	require.NoError(t, err)
	defer r.Close()
	require.NoError(t, r.Run(context.Background()))
	return dir
}

// A damaged checkpoint is refused with one line before anything in the
// folder changes: names that reach out of the folder (whose files a resumed
// run would load and later delete), a next step outside the plan, missing or
// cut validation data, non-finite Adam moments.
func TestOpenRefusesDamagedCheckpoint(t *testing.T) {
	dir := finishedRun(t, tinyConfig())
	parent := filepath.Dir(dir)
	for _, v := range []string{"victim.tnn", "victim.bin"} {
		require.NoError(t, os.WriteFile(filepath.Join(parent, v), []byte("not yours"), 0o644))
	}
	stateBytes, err := os.ReadFile(filepath.Join(dir, stateFile))
	require.NoError(t, err)
	var st state
	require.NoError(t, json.Unmarshal(stateBytes, &st))
	require.NoError(t, os.WriteFile(filepath.Join(dir, dataFile), append(must(os.ReadFile(filepath.Join(dir, dataFile))), 1, 2, 3), 0o644))
	dataSize := fileSize(t, filepath.Join(dir, dataFile))
	val := must(os.ReadFile(filepath.Join(dir, valFile)))
	adam := must(os.ReadFile(filepath.Join(dir, st.Adam)))

	edit := func(change func(s *state)) {
		s := st
		change(&s)
		b, err := json.Marshal(s)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, stateFile), b, 0o644))
	}
	for _, c := range []struct {
		name   string
		change func(s *state)
		files  func()
		want   string
	}{
		{"net outside", func(s *state) { s.Net = "../victim.tnn" }, nil, "is not a file name"},
		{"adam outside", func(s *state) { s.Adam = "../victim.bin" }, nil, "is not a file name"},
		{"adam absolute", func(s *state) { s.Adam = filepath.Join(parent, "victim.bin") }, nil, "is not a file name"},
		{"negative step", func(s *state) { s.Next = -5 }, nil, "next_step -5"},
		{"huge step", func(s *state) { s.Next = 1 << 40 }, nil, "next_step"},
		{"odd data size", func(s *state) { s.DataSize = 7 }, nil, "data_bytes"},
		{"validation missing", nil, func() { os.Remove(filepath.Join(dir, valFile)) }, "validation data"},
		{"validation cut", nil, func() { os.WriteFile(filepath.Join(dir, valFile), val[:len(val)-3], 0o644) }, "validation data"},
		{"validation empty", nil, func() { os.WriteFile(filepath.Join(dir, valFile), nil, 0o644) }, "validation data"},
		{"NaN in Adam", nil, func() {
			b := append([]byte(nil), adam...)
			copy(b[8:], []byte{0, 0, 0xc0, 0x7f}) // a float32 NaN
			os.WriteFile(filepath.Join(dir, st.Adam), b, 0o644)
		}, "holds NaN"},
	} {
		edit(func(*state) {})
		if c.change != nil {
			edit(c.change)
		}
		if c.files != nil {
			c.files()
		}
		_, err := Open(dir)
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), "damaged checkpoint", c.name)
		assert.Contains(t, err.Error(), c.want, c.name)
		assert.NotContains(t, err.Error(), "\n", c.name)
		assert.Equal(t, dataSize, fileSize(t, filepath.Join(dir, dataFile)), "%s: the data was cut", c.name)
		for _, v := range []string{"victim.tnn", "victim.bin"} {
			assert.FileExists(t, filepath.Join(parent, v), c.name)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, valFile), val, 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, st.Adam), adam, 0o644))
	}
	// A checkpoint whose settings are out of bounds (a batch of 2^31) is
	// refused before any memory is allocated for them.
	edit(func(s *state) { s.Config.Batch = 1 << 31 })
	_, err = Open(dir)
	require.ErrorContains(t, err, "bad configuration: -batch must be between")
	edit(func(*state) {})
	r, err := Open(dir)
	require.NoError(t, err, "the intact checkpoint")
	require.NoError(t, r.Close())
	assert.Less(t, fileSize(t, filepath.Join(dir, dataFile)), dataSize, "the data after the checkpoint is cut")
}

// A run folder is held by one process at a time; a resume removes the
// temporary files of writes its killed predecessor left.
func TestOpenLocksAndTidies(t *testing.T) {
	dir := finishedRun(t, tinyConfig())
	stale := filepath.Join(dir, ".state.json.tmp123456")
	require.NoError(t, os.WriteFile(stale, []byte("half"), 0o644))
	lock, err := rundir.Acquire(dir)
	require.NoError(t, err)
	_, err = Open(dir)
	require.ErrorContains(t, err, "in use by another process")
	assert.FileExists(t, stale, "a refused resume changes nothing")
	require.NoError(t, lock.Release())
	r, err := Open(dir)
	require.NoError(t, err)
	defer r.Close()
	assert.NoFileExists(t, stale)
	_, err = Open(dir)
	require.ErrorContains(t, err, "in use by another process")
}

// A diverged network (non-finite weights) is never saved: the checkpoint
// fails and the last one stays.
func TestDivergedNetworkNotSaved(t *testing.T) {
	dir := t.TempDir()
	r, err := Start(tinyConfig(), dir, false)
	require.NoError(t, err)
	defer r.Close()
	learned := must(os.ReadFile(filepath.Join(dir, LearnedFile)))
	state := must(os.ReadFile(filepath.Join(dir, stateFile)))
	r.lr.Net.W[2][5] = float32(math.Inf(-1))
	r.st.Next++
	err = r.checkpoint()
	require.ErrorContains(t, err, "diverged")
	assert.Equal(t, learned, must(os.ReadFile(filepath.Join(dir, LearnedFile))))
	assert.Equal(t, state, must(os.ReadFile(filepath.Join(dir, stateFile))))
	assert.NoFileExists(t, filepath.Join(dir, "net-0001.tnn"))
}

// A run killed after its genetic algorithm made DIR/evolve/pop/ but before
// that algorithm's first checkpoint resumes (issue 39, item 2).
func TestResumeEvolutionKilledAtItsStart(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a generation of the genetic algorithm")
	}
	dir := finishedRun(t, tinyConfig())
	r, err := Open(dir)
	require.NoError(t, err)
	c := r.Config()
	c.EvolveGenerations, c.EvolveNodes = 1, 30
	require.NoError(t, r.Amend(c))
	require.NoError(t, r.Close())
	require.NoError(t, os.MkdirAll(filepath.Join(dir, evolveDir, "pop"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, evolveDir, "pop", "g0000-0.tnn"), []byte("half"), 0o644))

	r, err = Open(dir)
	require.NoError(t, err)
	defer r.Close()
	r.Threads = 2
	require.NoError(t, r.Run(context.Background()))
	assert.FileExists(t, filepath.Join(dir, evolveDir, "state.json"))
	assert.Len(t, r.Evolved(), 2)
}

// Validate names the flag of every value out of its bounds, NaN and the
// infinities included.
func TestValidateBounds(t *testing.T) {
	big := 1 << 31
	for _, c := range []struct {
		change func(c *Config)
		want   string
	}{
		{func(c *Config) { c.Batch = big }, "-batch"},
		{func(c *Config) { c.ValGames = big }, "-val-games"},
		{func(c *Config) { c.Epochs = big }, "-epochs"},
		{func(c *Config) { c.Rounds = big }, "-rounds"},
		{func(c *Config) { c.Games = big }, "-games"},
		{func(c *Config) { c.QATEpochs = big }, "-qat-epochs"},
		{func(c *Config) { c.LR = 1e308 }, "-lr"},
		{func(c *Config) { c.MaxPlies = -1 }, "-max-plies"},
		{func(c *Config) { c.OpeningPlies = -1 }, "-opening-plies"},
		{func(c *Config) { c.ExplorePlies = -1 }, "-explore-plies"},
		{func(c *Config) { c.Sigma = 0 }, "-init-sigma"},
		{func(c *Config) { c.Games, c.Rounds = 0, 0 }, "no data"},
		{func(c *Config) { c.RootLambda = 1 }, "-root-lambda"},
		{func(c *Config) { c.TreeRounds = big }, "-tree-rounds"},
		{func(c *Config) { c.TreeRounds, c.TreeGames = 1, 0 }, "-tree-games"},
		{func(c *Config) { c.TreeGames = big }, "-tree-games"},
		{func(c *Config) { c.TreeRounds, c.TreeNodes = 1, 0 }, "-tree-nodes"},
		{func(c *Config) { c.TreeRounds, c.TreeNodes = 1, 1<<50 }, "-tree-nodes"},
		{func(c *Config) { c.TreeRounds, c.TreeEpochs = 1, 0 }, "-tree-epochs"},
		{func(c *Config) { c.TreeEpochs = big }, "-tree-epochs"},
		{func(c *Config) { c.TreeMinDepth = -1 }, "-tree-min-depth"},
		{func(c *Config) { c.TreeMinDepth = 1000 }, "-tree-min-depth"},
		{func(c *Config) { c.TreeMaxPerSearch = -1 }, "-tree-max-per-search"},
		{func(c *Config) { c.TreeMaxPerSearch = big }, "-tree-max-per-search"},
		{func(c *Config) { c.TreeBounds = "some" }, "-tree-bounds"},
		{func(c *Config) { c.TreeWindow = -1 }, "-tree-window"},
		{func(c *Config) { c.Games, c.Rounds, c.ValGames, c.TreeRounds = 0, 0, 0, 1 }, "-epochs (after distillation"},
	} {
		cfg := DefaultConfig()
		c.change(&cfg)
		err := cfg.Validate()
		require.Error(t, err, c.want)
		assert.Contains(t, err.Error(), c.want)
	}
	floats := map[string]func(c *Config) *float64{
		"-scale": func(c *Config) *float64 { return &c.Scale }, "-init-sigma": func(c *Config) *float64 { return &c.Sigma },
		"-explore-prob": func(c *Config) *float64 { return &c.ExploreProb }, "-lr": func(c *Config) *float64 { return &c.LR },
		"-lr-decay": func(c *Config) *float64 { return &c.LRDecay }, "-root-outcome": func(c *Config) *float64 { return &c.RootOutcome },
		"-root-lambda": func(c *Config) *float64 { return &c.RootLambda }, "-qat-lr": func(c *Config) *float64 { return &c.QATLR },
		"-qat-gap": func(c *Config) *float64 { return &c.QATGap }, "-evolve-sigma": func(c *Config) *float64 { return &c.EvolveSigma },
	}
	for flag, field := range floats {
		for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
			cfg := DefaultConfig()
			*field(&cfg) = v
			err := cfg.Validate()
			require.Error(t, err, "%s %v", flag, v)
			assert.True(t, strings.HasPrefix(err.Error(), flag+" "), "%s %v: %v", flag, v, err)
		}
	}
	d := DefaultConfig()
	require.NoError(t, d.Validate())
	// TreeStrap alone, from random weights or a network: no games, no
	// epochs before the rounds.
	d.Games, d.ValGames, d.Epochs, d.Rounds, d.TreeRounds = 0, 0, 0, 0, 3
	require.NoError(t, d.Validate())
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	return fi.Size()
}

// Games not begun when the context ends are not set up: a cancelled batch
// returns the context's error without allocating the searchers' tables of
// its games (4 MB each; setting up every remaining game kept a SIGTERMed
// learn running for about 20 s).
func TestPlayGamesStopsAtOnce(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, _, err := playGames(ctx, nil, GenConfig{Nodes: 100}, 0, 1000, 2)
	runtime.ReadMemStats(&after)
	require.ErrorIs(t, err, context.Canceled)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(64<<20), "bytes allocated by a cancelled batch of 1,000 games")
}
