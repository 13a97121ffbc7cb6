package site

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"

	"github.com/tablut-ai/tablut/internal/atomicfile"
)

// BrotliQuality is the brotli level of the .br files. On the 18.1 MB
// tablut.wasm (docs/measurements.md, section Web build): quality 9 gives
// 3.91 MB in 9 s, 10 gives 3.53 MB in 39 s, 11 gives 3.45 MB in 90 s (one
// core of a loaded machine; gzip -9 gives 4.83 MB in 2 s). 11, the
// slowest: with the search worker's search.wasm a first visit weighs 5.1
// MB at 10, over the 5 MB a class's first visits may each take; Compress
// compresses the files at once, so the build waits about as long as the
// largest file takes.
const BrotliQuality = 11

// brotliWindow is the LZ77 window's bits: brotli's largest standard window
// (16 MB), which every browser decodes; the default 4 MB finds fewer of the
// wasm's repeats.
const brotliWindow = 24

// compressible says whether a file of the site is sent compressed: text and
// WebAssembly; images (PNG, and the .ico of PNGs) are compressed already.
func compressible(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".wasm", ".js", ".mjs", ".html", ".css", ".json", ".webmanifest", ".svg", ".txt":
		return true
	}
	return false
}

// isEncoded says whether name is a compressed copy (F.br, F.gz).
func isEncoded(name string) bool {
	for _, e := range encodings { // handler.go's, which serves them
		if strings.HasSuffix(name, e.ext) {
			return true
		}
	}
	return false
}

// siteFiles lists the site's own files under dir, slash-separated and
// relative to it, sorted: every regular file but the compressed copies and
// hidden names (a dotfile, or an atomic write's temporary file).
func siteFiles(dir string) ([]string, error) {
	var names []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || isEncoded(d.Name()) {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		names = append(names, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(names)
	return names, err
}

// Compress writes, for every compressible file F of the site under dir
// (whatever wrote it: Build, a release's own .wasm, a second game file),
// F.gz (gzip, best compression) and F.br (brotli at BrotliQuality) for a
// server to send with Content-Encoding, and removes the compressed copies
// whose original is gone. Each copy is written atomically, so a server
// running meanwhile never sends half of one.
func Compress(dir string) error {
	names, err := siteFiles(dir)
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	errs := make([]error, len(names))
	for i, n := range names {
		if compressible(n) {
			wg.Go(func() { errs[i] = compressFile(filepath.Join(dir, filepath.FromSlash(n))) })
		}
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return removeStale(dir)
}

// compressFile writes path.gz and path.br, the two at once (the brotli one
// takes most of the time).
func compressFile(path string) error {
	errs := make(chan error, 2)
	go func() {
		errs <- encodeFile(path, ".gz", func(w io.Writer) (io.WriteCloser, error) {
			return gzip.NewWriterLevel(w, gzip.BestCompression)
		})
	}()
	go func() {
		errs <- encodeFile(path, ".br", func(w io.Writer) (io.WriteCloser, error) {
			return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: BrotliQuality, LGWin: brotliWindow}), nil
		})
	}()
	var first error
	for range 2 {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// encodeFile writes path+suffix, the file compressed by the writer enc makes.
func encodeFile(path, suffix string, enc func(io.Writer) (io.WriteCloser, error)) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	err = atomicfile.Write(path+suffix, func(w io.Writer) error {
		z, err := enc(w)
		if err != nil {
			return err
		}
		if _, err := io.Copy(z, in); err != nil {
			return err
		}
		return z.Close()
	})
	if err != nil {
		return fmt.Errorf("compressing %s: %v", path, err)
	}
	return nil
}

// removeStale removes F.gz and F.br under dir where F, a compressible name,
// is gone, so that a server never sends an old copy of a removed file. Other
// .gz files (an archive, say) are left alone.
func removeStale(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !isEncoded(d.Name()) {
			return err
		}
		orig := p[:len(p)-len(filepath.Ext(p))]
		if _, err := os.Lstat(orig); !compressible(orig) || !errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return os.Remove(p)
	})
}
