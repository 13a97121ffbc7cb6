package ui

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNetworksThroughPlayer: the window reaches the networks through
// ai/player (names, filter pictures), never weights or ai/cnn directly.
func TestNetworksThroughPlayer(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	fset := token.NewFileSet()
	for _, f := range files {
		ast, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		require.NoError(t, err)
		for _, im := range ast.Imports {
			path, err := strconv.Unquote(im.Path.Value)
			require.NoError(t, err)
			if path == "github.com/tablut-ai/tablut/weights" || path == "github.com/tablut-ai/tablut/ai/cnn" {
				t.Errorf("%s imports %s: reach the networks through ai/player", f, path)
			}
		}
	}
}
