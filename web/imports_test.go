package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestOnlyTheGame: the web build links the game and nothing of the tools
// (command line, training and measuring, plotting, the Tablut Challenge
// client and server, progress bars): each would add to the page's download.
func TestOnlyTheGame(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 {
		t.Fatalf("go list -deps listed only %d packages: %v", len(deps), deps)
	}
	for _, d := range deps {
		for _, bad := range []string{
			"github.com/tablut-ai/tablut/internal/cli",
			"github.com/tablut-ai/tablut/internal/lab",
			"github.com/tablut-ai/tablut/arena",
			"gonum.org/",
			"github.com/schollz/progressbar",
		} {
			if strings.HasPrefix(d, bad) {
				t.Errorf("the web build links %s", d)
			}
		}
	}
}
