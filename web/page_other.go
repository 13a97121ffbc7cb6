//go:build !js

package main

import (
	"fmt"
	"net/url"
	"os"
)

// Outside a browser (go run ./web) the page is the terminal: no address, news
// on standard output, failures on standard error.

func pageQuery() url.Values { return url.Values{} }

func pageCall(string, ...any) {}

func pageFail(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(1)
}

func pageReport(kind, data string) { fmt.Println(kind, data) }

func cssScale() float64 { return 1 }
