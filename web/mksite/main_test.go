package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEmptySite: -clean empties a site folder (an earlier build's files
// gone), passes over a missing or empty one, and leaves alone a folder that
// holds files but no index.html (a mistyped -o).
func TestEmptySite(t *testing.T) {
	site := t.TempDir()
	for _, f := range []string{"index.html", "old-icon.png", "tablut.wasm.br"} {
		require.NoError(t, os.WriteFile(filepath.Join(site, f), []byte("x"), 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(site, "sub"), 0o755))
	require.NoError(t, emptySite(site))
	left, err := os.ReadDir(site)
	require.NoError(t, err)
	assert.Empty(t, left)

	require.NoError(t, emptySite(filepath.Join(t.TempDir(), "missing")))

	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, "notes.txt"), []byte("keep"), 0o644))
	assert.ErrorContains(t, emptySite(other), "not a site folder")
	assert.FileExists(t, filepath.Join(other, "notes.txt"))
}
