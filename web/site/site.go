// Package site makes the web build's folder, which any static host serves
// as it is: index.html (the page: loading, failure messages, its own frame
// timestamps), wasm_exec.js (Go's WebAssembly glue, copied from the
// toolchain that builds the .wasm, as the two must match) and tablut.wasm
// (package web built with GOOS=js GOARCH=wasm), and the page's search
// worker: search-worker.js and search.wasm (package web/worker).
//
//   - site.go: Build (the whole folder) and Static (the page and the glue
//     only, for a release whose builder makes the .wasm itself).
//   - worker.go: the search worker's files (WorkerFiles, buildWorker).
//   - index.html: the page.
//   - search-worker.js: the search worker's script.
//   - handler.go: Handler, what serves the folder (site files only, precompressed forms).
package site

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed index.html
var indexHTML []byte

// WasmName is the file name index.html loads.
const WasmName = "tablut.wasm"

// Static writes index.html, the toolchain's wasm_exec.js and the search
// worker's script into dir, making it if needed.
func Static(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), indexHTML, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, WorkerScript), workerJS, 0o644); err != nil {
		return err
	}
	root, err := goEnv("GOROOT")
	if err != nil {
		return err
	}
	var glue []byte
	// Go 1.24 moved the glue from misc/wasm to lib/wasm.
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if glue, err = os.ReadFile(filepath.Join(root, p)); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("cannot find wasm_exec.js in the Go toolchain at %s: %v", root, err)
	}
	return os.WriteFile(filepath.Join(dir, "wasm_exec.js"), glue, 0o644)
}

// Build writes the whole site into dir: Static, then the game compiled to
// WebAssembly (stripped, -trimpath) with the extra linker flags ldflags
// (e.g. the version stamps). It runs the go command in the module's folder.
func Build(dir, ldflags string) error {
	if err := Static(dir); err != nil {
		return err
	}
	mod, err := goEnv("GOMOD")
	if err != nil || mod == "" || mod == os.DevNull {
		return errors.New("site: run inside the tablut module (go env GOMOD names no go.mod)")
	}
	out, err := filepath.Abs(filepath.Join(dir, WasmName))
	if err != nil {
		return err
	}
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", strings.TrimSpace("-s -w "+ldflags), "-o", out, "./web")
	cmd.Dir = filepath.Dir(mod)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the web game failed: %v\n%s", err, b)
	}
	return buildWorker(dir, ldflags, cmd.Dir)
}

// goEnv returns one value of go env.
func goEnv(key string) (string, error) {
	b, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v (is the Go toolchain on PATH?)", key, err)
	}
	return strings.TrimSpace(string(b)), nil
}
