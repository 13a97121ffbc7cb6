//go:build js

package teach

import "github.com/tablut-ai/tablut/internal/pageturn"

// In a browser the classroom's counts share the page's one thread, and only
// a goroutine that blocks lets the browser draw (package pageturn; the
// engine's search does the same): every checkMask+1 nodes a background count
// gives the page its turn. The check comes every 16 nodes, as the engine's,
// for the network's slow evaluations.
const checkMask = 15

// givePage gives the browser its turn (pageturn.Give).
func givePage() { pageturn.Give() }
