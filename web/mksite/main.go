// Command mksite makes the web build's site folder (see package web/site):
//
//	go run ./web/mksite -o dist-web/tablut          # the whole site (-clean: empty the folder first)
//	go run ./web/mksite -static -o dist-web/page    # the page, the glue, the icons
//	go run ./web/mksite -finish -o dist-web/page -add out/tablut.wasm -add out/search.wasm
//
// The first builds the .wasm files and finishes the folder: F.br and F.gz
// beside each text or wasm file, site.json and sw.js (the release runs it,
// with -clean and the version stamps in -ldflags). A builder that makes the
// .wasm files itself writes the static files first, then finishes the
// folder with them added (-finish; -add copies a file in first).
//
// Serve the folder with any static server, e.g. tablut serve-web -dir dist-web/tablut.
//
//   - main.go: the command.
//   - main_test.go: -clean's check of the folder.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablut-ai/tablut/web/site"
)

// files is a repeatable flag.
type files []string

func (f *files) String() string     { return strings.Join(*f, ",") }
func (f *files) Set(s string) error { *f = append(*f, s); return nil }

func main() {
	out := flag.String("o", "dist-web/tablut", "the folder to write")
	static := flag.Bool("static", false, "write the page, wasm_exec.js, the worker's script and the icons only (for a builder that makes the .wasm files itself, then -finish)")
	finish := flag.Bool("finish", false, "finish a folder whose files are all in: compressed copies, site.json, sw.js")
	var add files
	flag.Var(&add, "add", "with -finish: copy this file into the folder first (repeatable)")
	ldflags := flag.String("ldflags", "", "extra linker flags for the .wasm, e.g. version stamps")
	clean := flag.Bool("clean", false, "empty the folder first (it must be a site folder: holding index.html)")
	flag.Parse()
	if flag.NArg() != 0 || (*static && *finish) || (len(add) > 0 && !*finish) || (*clean && *finish) {
		fmt.Fprintln(os.Stderr, "usage: mksite [-clean] [-o DIR] [-ldflags FLAGS] | -static [-o DIR] | -finish [-o DIR] [-add FILE]...")
		os.Exit(2)
	}
	var err error
	if *clean {
		err = emptySite(*out)
	}
	switch {
	case err != nil:
	case *static:
		err = site.Static(*out)
	case *finish:
		for _, f := range add {
			if err = copyFile(f, filepath.Join(*out, filepath.Base(f))); err != nil {
				break
			}
		}
		if err == nil {
			err = site.Finish(*out)
		}
	default:
		err = site.Build(*out, *ldflags)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mksite:", err)
		os.Exit(1)
	}
	wasms, _ := filepath.Glob(filepath.Join(*out, "*.wasm"))
	for _, w := range wasms {
		fmt.Printf("%s: %s", w, mb(w))
		if br, gz := mb(w+".br"), mb(w+".gz"); br != "" || gz != "" {
			fmt.Printf(" (brotli %s, gzip %s)", br, gz)
		}
		fmt.Println()
	}
	fmt.Println("site written to", *out)
}

// emptySite removes the files of a site folder, so that a build leaves no
// file of an older one behind, and refuses a folder that holds anything but
// not index.html (a mistyped -o).
func emptySite(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) == 0 {
		return nil // missing or empty: nothing to remove
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		return fmt.Errorf("-clean: %s holds files but no index.html: not a site folder, left alone", dir)
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// mb is a file's size in megabytes, "" if it is missing.
func mb(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%.2f MB", float64(fi.Size())/1e6)
}

// copyFile copies the file src to dst.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	o, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(o, in); err != nil {
		o.Close()
		return err
	}
	return o.Close()
}
