package rundir

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckNew(t *testing.T) {
	missing, err := CheckNew(filepath.Join(t.TempDir(), "new"), "state.json", "training", false)
	require.NoError(t, err)
	assert.True(t, missing, "a folder that does not exist yet")

	empty := t.TempDir()
	missing, err = CheckNew(empty, "state.json", "training", false)
	require.NoError(t, err)
	assert.False(t, missing)

	_, err = CheckNew("", "state.json", "training", true)
	require.ErrorContains(t, err, "folder of its own")

	busy := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(busy, "notes.txt"), nil, 0o644))
	_, err = CheckNew(busy, "state.json", "learning", false)
	require.ErrorContains(t, err, "not empty and holds no learning run")
	_, err = CheckNew(busy, "state.json", "learning", true)
	require.NoError(t, err, "-force writes into a busy folder")

	require.NoError(t, os.WriteFile(filepath.Join(busy, "state.json"), []byte("{}"), 0o644))
	_, err = CheckNew(busy, "state.json", "learning", true)
	require.ErrorContains(t, err, "already holds a learning run", "not even -force starts a run over another")
}

func TestReadState(t *testing.T) {
	dir := t.TempDir()
	var v struct{ Generation int }
	require.ErrorContains(t, ReadState(dir, "state.json", "training", &v), "holds no training run")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "state.json"), []byte(`{"Generation":`), 0o644))
	require.ErrorContains(t, ReadState(dir, "state.json", "training", &v), "damaged")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "state.json"), []byte(`{"Generation":7}`), 0o644))
	require.NoError(t, ReadState(dir, "state.json", "training", &v))
	assert.Equal(t, 7, v.Generation)
}
