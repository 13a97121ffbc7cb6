package site

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wasmBody stands for the game: compressible, as the real one is.
var wasmBody = bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00 the game's code "), 4000)

// writeSite makes a site folder in a fresh directory and returns it; files
// maps names (with slashes) to contents.
func writeSite(t *testing.T, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	base := map[string][]byte{
		"index.html":   []byte("<!doctype html><title>Tablut</title>"),
		"wasm_exec.js": []byte("// Go's glue\n"),
		WasmName:       wasmBody,
	}
	for k, v := range files {
		base[k] = v
	}
	for name, body := range base {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, body, 0o644))
	}
	return dir
}

// logLines collects what a Handler logs.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logLines) matching(sub string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, s := range l.lines {
		if strings.Contains(s, sub) {
			out = append(out, s)
		}
	}
	return out
}

// serveSite serves dir over a real HTTP listener on 127.0.0.1.
func serveSite(t *testing.T, dir string) (*httptest.Server, *logLines) {
	t.Helper()
	logs := &logLines{}
	h, err := NewHandler(dir, logs.logf)
	require.NoError(t, err)
	t.Cleanup(func() { h.Close() })
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, logs
}

// fetch asks for path with the given headers and returns the answer with
// its body read as sent (no transparent decoding: Accept-Encoding is ours).
func fetch(t *testing.T, method, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	require.NoError(t, err)
	req.Header.Set("Accept-Encoding", "identity") // else Go's client asks for gzip itself
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

// rawGet sends path exactly as written, which Go's client would not do for
// a path holding "..", and returns the status line.
func rawGet(t *testing.T, addr, path string) string {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", path)
	line, err := bufio.NewReader(c).ReadString('\n')
	require.NoError(t, err)
	return strings.TrimSpace(line)
}

// Only the site's regular files are served: no listing, no dotfile, no link
// out of the folder, no method but GET and HEAD.
func TestHandlerServesOnlySiteFiles(t *testing.T) {
	dir := writeSite(t, map[string][]byte{
		"sub/page.txt":  []byte("inside"),
		"sub/.hidden":   []byte("hidden"),
		".git/config":   []byte("[core]"),
		".env":          []byte("SECRET=1"),
		"manifest.json": []byte("{}"),
	})
	outside := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(outside, "secret"), []byte("secret"), 0o644))
	links := map[string]string{
		"out":         outside,                        // absolute, leaves the folder
		"out-rel":     "../" + filepath.Base(outside), // relative, leaves the folder
		"hostname":    "/etc/hostname",
		"inside.wasm": WasmName, // stays inside
		"abs.wasm":    "",       // absolute, to a file inside: refused all the same
		"indir":       "sub",
	}
	// t.TempDir makes sibling folders, so out-rel reaches outside.
	require.Equal(t, filepath.Dir(dir), filepath.Dir(outside))
	links["abs.wasm"] = filepath.Join(dir, WasmName)
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	srv, _ := serveSite(t, dir)

	for path, want := range map[string]int{
		"/":                http.StatusOK,
		"/index.html":      http.StatusOK,
		"/tablut.wasm":     http.StatusOK,
		"/sub/page.txt":    http.StatusOK,
		"/inside.wasm":     http.StatusOK,
		"/indir/page.txt":  http.StatusOK,
		"/sub":             http.StatusNotFound, // a folder
		"/sub/":            http.StatusNotFound,
		"/indir/":          http.StatusNotFound,
		"/.git/config":     http.StatusNotFound,
		"/.git/":           http.StatusNotFound,
		"/.env":            http.StatusNotFound,
		"/sub/.hidden":     http.StatusNotFound,
		"/out/secret":      http.StatusNotFound,
		"/out-rel/secret":  http.StatusNotFound,
		"/hostname":        http.StatusNotFound,
		"/abs.wasm":        http.StatusNotFound,
		"/nothing.js":      http.StatusNotFound,
		"/sub%5cpage.txt":  http.StatusNotFound, // a backslash
		"/sub//page.txt":   http.StatusNotFound,
		"/index.html%00.x": http.StatusNotFound,
	} {
		resp, body := fetch(t, http.MethodGet, srv.URL+path, nil)
		assert.Equal(t, want, resp.StatusCode, path)
		if want != http.StatusOK {
			assert.NotContains(t, string(body), "secret", path)
			assert.NotContains(t, string(body), "<a href", path) // no listing
		}
	}
	for _, path := range []string{"/../" + filepath.Base(outside) + "/secret", "/sub/../.env", "/./index.html"} {
		assert.Contains(t, rawGet(t, srv.Listener.Addr().String(), path), " 404 ", path)
	}
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodOptions} {
		resp, _ := fetch(t, m, srv.URL+"/", nil)
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, m)
		assert.Equal(t, "GET, HEAD", resp.Header.Get("Allow"), m)
	}
}

// Each kind of file goes out with the type a browser needs, and sw.js (as
// every file) is revalidated on each visit.
func TestHandlerTypes(t *testing.T) {
	dir := writeSite(t, map[string][]byte{
		"sw.js":                []byte("self.addEventListener('fetch', () => {})"),
		"manifest.webmanifest": []byte("{}"),
		"favicon.ico":          {0, 0, 1, 0},
		"icon-192.png":         []byte("\x89PNG"),
		"search.json":          []byte("{}"),
		"notes.unknown":        []byte("<html><script>alert(1)</script>"),
	})
	srv, _ := serveSite(t, dir)
	for path, want := range map[string]string{
		"/":                     "text/html; charset=utf-8",
		"/tablut.wasm":          "application/wasm",
		"/wasm_exec.js":         "text/javascript; charset=utf-8",
		"/sw.js":                "text/javascript; charset=utf-8",
		"/manifest.webmanifest": "application/manifest+json",
		"/favicon.ico":          "image/x-icon",
		"/icon-192.png":         "image/png",
		"/search.json":          "application/json",
		"/notes.unknown":        "application/octet-stream", // never sniffed as a page
	} {
		resp, _ := fetch(t, http.MethodGet, srv.URL+path, nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode, path)
		assert.Equal(t, want, resp.Header.Get("Content-Type"), path)
		assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), path)
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"), path)
	}
}

func gzipped(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	require.NoError(t, err)
	_, err = zw.Write(b)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	return buf.Bytes()
}

// A precompressed form is chosen by the client's Accept-Encoding, br before
// gzip before none, and goes out with the file's own type, its own length
// and tag, and Vary.
func TestHandlerPrecompressed(t *testing.T) {
	gz := gzipped(t, wasmBody)
	// The handler sends .br files as they are; these bytes need not be
	// real brotli to show which file went out.
	br := append([]byte("brotli stand-in "), gz[:len(gz)/2]...)
	glueGz := gzipped(t, []byte("// Go's glue\n"))
	dir := writeSite(t, map[string][]byte{WasmName + ".gz": gz, WasmName + ".br": br, "wasm_exec.js.gz": glueGz})
	srv, _ := serveSite(t, dir)

	cases := []struct {
		path, accept, want string
	}{
		{"/tablut.wasm", "gzip, deflate, br, zstd", "br"}, // Chromium's
		{"/tablut.wasm", "br", "br"},
		{"/tablut.wasm", "*", "br"},
		{"/tablut.wasm", "gzip", "gzip"},
		{"/tablut.wasm", "x-gzip", "gzip"},
		{"/tablut.wasm", "br;q=0, gzip", "gzip"},
		{"/tablut.wasm", "br;q=0.5, gzip;q=0.8", "gzip"},
		{"/tablut.wasm", "*;q=0, gzip", "gzip"},
		{"/tablut.wasm", "", ""},
		{"/tablut.wasm", "identity", ""},
		{"/tablut.wasm", "deflate", ""},
		{"/tablut.wasm", "gzip;q=0, br;q=0", ""},
		{"/wasm_exec.js", "br, gzip", "gzip"}, // no .br of it
		{"/index.html", "br, gzip", ""},       // none at all
	}
	for _, c := range cases {
		name := c.path + " " + c.accept
		resp, body := fetch(t, http.MethodGet, srv.URL+c.path, map[string]string{"Accept-Encoding": c.accept})
		require.Equal(t, http.StatusOK, resp.StatusCode, name)
		assert.Equal(t, c.want, resp.Header.Get("Content-Encoding"), name)
		assert.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"), name)
		assert.Equal(t, fmt.Sprint(len(body)), resp.Header.Get("Content-Length"), name)
		switch {
		case c.path == "/tablut.wasm":
			assert.Equal(t, "application/wasm", resp.Header.Get("Content-Type"), name)
			switch c.want {
			case "br":
				assert.Equal(t, br, body, name)
			case "gzip":
				zr, err := gzip.NewReader(bytes.NewReader(body))
				require.NoError(t, err, name)
				plain, err := io.ReadAll(zr)
				require.NoError(t, err, name)
				assert.Equal(t, wasmBody, plain, name)
			default:
				assert.Equal(t, wasmBody, body, name)
			}
		case c.path == "/wasm_exec.js":
			assert.Equal(t, "text/javascript; charset=utf-8", resp.Header.Get("Content-Type"), name)
			assert.Equal(t, glueGz, body, name)
		}
	}

	// HEAD gives the length of what GET would send.
	resp, body := fetch(t, http.MethodHead, srv.URL+"/tablut.wasm", map[string]string{"Accept-Encoding": "br"})
	assert.Equal(t, "br", resp.Header.Get("Content-Encoding"))
	assert.Equal(t, fmt.Sprint(len(br)), resp.Header.Get("Content-Length"))
	assert.Empty(t, body)

	// A range of a compressed answer is refused by sending it whole; a
	// range of the plain file is honoured.
	resp, body = fetch(t, http.MethodGet, srv.URL+"/tablut.wasm", map[string]string{"Accept-Encoding": "br", "Range": "bytes=0-9"})
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "none", resp.Header.Get("Accept-Ranges"))
	assert.Equal(t, br, body)
	resp, body = fetch(t, http.MethodGet, srv.URL+"/tablut.wasm", map[string]string{"Range": "bytes=0-9"})
	assert.Equal(t, http.StatusPartialContent, resp.StatusCode)
	assert.Equal(t, wasmBody[:10], body)
	assert.Empty(t, resp.Header.Get("Content-Encoding"))

	// Asked for by name, a compressed file is a plain file.
	resp, body = fetch(t, http.MethodGet, srv.URL+"/tablut.wasm.gz", map[string]string{"Accept-Encoding": "br, gzip"})
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Empty(t, resp.Header.Get("Content-Encoding"))
	assert.Equal(t, "application/gzip", resp.Header.Get("Content-Type"))
	assert.Equal(t, gz, body)
}

// A compressed form older than its file (the file rebuilt, the .br not) is
// not sent, and the teacher is told once.
func TestHandlerStaleCompressed(t *testing.T) {
	dir := writeSite(t, map[string][]byte{WasmName + ".br": []byte("old build"), WasmName + ".gz": gzipped(t, wasmBody)})
	old := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(filepath.Join(dir, WasmName+".br"), old, old))
	srv, logs := serveSite(t, dir)
	for range 3 {
		resp, _ := fetch(t, http.MethodGet, srv.URL+"/tablut.wasm", map[string]string{"Accept-Encoding": "br, gzip"})
		assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
	}
	assert.Len(t, logs.matching("tablut.wasm.br is older"), 1)
}

// Each form of a file has its own tag; revalidating with it (the browser
// does on each visit, the files being no-cache) costs a 304.
func TestHandlerRevalidates(t *testing.T) {
	dir := writeSite(t, map[string][]byte{WasmName + ".br": []byte("brotli"), WasmName + ".gz": gzipped(t, wasmBody)})
	srv, _ := serveSite(t, dir)
	tags := map[string]bool{}
	for _, enc := range []string{"br", "gzip", "identity"} {
		resp, _ := fetch(t, http.MethodGet, srv.URL+"/tablut.wasm", map[string]string{"Accept-Encoding": enc})
		tag, lm := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
		require.NotEmpty(t, tag, enc)
		require.NotEmpty(t, lm, enc)
		tags[tag] = true
		resp, body := fetch(t, http.MethodGet, srv.URL+"/tablut.wasm", map[string]string{"Accept-Encoding": enc, "If-None-Match": tag})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode, enc)
		assert.Empty(t, body, enc)
		assert.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"), enc)
		resp, _ = fetch(t, http.MethodGet, srv.URL+"/tablut.wasm", map[string]string{"Accept-Encoding": enc, "If-Modified-Since": lm})
		assert.Equal(t, http.StatusNotModified, resp.StatusCode, enc)
	}
	assert.Len(t, tags, 3, "one tag per form")
	// A tag of another form gets the whole file.
	resp, _ := fetch(t, http.MethodGet, srv.URL+"/tablut.wasm", map[string]string{"Accept-Encoding": "identity", "If-None-Match": `"br-0-0"`})
	assert.Equal(t, http.StatusOK, resp.StatusCode)
}

// A folder that is no site is refused with what to do about it.
func TestHandlerNeedsASite(t *testing.T) {
	_, err := NewHandler(filepath.Join(t.TempDir(), "none"), nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "holds no index.html")
	for _, f := range []string{"index.html", "wasm_exec.js", WasmName} {
		dir := writeSite(t, nil)
		require.NoError(t, os.Remove(filepath.Join(dir, f)))
		_, err := NewHandler(dir, nil)
		require.Error(t, err, f)
		assert.Contains(t, err.Error(), "holds no "+f)
		assert.Contains(t, err.Error(), "mksite")
	}
	dir := writeSite(t, nil)
	require.NoError(t, os.Remove(filepath.Join(dir, WasmName)))
	require.NoError(t, os.Mkdir(filepath.Join(dir, WasmName), 0o755))
	_, err = NewHandler(dir, nil)
	assert.ErrorContains(t, err, "holds no "+WasmName)
}

// Each visitor is logged once, with its first request.
func TestHandlerLogsVisitorsOnce(t *testing.T) {
	srv, logs := serveSite(t, writeSite(t, nil))
	for _, p := range []string{"/", "/wasm_exec.js", "/tablut.wasm", "/nothing"} {
		fetch(t, http.MethodGet, srv.URL+p, nil)
	}
	assert.Equal(t, []string{"visitor 127.0.0.1 (first request: /)"}, logs.matching("visitor"))

	h, err := NewHandler(writeSite(t, nil), logs.logf)
	require.NoError(t, err)
	defer h.Close()
	for _, remote := range []string{"192.168.1.23:5000", "192.168.1.23:5001", "[::ffff:192.168.1.24]:80", "[fe80::1]:80"} {
		req := httptest.NewRequest(http.MethodGet, "/x%1b[2J", nil)
		req.RemoteAddr = remote
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	assert.Equal(t, []string{
		"visitor 127.0.0.1 (first request: /)",
		"visitor 192.168.1.23 (first request: /x%1b[2J)",
		"visitor 192.168.1.24 (first request: /x%1b[2J)",
		"visitor fe80::1 (first request: /x%1b[2J)",
	}, logs.matching("visitor"))
}

func TestAcceptedEncodings(t *testing.T) {
	for _, c := range []struct {
		header   string
		br, gzip float64
	}{
		{"", 0, 0},
		{"br", 1, 0},
		{"gzip, deflate, br", 1, 1},
		{"BR;Q=0.3 , gzip ; q=0.7", 0.3, 0.7},
		{"*", 1, 1},
		{"*;q=0.2, br;q=0", 0, 0.2},
		{"br;q=2, gzip;q=x", 0, 0},
		{"x-gzip", 0, 1},
	} {
		a := acceptedEncodings(c.header)
		assert.Equal(t, c.br, a("br"), c.header)
		assert.Equal(t, c.gzip, a("gzip"), c.header)
	}
}
