package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
)

// Depths of the node table: minimax is counted up to teachMinimaxDepth plies
// (two for networks, whose evaluations are dearer), alpha-beta one further.
const (
	teachMinimaxDepth    = 3
	teachNetMinimaxDepth = 2
	// teachMaxSteps bounds a slow-motion trace: depth 3 stays far below it
	// with the move ordering; a pathological position is cut, and says so.
	teachMaxSteps = 200_000
)

// Analysis is what the background work found for one position and
// evaluator. The classroom view reads it; only the job's updates, applied on
// the window's goroutine by Classroom.Poll, write it.
type Analysis struct {
	Hash uint64        // of the position
	Spec string        // the player whose evaluator is explained
	Pos  game.Position // the position explained

	Ready    bool   // the evaluation parts are done
	Err      string // why there is nothing to explain, if so
	EvalName string // the evaluator's name
	Score    int32  // the evaluator's score, White's view
	// Terms are the heuristic's terms when the evaluator is or contains the
	// heuristic; Heuristic is their clamped sum. Net is true when a network
	// corrects the heuristic (Score - Heuristic is its correction) or is the
	// whole evaluator.
	Terms     []ai.Term
	Heuristic int32
	HasTerms  bool
	Net       bool
	NetScale  int32 // a residual network's largest correction
	// Offset is what a centred evaluator (ai.Centred) subtracts so that the
	// start position scores zero; 0 for others.
	Offset int32
	// Impact is how much the score drops when each pawn is taken off
	// (teach.PieceImpact), for the squares where ImpactOK holds.
	Impact   [game.NumSquares]int32
	ImpactOK [game.NumSquares]bool
	// NetImpact is the impact on the network's own output (a residual
	// network's correction before scaling), shown instead on request.
	NetImpact [game.NumSquares]int32
	HasNetMap bool
	// Network is the network page's network: the evaluator's own, or the
	// default network's when the evaluator has none (Borrowed); nil when no
	// network can be loaded. NetSpec is the spec it plays as.
	Network  *player.NetPage
	NetSpec  string
	Borrowed bool

	Traces         [4]*teach.Trace // the slow-motion traces, by depth (2 and 3)
	Rows           []teach.TreeRow // the node table so far
	MinimaxDepth   int             // minimax's deepest row
	AlphaBetaDepth int             // alpha-beta's deepest row
	Done           bool            // the node table is complete
}

// teachJob is the background analysis of one position.
type teachJob struct {
	cancel context.CancelFunc
	out    chan func(*Analysis) // updates, applied on the game loop
	busy   atomic.Bool          // an AI is thinking: the costly parts wait
}

// evaluatorSpec resolves a player spec to the spec of its evaluator: a level
// is explained through the engine it is built on (its noise aside).
func evaluatorSpec(spec string) (player.Spec, error) {
	s, err := player.ParseSpec(spec)
	if err != nil {
		return s, err
	}
	if s.Kind == player.LevelKind {
		if l, ok := player.LevelNamed(s.Net); ok {
			return player.ParseSpec(l.Eval)
		}
	}
	if !s.IsEngine() || s.Kind == player.Random {
		return s, fmt.Errorf("%s has no evaluation to show", spec)
	}
	return s, nil
}

// startTeachJob analyses pos (with history, for repetitions) for spec's
// evaluator in a new goroutine: the evaluation first, then the slow-motion
// traces, then the node table row by row; the costly parts wait while busy
// (an AI is thinking; the window updates it).
func startTeachJob(spec string, pos game.Position, history []uint64, busy bool) *teachJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &teachJob{cancel: cancel, out: make(chan func(*Analysis), 16)}
	j.busy.Store(busy)
	send := func(f func(*Analysis)) bool {
		select {
		case j.out <- f:
			return true
		case <-ctx.Done():
			return false
		}
	}
	// idle waits until no AI is thinking: the costly parts (the depth 3
	// trace, the node table) would otherwise take the core the window draws
	// with from under a search using the others.
	idle := func() bool {
		for j.busy.Load() {
			select {
			case <-ctx.Done():
				return false
			case <-time.After(50 * time.Millisecond):
			}
		}
		return ctx.Err() == nil
	}
	// The goroutine keeps the normal priority, unlike a search: it holds one
	// of the GOMAXPROCS threads while it runs, and a thread the system
	// starves at a low priority would keep the window's drawing waiting for
	// it. The counts yield the thread every thousand nodes instead (see
	// teach.CountTree).
	go func() {
		defer cancel()
		es, err := evaluatorSpec(spec)
		var eval ai.Evaluator
		if err == nil {
			eval, err = player.NewEvaluator(es)
		}
		if err != nil {
			send(func(a *Analysis) { a.Ready, a.Done, a.Err = true, true, err.Error() })
			return
		}
		if se, ok := eval.(ai.SidedEvaluator); ok {
			eval = se.ForSide(pos.SideToMove())
		}
		parts := explainEval(eval, pos)
		parts.Network, parts.NetSpec, parts.Borrowed = networkOf(es)
		parts.EvalName = eval.Name()
		if !send(func(a *Analysis) { parts.merge(a) }) {
			return
		}
		// The costly parts stop when an AI starts thinking (quiet's Err),
		// and start again when it has moved.
		quiet := quietContext{ctx, &j.busy}
		for _, d := range []int{2, 3} {
			var tr teach.Trace
			for {
				if d > 2 && !idle() {
					return
				}
				var c context.Context = ctx
				if d > 2 {
					c = quiet
				}
				if tr = teach.TraceAlphaBeta(c, pos, history, eval, d, teachMaxSteps); c.Err() == nil {
					break
				}
				if ctx.Err() != nil {
					return
				}
			}
			if !send(func(a *Analysis) { a.Traces[d] = &tr }) {
				return
			}
		}
		mm := teachMinimaxDepth
		if parts.Net {
			mm = teachNetMinimaxDepth
		}
		send(func(a *Analysis) { a.MinimaxDepth, a.AlphaBetaDepth = mm, mm+1 })
		for d := 1; d <= mm+1; d++ {
			var row teach.TreeRow
			for {
				if !idle() {
					return
				}
				var err error
				if row, err = teach.CountTree(quiet, pos, eval, d, d <= mm); err == nil {
					break
				}
			}
			if !send(func(a *Analysis) { a.Rows = append(a.Rows, row) }) {
				return
			}
		}
		send(func(a *Analysis) { a.Done = true })
	}()
	return j
}

// quietContext is a context that also ends, for the time being, while busy
// holds: the background counts stop when an AI starts thinking.
type quietContext struct {
	context.Context
	busy *atomic.Bool
}

// errBusy is quietContext's error while an AI thinks.
var errBusy = errors.New("an AI is thinking")

// Err returns the parent's error, or errBusy while an AI thinks.
func (q quietContext) Err() error {
	if err := q.Context.Err(); err != nil {
		return err
	}
	if q.busy.Load() {
		return errBusy
	}
	return nil
}

// merge copies the evaluation parts found in the background into a.
func (p *Analysis) merge(a *Analysis) {
	a.Ready, a.EvalName, a.Score = true, p.EvalName, p.Score
	a.Terms, a.Heuristic, a.HasTerms, a.Net = p.Terms, p.Heuristic, p.HasTerms, p.Net
	a.Impact, a.ImpactOK, a.NetScale, a.Offset = p.Impact, p.ImpactOK, p.NetScale, p.Offset
	a.NetImpact, a.HasNetMap = p.NetImpact, p.HasNetMap
	a.Network, a.NetSpec, a.Borrowed = p.Network, p.NetSpec, p.Borrowed
}

// networkOf returns the network the network page shows for the evaluator
// es: its own, else the default opponent's (borrowed), else none.
func networkOf(es player.Spec) (net *player.NetPage, spec string, borrowed bool) {
	if es.Kind == player.CNN {
		if p, err := describeNet(es.Net); err == nil {
			return p, player.CNN + ":" + es.Net, false
		}
	}
	opp, _ := DefaultOpponent()
	if s, err := player.ParseSpec(opp); err == nil && s.Kind == player.CNN {
		if p, err := describeNet(s.Net); err == nil {
			return p, opp, true
		}
	}
	return nil, "", false
}

// shippedPages keeps the network page's description of each shipped
// network, made once: the analysis starts again at every move, and loading
// a network every time would make garbage for nothing.
var shippedPages sync.Map // name -> *player.NetPage

// describeNet describes the network net (see player.DescribeNet), a
// shipped one from shippedPages.
func describeNet(net string) (*player.NetPage, error) {
	if p, ok := shippedPages.Load(net); ok {
		return p.(*player.NetPage), nil
	}
	p, err := player.DescribeNet(net)
	if err != nil {
		return nil, err
	}
	if player.IsShippedNet(net) {
		shippedPages.Store(net, &p)
	}
	return &p, nil
}

// explainEval takes eval's score of pos apart: the heuristic's terms when
// eval is the heuristic or a network correcting it, and every pawn's impact.
func explainEval(eval ai.Evaluator, pos game.Position) Analysis {
	var a Analysis
	a.Score, a.Impact, a.ImpactOK = teach.PieceImpact(eval, pos)
	// A centred evaluator (the players' default for an evolved residual
	// network) is its evaluator shifted by a constant: take that apart.
	if c, centred := eval.(*ai.Centred); centred {
		eval, a.Offset = c.Eval, c.Offset
	}
	h, ok := eval.(*ai.Heuristic)
	if r, res := eval.(*ai.Residual); res {
		h, ok = r.Base.(*ai.Heuristic)
		a.Net, a.NetScale = true, r.Scale
		_, a.NetImpact, _ = teach.PieceImpact(r.Net, pos)
		a.HasNetMap = true
	} else if !ok {
		a.Net = true // a pure network (or another evaluator): no terms
	}
	if ok {
		a.Terms, a.HasTerms = h.Terms(&pos), true
		a.Heuristic = h.Evaluate(&pos)
	}
	return a
}
