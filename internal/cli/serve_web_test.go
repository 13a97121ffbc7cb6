package cli

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// serve-web serves a site folder with the .wasm's type browsers need, and
// refuses a folder that holds no site.
func TestServeWeb(t *testing.T) {
	dir := t.TempDir()
	_, err := siteHandler(dir)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "holds no index.html")

	for name, body := range map[string]string{"index.html": "<html>", "wasm_exec.js": "//", "tablut.wasm": "\x00asm"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	h, err := siteHandler(dir)
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	for path, want := range map[string]string{"/tablut.wasm": "application/wasm", "/": "text/html; charset=utf-8", "/wasm_exec.js": "javascript"} {
		resp, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Contains(t, resp.Header.Get("Content-Type"), want, path)
		assert.NotEmpty(t, b, path)
	}
	assert.Error(t, runServeWeb([]string{"-dir", t.TempDir()}))
}
