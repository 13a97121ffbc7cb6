package ai

import (
	"context"
	"sync"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// Pondering: thinking on the opponent's time. After the engine moves, its
// principal variation names the reply it expects; the engine searches the
// position after that reply while the opponent thinks, with no clock. If the
// opponent plays the expected move (a ponder hit), that search simply goes on:
// the move time is armed from the moment of the hit, and the iterations
// completed on the opponent's time count, so the answer comes deeper or
// sooner. Any other move (a ponder miss) stops it; the table keeps what it
// learnt, and the real search starts afresh.

// Ponder is a search started by Searcher.Ponder, running in its own
// goroutine until Hit or Stop.
type Ponder struct {
	pos    game.Position
	ctl    *control
	cancel context.CancelFunc
	done   chan struct{} // closed when res is set
	res    Result

	mu       sync.Mutex
	progress func(Info) // set at the hit
	last     Info       // the latest iteration, for a hit
	hasLast  bool
}

// Ponder starts searching pos, the position after the opponent's expected
// move, in the background with no move time (only the depth limit of lim, if
// any), and returns at once. The caller must end it with Hit or Stop before
// using the Searcher again.
func (s *Searcher) Ponder(pos game.Position, history []uint64, lim Limits) *Ponder {
	ctx, cancel := context.WithCancel(context.Background())
	ctl, release := newControl(ctx, Limits{}, s.late)
	p := &Ponder{pos: pos, ctl: ctl, cancel: cancel, done: make(chan struct{})}
	go func() {
		defer release()
		p.res = s.run(ctl, pos, history, lim.Depth, nil, p.report)
		close(p.done)
	}()
	return p
}

// report remembers an iteration and passes it on once the ponder is a hit.
func (p *Ponder) report(info Info) {
	p.mu.Lock()
	p.last, p.hasLast = info, true
	progress := p.progress
	p.mu.Unlock()
	if progress != nil {
		progress(info)
	}
}

// Position returns the pondered position.
func (p *Ponder) Position() game.Position { return p.pos }

// Hit turns the ponder into the engine's real search: the opponent played the
// expected move. The move time lim.MoveTime starts now (the time policy then
// judges the iterations completed so far with the rest); progress receives
// the latest iteration at once and the next ones as they complete (from the
// ponder's goroutine). Hit waits for the search's result, or ctx. A node
// budget in lim does not apply (the ponder has none); the depth limit is the
// one given to Ponder.
func (p *Ponder) Hit(ctx context.Context, lim Limits, progress func(Info)) Result {
	p.mu.Lock()
	p.progress = progress
	last, has := p.last, p.hasLast
	p.mu.Unlock()
	if has && progress != nil {
		progress(last)
	}
	if lim.MoveTime > 0 {
		p.ctl.arm(lim.MoveTime)
	}
	stop := context.AfterFunc(ctx, p.cancel)
	defer stop()
	if lim.MoveTime <= 0 && lim.Depth <= 0 {
		// No clock and no depth: the pondering so far is the search.
		p.cancel()
	}
	start := time.Now()
	<-p.done
	r := p.res
	r.Elapsed = time.Since(start)
	return r
}

// Stop ends the ponder (a miss, the end of the game, an undo) without waiting.
// Wait waits for its goroutine to finish.
func (p *Ponder) Stop() { p.cancel() }

// Wait blocks until the ponder's search has returned (after Stop or Hit).
func (p *Ponder) Wait() { <-p.done }
