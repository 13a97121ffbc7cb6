package session

import (
	"context"
	"runtime"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// One estimate per position: the evaluation bar and the chart of White's
// chance read one engine's judgement of each position, never the judgement
// of whichever player happened to search it. A level blurs its judgement on
// purpose, and a weak engine's 54% beside the champion's 87% for the same
// position (after a hint) tells a person nothing but noise. So every
// position of the game gets its own background search by the strongest
// engine (DefaultOpponent), on a fixed node budget rather than a time: the
// figure does not depend on the machine, its load or who asked, and it is
// computed once per position (cached by Zobrist hash, across games) and
// reused. The players' and the hint's searches no longer write the bar.
//
// The search is deterministic: one thread, the table cleared before each
// position, no history (a repetition is the game's business, and a figure
// cached by position must not depend on the way there), no contempt. An
// engine with one evaluator per side (the champion) is read through its
// White evaluator, as the review does, so that the chart's curve is one
// judgement and does not zigzag between two.
//
// In a browser the page's search workers estimate (Config.EstimateBy, one
// worker, the same searcher made by player.NewEstimator): on the page's own
// thread the estimates held its frames back while the AI thought (twice
// the longest frame gap in the browser test, docs/measurements.md). The
// budget is smaller there, as the network is slower in a browser; the bar
// holds the last figure while a move's search has the workers.

// EstimateNodes is the estimate's node budget on the desktop (the
// champion's search at about a million nodes a second on one thread,
// docs/measurements.md: some 50 ms a position, a ply or two short of a
// move's search); estimateNodesPage in a browser.
const (
	EstimateNodes     = 60_000
	estimateNodesPage = 15_000
)

// estimateCacheMax bounds the estimates kept: a demo that plays all day
// must not grow its memory with every position it has seen. Past it, the
// cache starts again (the games on the board re-estimate what they show).
const estimateCacheMax = 1 << 14

// estimateTTSizeMB is the estimator's table: cleared before every
// position, it needs to hold one small search only.
const estimateTTSizeMB = 4

// estimateJob is the background estimate of one position.
type estimateJob struct {
	hash   uint64
	cancel context.CancelFunc
	done   chan estimateResult // exactly one value, also after a cancel
}

// estimateResult is a finished estimate: the score (White's view), or why
// there is none.
type estimateResult struct {
	score     int32
	ok        bool
	cancelled bool
}

// estimator owns the estimating searcher between jobs: one job at a time
// holds it (a Searcher is not safe for concurrent searches), and the first
// job builds it, off the window's goroutine (loading a network takes a
// moment).
type estimator struct {
	spec     player.Spec
	name     string
	searcher chan *ai.Searcher // capacity 1: the searcher, when no job holds it
	failed   bool              // the engine could not be built; no estimates
	// by, when set (Config.EstimateBy), estimates instead of searcher.
	by func(ctx context.Context, spec player.Spec, pos game.Position) (int32, error)
}

// newEstimator returns the estimator of Config.EstimateSpec, or of the
// strongest engine on EstimateNodes.
func newEstimator(cfg Config) *estimator {
	var s player.Spec
	if cfg.EstimateSpec != nil {
		s = *cfg.EstimateSpec
	} else {
		name, _ := DefaultOpponent()
		s, _ = player.ParseSpec(name) // DefaultOpponent's specs parse (TestDefaultOpponentParses)
		s.Nodes = EstimateNodes
		if runtime.GOOS == "js" {
			s.Nodes = estimateNodesPage
		}
	}
	e := &estimator{spec: s, searcher: make(chan *ai.Searcher, 1), by: cfg.EstimateBy}
	e.name = player.Spec{Kind: s.Kind, Net: s.Net}.String()
	e.searcher <- nil // built by the first job
	return e
}

// build returns the estimating searcher (player.NewEstimator).
func (e *estimator) build() (*ai.Searcher, error) {
	return player.NewEstimator(e.spec, estimateTTSizeMB)
}

// start estimates pos in a new goroutine.
func (e *estimator) start(pos game.Position) *estimateJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &estimateJob{hash: pos.Hash(), cancel: cancel, done: make(chan estimateResult, 1)}
	lim := e.spec.Limits()
	if e.by != nil {
		go func() {
			defer cancel()
			score, err := e.by(ctx, e.spec, pos)
			switch {
			case ctx.Err() != nil:
				j.done <- estimateResult{cancelled: true}
			case err != nil:
				j.done <- estimateResult{}
			default:
				j.done <- estimateResult{score: score, ok: true}
			}
		}()
		return j
	}
	go func() {
		// Like the players' searches: its own thread at a lower priority,
		// so that the window keeps drawing.
		runtime.LockOSThread()
		lowerThreadPriority()
		defer cancel()
		var s *ai.Searcher
		select {
		case s = <-e.searcher:
		case <-ctx.Done():
			j.done <- estimateResult{cancelled: true}
			return
		}
		var err error
		if s == nil {
			s, err = e.build()
		}
		if err != nil {
			e.searcher <- nil
			j.done <- estimateResult{}
			return
		}
		s.Clear()
		r := s.Search(ctx, pos, nil, lim, nil)
		e.searcher <- s
		if ctx.Err() != nil || r.Depth == 0 && len(r.PV) == 0 {
			j.done <- estimateResult{cancelled: ctx.Err() != nil}
			return
		}
		j.done <- estimateResult{score: r.Score, ok: true}
	}()
	return j
}

// EstimateSpec returns the spec of the engine whose estimates the bar and
// the chart show ("cnn:champion").
func (c *Controller) EstimateSpec() string { return c.est.name }

// Estimating reports whether the estimate of the position on the board is
// on its way: being computed, or next once the running one (of an earlier
// position, which the chart needs) is done. The bar keeps the last figure
// meanwhile (ShownEval).
func (c *Controller) Estimating() bool {
	_, known := c.Eval()
	return !known && c.screen == ScreenGame && !c.est.failed
}

// ShownEval is what the evaluation bar shows: the estimate of the position
// on the board (pending false); while that estimate is being computed, the
// latest estimate of an earlier position of the line (pending true), so
// that the bar does not turn grey for a moment after every move of a game
// between two AIs while the chart still shows its last point; ok is false
// when neither exists (the bar is grey).
func (c *Controller) ShownEval() (score int32, pending, ok bool) {
	if s, ok := c.Eval(); ok {
		return s, false, true
	}
	if !c.Estimating() {
		return 0, false, false
	}
	line := c.game.Line()
	p := c.game.Start()
	var last int32
	found := false
	for ply := 0; ply < c.game.Ply() && ply < len(line); ply++ {
		if e, ok := c.evalOf(p.Hash()); ok {
			last, found = e.score, true
		}
		p.Make(line[ply])
	}
	return last, found, found
}

// evalOf returns the evaluation shown for the position with hash h: the
// review's where the game was reviewed (the same engine, searching
// longer, whose figures the review's sentences quote), else the estimate.
func (c *Controller) evalOf(h uint64) (evalEntry, bool) {
	if e, ok := c.evals[h]; ok {
		return e, true
	}
	if s, ok := c.estimates[h]; ok {
		return evalEntry{score: s, by: c.est.name}, true
	}
	return evalEntry{}, false
}

// pollEstimate takes a finished estimate into the cache (a cancelled one is
// dropped), stops the estimate of a position that left the game's line,
// and starts the next: the position on the board first, then the line's
// other positions without one, latest first (for the chart).
func (c *Controller) pollEstimate() {
	if c.est.failed {
		return
	}
	if j := c.estJob; j != nil {
		select {
		case r := <-j.done:
			c.estJob = nil
			if r.ok {
				if len(c.estimates) >= estimateCacheMax {
					c.estimates = nil
				}
				if c.estimates == nil {
					c.estimates = map[uint64]int32{}
				}
				c.estimates[j.hash] = r.score
			} else if !r.cancelled {
				c.est.failed = true // the engine cannot be built: say nothing rather than retry each frame
				return
			}
		default:
		}
	}
	if c.screen != ScreenGame {
		return
	}
	var running uint64
	if c.estJob != nil {
		running = c.estJob.hash
	}
	want, wanted, runningInLine := c.nextToEstimate(running)
	if j := c.estJob; j != nil {
		if runningInLine {
			return
		}
		j.cancel() // obsolete: its result is dropped
		c.estJob = nil
	}
	if wanted {
		c.estJob = c.est.start(want)
	}
}

// nextToEstimate returns the position to estimate next (wanted is false
// when every position of the line has an estimate) and whether the
// position with hash running is one of the line's. It allocates nothing:
// it runs every frame.
func (c *Controller) nextToEstimate(running uint64) (want game.Position, wanted, runningInLine bool) {
	line := c.game.Line()
	p := c.game.Start()
	board := c.positionHash()
	for ply := 0; ; ply++ {
		h := p.Hash()
		runningInLine = runningInLine || h == running
		if p.Status() == game.Ongoing {
			if _, ok := c.evalOf(h); !ok && (!wanted || want.Hash() != board) {
				want, wanted = p, true // the board's position wins, else the latest
			}
		}
		if ply == len(line) {
			return want, wanted, runningInLine
		}
		p.Make(line[ply])
	}
}

// stopEstimate cancels the running estimate, if any.
func (c *Controller) stopEstimate() {
	if c.estJob != nil {
		c.estJob.cancel()
		c.estJob = nil
	}
}
