package session

import (
	"path/filepath"
	"slices"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
)

// The classroom view: a full-window overlay that shows how one engine
// thinks (the AI to move, or one the teacher picks: EngineSpec), on five
// pages. Scores are White's point of view throughout, and each page says so.
//
//   - Search: the engine's search as it deepens: per depth the nodes, the
//     best move and its score; the root moves with their scores; and the
//     nodes plain minimax and alpha-beta visit on the same position for small
//     depths (teach.CountTree, the table of `tablut bench search -stats`).
//   - Slow motion: a depth 2 or 3 alpha-beta search of the position replayed
//     on the board (teach.TraceAlphaBeta), first as a guided lesson of at
//     most lessonStops stops to the first cutoff (teach.GuidedWalk), each
//     with its sentence (lesson.go), then step by step.
//   - Evaluation: the heuristic's terms with weights and counts, and for a
//     network how much each pawn matters to its score (teach.PieceImpact).
//   - Network: a network's first-layer filters plane by plane and what its
//     file says about it (player.DescribeNet); the default network's when
//     the engine has none.
//   - Evolution: the seed's genetic algorithm run live (evolution.go).
//
// Everything that takes time runs in a background goroutine per position
// (teachJob), stopped by a context when the position changes or the view
// closes; results come back over a channel polled each frame, like searches.

// The pages of the classroom view.
const (
	TeachSearch    = iota // the search, live
	TeachSlow             // alpha-beta in slow motion
	TeachEval             // the evaluation taken apart
	TeachFilters          // the network's page: its first-layer filters
	TeachEvolution        // the genetic algorithm, live
	TeachPages
)

// TeachPageNames label the tabs.
var TeachPageNames = [TeachPages]string{"Search", "Slow motion", "Evaluation", "Network", "Evolution"}

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
	// guided: the slow motion walks the lesson's stops (teach.GuidedWalk)
	// rather than every step; walk holds them for walkOf.
	guided bool
	walk   []int
	walkOf *teach.Trace

	// engine is the engine the teacher picked on the page; "" follows the
	// game (see EngineSpec).
	engine string

	evo Evolution // the evolution page's run

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
// depth, heatmap, engine, the evolution page's run).
func (t *Classroom) Gen() int { return t.gen + t.evo.gen }

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

// StepToEnd shows the whole slow-motion trace, leaving the guided lesson.
func (t *Classroom) StepToEnd() {
	t.guided = false
	t.StepBy(teachMaxSteps)
}

// Update keeps the analysis on the position on the board of c and advances
// the slow motion; the window calls it each frame while the view is shown.
func (t *Classroom) Update(c *Controller, frame int) {
	t.Follow(c)
	if t.job != nil {
		t.job.busy.Store(c.Busy())
	}
	t.Poll()
	// The evolution's news is redrawn only where it is shown.
	if t.evo.Poll() && t.page == TeachEvolution {
		t.live++
	}
	t.Tick(frame)
}

// Evolution returns the evolution page's run.
func (t *Classroom) Evolution() *Evolution { return &t.evo }

// KeepEvolution keeps the best network of the evolution so far in the
// folder where records are saved, and returns the file's path.
func (t *Classroom) KeepEvolution(c *Controller) (string, error) {
	return t.evo.Keep(filepath.Join(c.cfg.SaveDir, "networks"))
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
	spec := t.EngineSpec(c)
	if t.job != nil && t.an.Hash == pos.Hash() && t.an.Spec == spec {
		return
	}
	t.Stop()
	t.an = Analysis{Hash: pos.Hash(), Spec: spec, Pos: pos}
	t.step, t.playing, t.guided = 0, false, true
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

// StepBy moves the slow-motion cursor by n steps (negative: back); in the
// guided lesson, by n of the lesson's stops, and past its last stop the
// lesson ends and the steps are single again.
func (t *Classroom) StepBy(n int) {
	tr := t.Trace()
	if tr == nil {
		return
	}
	if walk := t.Walk(); t.guided && len(walk) > 0 {
		i, _ := slices.BinarySearch(walk, t.step) // the first stop at or after the cursor
		switch {
		case n > 0 && i < len(walk) && walk[i] == t.step:
			i += n
		case n > 0:
			i += n - 1
		default:
			i += n
		}
		switch {
		case i >= len(walk):
			t.guided = false
			t.step = min(len(tr.Steps), walk[len(walk)-1]+1)
		case i < 0:
			t.step = 0
		default:
			t.step = walk[i]
		}
		t.gen++
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
// root move gets its value. It leaves the guided lesson.
func (t *Classroom) FinishNode() {
	tr := t.Trace()
	if tr == nil || t.step >= len(tr.Steps) {
		return
	}
	t.guided = false
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
	t.guided = false
	i := t.step
	for i < len(tr.Steps) && tr.Steps[i].Kind != teach.StepCutoff {
		i++
	}
	t.step = min(len(tr.Steps), i+1)
	t.gen++
}

// SetDepth chooses the slow-motion depth and rewinds to the start of the
// guided lesson.
func (t *Classroom) SetDepth(d int) {
	t.depth, t.step, t.playing, t.guided = d, 0, false, true
	t.gen++
}

// Teaching paces: frames between two automatic steps, single steps and the
// lesson's stops (each with a sentence to read).
const (
	teachPlayEvery  = 20
	teachGuideEvery = 150
)

// Tick advances an automatic replay; frame counts the window's updates.
func (t *Classroom) Tick(frame int) {
	if !t.playing || frame < t.nextAt {
		return
	}
	t.nextAt = frame + teachPlayEvery
	if t.guided {
		t.nextAt = frame + teachGuideEvery
	}
	t.StepBy(1)
}

// lessonStops bounds the guided lesson: a class follows about thirty
// sentences, not the hundreds of steps a depth 2 search takes to its first
// cutoff.
const lessonStops = 30

// Walk returns the guided lesson's stops on the trace shown (cursor
// positions, ascending; see teach.GuidedWalk).
func (t *Classroom) Walk() []int {
	tr := t.Trace()
	if tr == nil {
		return nil
	}
	if t.walkOf != tr {
		t.walk, t.walkOf = teach.GuidedWalk(tr, lessonStops), tr
	}
	return t.walk
}

// Guided reports whether the slow motion walks the guided lesson.
func (t *Classroom) Guided() bool { return t.guided }

// ToggleGuided starts the guided lesson from the root, or leaves it where
// the cursor is.
func (t *Classroom) ToggleGuided() {
	if t.guided = !t.guided; t.guided {
		t.step, t.playing = 0, false
	}
	t.gen++
}

// LessonAt returns which of the lesson's stops the cursor is on (1-based; 0
// before the first or between stops) and how many there are.
func (t *Classroom) LessonAt() (i, n int) {
	walk := t.Walk()
	if j, ok := slices.BinarySearch(walk, t.step); ok {
		return j + 1, len(walk)
	}
	return 0, len(walk)
}

// EngineSpec returns the engine the whole view explains: the one the
// teacher picked (CycleEngine), else the AI to move, else the other side's
// AI, else the hint engine. Every page uses it, and H lets it think.
func (t *Classroom) EngineSpec(c *Controller) string {
	if t.engine != "" {
		return t.engine
	}
	return c.teachSpec()
}

// EngineChoices lists what CycleEngine goes through: "" (follow the game),
// the game's AIs, the hint engine, the heuristic and the default network.
func (t *Classroom) EngineChoices(c *Controller) []string {
	out := []string{""}
	add := func(s string) {
		if s != "" && s != Human && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, side := range []game.Color{game.White, game.Black} {
		if !c.IsHuman(side) {
			add(c.settings.Spec(side))
		}
	}
	add(c.cfg.HintSpec)
	add(player.Heuristic)
	if opp, _ := DefaultOpponent(); opp != player.Heuristic {
		add(opp)
	}
	return out
}

// CycleEngine picks the next engine of EngineChoices for the view; the
// analysis starts again for it.
func (t *Classroom) CycleEngine(c *Controller) {
	ch := t.EngineChoices(c)
	i := slices.Index(ch, t.engine)
	t.engine = ch[(i+1)%len(ch)]
	t.gen++
	t.Follow(c)
}

// Picked reports whether the teacher picked the view's engine (rather than
// following the game).
func (t *Classroom) Picked() bool { return t.engine != "" }

// ThinkHere asks the view's engine for the best move in the position on the
// board, as a hint (the search page follows it); it reports whether a search
// was started or queued.
func (t *Classroom) ThinkHere(c *Controller) bool { return c.HintWith(t.EngineSpec(c)) }
