// Command worker is the web page's search: built with GOOS=js GOARCH=wasm
// it is search.wasm, which search-worker.js (web/site) runs in a Web Worker,
// so that the engine's search holds none of the page's thread. It links the
// engine and its networks but no window (no ebiten, no ui), which keeps its
// download small.
//
// It answers the page's requests (package web/searchmsg) one at a time:
// each names a player, its seed and limits, a position and, when several
// workers share a search, the root moves to search. Each worker keeps one
// engine per player and seed, whose table lasts from move to move. A stop
// message cancels the search it names; the search gives the worker's event
// loop a turn every pageturn.WorkerSlice, which is when such a message is
// read.
//
//   - main.go: this comment; the server (requests in, replies out) that
//     does not depend on the browser; it also makes the window's
//     estimates (searchmsg.Request.Estimate).
//   - worker_js.go: the worker's messages (onmessage, postMessage).
//   - worker_other.go: outside a browser, a line saying what the program is.
//   - main_test.go: the server answers, shares and stops; the build links
//     no window.
package main

import (
	"context"
	"sync"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/web/searchmsg"
)

// ttSizeMB is each engine's table: the window's (session.WindowTTSizeMB),
// as a worker holds up to maxEngines of them and each worker has a memory
// of its own.
const ttSizeMB = player.DefaultTTSizeMB / 2

// maxEngines is how many engines a worker keeps (two players and the hint
// engine, one more for a change of players); beyond it it forgets them all.
const maxEngines = 4

// engineKey names an engine: the same player with the same seed and move
// time is the same engine, which keeps its table from move to move.
type engineKey struct {
	spec     string
	seed     uint64
	moveTime int64
}

// server answers the page's requests. receive may be called at any time
// (the worker's message handler); run handles the searches in order.
type server struct {
	post func(string) // sends a reply to the page

	mu      sync.Mutex
	cancels map[int64]context.CancelFunc // of the searches asked for and not finished
	queue   chan queued

	engines    map[engineKey]*player.Engine // only run's goroutine uses it
	estimators map[string]*ai.Searcher      // by spec; only run's goroutine uses it
}

// queued is a search waiting its turn, with its context.
type queued struct {
	req searchmsg.Request
	ctx context.Context
}

func newServer(post func(string)) *server {
	return &server{post: post, cancels: map[int64]context.CancelFunc{},
		queue: make(chan queued, 64), engines: map[engineKey]*player.Engine{}, estimators: map[string]*ai.Searcher{}}
}

// receive takes one message from the page: a stop cancels its search at
// once (also one still queued); a search joins the queue. It never waits.
func (s *server) receive(text string) {
	r, err := searchmsg.DecodeRequest(text)
	if err != nil {
		s.post(searchmsg.Reply{ID: r.ID, Err: err.Error()}.Encode())
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.Stop {
		if c, ok := s.cancels[r.ID]; ok {
			c()
		}
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancels[r.ID] = cancel
	select {
	case s.queue <- queued{r, ctx}:
	default:
		delete(s.cancels, r.ID)
		cancel()
		s.post(searchmsg.Reply{ID: r.ID, Err: "the search worker has too many searches waiting"}.Encode())
	}
}

// run handles the queued searches, one at a time, until the queue closes.
func (s *server) run() {
	for q := range s.queue {
		s.search(q.ctx, q.req)
		s.mu.Lock()
		if c, ok := s.cancels[q.req.ID]; ok {
			c()
			delete(s.cancels, q.req.ID)
		}
		s.mu.Unlock()
	}
}

// search answers one request: a report per completed depth, then the
// result or an error.
func (s *server) search(ctx context.Context, r searchmsg.Request) {
	if r.Prepare {
		s.engine(r) // an error comes again with the first search
		return
	}
	fail := func(err error) { s.post(searchmsg.Reply{ID: r.ID, Err: err.Error()}.Encode()) }
	pos, err := r.Position()
	if err != nil {
		fail(err)
		return
	}
	if r.Estimate {
		es, err := s.estimator(r.Spec)
		if err != nil {
			fail(err)
			return
		}
		es.Clear()
		res := es.Search(ctx, pos, nil, ai.Limits{Nodes: r.Nodes, Depth: r.Depth, MoveTime: r.MoveLimit}, nil)
		s.post(searchmsg.Reply{ID: r.ID, Result: &res}.Encode())
		return
	}
	e, err := s.engine(r)
	if err != nil {
		fail(err)
		return
	}
	e.SetLimits(r.Limits())
	res, err := e.Move(ctx, pos, r.History, func(in ai.Info) {
		s.post(searchmsg.Reply{ID: r.ID, Info: &in}.Encode())
	})
	if err != nil {
		fail(err)
		return
	}
	s.post(searchmsg.Reply{ID: r.ID, Result: &res}.Encode())
}

// engine returns the request's engine, made as the window makes its own
// (session.PlayerEngine) but with one thread (a worker has one), and
// without the opening book, which the page reads itself (a share of the
// moves may not hold the book's move).
func (s *server) engine(r searchmsg.Request) (*player.Engine, error) {
	key := engineKey{r.Spec, r.Seed, int64(r.MoveTime)}
	if e, ok := s.engines[key]; ok {
		return e, nil
	}
	spec, err := player.ParseSpec(r.Spec)
	if err != nil {
		return nil, err
	}
	spec.SetTTSizeMB(ttSizeMB)
	spec.MoveTime = r.MoveTime
	spec.Contempt = ai.DefaultContempt
	spec.Threads = 1
	spec.Seed = r.Seed
	spec.NoBook = true
	p, err := player.New(spec)
	if err != nil {
		return nil, err
	}
	e, ok := p.(*player.Engine)
	if !ok {
		return nil, errNotSearch(r.Spec)
	}
	if len(s.engines) >= maxEngines {
		clear(s.engines)
	}
	s.engines[key] = e
	return e, nil
}

// estimator returns the estimating searcher of spec (player.NewEstimator),
// made once.
func (s *server) estimator(spec string) (*ai.Searcher, error) {
	if es, ok := s.estimators[spec]; ok {
		return es, nil
	}
	ps, err := player.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	es, err := player.NewEstimator(ps, estimateTTSizeMB)
	if err != nil {
		return nil, err
	}
	if len(s.estimators) >= maxEngines {
		clear(s.estimators)
	}
	s.estimators[spec] = es
	return es, nil
}

// estimateTTSizeMB is the estimator's table (the window's, ui/session's
// estimate.go): cleared before each position, it holds one small search.
const estimateTTSizeMB = 4

// errNotSearch is the error for a player that does not search (random).
type errNotSearch string

func (e errNotSearch) Error() string {
	return "the search worker plays searching engines only, not " + string(e)
}
