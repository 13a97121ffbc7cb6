//go:build js

package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
	"github.com/tablut-ai/tablut/web/searchmsg"
)

// WorkerScript is the script each search worker runs (web/site writes it).
const workerScript = "search-worker.js"

// maxWorkers bounds the workers: each holds a copy of the engine, its
// networks and its tables, and root splitting gains less with each one.
const maxWorkers = 4

// stopWait is how long a stopped search may take to answer before the page
// gives up on its worker: long, as a worker still loading its network (on a
// busy device, many seconds) reads the stop only after.
const stopWait = time.Minute

// pool is the page's search workers. One search uses them at a time (the
// window runs one search at a time; a second waits for the first).
type pool struct {
	workers []js.Value
	in      chan poolReply // every worker's replies, in order of arrival
	lock    chan struct{}  // held while a search is out
	ready   atomic.Int32   // workers that said they are loaded
	nextID  int64
}

// poolReply is a reply and the worker that sent it.
type poolReply struct {
	k int
	r searchmsg.Reply
}

// workerCount is how many workers the page starts: ?workers=N, else one
// per core but the page's own (navigator.hardwareConcurrency - 1), within 1
// and maxWorkers.
func workerCount(param string) int {
	if n, err := strconv.Atoi(param); err == nil && n >= 1 {
		return min(n, maxWorkers)
	}
	n := 2
	if c := js.Global().Get("navigator").Get("hardwareConcurrency"); c.Type() == js.TypeNumber {
		n = c.Int()
	}
	return min(max(n-1, 1), maxWorkers)
}

// newPool starts n workers, which load while the page starts.
func newPool(n int) (*pool, error) {
	ctor := js.Global().Get("Worker")
	if ctor.Type() != js.TypeFunction {
		return nil, errors.New("this browser has no Web Workers")
	}
	p := &pool{in: make(chan poolReply, 64*maxWorkers+4*ai.MaxDepth), lock: make(chan struct{}, 1)}
	for k := range n {
		var w js.Value
		err := catch(func() { w = ctor.New(workerScript) })
		if err != nil {
			return nil, fmt.Errorf("cannot start a search worker: %v", err)
		}
		w.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
			d := args[0].Get("data")
			if d.Type() != js.TypeString {
				return nil
			}
			r, err := searchmsg.DecodeReply(d.String())
			if err != nil {
				r.Err = err.Error()
			}
			if r.Ready {
				p.ready.Add(1)
				return nil
			}
			p.deliver(poolReply{k, r})
			return nil
		}))
		w.Set("onerror", js.FuncOf(func(_ js.Value, args []js.Value) any {
			msg := "the search worker failed"
			if m := args[0].Get("message"); m.Type() == js.TypeString {
				msg += ": " + m.String()
			}
			p.deliver(poolReply{k, searchmsg.Reply{ID: -1, Err: msg}})
			return nil
		}))
		p.workers = append(p.workers, w)
	}
	return p, nil
}

// deliver hands a reply to the search waiting for it without ever blocking
// the browser's event loop: when the queue is full, a report is dropped
// (the next one says more), never a result or an error.
func (p *pool) deliver(r poolReply) {
	if r.r.Info != nil {
		select {
		case p.in <- r:
		default:
		}
		return
	}
	go func() { p.in <- r }()
}

// catch runs f and returns a JavaScript exception it threw as an error.
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f()
	return nil
}

// Busy reports whether a search is out to the workers.
func (p *pool) Busy() bool { return len(p.lock) > 0 }

// take holds the pool for one search and returns its id and the function
// that lets it go, or ctx's error when ctx ends first.
func (p *pool) take(ctx context.Context) (int64, func(), error) {
	select {
	case p.lock <- struct{}{}:
	case <-ctx.Done():
		return 0, nil, ctx.Err()
	}
	p.nextID++
	return p.nextID, func() { <-p.lock }, nil
}

// exchange sends reqs[k] to worker k and hands each reply to the search id
// to on, with stopped true once ctx has ended (the workers are then asked
// to stop, and given stopWait to answer), until on reports that it has what
// it needs. A worker's failure or error ends the exchange with that error.
func (p *pool) exchange(ctx context.Context, id int64, reqs []searchmsg.Request, on func(k int, r searchmsg.Reply, stopped bool) (bool, error)) error {
	for k, req := range reqs {
		p.workers[k].Call("postMessage", req.Encode())
	}
	done := ctx.Done()
	var giveUp <-chan time.Time
	for {
		select {
		case pr := <-p.in:
			switch {
			case pr.r.ID == -1:
				return errors.New(pr.r.Err)
			case pr.r.ID != id || pr.k >= len(reqs):
				// a stopped search's last words
			case pr.r.Err != "":
				p.stop(id, len(reqs))
				return errors.New(pr.r.Err)
			default:
				if over, err := on(pr.k, pr.r, done == nil); over || err != nil {
					return err
				}
			}
		case <-done:
			p.stop(id, len(reqs))
			done, giveUp = nil, time.After(stopWait)
		case <-giveUp:
			return fmt.Errorf("a search worker did not stop within %v", stopWait)
		}
	}
}

// search shares pos out among the workers and returns the merged result;
// ctx's end stops the workers, and search returns once they have answered.
func (p *pool) search(ctx context.Context, spec string, seed uint64, moveTime time.Duration, lim ai.Limits, pos game.Position, history []uint64, progress func(ai.Info)) (ai.Result, error) {
	id, release, err := p.take(ctx)
	if err != nil {
		return ai.Result{}, err
	}
	defer release()
	shares := searchmsg.Split(pos, len(p.workers))
	if lim.Nodes > 0 {
		// The node budget is the whole search's: each worker spends its part.
		lim.Nodes = max(1, (lim.Nodes+int64(len(shares))-1)/int64(len(shares)))
	}
	reqs := make([]searchmsg.Request, len(shares))
	for k, share := range shares {
		reqs[k] = searchmsg.NewRequest(id, spec, seed, moveTime, lim, pos, history, share)
	}
	merge := searchmsg.NewMerge(pos.SideToMove(), len(shares))
	err = p.exchange(ctx, id, reqs, func(k int, r searchmsg.Reply, _ bool) (bool, error) {
		var out ai.Info
		var ok bool
		switch {
		case r.Info != nil:
			out, ok = merge.Info(k, *r.Info)
		case r.Result != nil:
			out, ok = merge.Result(k, *r.Result)
		}
		if ok && progress != nil {
			progress(out)
		}
		return merge.Done(), nil
	})
	if err != nil {
		return ai.Result{}, err
	}
	return merge.Best(), nil
}

// estimate has the first worker make the window's estimate of pos
// (session.Config.EstimateBy): the searcher player.NewEstimator makes of
// spec, within spec's limits, White's view. It holds the pool like a
// search: an estimate waits for a move's search and the next move's search
// for the estimate (a few hundredths of a second at the page's budget).
// Off the page's thread: there, the estimates held the page's frames back
// while the AI thought.
func (p *pool) estimate(ctx context.Context, spec player.Spec, pos game.Position) (int32, error) {
	id, release, err := p.take(ctx)
	if err != nil {
		return 0, err
	}
	defer release()
	req := searchmsg.NewRequest(id, spec.String(), 0, 0, spec.Limits(), pos, nil, nil)
	req.Estimate = true
	var score int32
	err = p.exchange(ctx, id, []searchmsg.Request{req}, func(_ int, r searchmsg.Reply, stopped bool) (bool, error) {
		switch {
		case r.Result == nil:
			return false, nil
		case stopped:
			return true, ctx.Err() // a partial figure is none
		}
		score = r.Result.Score
		return true, nil
	})
	return score, err
}

// stop asks the first n workers to stop the search id.
func (p *pool) stop(id int64, n int) {
	msg := searchmsg.Request{ID: id, Stop: true}.Encode()
	for _, w := range p.workers[:n] {
		w.Call("postMessage", msg)
	}
}

// workerEngine is a player whose searches run in the pool: a
// session.Engine with the limits of session.PlayerEngine's, whose clock
// budget the window may set (SetLimits). It does not ponder: its thinking
// on the person's time would keep the workers from the hint the person may
// ask for, and the page would pay for it in battery.
type workerEngine struct {
	pool     *pool
	spec     string
	seed     uint64
	moveTime time.Duration
	lim      ai.Limits
	book     *book.Book
}

// Limits returns the engine's search limits.
func (e *workerEngine) Limits() ai.Limits { return e.lim }

// SetLimits changes them (a clock's budget).
func (e *workerEngine) SetLimits(l ai.Limits) { e.lim = l }

// Move answers from White's opening book where the engine plays it, or
// has the workers search.
func (e *workerEngine) Move(ctx context.Context, pos game.Position, history []uint64, progress func(ai.Info)) (ai.Result, error) {
	if pos.Status() != game.Ongoing {
		return ai.Result{}, fmt.Errorf("the game is over in %v", pos.String())
	}
	if b, ok := e.book.Lookup(&pos); ok {
		return ai.Result{Move: b.Move, Score: b.Score, Depth: b.Depth, Nodes: b.Nodes, PV: slices.Clone(b.PV), Book: true}, nil
	}
	return e.pool.search(ctx, e.spec, e.seed, e.moveTime, e.lim, pos, history, progress)
}

// engines returns the window's EngineFactory: searching players in the
// pool, the others (random) as session.PlayerEngine makes them.
func (p *pool) engines() session.EngineFactory {
	return func(spec string, moveTime time.Duration) (session.Engine, error) {
		s, err := player.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		if s.Kind == player.Random || s.Kind == player.Human {
			return session.PlayerEngine(spec, moveTime)
		}
		s.MoveTime = moveTime
		e := &workerEngine{pool: p, spec: s.String(), seed: uint64(time.Now().UnixNano()) | 1, moveTime: moveTime, lim: s.Limits()}
		if s.UsesBook() {
			e.book, _ = book.Default() // as player.NewEngine: unreadable, no book
		}
		// The workers make the engine (load its network) now, not at the
		// first move.
		prep := searchmsg.Request{Prepare: true, Spec: e.spec, Seed: e.seed, MoveTime: moveTime}.Encode()
		for _, w := range p.workers {
			w.Call("postMessage", prep)
		}
		return e, nil
	}
}

// searchPool is the page's pool, nil when workers could not start (the
// searches then run in the page, as before).
var searchPool *pool

// startWorkers starts the pool (?workers=N chooses how many workers) and
// returns the factory that uses it, or nil with a note in the console when
// the browser has no workers.
func startWorkers(param string) session.EngineFactory {
	p, err := newPool(workerCount(param))
	if err != nil {
		js.Global().Get("console").Call("warn", "tablut: the AI thinks in the page: "+err.Error())
		return nil
	}
	searchPool = p
	return p.engines()
}

// workerEstimates returns the pool's estimate for session.Config.EstimateBy,
// nil without workers (the window's estimator then searches in the page).
func workerEstimates() func(context.Context, player.Spec, game.Position) (int32, error) {
	if searchPool == nil {
		return nil
	}
	return searchPool.estimate
}

// workerState is the pool as the browser test sees it.
type workerState struct {
	Workers int  // started
	Ready   int  // loaded
	Busy    bool // a search is out
}

func poolState() workerState {
	if searchPool == nil {
		return workerState{}
	}
	return workerState{len(searchPool.workers), int(searchPool.ready.Load()), searchPool.Busy()}
}
