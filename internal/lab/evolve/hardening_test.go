package evolve

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConfigBounds(t *testing.T) {
	for name, c := range map[string]struct {
		edit func(*Config)
		want string
	}{
		"huge population":     {func(c *Config) { c.Population = 100_000_000 }, "population"},
		"huge table":          {func(c *Config) { c.TTSizeMB = 100_000_000 }, "transposition table"},
		"huge mutation sigma": {func(c *Config) { c.MutationSigma = 1e39 }, "mutation sigma"},
		"NaN mutation sigma":  {func(c *Config) { c.MutationSigma = math.NaN() }, "mutation sigma"},
		"huge init sigma":     {func(c *Config) { c.InitSigma = 1e39 }, "init sigma"},
		"infinite init sigma": {func(c *Config) { c.InitSigma = math.Inf(1) }, "init sigma"},
		"negative depth":      {func(c *Config) { c.Depth, c.Nodes = -3, 100 }, "depth"},
		"many threads":        {func(c *Config) { c.Threads = 1 << 20 }, "threads"},
		"many eval games":     {func(c *Config) { c.EvalGames = 1 << 30 }, "eval-games"},
	} {
		cfg := tinyConfig(1)
		c.edit(&cfg)
		err := cfg.Validate()
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), c.want, name)
	}
	// Validation comes before anything is written: no run folder is left.
	dir := filepath.Join(t.TempDir(), "run")
	cfg := tinyConfig(1)
	cfg.InitSigma = math.Inf(1)
	_, err := start(cfg, dir)
	require.Error(t, err)
	assert.NoDirExists(t, dir)
}

func TestStartRefusesAForeignFolder(t *testing.T) {
	dir := t.TempDir()
	champion := filepath.Join(dir, "champion.tnn")
	require.NoError(t, os.WriteFile(champion, []byte("my network"), 0o644))
	_, err := StartFrom(tinyConfig(1), dir, nil, false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-force")
	b, err := os.ReadFile(champion)
	require.NoError(t, err)
	assert.Equal(t, "my network", string(b), "the folder's files must be left alone")

	_, err = StartFrom(tinyConfig(1), "", nil, false)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-out")

	_, err = StartFrom(tinyConfig(1), dir, nil, true)
	require.NoError(t, err, "-force writes the run anyway")
	assert.FileExists(t, filepath.Join(dir, stateFile))
}

// A resume that fails its checks leaves the logs as they were; a checkpoint
// that lost log_sizes, or holds a negative generation, is refused.
func TestOpenChecksBeforeTruncating(t *testing.T) {
	dir := t.TempDir()
	tr, err := start(tinyConfig(1), dir)
	require.NoError(t, err)
	run(t, tr)
	// An interrupted generation's lines after the checkpoint.
	games := filepath.Join(dir, gamesLog)
	f, err := os.OpenFile(games, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"interrupted":true}` + "\n")
	require.NoError(t, err)
	require.NoError(t, f.Close())
	sizeBefore := fileSize(t, games)

	good, err := os.ReadFile(filepath.Join(dir, stateFile))
	require.NoError(t, err)
	edit := func(change func(m map[string]any)) {
		var m map[string]any
		require.NoError(t, json.Unmarshal(good, &m))
		change(m)
		b, err := json.Marshal(m)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, stateFile), b, 0o644))
	}
	for name, c := range map[string]struct {
		change func(m map[string]any)
		want   string
	}{
		"no log sizes":        {func(m map[string]any) { delete(m, "log_sizes") }, "log_sizes"},
		"negative generation": {func(m map[string]any) { m["generation"] = -1 }, "generation -1"},
		"missing network": {func(m map[string]any) {
			m["population"].([]any)[0].(map[string]any)["file"] = "pop/none.tnn"
		}, "none.tnn"},
		"huge table in the configuration": {func(m map[string]any) {
			m["config"].(map[string]any)["TTSizeMB"] = 100_000_000
		}, "transposition table"},
		"log shorter than recorded": {func(m map[string]any) {
			m["log_sizes"].(map[string]any)[tables] = 1 << 40
		}, tables},
	} {
		edit(c.change)
		_, err := Open(dir)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), c.want, name)
		assert.Equal(t, sizeBefore, fileSize(t, games), "%s: the logs must not be touched", name)
	}
	// The intact checkpoint opens and cuts the interrupted lines.
	require.NoError(t, os.WriteFile(filepath.Join(dir, stateFile), good, 0o644))
	_, err = Open(dir)
	require.NoError(t, err)
	assert.Less(t, fileSize(t, games), sizeBefore)
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	return fi.Size()
}
