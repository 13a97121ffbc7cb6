package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
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

// DefaultContempt is the players' contempt for draws by repetition (see
// Options.Contempt): a tenth of a pawn-sized advantage in the heuristic's
// scale, enough for the engine to play on in an even position rather than
// repeat, small against the scores that say a position is truly lost.
const DefaultContempt = 100

// Options configure a Searcher.
type Options struct {
	// TTSizeMB is the transposition table size in megabytes (default 64, at
	// most MaxTTSizeMB).
	TTSizeMB int
	// Threads is the number of search goroutines, sharing the table (Lazy
	// SMP) and deferring moves another thread is searching (default
	// runtime.NumCPU(); the GUI passes NumCPU-1 to keep a core for drawing).
	Threads int
	// Seed drives the random tie-break among equally good root moves: the root
	// moves are shuffled from Seed and the position's key before the first
	// iteration, and alpha-beta keeps the first of equally scored moves. Zero means
	// no shuffling (generation order breaks ties), in every mode.
	Seed uint64
	// Contempt is how much the engine dislikes a draw by repetition, in
	// evaluator units: a repetition scores -Contempt for the side the engine
	// plays in this search (and +Contempt for its opponent), so the engine
	// repeats only when it judges its position worse than that. Zero scores a
	// draw as an even position; DefaultContempt is what the players use.
	Contempt int32
	// StartLevels holds, for an engine playing each colour (indexed by
	// game.Color), the start position's score (White's view) by the
	// evaluator that engine searches with (a SidedEvaluator's side), when
	// that score is its expectation of the result, as for a network trained
	// to predict the result (ai/player sets it for networks that lead their
	// evaluation), and zero for an evaluator whose level is arbitrary. The
	// engine of a side its evaluator puts behind there adds that deficit to
	// its contempt: a repetition is worth to it what the start is worth, less
	// Contempt, so it never takes a draw that looks better than the start,
	// while the reported scores keep the evaluator's scale. (The shipped
	// champion's network scores the start -1415: left alone, as White it
	// would take any repetition within reach from the first move on, and a
	// draw against a weaker opponent gives away a win.)
	StartLevels [2]int32
	// FixedSoftLimit starts no new iteration after softFraction of the move
	// time, whatever the iterations say, instead of the time policy that gives
	// a stable best move less time and a changing one more (for measuring it).
	FixedSoftLimit bool
	// Deterministic forces one thread so that a search limited by depth or nodes
	// returns the same result every time (given the same Seed and a cleared or
	// equally filled table).
	Deterministic bool

	// Off switches search techniques off, for measuring what each one earns
	// (ParseFeatures reads their names; zero keeps them all).
	Off Feature
}

// Feature is a set of search techniques that can be switched off for
// measurement (Options.Off).
type Feature uint32

const (
	featTTCut    Feature = 1 << iota // transposition table cut-offs
	featOrdering                     // killers and history heuristic
	featThreats                      // Black's escape-threat move filter
	featQuiesce                      // quiescence search on escape threats
	featPVS                          // null-window search of later moves
	featLMR                          // late move reductions
	featLazy                         // lazy evaluation (BoundedEvaluator)
	featLMP                          // late move pruning near the leaves
	featDefer                        // threads defer moves another thread is searching
	featFutility                     // futility pruning at the frontier
)

// featureNames are the names ParseFeatures accepts, in the order
// FeatureNames lists them.
var featureNames = []struct {
	name string
	f    Feature
}{
	{"tt", featTTCut}, {"ordering", featOrdering}, {"threats", featThreats},
	{"quiescence", featQuiesce}, {"pvs", featPVS}, {"lmr", featLMR},
	{"lazy", featLazy}, {"lmp", featLMP}, {"defer", featDefer},
	{"futility", featFutility},
}

// FeatureNames lists the names of the techniques that Options.Off can switch off.
func FeatureNames() []string {
	names := make([]string, len(featureNames))
	for i, n := range featureNames {
		names[i] = n.name
	}
	return names
}

// ParseFeatures reads a comma-separated list of technique names (see
// FeatureNames); the empty string and "none" are the empty set.
func ParseFeatures(s string) (Feature, error) {
	var f Feature
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" || part == "none" {
			continue
		}
		known := false
		for _, n := range featureNames {
			if n.name == part {
				f, known = f|n.f, true
			}
		}
		if !known {
			return 0, fmt.Errorf("unknown search technique %q (known: %s)", part, strings.Join(FeatureNames(), ", "))
		}
	}
	return f, nil
}

// String lists the techniques of f by name, comma-separated.
func (f Feature) String() string {
	var names []string
	for _, n := range featureNames {
		if f&n.f != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ",")
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

// rootMove is a root move with the score of its latest search.
type rootMove struct {
	move  game.Move
	score int32
	exact bool // score is exact, not a bound from a null-window search
}

// worker is one search thread with its own stacks and ordering tables.
type worker struct {
	off      Feature
	id       int
	eval     Evaluator
	lazy     BoundedEvaluator // eval, when it can evaluate lazily
	tt       *table
	ctl      *control
	nodes    int64 // nodes not yet flushed to ctl
	total    int64 // nodes of this search
	moves    [maxPly][]game.Move
	scores   [maxPly][]int32
	killers  [maxPly][2]game.Move
	history  historyTable
	pv       [maxPly + 1][maxPly]game.Move
	pvLen    [maxPly + 1]int
	line     []uint64 // hashes since the last capture: game history then search line
	floor    int      // index in line of the first position after the last capture
	floors   [maxPly + 1]int
	root     []rootMove
	depth    int  // the iteration being searched
	abort    bool // another thread completed depth: leave the iteration
	rootSide game.Color
	contempt int32 // a draw's score for rootSide is -contempt
	// rootDone is the root list of the last completed iteration (Info.Root).
	rootDone []RootScore
	// searching holds the positions the threads are searching, shared for
	// deferral (nil: one thread, or deferral off).
	searching *searchingTable
	// deferred[ply] lists the moves (indices in moves[ply]) put off at ply.
	deferred [maxPly][]int
	// deferrals counts the moves put off because another thread was on them
	// (for tests).
	deferrals int64
	// child holds the position after the move being searched at each ply
	// (child[ply+1] below ply): a local copy whose address is passed down
	// the recursion would escape to the heap, an allocation per node.
	child [maxPly + 1]game.Position
}

func newWorker(id int, eval Evaluator, tt *table) *worker {
	w := &worker{id: id, tt: tt}
	w.setEval(eval)
	for i := range w.moves {
		w.moves[i] = make([]game.Move, 0, game.MaxMoves)
		w.scores[i] = make([]int32, game.MaxMoves)
		w.deferred[i] = make([]int, 0, game.MaxMoves)
	}
	return w
}

// setEval makes eval the worker's evaluator.
func (w *worker) setEval(eval Evaluator) {
	w.eval = eval
	w.lazy, _ = eval.(BoundedEvaluator)
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
	return s.run(ctl, pos, history, lim.Depth, progress)
}

// run is Search under the control ctl, whose move time may be armed later
// (pondering).
func (s *Searcher) run(ctl *control, pos game.Position, history []uint64, depth int, progress func(Info)) Result {
	var buf [game.MaxMoves]game.Move
	legal := pos.GenerateMoves(buf[:0])
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
	if len(rootMoves) == 1 {
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

// prepare readies a worker for a new search.
func (w *worker) prepare(ctl *control, eval Evaluator, pos *game.Position, history []uint64, root []rootMove, contempt int32) {
	w.ctl = ctl
	w.rootSide, w.contempt = pos.SideToMove(), contempt
	w.depth, w.abort = 0, false
	w.setEval(eval)
	w.nodes, w.total = 0, 0
	w.line = append(w.line[:0], history...)
	if n := len(w.line); n == 0 || w.line[n-1] != pos.Hash() {
		w.line = append(w.line, pos.Hash())
	}
	w.floor = 0
	w.root = append(w.root[:0], root...)
	w.history.age()
	w.killers = [maxPly][2]game.Move{}
}

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
			// The main thread's unfinished iteration counts only if its principal
			// move finished with a score at least as good as the last iteration's;
			// the depth reported stays the last completed one.
			if w.id == 0 && bestIdx >= 0 && score >= lastScore {
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

// stopped reports whether the thread must leave its iteration: the search is
// stopping, or another thread completed the depth (abort, checked every
// pollInterval nodes in count).
func (w *worker) stopped() bool { return w.abort || w.ctl.stopped() }

// rootPV returns a copy of the principal variation found at the root.
func (w *worker) rootPV() []game.Move {
	return slices.Clone(w.pv[0][:w.pvLen[0]])
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
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

// setPV makes m followed by the child's PV the PV at ply.
func (w *worker) setPV(ply int, m game.Move) {
	w.pv[ply][ply] = m
	n := w.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(w.pv[ply][ply+1:n], w.pv[ply+1][ply+1:n])
	w.pvLen[ply] = n
}

// push enters a child position on the search line. After a capture the history
// before it is forgotten (RULES.md), so the repetition floor moves up.
func (w *worker) push(h uint64, captured bool, ply int) {
	w.floors[ply] = w.floor
	w.line = append(w.line, h)
	if captured {
		w.floor = len(w.line) - 1
	}
}

// pop leaves the child entered by push at the same ply.
func (w *worker) pop(ply int) {
	w.line = w.line[:len(w.line)-1]
	w.floor = w.floors[ply]
}

// repeats reports whether the position with key h, reached by a move from the
// last position of the line without a capture, occurred since the last capture.
// Only positions with the same side to move can match: every other one is scanned.
func (w *worker) repeats(h uint64) bool {
	for i := len(w.line) - 2; i >= w.floor; i -= 2 {
		if w.line[i] == h {
			return true
		}
	}
	return false
}

// contemptFor returns the contempt of an engine playing c: Contempt, plus
// the deficit StartLevels[c] gives c at the start when it is behind there.
func (o Options) contemptFor(c game.Color) int32 {
	view := o.StartLevels[c]
	if c == game.Black {
		view = -view
	}
	if view < 0 {
		return o.Contempt - view
	}
	return o.Contempt
}

// drawScore is the score of a draw by repetition for the side mover, who
// played the move that repeats: contempt below zero for the side the engine
// plays (the root's side to move), as far above zero for its opponent. A
// draw is then taken only when the engine judges its position worse than
// -contempt; at zero contempt it is taken as soon as it looks worse than even.
func (w *worker) drawScore(mover game.Color) int32 {
	if mover == w.rootSide {
		return -w.contempt
	}
	return w.contempt
}

// count counts a node and, every pollInterval nodes, checks the limits.
func (w *worker) count() {
	w.nodes++
	w.total++
	if w.nodes >= pollInterval {
		w.ctl.poll(w.nodes)
		w.nodes = 0
		if int(w.ctl.done.Load()) >= w.depth {
			w.abort = true
		}
	}
}

// evaluate scores pos for the side to move, where only how the score compares
// with the window (alpha, beta) matters: a lazy evaluator may return a bound
// outside the window instead of the exact score (see BoundedEvaluator).
func (w *worker) evaluate(pos *game.Position, alpha, beta int32) int32 {
	black := pos.SideToMove() == game.Black
	var e int32
	switch {
	case w.lazy == nil || w.off&featLazy != 0:
		e = w.eval.Evaluate(pos)
	case black:
		e = w.lazy.EvaluateBounded(pos, -clampWindow(beta), -clampWindow(alpha))
	default:
		e = w.lazy.EvaluateBounded(pos, clampWindow(alpha), clampWindow(beta))
	}
	if black {
		return -e
	}
	return e
}

// clampWindow brings a window bound (which may be a win score) into the int32
// range that evaluators can negate safely.
func clampWindow(v int32) int32 { return max(-WinScore, min(WinScore, v)) }

// negamax is the main alpha-beta search (principal variation search) of pos to
// depth plies, at distance ply from the root, with the window (alpha, beta).
// Scores are from the side to move's point of view.
func (w *worker) negamax(pos *game.Position, depth, ply int, alpha, beta int32, pvNode bool) int32 {
	w.count()
	w.pvLen[ply] = ply
	if w.stopped() {
		return 0
	}
	us := pos.SideToMove()
	// White to move with an open line escapes now.
	if us == game.White && openLines(pos) > 0 {
		return WinScore - int32(ply+1)
	}
	if depth <= 0 {
		if w.off&featQuiesce != 0 {
			return w.evaluate(pos, alpha, beta)
		}
		return w.quiesce(pos, ply, alpha, beta)
	}
	if ply >= maxPly-2 {
		return w.evaluate(pos, alpha, beta)
	}
	// Mate distance pruning: no line from here beats a win at the next ply.
	alpha = max(alpha, -(WinScore - int32(ply)))
	beta = min(beta, WinScore-int32(ply+1))
	if alpha >= beta {
		return alpha
	}

	key := pos.Hash()
	ttMove := game.NoMove
	if e, ok := w.tt.probe(key); ok {
		ttMove = e.move
		if !pvNode && e.depth >= depth && w.off&featTTCut == 0 {
			s := scoreFromTT(e.score, ply)
			if e.bound == boundExact || (e.bound == boundLower && s >= beta) || (e.bound == boundUpper && s <= alpha) {
				return s
			}
		}
	}

	moves := pos.GenerateMoves(w.moves[ply])
	if len(moves) == 0 {
		return -(WinScore - int32(ply)) // no legal move loses
	}
	// Black facing an escape threat must block it or capture the king: any other
	// move lets the king out next move, so it is not searched.
	threatened := false
	if us == game.Black && w.off&featThreats == 0 {
		var mark [game.NumSquares]bool
		if onOpenLine(pos, &mark) > 0 {
			threatened = true
			moves = filterThreatReplies(pos, moves, &mark)
			if len(moves) == 0 {
				return -(WinScore - int32(ply+2))
			}
		}
	}
	scores := w.scores[ply][:len(moves)]
	w.scoreMoves(pos, moves, scores, ttMove, ply)

	// Late move pruning, one or two plies above the leaves of a null-window
	// search where no escape threat is pending: once lmpCount moves have been
	// searched, the remaining quiet moves are not (they are ordered after the
	// table move, threats, captures, killers and king moves, by history
	// alone). Quiet means no capture, no end of the game, not a king move and
	// for White no line opened for the king: a pruned move could only matter
	// through what the leaves' evaluation would have seen.
	lmpFrom := len(moves)
	if !pvNode && depth <= 2 && !threatened && w.off&featLMP == 0 {
		lmpFrom = lmpCount[depth]
	}

	// Futility pruning one and two plies above the leaves of a null-window
	// search with no escape threat pending: when the position's own
	// evaluation plus futilityMargin[depth] is still no better than alpha,
	// its quiet moves (as for late move pruning) are not searched. The
	// position is evaluated only when the first quiet move comes up, after
	// the table move, threats, captures, killers and king moves: a node that
	// fails high on one of those never pays for it. A quiet move hands the
	// move to the opponent, who then holds the side to move's edge: measured
	// over searches of the bench positions, the learned network scores a
	// quiet move's position a ply later about 700 below the position before
	// it for the side that moved, and fewer than 1 in 100 come out more than
	// 100 above it (two plies later, after the opponent's best reply, 1 in
	// 100 more than about 580 above); the heuristic's scores move within about
	// 70 and 170. A pruned move counts as scoring the bound, so a node whose
	// every move is pruned fails low with it. This spares most of the leaves
	// of the nodes that fail low, which hold most of the evaluations: it pays
	// most for an expensive evaluator.
	// futile says whether the node may prune until it is judged (judged), and
	// from then on whether it does.
	futile := depth <= 2 && !pvNode && !threatened && w.off&featFutility == 0
	futileBound, judged := int32(0), false

	// With several threads, a move after the first whose position another
	// thread is searching right now is put off to the end of the list
	// (simplified ABDADA): the thread meanwhile searches moves nobody is on,
	// and by the time it comes back the other thread's result is often in the
	// table.
	deferring := w.searching != nil && depth >= deferDepth
	deferred := w.deferred[ply][:0]

	origAlpha := alpha
	best, bestMove := -inf, game.NoMove
	n := len(moves)
moves:
	for j := 0; j < n; j++ {
		i := j
		if j < len(moves) {
			pickNext(moves, scores, i)
		} else {
			i = deferred[j-len(moves)]
		}
		m := moves[i]
		child := &w.child[ply+1]
		*child = *pos
		captured := child.Make(m)
		if (i >= lmpFrom || futile) && scores[i] < orderKingMove && captured == 0 && child.Status() == game.Ongoing &&
			(us == game.Black || openLines(child) == 0) {
			if i >= lmpFrom {
				continue
			}
			if !judged { // the first quiet move: evaluate the position now
				judged = true
				margin := futilityMargin[depth]
				lo := alpha - margin
				e := w.evaluate(pos, lo, lo+1)
				futile, futileBound = e+margin <= alpha, e+margin
			}
			if futile && !w.repeats(child.Hash()) { // a repetition would score a draw
				best = max(best, futileBound)
				continue
			}
		}
		var score int32
		switch {
		case child.Status() != game.Ongoing:
			score = WinScore - int32(ply+1) // the mover won
		case captured == 0 && w.repeats(child.Hash()):
			score = w.drawScore(us)
		case deferring && i > 0 && j < len(moves) && w.searching.has(child.Hash()):
			deferred = append(deferred, i)
			n++
			w.deferrals++
			continue
		default:
			w.push(child.Hash(), captured > 0, ply)
			if deferring {
				w.searching.start(child.Hash())
			}
			if i == 0 || w.off&featPVS != 0 {
				score = -w.negamax(child, depth-1, ply+1, -beta, -alpha, pvNode)
			} else {
				// Late move reductions: a quiet move ordered late is searched less
				// deep first, and again at full depth only if it beats alpha. Not
				// reduced: answers to an escape threat, and moves that open a line
				// for the king.
				r := 0
				if depth >= 3 && i >= 3 && scores[i] < orderKingMove && !threatened &&
					w.off&featLMR == 0 && (us == game.Black || openLines(child) == 0) {
					r = 1
					if !pvNode && depth >= 6 && i >= 12 {
						r = 2
					}
				}
				score = -w.negamax(child, depth-1-r, ply+1, -alpha-1, -alpha, false)
				if r > 0 && score > alpha && !w.stopped() {
					score = -w.negamax(child, depth-1, ply+1, -alpha-1, -alpha, false)
				}
				if score > alpha && score < beta && !w.stopped() {
					score = -w.negamax(child, depth-1, ply+1, -beta, -alpha, true)
				}
			}
			if deferring {
				w.searching.finish(child.Hash())
			}
			w.pop(ply)
		}
		if w.stopped() {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				w.setPV(ply, m)
				if score >= beta {
					if captured == 0 && w.off&featOrdering == 0 {
						w.addKiller(m, ply)
						w.history.reward(us, m, depth)
					}
					break moves
				}
			}
		}
	}
	b := boundExact
	switch {
	case best <= origAlpha:
		b = boundUpper
	case best >= beta:
		b = boundLower
	}
	w.tt.store(key, ttData{move: bestMove, score: scoreToTT(best, ply), depth: depth, bound: b})
	return best
}

// futilityMargin is, by remaining depth (1 or 2), at least how far below alpha a
// position's own evaluation must be for its quiet moves not to be searched
// (futility pruning), in evaluator units.
var futilityMargin = [3]int32{0, 150, 500}

// lmpCount is, by remaining depth, how many moves are searched before late
// quiet moves are pruned.
var lmpCount = [3]int{0, 12, 24}

// deferDepth is the least remaining depth at which a thread puts off a move
// another thread is searching: below it the subtrees are too small for the
// bookkeeping to pay.
const deferDepth = 3

// quiesceChild plays m in pos and returns the score of the resulting position
// for the side that moved, and whether the move ended the game (a win: an escape or
// a king capture). Reaching a position of the game or of the line again without a
// capture is a draw.
func (w *worker) quiesceChild(pos *game.Position, m game.Move, ply int, alpha, beta int32) (int32, bool) {
	child := &w.child[ply+1]
	*child = *pos
	captured := child.Make(m)
	switch {
	case child.Status() != game.Ongoing:
		return WinScore - int32(ply+1), true
	case captured == 0 && w.repeats(child.Hash()):
		return w.drawScore(pos.SideToMove()), false
	}
	w.push(child.Hash(), captured > 0, ply)
	score := -w.quiesce(child, ply+1, -beta, -alpha)
	w.pop(ply)
	return score, false
}

// filterThreatReplies keeps Black's moves that land on one of the king's open
// lines (marked) or next to the king (a possible capture) and drops the rest.
func filterThreatReplies(pos *game.Position, moves []game.Move, mark *[game.NumSquares]bool) []game.Move {
	k := pos.King()
	kept := moves[:0]
	for _, m := range moves {
		if to := m.To(); mark[to] || nextToKing(to, k) {
			kept = append(kept, m)
		}
	}
	return kept
}

// quiesce resolves escape threats below the nominal depth, so that the leaves are
// quiet: White escapes if it can and otherwise stands pat or tries king moves
// that make a double escape threat; Black facing a threat must answer it (no
// standing pat) by blocking or capturing the king.
func (w *worker) quiesce(pos *game.Position, ply int, alpha, beta int32) int32 {
	w.count()
	w.pvLen[ply] = ply
	if w.stopped() {
		return 0
	}
	if ply >= maxPly-2 {
		return w.evaluate(pos, alpha, beta)
	}
	k := pos.King()
	if pos.SideToMove() == game.White {
		if openLines(pos) > 0 {
			return WinScore - int32(ply+1)
		}
		best := w.evaluate(pos, alpha, beta)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
		// Double threats: a king move to a square with two open lines.
		for d := 0; d < numDirs; d++ {
			for _, s := range rays[d][k] {
				if kingBlocked[s] || pos.At(s) != game.Empty {
					break
				}
				if openLinesFrom(pos, s, k) < 2 {
					continue
				}
				m := game.NewMove(k, s)
				score, _ := w.quiesceChild(pos, m, ply, alpha, beta)
				if w.stopped() {
					return 0
				}
				if score > best {
					best = score
					if score > alpha {
						alpha = score
						w.setPV(ply, m)
						if score >= beta {
							return best
						}
					}
				}
			}
		}
		return best
	}
	var mark [game.NumSquares]bool
	if onOpenLine(pos, &mark) == 0 {
		return w.evaluate(pos, alpha, beta)
	}
	moves := pos.GenerateMoves(w.moves[ply])
	if len(moves) == 0 {
		return -(WinScore - int32(ply))
	}
	moves = filterThreatReplies(pos, moves, &mark)
	best := -(WinScore - int32(ply+2)) // whatever else Black does, the king escapes
	for _, m := range moves {
		score, won := w.quiesceChild(pos, m, ply, alpha, beta)
		if won {
			w.setPV(ply, m)
			return score
		}
		if w.stopped() {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				w.setPV(ply, m)
				if score >= beta {
					return best
				}
			}
		}
	}
	return best
}

// iteration is one completed iteration of a thread.
type iteration struct {
	depth int
	score int32
	pv    []game.Move
	nodes int64
	root  []RootScore // the root moves' scores (Info.Root)
}
