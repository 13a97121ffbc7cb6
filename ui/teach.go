package ui

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
)

// The classroom view: a full-window overlay that shows how the engine thinks,
// on three pages.
//
//   - Search: the running (or last) search as it deepens: per depth the nodes,
//     the best move and its score; the root moves with their scores; and the
//     nodes plain minimax and alpha-beta visit on the same position for small
//     depths (teach.CountTree, the table of `tablut bench search -stats`).
//   - Slow motion: a depth 2 or 3 alpha-beta search of the position replayed
//     step by step on the board (teach.TraceAlphaBeta): the move tried, the value
//     backed up, alpha and beta, the cutoffs.
//   - Evaluation: the heuristic's terms with weights and counts, and for a
//     network how much each pawn matters to its score (teach.PieceImpact).
//   - Filters: a network's first-layer filters (the figure of `tablut filters`).
//
// Everything that takes time runs in a background goroutine per position
// (teachJob), stopped by a context when the position changes or the view
// closes; results come back over a channel polled each frame, like searches.

// The pages of the classroom view.
const (
	TeachSearch  = iota // the search, live
	TeachSlow           // alpha-beta in slow motion
	TeachEval           // the evaluation taken apart
	TeachFilters        // a network's first-layer filters
	teachPages
)

// teachPageNames label the tabs.
var teachPageNames = [teachPages]string{"Search", "Slow motion", "Evaluation", "Filters"}

// Depths of the node table: minimax is counted up to teachMinimaxDepth plies
// (two for networks, whose evaluations are dearer), alpha-beta one further.
const (
	teachMinimaxDepth    = 3
	teachNetMinimaxDepth = 2
	// teachMaxSteps bounds a slow-motion trace: depth 3 stays far below it
	// with the move ordering; a pathological position is cut, and says so.
	teachMaxSteps = 200_000
)

// teachState is the classroom view's state: open or not, the page, the
// slow-motion cursor, and the analysis of the position on the board.
type teachState struct {
	open bool
	page int

	netHeat bool // evaluation: the heatmap of the network's own output

	depth   int  // slow motion: 2 or 3
	step    int  // slow motion: steps shown (0 = none yet)
	playing bool // slow motion: steps advance by themselves
	nextAt  int  // the frame of the next automatic step

	job *teachJob
	an  teachAnalysis
	gen int // bumped when the person changes what the view shows
	// live is bumped when the background analysis brings news or the
	// position changes; the view follows it at most every teachRedraw.
	live int
}

// teachAnalysis is what the background work found for one position and
// evaluator.
type teachAnalysis struct {
	hash uint64 // of the position
	spec string // the player whose evaluator is explained
	pos  game.Position

	ready    bool // evaluation parts done
	err      string
	evalName string
	score    int32 // the evaluator's score, White's view
	// terms are the heuristic's terms when the evaluator is or contains the
	// heuristic; heuristic is their clamped sum. net is true when a network
	// corrects the heuristic (score - heuristic is its correction) or is the
	// whole evaluator.
	terms     []ai.Term
	heuristic int32
	hasTerms  bool
	net       bool
	netScale  int32 // a residual network's largest correction
	// offset is what a centred evaluator (ai.Centred) subtracts so that the
	// start position scores zero; 0 for others.
	offset   int32
	impact   [game.NumSquares]int32
	impactOK [game.NumSquares]bool
	// netImpact is the impact on the network's own output (a residual
	// network's correction before scaling), shown instead when netHeat.
	netImpact [game.NumSquares]int32
	hasNetMap bool
	filters   image.Image // the network's first-layer filters, nil without a network
	filterMax string      // the weight shown at full brightness

	traces [4]*teach.Trace // by depth (2 and 3)
	rows   []teach.TreeRow // the node table so far
	mmMax  int             // minimax's deepest row
	abMax  int             // alpha-beta's deepest row
	done   bool            // the node table is complete
}

// teachJob is the background analysis of one position.
type teachJob struct {
	cancel context.CancelFunc
	out    chan func(*teachAnalysis) // updates, applied on the game loop
	busy   atomic.Bool               // an AI is thinking: the costly parts wait
}

// teachSpec is the player whose thinking the view explains: the AI to move,
// else the other side's AI, else the hint engine.
func (c *Controller) teachSpec() string {
	side := c.sideToMove()
	if !c.IsHuman(side) {
		return c.settings.Spec(side)
	}
	if !c.IsHuman(side.Other()) {
		return c.settings.Spec(side.Other())
	}
	return c.cfg.HintSpec
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
	j := &teachJob{cancel: cancel, out: make(chan func(*teachAnalysis), 16)}
	j.busy.Store(busy)
	send := func(f func(*teachAnalysis)) bool {
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
			send(func(a *teachAnalysis) { a.ready, a.done, a.err = true, true, err.Error() })
			return
		}
		if se, ok := eval.(ai.SidedEvaluator); ok {
			eval = se.ForSide(pos.SideToMove())
		}
		parts := explainEval(eval, pos)
		if es.Kind == player.CNN {
			if n, err := player.LoadNet(es.Net); err == nil {
				parts.filters, parts.filterMax = filterPicture(n)
			}
		}
		parts.evalName = eval.Name()
		if !send(func(a *teachAnalysis) { parts.merge(a) }) {
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
			if !send(func(a *teachAnalysis) { a.traces[d] = &tr }) {
				return
			}
		}
		mm := teachMinimaxDepth
		if parts.net {
			mm = teachNetMinimaxDepth
		}
		send(func(a *teachAnalysis) { a.mmMax, a.abMax = mm, mm+1 })
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
			if !send(func(a *teachAnalysis) { a.rows = append(a.rows, row) }) {
				return
			}
		}
		send(func(a *teachAnalysis) { a.done = true })
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
func (p *teachAnalysis) merge(a *teachAnalysis) {
	a.ready, a.evalName, a.score = true, p.evalName, p.score
	a.terms, a.heuristic, a.hasTerms, a.net = p.terms, p.heuristic, p.hasTerms, p.net
	a.impact, a.impactOK, a.netScale, a.offset = p.impact, p.impactOK, p.netScale, p.offset
	a.netImpact, a.hasNetMap = p.netImpact, p.hasNetMap
	a.filters, a.filterMax = p.filters, p.filterMax
}

// explainEval takes eval's score of pos apart: the heuristic's terms when
// eval is the heuristic or a network correcting it, and every pawn's impact.
func explainEval(eval ai.Evaluator, pos game.Position) teachAnalysis {
	var a teachAnalysis
	a.score, a.impact, a.impactOK = teach.PieceImpact(eval, pos)
	// A centred evaluator (the players' default for an evolved residual
	// network) is its evaluator shifted by a constant: take that apart.
	if c, centred := eval.(*ai.Centred); centred {
		eval, a.offset = c.Eval, c.Offset
	}
	h, ok := eval.(*ai.Heuristic)
	if r, res := eval.(*ai.Residual); res {
		h, ok = r.Base.(*ai.Heuristic)
		a.net, a.netScale = true, r.Scale
		_, a.netImpact, _ = teach.PieceImpact(r.Net, pos)
		a.hasNetMap = true
	} else if !ok {
		a.net = true // a pure network (or another evaluator): no terms
	}
	if ok {
		a.terms, a.hasTerms = h.Terms(&pos), true
		a.heuristic = h.Evaluate(&pos)
	}
	return a
}

// filterPicture returns the grid of n's first-layer filters (the figure of
// `tablut filters` without its caption, which the view writes in its own
// type) and a caption.
func filterPicture(n *cnn.Network) (image.Image, string) {
	img := n.DrawFilters()
	b := img.Bounds()
	side := b.Dx() // the grid is square; the caption lies below it
	type subImager interface {
		SubImage(image.Rectangle) image.Image
	}
	if s, ok := img.(subImager); ok && b.Dy() > side {
		img = s.SubImage(image.Rect(b.Min.X, b.Min.Y, b.Max.X, b.Min.Y+side))
	}
	var m float64
	for _, w := range n.W[0] {
		m = math.Max(m, math.Abs(float64(w)))
	}
	return img, fmt.Sprintf("full brightness: |w| = %.3g", m)
}

// poll applies the background job's news; it reports whether anything came.
func (t *teachState) poll() bool {
	if t.job == nil {
		return false
	}
	got := false
	for {
		select {
		case f := <-t.job.out:
			f(&t.an)
			got = true
		default:
			if got {
				t.live++
			}
			return got
		}
	}
}

// stop cancels the background job.
func (t *teachState) stop() {
	if t.job != nil {
		t.job.cancel()
		t.job = nil
	}
}

// follow starts the analysis of the position on the board when it or the
// explained player changed.
func (t *teachState) follow(c *Controller) {
	if !t.open || c.Screen() != ScreenGame {
		return
	}
	pos := c.Position()
	spec := c.teachSpec()
	if t.job != nil && t.an.hash == pos.Hash() && t.an.spec == spec {
		return
	}
	t.stop()
	t.an = teachAnalysis{hash: pos.Hash(), spec: spec, pos: pos}
	t.step, t.playing = 0, false
	t.job = startTeachJob(spec, pos, c.game.RepetitionHistory(), c.Busy())
	t.live++
}

// waiting reports whether the costly parts of the analysis wait for an AI
// to finish thinking.
func (t *teachState) waiting() bool { return t.job != nil && t.job.busy.Load() }

// trace returns the slow-motion trace at the chosen depth, if computed.
func (t *teachState) trace() *teach.Trace {
	if t.depth < 2 || t.depth > 3 {
		t.depth = 2
	}
	return t.an.traces[t.depth]
}

// Slow-motion controls. Each returns whether the view changed.

// stepBy moves the slow-motion cursor by n steps (negative: back).
func (t *teachState) stepBy(n int) {
	tr := t.trace()
	if tr == nil {
		return
	}
	t.step = max(0, min(len(tr.Steps), t.step+n))
	if t.step == len(tr.Steps) {
		t.playing = false
	}
	t.gen++
}

// finishNode moves the cursor to where the node being searched backs up its
// value, "step over" in a debugger's words; at the root, to where the next
// root move gets its value.
func (t *teachState) finishNode() {
	tr := t.trace()
	if tr == nil || t.step >= len(tr.Steps) {
		return
	}
	level := 0 // the depth of the node being searched
	if t.step > 0 {
		last := tr.Steps[t.step-1]
		level = len(last.Path)
		if last.Kind == teach.StepBackUp {
			level-- // that node is finished: its parent is searched
		}
	}
	level = max(level, 1)
	i := t.step
	for i < len(tr.Steps) && (tr.Steps[i].Kind != teach.StepBackUp || len(tr.Steps[i].Path) > level) {
		i++
	}
	t.step = min(len(tr.Steps), i+1)
	t.gen++
}

// nextCutoff moves the cursor to the next cutoff (or the end).
func (t *teachState) nextCutoff() {
	tr := t.trace()
	if tr == nil {
		return
	}
	i := t.step
	for i < len(tr.Steps) && tr.Steps[i].Kind != teach.StepCutoff {
		i++
	}
	t.step = min(len(tr.Steps), i+1)
	t.gen++
}

// setDepth chooses the slow-motion depth and rewinds.
func (t *teachState) setDepth(d int) {
	t.depth, t.step, t.playing = d, 0, false
	t.gen++
}

// teachPlayEvery is how many frames pass between two automatic steps.
const teachPlayEvery = 20

// tick advances an automatic replay; frame counts the window's updates.
func (t *teachState) tick(frame int) {
	if !t.playing || frame < t.nextAt {
		return
	}
	t.nextAt = frame + teachPlayEvery
	t.stepBy(1)
}

// scoreText writes a score (White's view) for the view: "+120", "−75", a
// proven result as "White wins in 2", and the window's infinities.
func scoreText(s int32) string {
	switch {
	case s >= ai.WinScore+1:
		return "+∞"
	case s <= -(ai.WinScore + 1):
		return "−∞"
	}
	if w, n, ok := ai.ProvenWin(s); ok {
		if n > 0 {
			return fmt.Sprintf("%v wins in %d", w, n)
		}
		return w.String() + " wins"
	}
	if s > 0 {
		return fmt.Sprintf("+%d", s)
	}
	return strings.Replace(fmt.Sprint(s), "-", "−", 1)
}

// depthRow is one completed depth of a search, as the view shows it.
type depthRow struct {
	depth int
	move  string
	score string
	nodes int64 // nodes of this iteration alone
}

// depthRows turns a search's reports into the rows of the depth table: the
// nodes of each iteration are the difference of the running totals.
func depthRows(infos []ai.Info) []depthRow {
	out := make([]depthRow, 0, len(infos))
	var prev int64
	for _, in := range infos {
		r := depthRow{depth: in.Depth, score: scoreText(in.Score), nodes: in.Nodes - prev}
		if len(in.PV) > 0 {
			r.move = in.PV[0].String()
		}
		prev = in.Nodes
		out = append(out, r)
	}
	return out
}

// rootRow is one root move with its score, as the view shows it.
type rootRow struct {
	move  string
	score string
}

// rootRows lists the first n root moves of a report, best first: a bound is
// written "≤" from the side to move's point of view (at most that good).
func rootRows(in ai.Info, side game.Color, n int) []rootRow {
	var out []rootRow
	for _, r := range in.Root {
		if len(out) == n {
			break
		}
		s := scoreText(r.Score)
		if !r.Exact {
			if side == game.White {
				s = "≤ " + s
			} else {
				s = "≥ " + s
			}
		}
		out = append(out, rootRow{r.Move.String(), s})
	}
	return out
}

// treeRowText writes a node-table row: depth, minimax nodes ("—" when not
// counted), alpha-beta nodes with the share of minimax pruned, and the same
// with move ordering.
func treeRowText(r teach.TreeRow) [4]string {
	pruned := func(n int64) string {
		if p := r.Pruned(n); p >= 0 {
			return fmt.Sprintf("%d (−%.0f%%)", n, 100*p)
		}
		return fmt.Sprint(n)
	}
	mm := "—"
	if r.Minimax > 0 {
		mm = fmt.Sprint(r.Minimax)
	}
	return [4]string{fmt.Sprint(r.Depth), mm, pruned(r.AlphaBeta), pruned(r.Ordered)}
}
