package session

import (
	"fmt"

	"github.com/tablut-ai/tablut/game"
)

// The "Learn to play" lesson: a few small positions on the real board, each
// a task the person solves with one move. Package game judges every move
// (legality, captures with what they were made against, the outcome), and
// the lesson answers with a sentence; a wrong but legal move is taken back
// so that the task can be tried again.

// LessonStep is one task of the lesson.
type LessonStep struct {
	Title string
	Task  string // what to do, one or two sentences
	Pos   string // the position, in the project's notation
	// Before are moves played from Pos first: the history a repetition
	// needs.
	Before []string
	// Goal judges a legal move m played in p: ok when it solves the task,
	// and a sentence either way.
	Goal func(p game.Position, m game.Move) (ok bool, say string)
}

// LessonSteps is the lesson, in order.
var LessonSteps = []LessonStep{
	{
		Title: "Moving",
		Task:  "Every piece moves like a rook in chess: along its row or its column, as far as it likes, without jumping. Move the white pawn from c3 to c8 in one move.",
		Pos:   "........./........./..W....../........./....K..../........./........./........./......... W",
		Goal: func(p game.Position, m game.Move) (bool, string) {
			if m.From().String() == "c3" && m.To().String() == "c8" {
				return true, "Well done: one move, straight up the c column."
			}
			return false, "That move is allowed, but the task is c3 to c8: click c3, then c8."
		},
	},
	{
		Title: "Capturing",
		Task:  "A pawn is captured when the move of an enemy piece traps it between two enemies on a row or a column. Capture the black pawn on c7.",
		Pos:   "........./........./........./........./....K..../..W....../..B....../W......../........B W",
		Goal:  captureGoal(game.Sq(2, 6), -1, "the pawn on c6 and the one you brought to c8"),
	},
	{
		Title: "Camps capture too",
		Task:  "The hatched camp squares are hostile: they trap a pawn just as a piece does. Capture the black pawn on c1 against the camp d1.",
		Pos:   "..B....../........./.W......./........./....K..../........./........./........./........B W",
		Goal:  captureGoal(game.Sq(2, 0), int(game.AgainstCamp), "your pawn and the camp d1"),
	},
	{
		Title: "The throne",
		Task:  "No piece may stop on the throne (e5) or pass over it, but the empty throne traps pawns like a camp. Capture the black pawn on e4 against the throne.",
		Pos:   "........./........./W......../....B..../........./........./.......K./........./........B W",
		Goal:  captureGoal(game.Sq(4, 3), int(game.AgainstThrone), "your pawn and the empty throne"),
	},
	{
		Title: "The king escapes",
		Task:  "White wins as soon as the king reaches a square on the edge of the board. Bring the king to the edge in one move.",
		Pos:   "........./........./.K......./........./........./...B...../........./........./......... W",
		Goal:  outcomeGoal(game.WhiteWins, "The king reached the edge: White wins.", "The king is not on the edge yet: slide it all the way along a free row or column."),
	},
	{
		Title: "Taking the king",
		Task:  "Away from the throne the king is taken like a pawn, between two black pawns (or a pawn and a camp). You play Black: capture the king.",
		Pos:   "........./........./........./........./........./........./..BK...B./........./......... B",
		Goal:  outcomeGoal(game.BlackWins, "The king is caught between two black pawns: Black wins.", "The king is still free: bring a pawn to the side opposite c7."),
	},
	{
		Title: "The king beside the throne",
		Task:  "Next to the throne the king needs black pawns on its three free sides; the throne is the fourth. You play Black: capture the king.",
		Pos:   "........./........./B......../...BKB.../........./........./........./........./......... B",
		Goal:  outcomeGoal(game.BlackWins, "Three pawns and the throne surround the king: Black wins.", "The king still has a free side: close the square below it."),
	},
	{
		Title: "The king on the throne",
		Task:  "On the throne the king must be surrounded on all four sides. You play Black: close the last side.",
		Pos:   "........./........./........./....B..../...BKB.../B......../........./........./......... B",
		Goal:  outcomeGoal(game.BlackWins, "Four pawns around the throne: the king is taken and Black wins.", "A side of the throne is still open: bring a pawn to e6."),
	},
	{
		Title:  "Repetition",
		Task:   "If a position comes back (with no capture since), the game ends in a draw. White's pawns went d3, e3, d3 and yours d2, c2. You play Black and are behind: play the move that brings the position back, and save a draw.",
		Pos:    "...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W",
		Before: []string{"e3-d3", "d1-d2", "d3-e3", "d2-c2", "e3-d3"},
		Goal: func(p game.Position, m game.Move) (bool, string) {
			if m.String() == "c2-d2" {
				return true, "The position after d2 was seen before: the game is drawn by repetition."
			}
			return false, "That does not bring a position back: the pawn on c2 was on d2 before."
		},
	},
}

// captureGoal solves a task when the move captures the pawn on victim
// (against a camp or the throne when against is not -1).
func captureGoal(victim game.Square, against int, between string) func(game.Position, game.Move) (bool, string) {
	return func(p game.Position, m game.Move) (bool, string) {
		for _, c := range game.CapturesOf(p, m) {
			if c.Victim == victim && (against < 0 || int(c.Against) == against) {
				return true, fmt.Sprintf("Captured: %v was trapped between %s.", victim, between)
			}
		}
		return false, fmt.Sprintf("Nothing was captured on %v: the pawn must end up between two hostile squares on one line.", victim)
	}
}

// outcomeGoal solves a task when the move wins the game for the side want.
func outcomeGoal(want game.Outcome, yes, no string) func(game.Position, game.Move) (bool, string) {
	return func(p game.Position, m game.Move) (bool, string) {
		after := p
		after.Make(m)
		if after.Status() == want {
			return true, yes
		}
		return false, no
	}
}

// lessonState is the lesson under way.
type lessonState struct {
	step   int
	side   game.Color // the student's: the side to move when the step is set up
	solved bool
	say    string // the latest feedback
	good   bool   // the feedback praises
}

// Lesson is what the window shows of the lesson.
type Lesson struct {
	Step, Steps int
	LessonStep
	Solved bool
	Say    string // feedback on the latest move, "" before one
	Good   bool   // the feedback praises a solution
}

// InLesson reports whether the lesson is on the board.
func (c *Controller) InLesson() bool { return c.lesson != nil && c.screen == ScreenGame }

// LessonNow returns the lesson's state; ok is false outside the lesson.
func (c *Controller) LessonNow() (l Lesson, ok bool) {
	if !c.InLesson() {
		return Lesson{}, false
	}
	s := c.lesson
	return Lesson{Step: s.step, Steps: len(LessonSteps), LessonStep: LessonSteps[s.step], Solved: s.solved, Say: s.say, Good: s.good}, true
}

// StartLesson puts step i of the lesson on the board, for a person playing
// both sides with no engine.
func (c *Controller) StartLesson(i int) error {
	i = max(0, min(i, len(LessonSteps)-1))
	st := LessonSteps[i]
	p, err := game.ParsePosition(st.Pos)
	if err != nil {
		return fmt.Errorf("lesson step %d: %v", i+1, err)
	}
	g := game.NewGame(p)
	for _, s := range st.Before {
		m, err := game.ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return fmt.Errorf("lesson step %d: %v", i+1, err)
		}
	}
	if err := c.Start(Settings{White: Human, Black: Human, MoveTime: c.panel.MoveTime}); err != nil {
		return err
	}
	c.setGame(g)
	at := g.Position()
	c.lesson = &lessonState{step: i, side: at.SideToMove()}
	c.flipped = false
	return nil
}

// NextLessonStep goes to the next step (or back to the start panel after
// the last); RetryLessonStep sets the current step up again.
func (c *Controller) NextLessonStep() {
	if c.lesson == nil {
		return
	}
	if c.lesson.step+1 >= len(LessonSteps) {
		c.LeaveLesson()
		c.Notify("That is the whole lesson: now play a game against Beginner")
		return
	}
	c.StartLesson(c.lesson.step + 1)
}

// RetryLessonStep sets the current step of the lesson up again.
func (c *Controller) RetryLessonStep() {
	if c.lesson != nil {
		c.StartLesson(c.lesson.step)
	}
}

// LeaveLesson ends the lesson and opens the start panel.
func (c *Controller) LeaveLesson() {
	c.lesson = nil
	c.started = false
	c.ShowStart()
	c.panel = c.prefs.settings()
}

// judgeLesson checks the person's move m, played from before, against the
// step's task: a solution is kept, anything else is taken back with a
// sentence so that the task can be tried again.
func (c *Controller) judgeLesson(before game.Position, m game.Move) {
	l := c.lesson
	if l == nil || l.solved {
		return
	}
	ok, say := LessonSteps[l.step].Goal(before, m)
	l.say, l.good = say, ok
	if ok {
		l.solved = true
		return
	}
	// Taken back for good (not left to redo): the game is replayed without it.
	moves := c.game.Moves()
	g := game.NewGame(c.game.Start())
	for _, mv := range moves[:len(moves)-1] {
		g.Play(mv)
	}
	c.game = g
	c.caps = nil
	c.anims.clear()
}
