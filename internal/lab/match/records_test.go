package match

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
