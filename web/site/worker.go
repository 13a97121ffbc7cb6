package site

import (
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The page's search runs in Web Workers (web/worker): WorkerScript loads
// wasm_exec.js and WorkerWasm, a build of the engine alone.
const (
	WorkerScript = "search-worker.js"
	WorkerWasm   = "search.wasm"
)

//go:embed search-worker.js
var workerJS []byte

// buildWorker compiles the search worker into dir as WorkerWasm, as Build
// compiles the game, from the module's folder modDir.
func buildWorker(dir, ldflags, modDir string) error {
	out, err := filepath.Abs(filepath.Join(dir, WorkerWasm))
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", strings.TrimSpace("-s -w "+ldflags), "-o", out, "./web/worker")
	cmd.Dir = modDir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the search worker failed: %v\n%s", err, b)
	}
	return nil
}
