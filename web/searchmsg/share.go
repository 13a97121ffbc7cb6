package searchmsg

import (
	"cmp"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// Split deals the legal moves of pos out into at most n shares, one per
// worker: captures first, then the other moves in the order the rules
// generate them, dealt round the workers like cards so that each gets some
// of the likely best moves (the dearest to search). With n < 2 or fewer
// than two legal moves it returns one nil share: the whole position.
func Split(pos game.Position, n int) [][]game.Move {
	var buf [game.MaxMoves]game.Move
	legal := pos.GenerateMoves(buf[:0])
	if n < 2 || len(legal) < 2 {
		return [][]game.Move{nil}
	}
	caps := make(map[game.Move]int, len(legal))
	for _, m := range legal {
		child := pos
		caps[m] = child.Make(m)
	}
	slices.SortStableFunc(legal, func(a, b game.Move) int { return cmp.Compare(caps[b], caps[a]) })
	shares := make([][]game.Move, min(n, len(legal)))
	for i, m := range legal {
		shares[i%len(shares)] = append(shares[i%len(shares)], m)
	}
	return shares
}

// Merge puts together the reports and results of the workers searching the
// shares of one position with the side to move side.
type Merge struct {
	side     game.Color
	workers  []shareState
	reported int // the deepest common depth reported so far
}

// shareState is what one worker has said.
type shareState struct {
	infos map[int]ai.Info // its latest report of each depth
	last  ai.Info         // its latest report
	final *ai.Result      // its result, once it has finished
}

// NewMerge starts the bookkeeping of a search shared by n workers.
func NewMerge(side game.Color, n int) *Merge {
	m := &Merge{side: side, workers: make([]shareState, n)}
	for i := range m.workers {
		m.workers[i].infos = map[int]ai.Info{}
	}
	return m
}

// better reports whether score a is better than b for the side to move
// (scores are White's view).
func (m *Merge) better(a, b int32) bool {
	if m.side == game.White {
		return a > b
	}
	return a < b
}

// proven reports whether a worker's search has ended on a proven result,
// which holds at every depth.
func (w *shareState) proven() bool {
	if w.final == nil {
		return false
	}
	_, _, ok := ai.ProvenWin(w.final.Score)
	return ok
}

// deepest is the deepest depth the worker has completed; a proven result
// counts as every depth.
func (w *shareState) deepest() int {
	if w.proven() {
		return ai.MaxDepth + 1
	}
	d := 0
	for k := range w.infos {
		d = max(d, k)
	}
	if w.final != nil {
		d = max(d, w.final.Depth)
	}
	return d
}

// candidate is a worker's best move at depth d and its score and line.
func (w *shareState) candidate(d int) (game.Move, int32, []game.Move, bool) {
	if in, ok := w.infos[d]; ok && len(in.PV) > 0 && !w.proven() {
		return in.PV[0], in.Score, in.PV, true
	}
	if w.final != nil && w.final.Move != game.NoMove {
		return w.final.Move, w.final.Score, w.final.PV, true
	}
	return game.NoMove, 0, nil, false
}

// common is the deepest depth every worker has completed.
func (m *Merge) common() int {
	d := ai.MaxDepth + 1
	for i := range m.workers {
		d = min(d, m.workers[i].deepest())
	}
	return d
}

// pick returns the best candidate at depth d, the lowest worker first among
// equals (the first worker has the first moves of the order).
func (m *Merge) pick(d int) (move game.Move, score int32, pv []game.Move, ok bool) {
	for i := range m.workers {
		mv, sc, line, has := m.workers[i].candidate(d)
		if has && (!ok || m.better(sc, score)) {
			move, score, pv, ok = mv, sc, line, true
		}
	}
	return
}

// Info takes worker k's report and returns the whole search's report when
// every worker has now completed a depth deeper than the last one returned.
func (m *Merge) Info(k int, in ai.Info) (ai.Info, bool) {
	w := &m.workers[k]
	w.infos[in.Depth] = in
	w.last = in
	return m.report()
}

// report returns the whole search's report at the common depth if it is
// new.
func (m *Merge) report() (ai.Info, bool) {
	d := m.common()
	if d > ai.MaxDepth || d <= m.reported {
		return ai.Info{}, false
	}
	_, score, pv, ok := m.pick(d)
	if !ok {
		return ai.Info{}, false
	}
	m.reported = d
	out := ai.Info{Depth: d, Score: score, PV: slices.Clone(pv)}
	for i := range m.workers {
		w := &m.workers[i]
		out.Nodes += w.last.Nodes
		out.Elapsed = max(out.Elapsed, w.last.Elapsed)
		if in, ok := w.infos[d]; ok {
			out.Root = append(out.Root, in.Root...)
		}
	}
	slices.SortStableFunc(out.Root, func(a, b ai.RootScore) int {
		if m.side == game.White {
			return cmp.Compare(b.Score, a.Score)
		}
		return cmp.Compare(a.Score, b.Score)
	})
	if out.Elapsed > 0 {
		out.NPS = int64(float64(out.Nodes) / out.Elapsed.Seconds())
	}
	return out, true
}

// Result takes worker k's result; Info may then have a report to give
// (a proven result completes every depth).
func (m *Merge) Result(k int, r ai.Result) (ai.Info, bool) {
	m.workers[k].final = &r
	return m.report()
}

// Done reports whether every worker has given its result.
func (m *Merge) Done() bool {
	for i := range m.workers {
		if m.workers[i].final == nil {
			return false
		}
	}
	return true
}

// Best returns the whole search's result once Done: the best of the
// workers' best moves at the deepest depth all of them completed (or a
// proven result's), with the nodes of all and the longest time.
func (m *Merge) Best() ai.Result {
	d := m.common()
	if d > ai.MaxDepth {
		// Every share ended on a proven result: their depths differ.
		d = 0
		for i := range m.workers {
			d = max(d, m.workers[i].final.Depth)
		}
	}
	var r ai.Result
	mv, score, pv, ok := m.pick(d)
	if ok {
		r.Move, r.Score, r.PV = mv, score, slices.Clone(pv)
	}
	r.Depth = d
	var el time.Duration
	for i := range m.workers {
		if f := m.workers[i].final; f != nil {
			r.Nodes += f.Nodes
			el = max(el, f.Elapsed)
		}
	}
	r.Elapsed = el
	return r
}
