//go:build js

package main

import (
	"net/url"
	"strings"
	"syscall/js"
)

// pageQuery returns the parameters of the page's address.
func pageQuery() url.Values {
	q, _ := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	return q
}

// pageCall calls the page's function name (index.html defines them), if it
// has one.
func pageCall(name string, args ...any) {
	if f := js.Global().Get(name); f.Type() == js.TypeFunction {
		f.Invoke(args...)
	}
}

// pageFail shows msg on the page in place of the game.
func pageFail(msg string) { pageCall("tablutFail", msg) }

// pageReport hands the page a named piece of news (index.html keeps it as
// window.tablut_KIND and logs it).
func pageReport(kind, data string) { pageCall("tablutReport", kind, data) }

// cssScale is how many screen pixels make a CSS pixel.
func cssScale() float64 {
	if r := js.Global().Get("devicePixelRatio"); r.Type() == js.TypeNumber && r.Float() > 0 {
		return r.Float()
	}
	return 1
}
