package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
)

// Puzzles on the board: one shipped puzzle at a time (ai/puzzle), the
// person playing the solver, the engine the defender. Every move of the
// person is judged by puzzle.Judge on a goroutine of its own over a copy of
// the game (an exhaustive proof takes from a blink to a second or so), its
// verdict collected by Update; meanwhile the window goes on drawing. A
// winning move is answered, after a short pause that lets the person see
// it, by the longest defence; a wrong one gets the verdict's sentence, its
// refutation on the board, and Try again or Show.

// PuzzlePhase is where a puzzle stands.
type PuzzlePhase uint8

// The phases of a puzzle.
const (
	PuzzleToMove   PuzzlePhase = iota // the person (the solver) is to move
	PuzzleChecking                    // the person's move is being judged
	PuzzleRight                       // the move wins; the defence follows in a moment
	PuzzleSolved                      // the solver won
	PuzzleFailed                      // a move that does not win: Try again or Show
	PuzzleShowing                     // the solution line is being played
	PuzzleShown                       // the solution line was played to its end
)

// puzzleReplyPause is how long a right move stays on the board before the
// defence is played; puzzleShowPace the pace of the solution's moves.
const (
	puzzleReplyPause = 700 * time.Millisecond
	puzzleShowPace   = 900 * time.Millisecond
)

// puzzleState is the puzzle on the board.
type puzzleState struct {
	p       puzzle.Puzzle
	daily   bool // the puzzle of the day
	phase   PuzzlePhase
	step    int // the solver's moves already made and accepted
	stepPly int // the ply at which the solver's current move is due
	say     string
	good    bool
	also    string      // another winning move at the latest step, said
	refute  []game.Move // the refutation of a wrong move, from the position after it
	replyAt time.Time   // PuzzleRight: when the defence is played
	reply   game.Move
	show    []game.Move // PuzzleShowing: the moves still to play
	showAt  time.Time
	judge   *judgeJob
	rated   bool    // the result of this sitting was recorded
	change  float64 // the rating's change from this sitting
	replay  bool    // the puzzle was played before: this sitting is not rated
}

// judgeJob is one puzzle.Judge running on its own goroutine.
type judgeJob struct {
	cancel context.CancelFunc
	ch     chan judgeResult // buffered: the goroutine never waits on it
	move   game.Move
}

type judgeResult struct {
	v   puzzle.Verdict
	err error
}

// PuzzleView is what the window shows of the puzzle on the board.
type PuzzleView struct {
	ID, Rating, Depth int
	Title             string // "White to move and win in 2"
	Themes            []string
	Daily             bool // the puzzle of the day
	Phase             PuzzlePhase
	Step              int    // the solver's moves made and accepted
	Say               string // the answer to the latest move, "" before one
	Good              bool   // Say praises
	Also              string // another winning move at the latest step, "" if none
	// Refute is a wrong move's refutation, from the position on the board
	// (the defender's answer first), for the arrows.
	Refute []game.Move
	// Player is the person's puzzle rating now, Change what this puzzle
	// did to it (0 before a result, or for a puzzle played before).
	Player, Change int
	Replay         bool // the puzzle was played before: not rated again
}

// InPuzzle reports whether a puzzle is on the board.
func (c *Controller) InPuzzle() bool { return c.puzzle != nil && c.screen == ScreenGame }

// PuzzleNow returns the puzzle on the board; ok is false when none is.
func (c *Controller) PuzzleNow() (v PuzzleView, ok bool) {
	if !c.InPuzzle() {
		return PuzzleView{}, false
	}
	s := c.puzzle
	v = PuzzleView{ID: s.p.ID, Rating: s.p.Rating, Depth: s.p.Depth, Title: s.p.Title(), Themes: s.p.Themes,
		Daily: s.daily, Phase: s.phase, Step: s.step, Say: s.say, Good: s.good, Also: s.also,
		Player: int(c.puzzleResults().Player.Rating + 0.5), Change: int(roundAway(s.change)), Replay: s.replay}
	if s.phase == PuzzleFailed {
		v.Refute = s.refute
	}
	return v, true
}

// roundAway rounds x to the nearest whole number, halves away from zero.
func roundAway(x float64) float64 {
	if x < 0 {
		return -roundAway(-x)
	}
	return float64(int(x + 0.5))
}

// PuzzleResultsNow returns the person's puzzle results and rating as kept.
func (c *Controller) PuzzleResultsNow() PuzzleResults { return *c.puzzleResults() }

// puzzleResults returns the kept results, read from the Store at the first
// use.
func (c *Controller) puzzleResults() *PuzzleResults {
	if c.puzzleRes == nil {
		r, note := loadPuzzleResults(c.cfg.Store)
		c.puzzleRes = &r
		if note != "" {
			c.Notify(note)
		}
	}
	return c.puzzleRes
}

// PuzzleRange returns the smallest and the largest ID of the shipped
// puzzles (0, 0 when none is shipped).
func PuzzleRange() (lo, hi int) {
	for i, p := range puzzle.Shipped() {
		if i == 0 || p.ID < lo {
			lo = p.ID
		}
		hi = max(hi, p.ID)
	}
	return lo, hi
}

// CheckPuzzleID returns an error naming the valid range when no shipped
// puzzle has the ID id (tablut -puzzle N, the page's ?puzzle=N).
func CheckPuzzleID(id int) error {
	if _, ok := puzzle.ByID(id); ok {
		return nil
	}
	lo, hi := PuzzleRange()
	if hi == 0 {
		return errors.New("this build ships no puzzles")
	}
	return fmt.Errorf("there is no puzzle %d: the puzzles are numbered %d to %d", id, lo, hi)
}

// StartPuzzle puts the shipped puzzle id on the board, the person playing
// its solver (the board turned so that the solver's side is at the bottom).
func (c *Controller) StartPuzzle(id int) error {
	if err := CheckPuzzleID(id); err != nil {
		return err
	}
	p, _ := puzzle.ByID(id)
	if err := c.Start(Settings{White: Human, Black: Human, MoveTime: c.panel.MoveTime}); err != nil {
		return err
	}
	c.setGame(game.NewGame(p.Start))
	daily, _ := PuzzleOfTheDay(c.cfg.Now())
	_, played := c.puzzleResults().Done[p.ID]
	c.puzzle = &puzzleState{p: p, daily: daily.ID == p.ID, replay: played}
	c.flipped = p.Solver() == game.Black
	return nil
}

// StartPuzzleOfTheDay puts the puzzle of the day on the board.
func (c *Controller) StartPuzzleOfTheDay() error {
	p, ok := PuzzleOfTheDay(c.cfg.Now())
	if !ok {
		return CheckPuzzleID(0)
	}
	return c.StartPuzzle(p.ID)
}

// NextPuzzleID returns the puzzle to play after the one with ID after (0:
// none yet): the easiest (by Rating) never tried, else the easiest tried
// but never solved, other than after; ok is false when every puzzle is
// solved.
func (c *Controller) NextPuzzleID(after int) (id int, ok bool) {
	done := c.puzzleResults().Done
	unsolved := 0
	for _, p := range puzzle.Shipped() { // by Rating, then ID
		if p.ID == after {
			continue
		}
		res, tried := done[p.ID]
		if !tried {
			return p.ID, true
		}
		if !res.Solved && unsolved == 0 {
			unsolved = p.ID
		}
	}
	return unsolved, unsolved != 0
}

// StartNextPuzzle puts the next puzzle (NextPuzzleID) on the board; with
// every puzzle solved it says so and puts the puzzle of the day there.
func (c *Controller) StartNextPuzzle() error {
	after := 0
	if c.puzzle != nil {
		after = c.puzzle.p.ID
	}
	id, ok := c.NextPuzzleID(after)
	if !ok {
		err := c.StartPuzzleOfTheDay()
		c.Notify("You have solved every puzzle: here is the puzzle of the day again")
		return err
	}
	return c.StartPuzzle(id)
}

// NextPuzzle leaves the puzzle on the board for the next one.
func (c *Controller) NextPuzzle() {
	if c.puzzle == nil {
		return
	}
	if err := c.StartNextPuzzle(); err != nil {
		c.Notify("Cannot open the next puzzle: " + err.Error())
	}
}

// LeavePuzzle ends the puzzle and opens the start panel.
func (c *Controller) LeavePuzzle() {
	c.stopPuzzle()
	c.started = false
	c.ShowStart()
	c.panel = c.prefs.settings()
}

// stopPuzzle drops the puzzle on the board, if any, and its judge.
func (c *Controller) stopPuzzle() {
	if c.puzzle != nil && c.puzzle.judge != nil {
		c.puzzle.judge.cancel()
	}
	c.puzzle = nil
	c.stopProof()
}

// puzzleMoves reports whether the person may move in the puzzle now.
func (c *Controller) puzzleMoves() bool {
	return c.puzzle == nil || c.puzzle.phase == PuzzleToMove
}

// judgePuzzleMove plays the person's move m on the board and hands it to
// puzzle.Judge on a goroutine, over a copy of the game before it (the
// goroutine shares nothing with the window).
func (c *Controller) judgePuzzleMove(m game.Move) {
	s := c.puzzle
	g := c.replayed(c.game.Ply())
	n := s.p.Depth - s.step
	ctx, cancel := context.WithCancel(context.Background())
	j := &judgeJob{cancel: cancel, ch: make(chan judgeResult, 1), move: m}
	go func() {
		v, err := puzzle.Judge(ctx, g, m, n)
		j.ch <- judgeResult{v, err}
	}()
	s.judge, s.phase = j, PuzzleChecking
	s.say, s.good, s.also, s.refute = "", false, "", nil
	c.play(m)
}

// replayed returns a new game of the moves of the game on the board up to
// ply, with their history (a repeated position counts).
func (c *Controller) replayed(ply int) *game.Game {
	g := game.NewGame(c.game.Start())
	for _, mv := range c.game.Moves()[:ply] {
		g.Play(mv)
	}
	return g
}

// pollPuzzle advances the puzzle: a verdict in, the defence's move due, the
// solution's next move. Update calls it every frame.
func (c *Controller) pollPuzzle(now time.Time) {
	s := c.puzzle
	switch s.phase {
	case PuzzleChecking:
		select {
		case r := <-s.judge.ch:
			m := s.judge.move
			s.judge = nil
			c.takeVerdict(m, r, now)
		default:
		}
	case PuzzleRight:
		if now.Before(s.replyAt) {
			return
		}
		c.play(s.reply)
		s.step++
		s.stepPly = c.game.Ply()
		s.phase = PuzzleToMove
	case PuzzleShowing:
		if now.Before(s.showAt) {
			return
		}
		if len(s.show) == 0 {
			s.phase = PuzzleShown
			s.say, s.good = "That is the solution.", false
			return
		}
		c.play(s.show[0])
		s.show = s.show[1:]
		s.showAt = now.Add(puzzleShowPace)
	}
}

// takeVerdict answers the verdict r on the person's move m.
func (c *Controller) takeVerdict(m game.Move, r judgeResult, now time.Time) {
	s := c.puzzle
	if r.err != nil {
		// The move is taken back: it could not be judged.
		c.game = c.replayed(s.stepPly)
		c.caps = nil
		c.anims.clear()
		s.phase = PuzzleToMove
		c.Notify("Cannot judge the move: " + r.err.Error())
		return
	}
	v := r.v
	switch {
	case !v.Wins:
		s.phase = PuzzleFailed
		s.say, s.good = v.Why, false
		if s.say == "" {
			s.say = fmt.Sprintf("%v does not win in %d.", m, s.p.Depth-s.step)
		}
		s.refute = v.Refute
		c.recordPuzzle(false)
	case v.Final:
		s.step++
		s.phase = PuzzleSolved
		s.say, s.good = "Solved: "+c.game.ReasonText()+".", true
		s.also = c.alsoWins(m, v)
		c.recordPuzzle(true)
	default:
		s.phase = PuzzleRight
		s.say, s.good = "Right. Now find the next move.", true
		s.also = c.alsoWins(m, v)
		s.reply, s.replyAt = v.Reply, now.Add(puzzleReplyPause)
	}
}

// alsoWins says what else wins at the step just judged, "" when the step
// is unique: the puzzle's own move where the person found another one (and
// the game so far is the puzzle's line), else how many other moves win.
func (c *Controller) alsoWins(m game.Move, v puzzle.Verdict) string {
	if v.Others == 0 {
		return ""
	}
	s := c.puzzle
	line := s.p.Line
	if ply := s.stepPly; ply < len(line) && line[ply] != m && samePrefix(c.game.Moves()[:ply], line) {
		if v.Others == 1 {
			return fmt.Sprintf("Also wins: %v.", line[ply])
		}
		return fmt.Sprintf("Also wins: %v and %d more.", line[ply], v.Others-1)
	}
	if v.Others == 1 {
		return "One other move also wins here."
	}
	return fmt.Sprintf("%d other moves also win here.", v.Others)
}

// samePrefix reports whether played is the start of line.
func samePrefix(played, line []game.Move) bool {
	if len(played) > len(line) {
		return false
	}
	for i, m := range played {
		if line[i] != m {
			return false
		}
	}
	return true
}

// recordPuzzle keeps this sitting's result, once: a wrong move or Show
// before the solution makes it a failure.
func (c *Controller) recordPuzzle(solved bool) {
	s := c.puzzle
	res := c.puzzleResults()
	if s.rated {
		if solved { // solved after a failure: remembered as solved, not rated
			if r, ok := res.Done[s.p.ID]; ok && !r.Solved {
				r.Solved = true
				c.savePuzzleResults()
			}
		}
		return
	}
	s.rated = true
	s.change = res.record(s.p, solved, c.cfg.Now())
	c.savePuzzleResults()
}

// savePuzzleResults writes the results to the Store; a failure is a notice.
func (c *Controller) savePuzzleResults() {
	if err := c.puzzleResults().save(c.cfg.Store); err != nil {
		c.Notify("Cannot keep your puzzle results: " + err.Error())
	}
}

// RetryPuzzle takes a wrong move back (Try again): the position before it
// is on the board again, the person to move.
func (c *Controller) RetryPuzzle() {
	s := c.puzzle
	if s == nil || s.phase != PuzzleFailed {
		return
	}
	c.game = c.replayed(s.stepPly)
	c.caps = nil
	c.anims.clear()
	c.ClearSelection()
	s.phase, s.say, s.good, s.also, s.refute = PuzzleToMove, "", false, "", nil
}

// ShowPuzzleSolution plays the puzzle's solution line (Show): from the
// step reached when the game so far is the puzzle's line, else from the
// start. Before a solution it counts as a failure.
func (c *Controller) ShowPuzzleSolution() {
	s := c.puzzle
	if s == nil || s.phase == PuzzleShowing || s.phase == PuzzleChecking {
		return
	}
	if s.phase == PuzzleSolved {
		return
	}
	if !s.rated {
		c.recordPuzzle(false)
	}
	from := s.stepPly
	if !samePrefix(c.game.Moves()[:min(from, c.game.Ply())], s.p.Line) {
		from = 0
	}
	c.game = c.replayed(min(from, c.game.Ply()))
	c.caps = nil
	c.anims.clear()
	c.ClearSelection()
	s.show = append([]game.Move(nil), s.p.Line[from:]...)
	s.phase, s.showAt = PuzzleShowing, c.cfg.Now().Add(puzzleShowPace/2)
	s.say, s.good, s.also, s.refute = "The solution:", false, "", nil
}
