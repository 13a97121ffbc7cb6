//go:build !js

package main

import (
	"errors"
	"net/url"
)

// benchWorkers needs a browser's Web Workers.
func benchWorkers(url.Values) error {
	return errors.New("?bench=worker measures Web Workers: run it in a browser")
}
