//go:build js

package session

import "errors"

// The browser build has no genetic algorithm (internal/lab/evolve stays out
// of it): its evolution page says that evolution runs in the desktop
// version of the game.

// errNoEvolution is what the browser build answers to a request to evolve.
var errNoEvolution = errors.New("evolution runs in the desktop version of the game")

// evoRun has no run in a browser.
type evoRun struct{ out chan EvoState }

func (r *evoRun) stop()  {}
func (r *evoRun) close() {}

// Available reports whether this build can run the evolution: a browser
// cannot.
func (e *Evolution) Available() bool { return false }

// Start answers that evolution runs in the desktop version.
func (e *Evolution) Start(string) error { return errNoEvolution }

// Keep answers that evolution runs in the desktop version.
func (e *Evolution) Keep(string) (string, error) { return "", errNoEvolution }
