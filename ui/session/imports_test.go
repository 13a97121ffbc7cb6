package session

import (
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// forbidden reports why the window's state machine must not import path, or
// "" if it may: it holds no Ebitengine (so it builds and its tests run with no
// display, on every platform), and reaches the networks through ai/player.
func forbidden(path string) string {
	switch {
	case path == "github.com/hajimehoshi/ebiten/v2" || strings.HasPrefix(path, "github.com/hajimehoshi/ebiten/"):
		return "Ebitengine belongs to package ui"
	case path == "github.com/ebitengine/oto/v3":
		return "sound output belongs to package ui"
	}
	return ""
}

// TestNoEbitenImported: no file of the package (tests included) imports
// Ebitengine, weights or ai/cnn directly.
func TestNoEbitenImported(t *testing.T) {
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
			if why := forbidden(path); why != "" {
				t.Errorf("%s imports %s: %s", f, path, why)
			}
			if path == "github.com/tablut-ai/tablut/weights" || path == "github.com/tablut-ai/tablut/ai/cnn" {
				t.Errorf("%s imports %s: reach the networks through ai/player", f, path)
			}
		}
	}
}

// TestNoEbitenDependency: nothing the package or its tests build on, however
// indirectly, is Ebitengine (`go list -deps -test`).
func TestNoEbitenDependency(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the dependencies with; TestNoEbitenImported checks the direct imports")
	}
	out, err := exec.Command(goTool, "list", "-deps", "-test", ".").CombinedOutput()
	require.NoError(t, err, "go list: %s", out)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/tablut-ai/tablut/game", "the listing is not of this package's dependencies")
	for _, d := range deps {
		if why := forbidden(d); why != "" {
			t.Errorf("the package depends on %s: %s", d, why)
		}
	}
}
