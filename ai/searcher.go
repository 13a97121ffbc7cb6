package ai

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// MaxPly bounds the search line (main search plus quiescence).
const MaxPly = 128

const maxPly = MaxPly

// MaxTTSizeMB is the largest transposition table a Searcher allocates, 4 GiB;
// commands reject larger sizes instead of dying out of memory.
const MaxTTSizeMB = 4096

// MaxThreads is the most search threads a Searcher runs.
const MaxThreads = 256

// MaxDepth is the deepest iteration a search runs; a larger Limits.Depth is
// cut to it.
const MaxDepth = 100

const maxDepth = MaxDepth

// inf is beyond every score.
const inf int32 = WinScore + 1

// winBound: scores beyond it (in absolute value) are wins or losses.
const winBound = WinScore - 1000

// Info is what a search reports as it goes, after each completed iteration and
// when the principal move changes.
type Info struct {
	Depth   int
	Score   int32 // from White's point of view
	Nodes   int64
	NPS     int64
	Elapsed time.Duration
	PV      []game.Move
	// Root lists the root moves with their scores from the main thread's
	// latest completed iteration, best first as the search orders them.
	Root []RootScore
}

// RootScore is a root move's score from one iteration of the search, White's
// point of view. Principal variation search proves most moves worse than the
// best with a null window and no more: then Exact is false and Score is a
// bound, at most (for the side to move) what the move is worth.
type RootScore struct {
	Move  game.Move
	Score int32
	Exact bool
}

// Result is the outcome of a search.
type Result struct {
	Move    game.Move // game.NoMove only when the position has no legal move
	Score   int32     // from White's point of view
	Depth   int       // deepest completed iteration
	Nodes   int64
	Elapsed time.Duration
	PV      []game.Move
	// Book is true when the move came from an opening book instead of a
	// search (ai/book): Score, Depth, Nodes and PV are then the book's
	// offline search's, and Elapsed is zero.
	Book bool
}

// Searcher chooses moves with an alpha-beta search. It keeps its transposition
// table between searches; it is not safe for concurrent calls to Search.
type Searcher struct {
	eval    Evaluator
	side    game.Color // the side of the last search, for a SidedEvaluator
	sided   bool       // a search has run with a SidedEvaluator
	opts    Options
	tt      *table
	workers []*worker
	running chan struct{} // closed when the threads of the last search have stopped
	late    time.Duration // decaying maximum of how late searches returned (see time.go)
}

// NewSearcher returns a searcher using eval at the leaves.
func NewSearcher(eval Evaluator, opts Options) *Searcher {
	if opts.TTSizeMB <= 0 {
		opts.TTSizeMB = 64
	}
	opts.TTSizeMB = min(opts.TTSizeMB, MaxTTSizeMB)
	if opts.Threads <= 0 {
		opts.Threads = runtime.NumCPU()
	}
	opts.Threads = min(opts.Threads, MaxThreads)
	if opts.Deterministic {
		opts.Threads = 1
	}
	s := &Searcher{eval: eval, opts: opts, tt: newTable(opts.TTSizeMB)}
	var searching *searchingTable
	if opts.Threads > 1 && opts.Off&featDefer == 0 {
		searching = new(searchingTable)
	}
	for i := 0; i < opts.Threads; i++ {
		w := newWorker(i, eval, s.tt)
		w.off = opts.Off
		w.searching = searching
		if i == 0 {
			w.onNode, w.onNodeMin = opts.OnNode, max(1, opts.OnNodeMinDepth)
		}
		s.workers = append(s.workers, w)
	}
	return s
}

// evalFor returns the evaluator for a search of a position with c to move: the
// searcher's evaluator, or its side's evaluator when it is a SidedEvaluator.
// The table is cleared when the side changes, as its scores came from the
// other side's evaluator.
func (s *Searcher) evalFor(c game.Color) Evaluator {
	se, ok := s.eval.(SidedEvaluator)
	if !ok {
		return s.eval
	}
	if s.sided && s.side != c {
		s.tt.clear()
	}
	s.sided, s.side = true, c
	return se.ForSide(c)
}

// Evaluator returns the searcher's evaluator.
func (s *Searcher) Evaluator() Evaluator { return s.eval }

// Clear forgets everything learnt in earlier searches (table, history, killers),
// e.g. before a new game. It must not be called during a search.
func (s *Searcher) Clear() {
	s.wait()
	s.tt.clear()
	for _, w := range s.workers {
		w.history = historyTable{}
		w.killers = [maxPly][2]game.Move{}
	}
}

// Search looks for the best move in pos, for the side to move. history holds the
// hashes of the game's positions since the last capture, pos last (see
// game.Game.RepetitionHistory); reaching any of them again is a draw. The search
// runs until a limit in lim is reached or ctx is cancelled, calling progress (if
// not nil) after each completed iteration from the calling goroutine. It always
// returns a legal move when pos has one, even if ctx is already cancelled.
func (s *Searcher) Search(ctx context.Context, pos game.Position, history []uint64, lim Limits, progress func(Info)) Result {
	ctl, release := newControl(ctx, lim, s.late)
	defer release()
	return s.run(ctl, pos, history, lim.Depth, lim.RootMoves, progress)
}

// run is Search under the control ctl, whose move time may be armed later
// (pondering), on the root moves of share (all when empty).
func (s *Searcher) run(ctl *control, pos game.Position, history []uint64, depth int, share []game.Move, progress func(Info)) Result {
	var buf [game.MaxMoves]game.Move
	legal := pos.GenerateMoves(buf[:0])
	all := len(legal)
	if len(share) > 0 {
		// A share with no legal move searches them all rather than answer
		// as if the game were over.
		if mine := slices.DeleteFunc(slices.Clone(legal), func(m game.Move) bool { return !slices.Contains(share, m) }); len(mine) > 0 {
			legal = mine
		}
	}
	if len(legal) == 0 {
		// Game over, or no legal move (which loses).
		score := int32(0)
		switch {
		case pos.Status() == game.WhiteWins:
			score = WinScore
		case pos.Status() == game.BlackWins:
			score = -WinScore
		case pos.Status() == game.Ongoing:
			score = -WinScore
			if pos.SideToMove() == game.Black {
				score = WinScore
			}
		}
		return Result{Score: score, Elapsed: ctl.elapsed()}
	}
	sign := int32(1)
	if pos.SideToMove() == game.Black {
		sign = -1
	}
	// A winning move is played at once (COMP 424 report, 5.3).
	for _, m := range legal {
		child := pos
		child.Make(m)
		if child.Status() != game.Ongoing {
			return Result{Move: m, Score: sign * (WinScore - 1), Depth: 1, Nodes: 1,
				Elapsed: ctl.elapsed(), PV: []game.Move{m}}
		}
	}

	if !s.waitUntil(ctl.retDeadline()) {
		// The threads of the last search are still unwinding at this search's
		// deadline: answer with the best move by a one-ply look.
		s.noteLateness(ctl.lateness(time.Now(), true))
		e := s.eval
		if se, ok := e.(SidedEvaluator); ok {
			e = se.ForSide(pos.SideToMove())
		}
		m, score := onePly(e, &pos, legal)
		return Result{Move: m, Score: sign * score, Depth: 1, Nodes: int64(len(legal)), Elapsed: ctl.elapsed(), PV: []game.Move{m}}
	}
	eval := s.evalFor(pos.SideToMove())
	s.tt.age = (s.tt.age + 1) & 63
	rootMoves := make([]rootMove, len(legal))
	for i, m := range legal {
		rootMoves[i] = rootMove{move: m}
	}
	if s.opts.Seed != 0 {
		r := rand.New(rand.NewPCG(s.opts.Seed, pos.Hash()))
		r.Shuffle(len(rootMoves), func(i, j int) { rootMoves[i], rootMoves[j] = rootMoves[j], rootMoves[i] })
	}
	// Static order first (stable, so the shuffle breaks ties among equals).
	w0 := s.workers[0]
	ttMove := game.NoMove
	if e, ok := s.tt.probe(pos.Hash()); ok {
		ttMove = e.move
	}
	ms := make([]game.Move, len(rootMoves))
	for i := range rootMoves {
		ms[i] = rootMoves[i].move
	}
	keys := make([]int32, len(ms))
	w0.scoreMoves(&pos, ms, keys, ttMove, 0)
	for i := range rootMoves {
		rootMoves[i].score = keys[i]
	}
	slices.SortStableFunc(rootMoves, func(a, b rootMove) int { return int(b.score) - int(a.score) })

	// Fallback: the best-ordered move, in case not even depth 1 completes.
	res := Result{Move: rootMoves[0].move, Score: sign * staticScore(eval, &pos), PV: []game.Move{rootMoves[0].move}}
	if all == 1 {
		// A single legal move is answered at once, whatever the move time.
		res.Elapsed = ctl.elapsed()
		return res
	}

	depthLimit := maxDepth
	if depth > 0 {
		depthLimit = min(depth, maxDepth)
	}
	ctl.threads = int32(len(s.workers))
	ctl.policy.fixed = s.opts.FixedSoftLimit
	ctl.policy.full = s.opts.FullTime
	for _, w := range s.workers {
		w.prepare(ctl, eval, &pos, history, rootMoves, s.opts.contemptFor(pos.SideToMove()))
	}
	// Every thread, the main one included, runs in its own goroutine; this
	// goroutine only collects the iterations the threads complete (the
	// deepest so far, whichever thread finished it: ctl.offer). It returns
	// when the main thread is done, without waiting for the helpers to unwind,
	// and with a move time at the return deadline even if no thread has
	// unwound yet (a starved process can take long to notice the stop flag):
	// the move then is the best one completed so far. The next call waits for
	// the threads before it touches the table.
	mainDone := make(chan struct{})
	finished := make(chan struct{})
	var wg sync.WaitGroup
	for _, w := range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.iterate(&pos, depthLimit)
			if w.id == 0 {
				ctl.poll(w.nodes)
				w.nodes = 0
				close(mainDone)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(finished)
	}()
	apply := func(it iteration) {
		res.Move, res.Score, res.Depth, res.PV = it.pv[0], sign*it.score, it.depth, it.pv
		if progress != nil {
			el := ctl.elapsed()
			progress(Info{Depth: it.depth, Score: sign * it.score, Nodes: it.nodes, NPS: nps(it.nodes, el),
				Elapsed: el, PV: slices.Clone(it.pv), Root: it.root})
		}
	}
	drain := func() {
		for {
			select {
			case it := <-ctl.iters:
				apply(it)
			default:
				return
			}
		}
	}
	for {
		select {
		case it := <-ctl.iters:
			apply(it)
			continue
		case <-mainDone:
			drain()
			select {
			case <-finished:
				for _, w := range s.workers[1:] {
					ctl.poll(w.nodes)
					w.nodes = 0
				}
			default:
				s.running = finished // helpers still unwinding
			}
			s.noteLateness(ctl.lateness(time.Now(), false))
		case <-ctl.retCh:
			ctl.stop.Store(true)
			drain()
			s.running = finished
			s.noteLateness(ctl.lateness(time.Now(), true))
		}
		break
	}
	res.Nodes = ctl.nodes.Load()
	res.Elapsed = ctl.elapsed()
	return res
}

// iteration is one completed iteration of a thread.
type iteration struct {
	depth int
	score int32
	pv    []game.Move
	nodes int64
	root  []RootScore // the root moves' scores (Info.Root)
}

// wait blocks until the threads of an earlier search that returned at its
// deadline have unwound.
func (s *Searcher) wait() { s.waitUntil(time.Time{}) }

// waitUntil is wait with a deadline (zero = none); it reports whether the
// threads have stopped.
func (s *Searcher) waitUntil(deadline time.Time) bool {
	if s.running == nil {
		return true
	}
	if deadline.IsZero() {
		<-s.running
	} else {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		select {
		case <-s.running:
		case <-t.C:
			return false
		}
	}
	s.running = nil
	return true
}

// noteLateness folds how late a search returned into the decaying maximum
// that moves the next searches' deadlines early: a late return counts in
// full, and each punctual search forgets an eighth of it (a load that starved
// one search is likely to starve the next ones).
func (s *Searcher) noteLateness(late time.Duration) {
	s.late = max(late, s.late*7/8)
}

// onePly returns the legal move with the best static score after it, and that
// score for the side to move; no search, no shared state but the evaluator.
func onePly(eval Evaluator, pos *game.Position, legal []game.Move) (game.Move, int32) {
	best, bestScore := legal[0], -inf
	for _, m := range legal {
		child := *pos
		child.Make(m)
		if sc := -staticScore(eval, &child); sc > bestScore {
			best, bestScore = m, sc
		}
	}
	return best, bestScore
}

// staticScore is eval's score of pos for the side to move.
func staticScore(eval Evaluator, pos *game.Position) int32 {
	e := eval.Evaluate(pos)
	if pos.SideToMove() == game.Black {
		return -e
	}
	return e
}

func nps(nodes int64, el time.Duration) int64 {
	if el <= 0 {
		return 0
	}
	return int64(float64(nodes) / el.Seconds())
}
