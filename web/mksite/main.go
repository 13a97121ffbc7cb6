// Command mksite makes the web build's site folder (see package web/site):
//
//	go run ./web/mksite -o dist-web/tablut          # index.html, wasm_exec.js, tablut.wasm
//	go run ./web/mksite -static -o dist-web/page    # the page and the glue only
//
// Serve the folder with any static server, e.g. tablut serve-web -dir dist-web/tablut.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tablut-ai/tablut/web/site"
)

func main() {
	out := flag.String("o", "dist-web/tablut", "the folder to write")
	static := flag.Bool("static", false, "write index.html and wasm_exec.js only (a release builds the .wasm itself)")
	ldflags := flag.String("ldflags", "", "extra linker flags for the .wasm, e.g. version stamps")
	flag.Parse()
	var err error
	if *static {
		err = site.Static(*out)
	} else {
		err = site.Build(*out, *ldflags)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mksite:", err)
		os.Exit(1)
	}
	if fi, err := os.Stat(filepath.Join(*out, site.WasmName)); err == nil {
		fmt.Printf("%s: %.1f MB\n", filepath.Join(*out, site.WasmName), float64(fi.Size())/1e6)
	}
	fmt.Println("site written to", *out)
}
