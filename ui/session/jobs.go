package session

import (
	"fmt"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/game"
)

// Thinking reports whether a search for an AI move is running.
func (c *Controller) Thinking() bool { return c.job != nil && c.job.kind == jobMove }

// Busy reports whether any search (move or hint) runs or winds down.
func (c *Controller) Busy() bool { return c.job != nil || len(c.draining) > 0 }

// HintMove returns the hint for the current position, or game.NoMove.
//
// Only the hint engine's answer (Config.HintSpec, the strongest engine) is
// a hint: the classroom's H lets the view's engine think (HintWith), and
// when that engine is a weak level its noisy move is shown on the
// classroom's search page, never offered in the game's panel as a hint.
func (c *Controller) HintMove() game.Move {
	if c.hintName != c.cfg.HintSpec {
		return game.NoMove
	}
	return c.thought()
}

// thought returns the latest answer of the hint search (by any engine,
// HintWith) for the current position, or game.NoMove.
func (c *Controller) thought() game.Move {
	if c.hint != game.NoMove && c.hintPly == c.game.Ply() {
		return c.hint
	}
	return game.NoMove
}

// ThinkStatus describes a running search for the status line and the board.
type ThinkStatus struct {
	Hint     bool       // a hint for the human, not an AI move
	Side     game.Color // whose move is searched
	Name     string     // the engine's spec
	Info     ai.Info    // latest report (Depth 0 before the first)
	Elapsed  time.Duration
	MoveTime time.Duration // 0 for searches without a clock
}

// Think returns the state of the running search, if any.
func (c *Controller) Think() (ThinkStatus, bool) {
	if c.job == nil {
		return ThinkStatus{}, false
	}
	st := ThinkStatus{Hint: c.job.kind == jobHint, Side: c.job.side, Name: c.job.name,
		Elapsed: c.cfg.Now().Sub(c.job.started), MoveTime: c.job.moveTime}
	if c.infoValid {
		st.Info = c.info
	}
	return st, true
}

// SearchRecord is what one search reported, kept for the classroom view: the
// position searched and the report of each completed depth.
type SearchRecord struct {
	Pos     game.Position
	Ply     int
	Name    string // the engine's spec
	Hint    bool
	Running bool
	// Infos holds one report per depth, shallowest first: a later report of
	// the same depth (the search's last word on a stopped iteration)
	// replaces the earlier one.
	Infos []ai.Info
	// Book is the opening book's entry when the engine answered with the
	// book's move instead of searching (ai.Result.Book); Infos is then empty.
	Book *book.Entry
}

// add appends reports, one per depth.
func (r *SearchRecord) add(infos []ai.Info) {
	for _, in := range infos {
		if n := len(r.Infos); n > 0 && r.Infos[n-1].Depth >= in.Depth {
			r.Infos[n-1] = in
			continue
		}
		r.Infos = append(r.Infos, in)
	}
}

// Search returns the running search's record, or the last one's; ok is false
// before the first search.
func (c *Controller) Search() (SearchRecord, bool) {
	return c.record, c.record.Name != ""
}

// ponderable is an engine that may think on the opponent's time (ai/player's
// engines): the controller turns it on against a person and stops it when
// the game ends, a move is taken back or the players change.
type ponderable interface {
	SetPonder(on bool)
	StopPondering()
}

// stopPondering stops the engines' pondering without waiting (an engine's
// next move waits for its ponder to unwind, off the window's goroutine).
func (c *Controller) stopPondering() {
	for _, e := range c.engines {
		if p, ok := e.(ponderable); ok {
			p.StopPondering()
		}
	}
}

// Hint asks the hint engine for a move for the human to move; the answer shows
// as an arrow. It reports whether a hint search was started or queued.
func (c *Controller) Hint() bool { return c.HintWith(c.cfg.HintSpec) }

// HintWith is Hint with the engine spec (the classroom view's engine).
func (c *Controller) HintWith(spec string) bool {
	if !c.HumanToMove() || (c.job != nil && c.job.kind == jobHint) || c.puzzle != nil {
		return false
	}
	if c.thought() != game.NoMove && c.hintName == spec {
		return true
	}
	if c.hintEng == nil || c.hintName != spec {
		e, err := c.cfg.Engines(spec, c.settings.MoveTime)
		if err != nil {
			c.Notify("Cannot give a hint: " + err.Error())
			return false
		}
		c.hintEng, c.hintName = e, spec
		c.hint = game.NoMove
	}
	c.wantHint = true
	return true
}

func (c *Controller) startJob(e Engine, kind jobKind, name string, now time.Time) {
	pos := c.game.Position()
	budget := c.settings.MoveTime
	if kind == jobMove && c.clockOn {
		budget = c.moveBudget(pos.SideToMove())
		if l, ok := e.(limitable); ok {
			lim := l.Limits()
			lim.MoveTime = budget
			l.SetLimits(lim)
		}
	}
	side := pos.SideToMove()
	// An engine kept from the last game forgets it before its first move.
	fresh := kind == jobMove && c.engines[side] == e && c.newGame[side]
	if fresh {
		c.newGame[side] = false
	}
	c.job = startJob(e, kind, pos, c.game.RepetitionHistory(), c.game.Ply(), name, budget, now, fresh)
	if kind == jobMove && c.settings.Handicapped() && !c.clockOn {
		// A node budget may be spent in a tenth of the move time on a
		// fast machine: the move waits so that the audience can follow.
		c.job.showAt = now.Add(c.settings.MoveTime)
	}
	c.info, c.infoValid = ai.Info{}, false
	c.record = SearchRecord{Pos: pos, Ply: c.game.Ply(), Name: name, Hint: kind == jobHint, Running: true}
}

// pollJob takes the running search's news.
func (c *Controller) pollJob(now time.Time) {
	j := c.job
	if infos := j.reports(); len(infos) > 0 {
		info := infos[len(infos)-1]
		c.info, c.infoValid = info, true
		c.record.add(infos)
	}
	if now.Before(j.showAt) {
		return // paced: the result waits in its channel
	}
	r, ok := j.poll()
	if !ok {
		return
	}
	c.job = nil
	c.record.Running = false
	if j.ply != c.game.Ply() || j.hash != c.positionHash() {
		return // the board changed meanwhile; cannot happen without a cancel
	}
	if r.err != nil {
		c.paused = true
		c.Notify(fmt.Sprintf("%v's AI failed: %v", j.side, r.err))
		return
	}
	var be book.Entry
	if r.res.Book {
		be = bookEntryOf(j.name, c.record.Pos, r.res)
		c.record.Book = &be
	}
	switch j.kind {
	case jobHint:
		c.hint, c.hintPly, c.hintPV = r.res.Move, j.ply, r.res.PV
	case jobMove:
		if r.res.Move == game.NoMove {
			return // no legal move: the game is already over
		}
		if r.res.Book {
			c.noteBook(c.game.Position(), j.name, be)
		}
		// The move's search says nothing to the bar: the positions'
		// estimates do (estimate.go).
		c.play(r.res.Move)
		c.nextAI = now
		if !c.hasHuman() {
			c.nextAI = now.Add(delays[c.delay])
		}
	}
}

// cancelSearch stops the running search and the engines' pondering; the
// search's goroutine winds down in the background and no new search starts
// until it has.
func (c *Controller) cancelSearch() {
	c.stopPondering()
	c.cancelJob()
}

// cancelJob stops the running search (not the pondering).
func (c *Controller) cancelJob() {
	c.wantHint = false
	if c.job == nil {
		return
	}
	c.job.cancel()
	c.draining = append(c.draining, c.job)
	c.job = nil
	c.infoValid = false
	c.record.Running = false
}

// stopSearch cancels the running search, for a change of engines, and
// forgets the cancelled searches still winding down, except those of the
// board's engines: one of them may be kept for the next game
// (buildEngines), and an engine searches one position at a time, so no new
// search starts until they have ended.
func (c *Controller) stopSearch() {
	c.cancelSearch()
	c.draining = slices.DeleteFunc(c.draining, func(j *searchJob) bool {
		return j.engine == nil || (j.engine != c.engines[game.White] && j.engine != c.engines[game.Black])
	})
}
