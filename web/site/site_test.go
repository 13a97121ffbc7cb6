package site

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decoded reads a compressed copy back.
func decoded(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var r io.Reader
	switch filepath.Ext(path) {
	case ".gz":
		z, err := gzip.NewReader(f)
		require.NoError(t, err)
		r = z
	case ".br":
		r = brotli.NewReader(f)
	}
	b, err := io.ReadAll(r)
	require.NoError(t, err, path)
	return b
}

// someBytes are n bytes with repeats, as a program's are.
func someBytes(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	words := make([][]byte, 64)
	for i := range words {
		words[i] = make([]byte, 3+r.IntN(12))
		for j := range words[i] {
			words[i][j] = byte(r.UintN(256))
		}
	}
	var b bytes.Buffer
	for b.Len() < n {
		b.Write(words[r.IntN(len(words))])
	}
	return b.Bytes()[:n]
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, b, 0o644))
}

// TestCompress: every compressible file gets .gz and .br copies that decode
// to it, in sub-folders too; images, hidden files and copies do not; a copy
// whose original is gone is removed, an archive is not.
func TestCompress(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{
		"game.wasm":            someBytes(300_000, 1),
		"search-worker.js":     someBytes(5_000, 2),
		"index.html":           []byte("<!doctype html><title>x</title>"),
		"sub/data.json":        []byte(`{"a": [1, 2, 3]}`),
		"manifest.webmanifest": []byte(`{}`),
		"empty.js":             {},
	}
	for n, b := range files {
		write(t, filepath.Join(dir, n), b)
	}
	write(t, filepath.Join(dir, "icon.png"), someBytes(1000, 3))
	write(t, filepath.Join(dir, ".secret.js"), []byte("x"))
	write(t, filepath.Join(dir, "gone.js.br"), []byte("old"))
	write(t, filepath.Join(dir, "gone.wasm.gz"), []byte("old"))
	write(t, filepath.Join(dir, "release.tar.gz"), []byte("an archive"))

	require.NoError(t, Compress(dir))
	for n, b := range files {
		for _, e := range encodings {
			assert.Equal(t, b, decoded(t, filepath.Join(dir, n+e.ext)), "%s%s", n, e.ext)
		}
	}
	wasm, br, gz := fileSize(filepath.Join(dir, "game.wasm")), fileSize(filepath.Join(dir, "game.wasm.br")), fileSize(filepath.Join(dir, "game.wasm.gz"))
	assert.Less(t, br, gz, "brotli beats gzip on the wasm")
	assert.Less(t, gz, wasm)
	for _, n := range []string{"icon.png.gz", "icon.png.br", ".secret.js.gz", ".secret.js.br", "gone.js.br", "gone.wasm.gz"} {
		assert.NoFileExists(t, filepath.Join(dir, n))
	}
	assert.FileExists(t, filepath.Join(dir, "release.tar.gz"))
	// Again: the copies follow a changed original.
	files["index.html"] = []byte("<!doctype html><title>changed</title>")
	write(t, filepath.Join(dir, "index.html"), files["index.html"])
	require.NoError(t, Compress(dir))
	assert.Equal(t, files["index.html"], decoded(t, filepath.Join(dir, "index.html.br")))
}

// staticSite is Static's folder with a stand-in for the .wasm (Build's
// real one is the browser tests' work).
func staticSite(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, Static(dir))
	write(t, filepath.Join(dir, WasmName), someBytes(100_000, 4))
	return dir
}

var swLine = regexp.MustCompile(`(?m)^const (VERSION|FILES) = (.*);$`)

// workerList is sw.js's version and files.
func workerList(t *testing.T, dir string) (string, []string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ServiceWorker))
	require.NoError(t, err)
	var version string
	var files []string
	for _, m := range swLine.FindAllStringSubmatch(string(b), -1) {
		switch m[1] {
		case "VERSION":
			require.NoError(t, json.Unmarshal([]byte(m[2]), &version), m[0])
		case "FILES":
			require.NoError(t, json.Unmarshal([]byte(m[2]), &files), m[0])
		}
	}
	require.NotEmpty(t, version, "sw.js names no version")
	require.NotEmpty(t, files, "sw.js names no files")
	assert.NotContains(t, string(b), "/*VERSION*/")
	assert.NotContains(t, string(b), "/*FILES*/")
	return version, files
}

func readSizes(t *testing.T, dir string) Sizes {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, SizesFile))
	require.NoError(t, err)
	var s Sizes
	require.NoError(t, json.Unmarshal(b, &s))
	return s
}

// TestFinish: site.json gives every file's true sizes, sw.js names files
// that exist (the page as its folder) under site.json's version, which
// follows the files' contents; the copies are written.
func TestFinish(t *testing.T) {
	dir := staticSite(t)
	require.NoError(t, Finish(dir))
	sizes := readSizes(t, dir)
	for _, n := range []string{"index.html", "wasm_exec.js", WasmName, Manifest, favicon, appleTouch, "icon-192.png", "icon-512.png"} {
		assert.Contains(t, sizes.Files, n)
	}
	for n, s := range sizes.Files {
		p := filepath.Join(dir, filepath.FromSlash(n))
		assert.Equal(t, fileSize(p), s.Size, n)
		if compressible(n) {
			assert.Equal(t, fileSize(p+".br"), s.Br, n)
			assert.Equal(t, fileSize(p+".gz"), s.Gzip, n)
			assert.Positive(t, s.Br, n)
		} else {
			assert.Zero(t, s.Br+s.Gzip, n)
		}
	}
	assert.NotContains(t, sizes.Files, ServiceWorker)
	assert.NotContains(t, sizes.Files, SizesFile)

	version, files := workerList(t, dir)
	assert.Equal(t, sizes.Version, version)
	assert.Contains(t, files, "./")
	assert.Contains(t, files, WasmName)
	assert.Contains(t, files, SizesFile)
	assert.NotContains(t, files, ServiceWorker, "the browser keeps the worker itself")
	assert.NotContains(t, files, "index.html", "the page is kept as its folder")
	assert.Contains(t, files, favicon)
	assert.NotContains(t, files, "icon-512.png", "the browser keeps the installed page's icons")
	assert.NotContains(t, files, appleTouch)
	for _, f := range files {
		if f != "./" {
			assert.FileExists(t, filepath.Join(dir, f))
		}
	}
	for _, n := range []string{SizesFile, ServiceWorker, "index.html", WasmName} {
		b, err := os.ReadFile(filepath.Join(dir, n))
		require.NoError(t, err)
		assert.Equal(t, b, decoded(t, filepath.Join(dir, n+".br")), n)
	}

	// The same files, the same version; a changed file, a new one.
	require.NoError(t, Finish(dir))
	v2, _ := workerList(t, dir)
	assert.Equal(t, version, v2)
	write(t, filepath.Join(dir, WasmName), someBytes(100_000, 5))
	require.NoError(t, Finish(dir))
	v3, _ := workerList(t, dir)
	assert.NotEqual(t, version, v3)
	assert.Equal(t, v3, readSizes(t, dir).Version)

	// A second game file, as a worker's, is picked up with no change here.
	write(t, filepath.Join(dir, "search.wasm"), someBytes(50_000, 6))
	write(t, filepath.Join(dir, "search-worker.js"), []byte("self.onmessage = function () {};\n"))
	require.NoError(t, Finish(dir))
	_, files = workerList(t, dir)
	assert.Contains(t, files, "search.wasm")
	assert.Contains(t, files, "search-worker.js")
	assert.Positive(t, readSizes(t, dir).Files["search.wasm"].Br)

	assert.ErrorContains(t, Finish(t.TempDir()), "no index.html")
}

// TestManifestAndIcons: the manifest is valid JSON naming icons that exist
// at their stated sizes, with the page's colours; maskable icons are opaque;
// the favicon is an .ico of PNGs; index.html links them all.
func TestManifestAndIcons(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, Static(dir))
	b, err := os.ReadFile(filepath.Join(dir, Manifest))
	require.NoError(t, err)
	var m struct {
		Name            string
		ShortName       string `json:"short_name"`
		StartURL        string `json:"start_url"`
		Display         string
		BackgroundColor string `json:"background_color"`
		ThemeColor      string `json:"theme_color"`
		Icons           []struct{ Src, Sizes, Type, Purpose string }
	}
	require.NoError(t, json.Unmarshal(b, &m))
	assert.Equal(t, "Tablut", m.ShortName)
	assert.Equal(t, ".", m.StartURL)
	assert.Contains(t, []string{"standalone", "fullscreen"}, m.Display)
	assert.Equal(t, "#20262b", m.BackgroundColor)
	assert.Equal(t, "#20262b", m.ThemeColor)
	var have []string
	for _, ic := range m.Icons {
		f, err := os.Open(filepath.Join(dir, ic.Src))
		require.NoError(t, err)
		img, err := png.Decode(f)
		f.Close()
		require.NoError(t, err, ic.Src)
		sz := img.Bounds().Size()
		assert.Equal(t, ic.Sizes, sizeString(sz.X), ic.Src)
		assert.Equal(t, "image/png", ic.Type)
		have = append(have, ic.Sizes+" "+ic.Purpose)
		if ic.Purpose == "maskable" {
			for _, p := range [][2]int{{0, 0}, {sz.X - 1, 0}, {0, sz.Y - 1}, {sz.X / 2, sz.Y / 10}} {
				_, _, _, a := img.At(p[0], p[1]).RGBA()
				assert.Equal(t, uint32(0xffff), a, "%s at %v is not opaque", ic.Src, p)
			}
		}
	}
	assert.Subset(t, have, []string{"192x192 any", "512x512 any", "512x512 maskable"})

	ico, err := os.ReadFile(filepath.Join(dir, favicon))
	require.NoError(t, err)
	require.Greater(t, len(ico), 6)
	assert.Equal(t, []uint16{0, 1, 3}, []uint16{binary.LittleEndian.Uint16(ico), binary.LittleEndian.Uint16(ico[2:]), binary.LittleEndian.Uint16(ico[4:])})

	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	require.NoError(t, err)
	for _, s := range []string{`href="` + favicon + `"`, `href="` + appleTouch + `"`, `href="` + Manifest + `"`,
		`name="theme-color" content="#20262b"`, `"` + SizesFile + `"`, `"` + ServiceWorker + `"`, `"` + WasmName + `"`} {
		assert.Contains(t, string(page), s)
	}
	assert.True(t, strings.Contains(string(page), "background: "+backgroundCSS), "the page's colour is the manifest's")
}

// TestScriptsParse: the service worker as Finish writes it and the page's
// script are valid JavaScript, where Node.js is installed to say so (the
// browser tests run both).
func TestScriptsParse(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on PATH")
	}
	dir := staticSite(t)
	require.NoError(t, Finish(dir))
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindSubmatch(page)
	require.NotNil(t, m, "index.html has no inline script")
	pageJS := filepath.Join(t.TempDir(), "page.js")
	write(t, pageJS, m[1])
	for _, f := range []string{filepath.Join(dir, ServiceWorker), pageJS, filepath.Join(dir, WorkerScript)} {
		out, err := exec.Command(node, "--check", f).CombinedOutput()
		assert.NoError(t, err, "%s: %s", filepath.Base(f), out)
	}
}
