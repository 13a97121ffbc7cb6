package site

import (
	"cmp"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// maxVisitors bounds the set of addresses Handler remembers for its visitor
// log, so that a server left open to a large network cannot be made to grow
// without end: a room has tens of visitors.
const maxVisitors = 1 << 16

// Handler serves a built site folder to browsers, and nothing else from it:
// only regular files, never a directory listing, a file or folder whose name
// begins with a dot (.git, .env), or a symbolic link that leads out of the
// folder (os.Root also refuses absolute links, even to a file inside).
// Asked for by name, F.br and F.gz are plain files like any other. Where the site's build wrote F.br or F.gz beside F, a browser that
// accepts that encoding gets the smaller file, sent with Content-Encoding.
type Handler struct {
	root *os.Root // the folder; os.Root refuses names and links that leave it
	logf func(format string, args ...any)

	mu       sync.Mutex
	visitors map[string]bool // addresses already logged
	full     bool            // the visitor log has said it stops
	stale    map[string]bool // F.br or F.gz older than F, logged once each
}

// NewHandler serves the site in dir, which must hold index.html,
// wasm_exec.js and the game's .wasm. logf, when not nil, gets one line for
// each new visitor's address and one for each precompressed file that is
// older than the file it compresses (a site rebuilt by hand, half copied).
// Close releases the folder.
func NewHandler(dir string, logf func(format string, args ...any)) (*Handler, error) {
	// The error names what a teacher would do about it; a folder that does
	// not exist reads the same, since the cure is the same.
	missing := func(f string) error {
		return fmt.Errorf("%s holds no %s: unzip tablut_VERSION_web.zip there, or build the site with go run ./web/mksite -o %s", dir, f, dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, missing("index.html")
	}
	for _, f := range []string{"index.html", "wasm_exec.js", WasmName} {
		if fi, err := root.Stat(f); err != nil || !fi.Mode().IsRegular() {
			root.Close()
			return nil, missing(f)
		}
	}
	return &Handler{root: root, logf: logf, visitors: map[string]bool{}, stale: map[string]bool{}}, nil
}

// Close releases the site folder; the handler serves nothing afterwards.
func (h *Handler) Close() error { return h.root.Close() }

// contentTypes are the types of the site's files. Browsers need
// application/wasm to compile the game while it downloads, and the manifest's
// own type to install the page as an app. Anything else goes out as bytes,
// and nosniff keeps a browser from guessing otherwise.
var contentTypes = map[string]string{
	".wasm":        "application/wasm",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".ico":         "image/x-icon",
	".png":         "image/png",
	".svg":         "image/svg+xml",
	".gz":          "application/gzip",
}

// encodings are the precompressed forms Handler looks for, best first: brotli
// makes the game's .wasm about a fifth smaller than gzip does.
var encodings = []encoding{{"br", ".br"}, {"gzip", ".gz"}}

type encoding struct{ name, ext string }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.visitor(r)
	hd := w.Header()
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name, ok := siteName(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	f, fi, ok := h.open(name)
	if !ok {
		http.NotFound(w, r)
		return
	}

	ctype, ok := contentTypes[path.Ext(name)]
	if !ok {
		ctype = "application/octet-stream"
	}
	hd.Set("Content-Type", ctype)
	hd.Set("X-Content-Type-Options", "nosniff")
	// no-cache: the browser keeps the files but asks each time whether they
	// changed (a 304 costs a few bytes), so a rebuilt site is seen at once.
	// It matters most for sw.js, the service worker, which decides what the
	// page loads offline.
	hd.Set("Cache-Control", "no-cache")
	// The answer depends on Accept-Encoding even where this file has no
	// compressed form today: the next build may add one.
	hd.Set("Vary", "Accept-Encoding")

	out, outInfo, enc := f, fi, ""
	if !strings.HasSuffix(name, ".br") && !strings.HasSuffix(name, ".gz") {
		if cf, cfi, e := h.compressed(name, fi, r.Header.Get("Accept-Encoding")); cf != nil {
			f.Close() // one open file per request: serve-web counts on it
			out, outInfo, enc = cf, cfi, e
		}
	}
	defer out.Close()
	// The entity tag names the bytes sent: the encoding, the size and the
	// time of the file, so each form of a file revalidates on its own.
	tag := enc
	if tag == "" {
		tag = "id"
	}
	hd.Set("ETag", fmt.Sprintf(`"%s-%x-%x"`, tag, outInfo.Size(), outInfo.ModTime().UnixNano()))
	if enc != "" {
		hd.Set("Content-Encoding", enc)
		// ServeContent leaves the length out once an encoding is set; the
		// browser's progress bar needs it.
		hd.Set("Content-Length", strconv.FormatInt(outInfo.Size(), 10))
		// No ranges of a compressed body: a range would count bytes of the
		// .br file, which few clients expect, and a multipart answer would
		// claim its whole body compressed.
		r = r.Clone(r.Context())
		r.Header.Del("Range")
		r.Header.Del("If-Range")
		w = noRanges{w}
	}
	http.ServeContent(w, r, name, outInfo.ModTime(), out)
}

// siteName turns a request's path into the name of a file in the folder, or
// reports false for what the site never holds: a folder (other than / for
// index.html), a name beginning with a dot anywhere along the path ("." and
// ".." included), and characters that mean something else to some file
// system (\ and : on Windows, NUL).
func siteName(p string) (string, bool) {
	if p == "/" {
		return "index.html", true
	}
	if !strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") || strings.ContainsAny(p, "\\:\x00") {
		return "", false
	}
	name := p[1:]
	for seg := range strings.SplitSeq(name, "/") {
		if seg == "" || seg[0] == '.' {
			return "", false
		}
	}
	return name, true
}

// open opens name in the folder if it is a regular file there (a link is
// followed only while it stays inside the folder).
func (h *Handler) open(name string) (*os.File, fs.FileInfo, bool) {
	f, err := h.root.Open(filepath.FromSlash(name))
	if err != nil {
		return nil, nil, false
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, false
	}
	return f, fi, true
}

// staleSlack is how much older than its file a compressed form may be and
// still count as the same build's: a build need not write a file before its
// compressed forms, but a new game copied over an old one is hours or days
// newer than the old one's .br.
const staleSlack = time.Minute

// compressed opens the best precompressed form of name that the client
// accepts, or returns a nil file. A form clearly older than the file itself
// is left alone (it would hand out the previous build) and logged once.
func (h *Handler) compressed(name string, fi fs.FileInfo, acceptEncoding string) (*os.File, fs.FileInfo, string) {
	accepted := acceptedEncodings(acceptEncoding)
	var order []encoding
	for _, e := range encodings {
		if accepted(e.name) > 0 {
			order = append(order, e)
		}
	}
	// The client's weights first; among equal ones, the smaller form.
	slices.SortStableFunc(order, func(a, b encoding) int { return cmp.Compare(accepted(b.name), accepted(a.name)) })
	for _, e := range order {
		cf, cfi, ok := h.open(name + e.ext)
		if !ok {
			continue
		}
		if cfi.ModTime().Before(fi.ModTime().Add(-staleSlack)) {
			cf.Close()
			h.logStale(name + e.ext)
			continue
		}
		return cf, cfi, e.name
	}
	return nil, nil, ""
}

// acceptedEncodings reads an Accept-Encoding header (RFC 9110 12.5.3) and
// returns each coding's weight: 0 for one the client refuses or does not
// name, else its q (1 when not given). "*" stands for every coding not
// named; x-gzip is gzip.
func acceptedEncodings(header string) func(coding string) float64 {
	q := map[string]float64{}
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		if coding == "x-gzip" {
			coding = "gzip"
		}
		w := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
					w = f
				} else {
					w = 0 // a weight we cannot read: take the coding as refused
				}
			}
		}
		q[coding] = w
	}
	return func(coding string) float64 {
		if w, ok := q[coding]; ok {
			return w
		}
		return q["*"]
	}
}

// noRanges tells the client that a compressed answer takes no ranges
// (ServeContent announces bytes ranges for every file).
type noRanges struct{ http.ResponseWriter }

func (w noRanges) WriteHeader(code int) {
	w.Header().Set("Accept-Ranges", "none")
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection's deadlines.
func (w noRanges) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// visitor logs a client's address the first time it asks for anything, with
// that first path (escaped, so that no request writes control characters
// to the teacher's terminal).
func (h *Handler) visitor(r *http.Request) {
	if h.logf == nil {
		return
	}
	ip := clientIP(r.RemoteAddr)
	h.mu.Lock()
	if h.visitors[ip] || h.full {
		h.mu.Unlock()
		return
	}
	if len(h.visitors) >= maxVisitors {
		h.full = true
		h.mu.Unlock()
		h.logf("more than %d visitors: new ones are no longer logged", maxVisitors)
		return
	}
	h.visitors[ip] = true
	h.mu.Unlock()
	p := r.URL.EscapedPath()
	if len(p) > 200 {
		p = p[:200] + "..."
	}
	h.logf("visitor %s (first request: %s)", ip, p)
}

func (h *Handler) logStale(name string) {
	h.mu.Lock()
	seen := h.stale[name]
	h.stale[name] = true
	h.mu.Unlock()
	if !seen && h.logf != nil {
		h.logf("%s is older than the file it compresses: sending that file uncompressed (rebuild the site to send it compressed)", name)
	}
}

// clientIP is the address part of a request's RemoteAddr, IPv4 written as
// such even when the listener is IPv6.
func clientIP(remote string) string {
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		return ap.Addr().Unmap().String()
	}
	if host, _, err := net.SplitHostPort(remote); err == nil {
		return host
	}
	return remote
}
