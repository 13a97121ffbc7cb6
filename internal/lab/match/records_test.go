package match

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
)

// A second match or tournament into the same -records folder is refused
// before any game, and the earlier records stay as they were.
func TestRecordsAreNeverOverwritten(t *testing.T) {
	r, err := player.ParseSpec("random")
	require.NoError(t, err)
	dir := t.TempDir()
	c := Config{A: r, B: r, Games: 2, MaxPlies: 40, Parallel: 1, Seed: 1, RecordsDir: dir}
	_, err = Run(context.Background(), c)
	require.NoError(t, err)
	first, err := os.ReadFile(filepath.Join(dir, "game-0001.txt"))
	require.NoError(t, err)

	c.Seed = 2
	games := 0
	c.OnGame = func(int, GameResult, bool, Stats) { games++ }
	_, err = Run(context.Background(), c)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "already holds 2 game records")
	assert.Zero(t, games, "no game may be played")
	again, err := os.ReadFile(filepath.Join(dir, "game-0001.txt"))
	require.NoError(t, err)
	assert.Equal(t, first, again)

	tdir := t.TempDir()
	tour := Tournament{Players: []player.Spec{r, r}, Base: Config{Games: 2, MaxPlies: 40, Parallel: 1, Seed: 3, RecordsDir: tdir}}
	_, err = tour.Run(context.Background())
	require.NoError(t, err)
	_, err = tour.Run(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "already holds")
}

// differences names each setting that differs with both values as the
// command line writes them, defaults (the event, the side, the table size)
// by their meaning rather than by their empty stored form.
func TestDifferences(t *testing.T) {
	h, err := player.ParseSpec("heuristic")
	require.NoError(t, err)
	was := settings{A: h, B: h, OpeningPlies: 4, MaxPlies: 100, Seed: 1}
	assert.Empty(t, differences(was, was))
	now := was
	now.Event, now.Side, now.MaxPlies = "tournament", "white", 50
	now.B.SetTTSizeMB(64)
	now.A.Off, err = ai.ParseFeatures("lmr")
	require.NoError(t, err)
	now.B.Kind, now.B.Net = player.CNN, "champion"
	assert.Equal(t, []difference{
		{"A's -off", "none", "lmr"},
		{"-b", "heuristic", "cnn:champion"},
		{"B's -tt", "16", "64"},
		{"-max-plies", "100", "50"},
		{"event", "match", "tournament"},
		{"-side", "both", "white"},
	}, differences(was, now))
	assert.Equal(t, "it was played with A's -off none, this command says A's -off lmr (settings that differ: A's -off, -b, B's -tt, -max-plies, event, -side)",
		describeDifferences(was, now))
}
