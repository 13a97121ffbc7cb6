package site

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tablut-ai/tablut/internal/atomicfile"
)

//go:embed sw.js
var swTemplate string

// The files Finish writes: the service worker and the sizes of the site's
// files, which the page reads for its progress bar.
const (
	ServiceWorker = "sw.js"
	SizesFile     = "site.json"
)

// FileSizes are one file's sizes in bytes: as it is, and as each compressed
// copy beside it (0 where there is none).
type FileSizes struct {
	Size int64 `json:"size"`
	Gzip int64 `json:"gzip,omitempty"`
	Br   int64 `json:"br,omitempty"`
}

// Sizes is site.json: the build's version (the one the service worker's
// cache is named by) and each file's sizes, by its path in the site.
type Sizes struct {
	Version string               `json:"version"`
	Files   map[string]FileSizes `json:"files"`
}

// Finish makes a folder of the site's files ready to serve: Compress, then
// site.json and sw.js for the files as they are now (and their compressed
// copies). Run it after every file is written, as Build does and as the
// release does once its .wasm is in.
func Finish(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return fmt.Errorf("%s is not a site folder (no index.html): %v", dir, err)
	}
	if err := Compress(dir); err != nil {
		return err
	}
	names, err := siteFiles(dir)
	if err != nil {
		return err
	}
	// The files kept offline: the site's own, less what is written from
	// them (site.json, this worker, which the browser keeps itself).
	names = slices.DeleteFunc(names, func(n string) bool { return n == SizesFile || n == ServiceWorker })
	version, err := hashFiles(dir, names)
	if err != nil {
		return err
	}
	sizes := Sizes{Version: version, Files: map[string]FileSizes{}}
	for _, n := range names {
		p := filepath.Join(dir, filepath.FromSlash(n))
		s := FileSizes{Size: fileSize(p)}
		s.Gzip, s.Br = fileSize(p+".gz"), fileSize(p+".br")
		sizes.Files[n] = s
	}
	js, err := json.MarshalIndent(sizes, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(dir, SizesFile), append(js, '\n')); err != nil {
		return err
	}
	// The page itself is kept as the folder ("./", what a visitor opens).
	// The icons of the manifest and the apple-touch icon are not: a
	// browser fetches them when it installs the page and keeps them itself,
	// and they would add a tenth of a megabyte to every first visit.
	kept := []string{"./"}
	for _, n := range names {
		if n != "index.html" && !installIcon(n) {
			kept = append(kept, n)
		}
	}
	kept = append(kept, SizesFile)
	if err := atomicfile.WriteBytes(filepath.Join(dir, ServiceWorker), serviceWorker(version, kept)); err != nil {
		return err
	}
	for _, n := range []string{SizesFile, ServiceWorker} {
		if err := compressFile(filepath.Join(dir, n)); err != nil {
			return err
		}
	}
	return nil
}

// serviceWorker is sw.js with its version and list of files.
func serviceWorker(version string, files []string) []byte {
	v, _ := json.Marshal(version)
	f, _ := json.Marshal(files)
	s := strings.Replace(swTemplate, `/*VERSION*/""`, string(v), 1)
	s = strings.Replace(s, `/*FILES*/[]`, string(f), 1)
	return []byte(s)
}

// hashFiles is the first 16 hex digits of a SHA-256 of the files' names and
// contents: the same files give the same version.
func hashFiles(dir string, names []string) (string, error) {
	h := sha256.New()
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n)))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// fileSize is a file's size, 0 if it is missing.
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}
