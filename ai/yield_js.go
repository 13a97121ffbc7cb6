//go:build js

package ai

import "github.com/tablut-ai/tablut/internal/pageturn"

// In a browser a search thread gives the page its turn at each clock check
// (every pollInterval nodes; package pageturn says how and why). The search
// keeps its move time (the deadlines are wall-clock times) and its node
// budget, and expands fewer nodes in that time (docs/measurements.md,
// section Web build).
//
// The checks come every pollInterval nodes, 16 rather than the desktop's 256:
// a network's full evaluation is slow in WebAssembly (no SIMD), and 256 of
// them would hold the page for a large part of a second. At the heuristic's
// speed 16 nodes are a fraction of a millisecond, and a clock check costs
// little beside them (docs/measurements.md, section Web build).
const pollInterval = 16

// yieldPage gives the browser its turn (pageturn.Give).
func (w *worker) yieldPage() { pageturn.Give() }
