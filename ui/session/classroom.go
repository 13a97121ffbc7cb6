package session

import "github.com/tablut-ai/tablut/ai/teach"

// The classroom view: a full-window overlay that shows how the engine thinks,
// on four pages.
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
	TeachPages
)

// TeachPageNames label the tabs.
var TeachPageNames = [TeachPages]string{"Search", "Slow motion", "Evaluation", "Filters"}

// Classroom is the classroom view's state: open or not, the page, the
// slow-motion cursor, and the analysis of the position on the board. The
// window owns one, drives it from its input (the methods below) and its
// frame loop (Update), and draws what the queries return.
type Classroom struct {
	open bool
	page int

	netHeat bool // evaluation: the heatmap of the network's own output

	depth   int  // slow motion: 2 or 3
	step    int  // slow motion: steps shown (0 = none yet)
	playing bool // slow motion: steps advance by themselves
	nextAt  int  // the frame of the next automatic step

	job *teachJob
	an  Analysis
	gen int // bumped when the person changes what the view shows
	// live is bumped when the background analysis brings news or the
	// position changes; the window redraws the view for it at most every so often (ui/drawteach.go).
	live int
}

// IsOpen reports whether the classroom view is open (the window may still
// cover it with the start panel or the help).
func (t *Classroom) IsOpen() bool { return t.open }

// Toggle opens or closes the view; closing stops the background analysis.
func (t *Classroom) Toggle() {
	t.open = !t.open
	t.gen++
	if !t.open {
		t.Stop()
	}
}

// ShowPage opens the view on page p (TeachSearch, TeachSlow, TeachEval,
// TeachFilters; taken modulo TeachPages, so p±1 cycles).
func (t *Classroom) ShowPage(p int) {
	t.open, t.page = true, (p%TeachPages+TeachPages)%TeachPages
	t.gen++
}

// Page returns the page shown.
func (t *Classroom) Page() int { return t.page }

// Analysis returns the analysis of the position explained, as far as the
// background work has come; callers must not change it.
func (t *Classroom) Analysis() *Analysis { return &t.an }

// Gen changes whenever the person changes what the view shows (page, step,
// depth, heatmap).
func (t *Classroom) Gen() int { return t.gen }

// Live changes whenever the background analysis brings news or starts on a
// new position.
func (t *Classroom) Live() int { return t.live }

// NetHeat reports whether the evaluation page shows the heatmap of the
// network's own output rather than of the whole score.
func (t *Classroom) NetHeat() bool { return t.netHeat }

// ToggleNetHeat switches the evaluation page's heatmap between the whole
// score and the network's own output.
func (t *Classroom) ToggleNetHeat() {
	t.netHeat = !t.netHeat
	t.gen++
}

// Depth returns the slow motion's depth (2 or 3, once Trace was asked).
func (t *Classroom) Depth() int { return t.depth }

// Step returns how many steps of the slow motion are shown.
func (t *Classroom) Step() int { return t.step }

// Playing reports whether the slow motion advances by itself.
func (t *Classroom) Playing() bool { return t.playing }

// TogglePlay starts or stops the automatic replay of the slow motion (it
// starts only once the trace is ready); frame is the window's update count,
// the replay's clock (see Tick).
func (t *Classroom) TogglePlay(frame int) {
	t.playing = !t.playing && t.Trace() != nil
	t.nextAt = frame
	t.gen++
}

// StepToEnd shows the whole slow-motion trace.
func (t *Classroom) StepToEnd() { t.StepBy(teachMaxSteps) }

// Update keeps the analysis on the position on the board of c and advances
// the slow motion; the window calls it each frame while the view is shown.
func (t *Classroom) Update(c *Controller, frame int) {
	t.Follow(c)
	if t.job != nil {
		t.job.busy.Store(c.Busy())
	}
	t.Poll()
	t.Tick(frame)
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

// Poll applies the background job's news; it reports whether anything came.
func (t *Classroom) Poll() bool {
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

// Stop cancels the background job.
func (t *Classroom) Stop() {
	if t.job != nil {
		t.job.cancel()
		t.job = nil
	}
}

// Follow starts the analysis of the position on the board when it or the
// explained player changed.
func (t *Classroom) Follow(c *Controller) {
	if !t.open || c.Screen() != ScreenGame {
		return
	}
	pos := c.Position()
	spec := c.teachSpec()
	if t.job != nil && t.an.Hash == pos.Hash() && t.an.Spec == spec {
		return
	}
	t.Stop()
	t.an = Analysis{Hash: pos.Hash(), Spec: spec, Pos: pos}
	t.step, t.playing = 0, false
	t.job = startTeachJob(spec, pos, c.game.RepetitionHistory(), c.Busy())
	t.live++
}

// Waiting reports whether the costly parts of the analysis wait for an AI
// to finish thinking.
func (t *Classroom) Waiting() bool { return t.job != nil && t.job.busy.Load() }

// Trace returns the slow-motion trace at the chosen depth, if computed.
func (t *Classroom) Trace() *teach.Trace {
	if t.depth < 2 || t.depth > 3 {
		t.depth = 2
	}
	return t.an.Traces[t.depth]
}

// The slow-motion controls below move the cursor through the trace; each
// bumps Gen so that the view is redrawn at once.

// StepBy moves the slow-motion cursor by n steps (negative: back).
func (t *Classroom) StepBy(n int) {
	tr := t.Trace()
	if tr == nil {
		return
	}
	t.step = max(0, min(len(tr.Steps), t.step+n))
	if t.step == len(tr.Steps) {
		t.playing = false
	}
	t.gen++
}

// FinishNode moves the cursor to where the node being searched backs up its
// value, "step over" in a debugger's words; at the root, to where the next
// root move gets its value.
func (t *Classroom) FinishNode() {
	tr := t.Trace()
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

// NextCutoff moves the cursor to the next cutoff (or the end).
func (t *Classroom) NextCutoff() {
	tr := t.Trace()
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

// SetDepth chooses the slow-motion depth and rewinds.
func (t *Classroom) SetDepth(d int) {
	t.depth, t.step, t.playing = d, 0, false
	t.gen++
}

// teachPlayEvery is how many frames pass between two automatic steps.
const teachPlayEvery = 20

// Tick advances an automatic replay; frame counts the window's updates.
func (t *Classroom) Tick(frame int) {
	if !t.playing || frame < t.nextAt {
		return
	}
	t.nextAt = frame + teachPlayEvery
	t.StepBy(1)
}
