//go:build !js

package cnn

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWasmSIMDGenerated: the committed wasmsimd.wasm (embedded) is what
// gen_wasmsimd.go writes now, so the generator and the module cannot drift
// apart. (The module's behaviour is tested under Node: wasmsimd_js_test.go.)
func TestWasmSIMDGenerated(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to run the generator")
	}
	out := filepath.Join(t.TempDir(), "wasmsimd.wasm")
	cmd := exec.Command(goTool, "run", "gen_wasmsimd.go", out)
	cmd.Env = append(os.Environ(), "GOOS=", "GOARCH=", "GOFLAGS=")
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	require.True(t, bytes.Equal(got, wasmSIMDModule), "wasmsimd.wasm differs from gen_wasmsimd.go's output: run go generate ./ai/cnn/")
}
