package session

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai/analyse"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// The review of a finished game: the strongest engine goes through it move
// by move in the background (ai/analyse, the code of tablut analyse), and the
// window shows what it finds as it comes: a mark after each mistake in the
// move list, White's chance over the game in the chart, and for the move
// shown on the board the engine's own choice and the mover's chance before
// and after. Its scores become the evaluations of the game's positions, so
// the evaluation bar and the chart read the reviewing engine's judgement,
// named as usual (see noteReviewEvals).

// A finished review is kept in the game's record when the game is saved
// (ai/analyse's tags), and a record that holds one opens reviewed, without
// searching again (restoreReview); so does a record tablut analyse -save
// wrote.

// ReviewMoveTime is how long the review's engine searches each position; a
// move is judged by two searches, before and after it (how long a whole
// review takes: docs/measurements.md, section Reviewing a game).
const ReviewMoveTime = 500 * time.Millisecond

// reviewTTSizeMB is the table of each of the review's engines (one per side
// for the champion, which judges each side with its own evaluator).
const reviewTTSizeMB = 16

// reviewState is a review running or done. The goroutine owns its copy of
// the game; moves come back over news, the end over done.
type reviewState struct {
	line   []game.Move // the line reviewed, from the game's start
	start  game.Position
	from   int               // the first ply reviewed: after a loaded match record's random opening
	by     string            // the reviewing engine's spec, for the evaluations it gives
	white  map[uint64]bool   // the positions whose evaluation a White move's review gave
	moves  []analyse.Move    // the moves reviewed so far, in order
	news   chan analyse.Move // one value per move, never full (its capacity is the line's length)
	done   chan error        // exactly one value
	over   bool              // done has been received
	cancel context.CancelFunc
}

// reviewSpec returns the engine a review uses: Config.ReviewSpec when set,
// else the strongest engine (DefaultOpponent) at ReviewMoveTime with the
// threads the window's engines use.
func (c *Controller) reviewSpec() (player.Spec, error) {
	if c.cfg.ReviewSpec != nil {
		return *c.cfg.ReviewSpec, nil
	}
	name, _ := DefaultOpponent()
	s, err := player.ParseSpec(name)
	if err != nil {
		return s, err
	}
	s.SetTTSizeMB(reviewTTSizeMB)
	s.MoveTime = ReviewMoveTime
	s.Threads = max(1, runtime.NumCPU()-1)
	s.Seed = uint64(time.Now().UnixNano())
	return s, nil
}

// CanReview reports whether the game on the board can be reviewed now: a
// finished game (the board may show any point of it) with at least one
// move, outside the lesson.
func (c *Controller) CanReview() bool {
	return c.screen == ScreenGame && c.lesson == nil && c.puzzle == nil && len(c.game.Line()) > 0 && c.lineFinished()
}

// lineFinished reports whether the game's line ends the game: the position
// after its last move is decided, or the game ended there otherwise (on
// time).
func (c *Controller) lineFinished() bool {
	if c.Over() && !c.game.CanRedo() {
		return true
	}
	p := c.game.Position()
	for _, m := range c.game.Line()[c.game.Ply():] {
		p.Make(m)
	}
	return p.Status() != game.Ongoing
}

// Review starts the review of the finished game on the board, unless one of
// this game is already running or done; it reports whether a review (new
// or already there) is on. The review stops by itself when the game's line
// changes (a new game, a move played at an earlier point).
func (c *Controller) Review() bool {
	if !c.CanReview() {
		if c.screen == ScreenGame && c.lesson == nil && c.puzzle == nil {
			c.Notify("only a finished game can be reviewed")
		}
		return false
	}
	if c.review != nil && slices.Equal(c.review.line, c.game.Line()) {
		return true
	}
	c.stopReview()
	spec, err := c.reviewSpec()
	if err != nil {
		c.Notify("cannot review: " + err.Error())
		return false
	}
	g, err := c.lineGame()
	if err != nil {
		c.Notify("cannot review: " + err.Error())
		return false
	}
	line := slices.Clone(g.Moves())
	from := 1
	if n := c.openingPlies; n > 0 && n < len(line) {
		from = n + 1 // the players did not choose the random opening's moves
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &reviewState{
		line: line, start: c.game.Start(), from: from, by: spec.String(), white: map[uint64]bool{},
		news: make(chan analyse.Move, len(line)), done: make(chan error, 1), cancel: cancel,
	}
	go func() {
		// Like the AI's searches, at a lower priority on its own thread, so
		// that the window keeps drawing.
		runtime.LockOSThread()
		lowerThreadPriority()
		defer cancel()
		_, err := analyse.Run(ctx, g, analyse.Config{Engine: spec, From: from}, func(m analyse.Move) { r.news <- m })
		r.done <- err
	}()
	c.review = r
	return true
}

// stopReview cancels the review, if any, and forgets it; its goroutine
// ends on its own.
func (c *Controller) stopReview() {
	if c.review != nil {
		c.review.cancel()
		c.review = nil
	}
}

// pollReview takes the review's news without waiting: each move's score of
// the position before it becomes that position's evaluation. A review whose
// game is no longer on the board is stopped.
func (c *Controller) pollReview() {
	r := c.review
	if !slices.Equal(r.line, c.game.Line()) {
		c.stopReview()
		return
	}
	for drained := false; !drained; {
		select {
		case m := <-r.news:
			r.moves = append(r.moves, m)
			c.noteReviewEvals(r, m)
		default:
			drained = true
		}
	}
	if !r.over {
		select {
		case err := <-r.done:
			r.over = true
			if err != nil && err != context.Canceled {
				c.Notify("the review stopped: " + err.Error())
			}
		default:
		}
	}
}

// noteReviewEvals makes the review's scores of the positions before and
// after m their evaluations. An engine with one evaluator per side (the
// champion) judges each side's moves with that side's evaluator, and the
// two differ; the evaluations shown (bar and chart) are all its White
// evaluator's where it gave one, so that the chart's curve is one judgement
// and does not zigzag between two. Every position of the game is before or
// after a White move, so Black's judgements only fill in at the ends.
func (c *Controller) noteReviewEvals(r *reviewState, m analyse.Move) {
	before := r.positionBefore(m.Ply)
	after := before
	after.Make(m.Played)
	for _, e := range []struct {
		p     game.Position
		score int32
	}{{before, m.Before}, {after, m.After}} {
		if e.p.Status() != game.Ongoing {
			continue // a finished game's evaluation is its result
		}
		h := e.p.Hash()
		if m.Side == game.White {
			r.white[h] = true
		} else if r.white[h] {
			continue
		}
		c.setEval(h, e.score, r.by)
	}
}

// positionBefore returns the position before ply (counted from 1) of the
// reviewed line.
func (r *reviewState) positionBefore(ply int) game.Position {
	p := r.start
	for _, m := range r.line[:ply-1] {
		p.Make(m)
	}
	return p
}

// ReviewProgress reports the review of the game on the board: how many of
// its moves are reviewed, of how many (all but a loaded match record's
// random opening), and whether it is still running. on is false when there
// is none.
func (c *Controller) ReviewProgress() (done, total int, running, on bool) {
	r := c.review
	if r == nil {
		return 0, 0, false, false
	}
	return len(r.moves), len(r.line) - r.from + 1, !r.over, true
}

// reviewed returns the review of the line's move at index (0 for the
// first), if the review has reached it.
func (r *reviewState) reviewed(index int) (analyse.Move, bool) {
	if i := index - (r.from - 1); i >= 0 && i < len(r.moves) {
		return r.moves[i], true
	}
	return analyse.Move{}, false
}

// ReviewMark returns the review's mark of the line's move at index (0 for
// the first): "??" for a blunder, "?" for a mistake, "" for neither or not
// reviewed yet (see analyse.Move.Mark).
func (c *Controller) ReviewMark(index int) string {
	if c.review == nil {
		return ""
	}
	m, _ := c.review.reviewed(index)
	return m.Mark()
}

// ReviewedMove is the review of one move, in words for the status box.
type ReviewedMove struct {
	Mark string // "", "?" or "??"
	// Choice says what the engine would have played ("Champion plays e4-e7
	// too" or "Champion prefers d3-d7").
	Choice string
	// Chance says how the mover's chance changed ("White's chance 45% → 20%").
	Chance string
}

// ReviewHere returns the review of the move that led to the position on the
// board, when the review has reached it.
func (c *Controller) ReviewHere() (ReviewedMove, bool) {
	r := c.review
	if r == nil {
		return ReviewedMove{}, false
	}
	m, ok := r.reviewed(c.game.Ply() - 1)
	if !ok {
		return ReviewedMove{}, false
	}
	who := EngineTitle(r.by)
	var out ReviewedMove
	out.Mark = m.Mark()
	if m.Agrees() {
		out.Choice = fmt.Sprintf("%s plays %v too", who, m.Played)
	} else {
		out.Choice = fmt.Sprintf("%s prefers %v", who, m.Best)
	}
	b, a := m.Chance()
	out.Chance = fmt.Sprintf("%v's chance %.0f%% → %.0f%%", m.Side, 100*b, 100*a)
	return out, true
}

// ReviewSummary counts the marks of the review so far: mistakes and
// blunders by side.
func (c *Controller) ReviewSummary() (mistakes, blunders [2]int) {
	if c.review == nil {
		return
	}
	for _, m := range c.review.moves {
		switch m.Mark() {
		case "?":
			mistakes[m.Side]++
		case "??":
			blunders[m.Side]++
		}
	}
	return
}

// ChartShown reports whether the window shows the chart of White's chance
// over the game: between two AIs, and for a game under review.
func (c *Controller) ChartShown() bool {
	return c.WatchControls() || c.screen == ScreenGame && c.review != nil
}

// complete reports whether the review is over and reviewed every move of its
// line from its first ply on.
func (r *reviewState) complete() bool {
	return r.over && len(r.moves) == len(r.line)-r.from+1
}

// reviewTags returns the record tags that keep the review of the game on
// the board in g's record: none unless the review is complete and g holds
// the moves it reviewed.
func (c *Controller) reviewTags(g *game.Game) []game.RecordTag {
	r := c.review
	if r == nil || !r.complete() || !slices.Equal(r.line, g.Moves()) {
		return nil
	}
	tags, _ := analyse.Tags(r.by, r.moves)
	return tags
}

// reviewSaved is what the notice of saving g adds about the review: that
// it was saved with the game, or why not.
func (c *Controller) reviewSaved(g *game.Game) string {
	switch r := c.review; {
	case r == nil:
		return ""
	case len(c.reviewTags(g)) > 0:
		return ", with its review"
	case !r.complete():
		return " (without the review, still running: save again when it is done)"
	}
	return ""
}

// restoreReview puts the review a loaded record holds (ai/analyse's tags)
// on the board as a finished one: its marks, words and evaluations, as if
// it had just run. It returns the reviewing engine's spec, or
// analyse.ErrNoReview, or why the tags do not fit the game.
func (c *Controller) restoreReview(meta game.RecordMeta) (string, error) {
	by, moves, err := analyse.FromTags(meta, c.game)
	if err != nil {
		return "", err
	}
	r := &reviewState{
		line: slices.Clone(c.game.Line()), start: c.game.Start(), from: moves[0].Ply, by: by,
		white: map[uint64]bool{}, over: true, cancel: func() {},
	}
	for _, m := range moves {
		r.moves = append(r.moves, m)
		c.noteReviewEvals(r, m)
	}
	c.review = r
	return by, nil
}
