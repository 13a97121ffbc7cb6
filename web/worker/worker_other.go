//go:build !js

package main

import (
	"fmt"
	"os"
)

// main says what the program is: it runs only in a browser's Web Worker.
func main() {
	fmt.Fprintln(os.Stderr, "worker: this is the web page's search, built with GOOS=js GOARCH=wasm and run by search-worker.js in a browser (go run ./web/mksite makes the site)")
	os.Exit(2)
}
