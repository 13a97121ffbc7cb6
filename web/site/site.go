// Package site makes the web build's folder, which any static host serves
// as it is: index.html (the page: a progress bar while the game downloads
// and compiles, failure messages, its own frame timestamps), wasm_exec.js
// (Go's WebAssembly glue, copied from the toolchain that builds the .wasm, as
// the two must match), tablut.wasm (package web built with GOOS=js
// GOARCH=wasm), the page's search worker (search-worker.js and search.wasm,
// package web/worker), the favicon, the web app manifest and its icons
// (drawn by ui/shapes at build time), site.json (each file's sizes, for the
// progress bar), sw.js (the service worker that keeps the site for offline
// visits), and beside each text or wasm file F its compressed copies F.br
// and F.gz, which a server sends with Content-Encoding to a browser that
// takes them.
//
//   - site.go: Build (the whole folder) and Static (the page, the glue, the
//     worker's script and the icons only, for a release whose builder makes
//     the .wasm files itself).
//   - worker.go: the search worker's files (WorkerFiles, buildWorker).
//   - compress.go: Compress (F.gz and F.br beside every compressible file).
//   - offline.go: Finish (Compress, then site.json and sw.js for the files
//     as they are).
//   - icons.go: the favicon, the apple-touch icon, the manifest and its icons.
//   - index.html: the page.
//   - search-worker.js: the search worker's script.
//   - sw.js: the service worker's code; Finish writes its version and files.
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

// Static writes index.html, the toolchain's wasm_exec.js, the search
// worker's script, the favicon, the manifest and its icons into dir, making
// it if needed. The folder is ready to serve once the .wasm files are in and
// Finish has run.
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
	if err := writeIcons(dir); err != nil {
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

// Build writes the whole site into dir: Static, then the game and the
// search worker compiled to WebAssembly (stripped, -trimpath) with the extra
// linker flags ldflags (e.g. the version stamps), then Finish (the compressed copies, site.json,
// sw.js). It runs the go command in the module's folder.
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
	if err := buildWorker(dir, ldflags, cmd.Dir); err != nil {
		return err
	}
	return Finish(dir)
}

// goEnv returns one value of go env.
func goEnv(key string) (string, error) {
	b, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %v (is the Go toolchain on PATH?)", key, err)
	}
	return strings.TrimSpace(string(b)), nil
}
