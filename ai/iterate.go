package ai

import (
	"slices"

	"github.com/tablut-ai/tablut/game"
)

// iterate is iterative deepening: a full search to depth 1, 2, ... until a limit.
//
// Lazy SMP: every thread runs this loop on the shared table, and the first to
// complete a depth reports it (control.offer). Any thread abandons an
// iteration that another thread has completed at the same or a greater depth
// and goes on from there (its work so far is in the table). By default the
// threads search the same depth and split the work by deferring moves another
// thread is on (searchingTable, in negamax). With deferral off ("defer" in
// Options.Off) they fall back to plain Lazy SMP, where helpers are spread over
// the depths instead: a helper skips a depth that half of the threads already
// search (so with two threads it runs one ply ahead of the main thread). The
// main thread (id 0) never skips a depth, so its iterations keep their usual
// order and the single-threaded search is unchanged.
func (w *worker) iterate(pos *game.Position, depthLimit int) {
	lastScore := -inf
	last := 0
	for {
		depth := w.nextDepth(last, depthLimit)
		if depth > depthLimit || w.ctl.stopped() {
			break
		}
		w.depth, w.abort = depth, false
		w.ctl.busy[depth].Add(1)
		score, bestIdx, completed := w.searchRoot(pos, depth)
		w.ctl.busy[depth].Add(-1)
		last = depth
		if w.abort && !w.ctl.stopped() {
			continue // another thread completed this depth
		}
		if !completed {
			// The main thread's unfinished iteration may replace the last
			// completed one (keepPartial); the depth reported stays the last
			// completed one.
			if w.id == 0 && keepPartial(bestIdx, score, lastScore) {
				w.ctl.offer(iteration{depth: depth - 1, score: score, pv: w.rootPV(), nodes: w.ctl.nodes.Load() + w.nodes, root: slices.Clone(w.rootDone)}, true)
			}
			break
		}
		lastScore = score
		w.ctl.offer(iteration{depth: depth, score: score, pv: w.rootPV(), nodes: w.ctl.nodes.Load() + w.nodes, root: slices.Clone(w.rootDone)}, false)
		// A proven win or loss within the searched depth cannot change.
		if proven(score, depth) {
			break
		}
	}
	if w.id == 0 {
		w.ctl.stop.Store(true)
	}
}

// keepPartial reports whether an unfinished iteration replaces the last
// completed one, given the index of the best root move it finished (-1 if
// none) and that move's score. Its first root move is the last iteration's
// best. If a later move beat it at the new depth (bestIdx > 0), the deeper
// search has shown that move to be the better of the two, whatever its score
// against the last depth's, so it is taken. If the first move is still the
// best, the move is the same either way, and its new score counts only if it
// is at least the last depth's (only the score and line would change, and
// with moves left unsearched a lower score need not be the new depth's value
// of the position). docs/measurements.md, Unfinished iterations, has the
// earlier rule and what the change does.
func keepPartial(bestIdx int, score, lastScore int32) bool {
	return bestIdx > 0 || (bestIdx == 0 && score >= lastScore)
}

// nextDepth chooses the depth of the thread's next iteration after last:
// past the deepest completed by any thread, and, without deferral, for a
// helper past the depths that half of the threads already search.
func (w *worker) nextDepth(last, depthLimit int) int {
	d := max(last+1, int(w.ctl.done.Load())+1)
	if w.id == 0 || d == 1 || w.searching != nil {
		return d
	}
	half := max(1, (w.ctl.threads+1)/2)
	for d < depthLimit && w.ctl.busy[d].Load() >= half {
		d++
	}
	return d
}

// rootPV returns a copy of the principal variation found at the root.
func (w *worker) rootPV() []game.Move {
	return slices.Clone(w.pv[0][:w.pvLen[0]])
}

// searchRoot searches every root move to depth with PVS and reorders the root
// list best first. It returns the best score, the index of the best move (-1 if
// none finished) and whether the iteration completed.
func (w *worker) searchRoot(pos *game.Position, depth int) (int32, int, bool) {
	alpha, beta := -inf, inf
	best, bestIdx := -inf, -1
	w.pvLen[0] = 0
	for i := range w.root {
		m := w.root[i].move
		child := *pos
		captured := child.Make(m)
		var score int32
		w.root[i].exact = true
		if captured == 0 && w.repeats(child.Hash()) {
			score = -w.contempt
		} else {
			w.push(child.Hash(), captured > 0, 0)
			if i == 0 {
				score = -w.negamax(&child, depth-1, 1, -beta, -alpha, true)
			} else {
				score = -w.negamax(&child, depth-1, 1, -alpha-1, -alpha, false)
				w.root[i].exact = false
				if score > alpha && !w.stopped() {
					score = -w.negamax(&child, depth-1, 1, -beta, -alpha, true)
					w.root[i].exact = score > alpha // else a bound after all
				}
			}
			w.pop(0)
		}
		if w.stopped() {
			return best, bestIdx, false
		}
		w.root[i].score = score
		if score > best {
			best, bestIdx = score, i
			if score > alpha {
				alpha = score
				w.setPV(0, m)
			}
		}
	}
	// Best move first for the next iteration; the others keep their order.
	if bestIdx > 0 {
		bm := w.root[bestIdx]
		copy(w.root[1:bestIdx+1], w.root[:bestIdx])
		w.root[0] = bm
	}
	w.tt.store(pos.Hash(), ttData{move: w.root[0].move, score: scoreToTT(best, 0), depth: depth, bound: boundExact})
	if w.onNode != nil && depth >= w.onNodeMin {
		w.report(pos, depth, 0, best, boundExact)
	}
	w.noteRoot(pos.SideToMove())
	return best, 0, true
}

// noteRoot keeps the root list of a completed iteration for Info.Root, with
// the scores turned to White's point of view (us is the side to move).
func (w *worker) noteRoot(us game.Color) {
	sign := int32(1)
	if us == game.Black {
		sign = -1
	}
	w.rootDone = w.rootDone[:0]
	for _, r := range w.root {
		w.rootDone = append(w.rootDone, RootScore{Move: r.move, Score: sign * r.score, Exact: r.exact})
	}
}
