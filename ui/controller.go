package ui

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// Screen is what the window shows.
type Screen uint8

const (
	// ScreenStart is the start panel: choose the players and the move time.
	ScreenStart Screen = iota
	// ScreenGame is the board.
	ScreenGame
)

// Settings choose the players and the pace of a game.
type Settings struct {
	White, Black string        // Human or an engine spec such as "cnn:champion"
	MoveTime     time.Duration // wall time per engine move
	// Clock, if positive, gives each side this much time for the game, and
	// Increment more after each of its moves; a side whose time runs out
	// loses. An AI then budgets its moves from its clock.
	Clock, Increment time.Duration
}

// ClockChoice is a time control offered in the start panel.
type ClockChoice struct {
	Clock, Increment time.Duration
	Label            string
}

// ClockChoices are the time controls of the start panel; the first is none.
var ClockChoices = []ClockChoice{
	{0, 0, "No clock"},
	{time.Minute, time.Second, "1 min + 1 s"},
	{5 * time.Minute, 2 * time.Second, "5 min + 2 s"},
	{15 * time.Minute, 10 * time.Second, "15 min + 10 s"},
}

// Spec returns the spec of side c.
func (s Settings) Spec(c game.Color) string {
	if c == game.White {
		return s.White
	}
	return s.Black
}

// DefaultMoveTime is the engines' move time unless chosen otherwise.
const DefaultMoveTime = 2 * time.Second

// DefaultSettings returns a human (White) against the champion network (the heuristic
// while no champion is shipped), 2 s per move.
func DefaultSettings() Settings {
	opp, _ := DefaultOpponent()
	return Settings{White: Human, Black: opp, MoveTime: DefaultMoveTime}
}

// Config wires a Controller to the world; zero fields take defaults.
type Config struct {
	Engines  EngineFactory    // builds the AI players; default PlayerEngine
	Now      func() time.Time // the clock; default time.Now
	HintSpec string           // the engine asked for hints; default DefaultOpponent
	SaveDir  string           // where Save writes records without a dialog; default RecordsDir()
	Dialogs  Dialogs          // the file dialogs; default DesktopDialogs
	// NoPonder keeps an AI playing a person from thinking on the person's
	// time (by default it ponders the reply it expects; see player.Engine).
	NoPonder bool
}

// delays are the speeds of AI-vs-AI play: the pause after each move.
var delays = []time.Duration{0, 250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}

const defaultDelay = 2 // index into delays

// Controller is the window's state machine, with no drawing and no input
// handling: intents come in as method calls, and Update, called once per frame,
// advances the clock-driven parts (AI hand-off, animations). It is used from one
// goroutine (Ebitengine's); background searches only talk to it over channels.
type Controller struct {
	cfg      Config
	screen   Screen
	settings Settings // of the game on the board
	panel    Settings // being edited in the start panel
	panelErr string

	game    *game.Game
	engines [2]Engine // nil for a human side
	hintEng Engine

	selected game.Square
	dests    []game.Move // legal moves of the selected piece

	flipped  bool
	help     bool
	helpPage int
	paused   bool
	stepOnce bool // paused, but one AI move is allowed
	// resumeHere lets the AIs play on from an earlier point of the line (a new
	// line): set by resuming or stepping, cleared by any jump in the history.
	resumeHere bool
	delay      int // index into delays
	nextAI     time.Time

	job       *searchJob // the running search, if any
	draining  *searchJob // a cancelled search still winding down
	info      ai.Info    // latest report of job
	infoValid bool
	record    SearchRecord // the running or the last search, for the classroom view
	wantHint  bool         // a hint was asked while a search was winding down

	hint    game.Move // last hint, valid for hintPly and hintHash
	hintPly int
	hintPV  []game.Move

	// The clocks, when the settings have one: time left for each side at
	// turnStart, when the side to move began to think.
	clocks    [2]time.Duration
	clockOn   bool
	turnStart time.Time
	timeLoss  bool // the game ended on time

	score    int32 // latest evaluation, White's view
	hasScore bool
	// evals remembers the latest evaluation of each position searched in this
	// game (by Zobrist hash), so that undo, redo and replay show the
	// evaluation of the position on the board, not of the one left.
	evals map[uint64]int32

	// names are the players' names shown in the panel and written to saved
	// records: the specs of the players, or the names a loaded record gives.
	names [2]string

	anims   anims
	started bool // a game was started or loaded (Back may return to it)

	msg   string
	msgAt time.Time

	cues   []cue          // sounds asked for since the last takeCues
	caps   []game.Capture // what the last move captured, marked for a moment
	capsAt time.Time
	warn   warning // the threats in the position on the board, cached

	dialog chan dialogResult // the answer of the open file dialog, if one is up
}

// dialogResult is the answer of a file dialog.
type dialogResult struct {
	save bool
	path string
	err  error
}

// NewController returns a controller showing the start panel with the default
// settings.
func NewController(cfg Config) *Controller {
	if cfg.Engines == nil {
		cfg.Engines = PlayerEngine
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.HintSpec == "" {
		cfg.HintSpec, _ = DefaultOpponent()
	}
	if cfg.SaveDir == "" {
		cfg.SaveDir = RecordsDir()
	}
	if cfg.Dialogs == nil {
		cfg.Dialogs = DesktopDialogs{}
	}
	c := &Controller{cfg: cfg, selected: game.NoSquare, delay: defaultDelay, panel: DefaultSettings()}
	c.settings = c.panel
	c.game = game.NewGame(game.StartPosition())
	return c
}

// --- queries ---

// Screen returns what the window shows.
func (c *Controller) Screen() Screen { return c.screen }

// Game returns the game on the board; callers must not change it.
func (c *Controller) Game() *game.Game { return c.game }

// Position returns the current position.
func (c *Controller) Position() game.Position { return c.game.Position() }

// PlayerName returns the name of side s's player: its spec (such as "human"
// or "cnn:champion"), or the name a loaded record gives.
func (c *Controller) PlayerName(s game.Color) string {
	if n := c.names[s]; n != "" {
		return n
	}
	return c.settings.Spec(s)
}

// Settings returns the players and pace of the game on the board.
func (c *Controller) Settings() Settings { return c.settings }

// Selected returns the selected square, or game.NoSquare.
func (c *Controller) Selected() game.Square { return c.selected }

// Destinations returns the legal moves of the selected piece.
func (c *Controller) Destinations() []game.Move { return c.dests }

// Flipped reports whether the board is shown from Black's side.
func (c *Controller) Flipped() bool { return c.flipped }

// Paused reports whether AI moves are paused.
func (c *Controller) Paused() bool { return c.paused }

// HelpShown reports whether the help overlay is up.
func (c *Controller) HelpShown() bool { return c.help }

// Delay returns the pause between AI moves when two AIs play.
func (c *Controller) Delay() time.Duration { return delays[c.delay] }

// Message returns the latest notice for the status line, for a few seconds.
func (c *Controller) Message() string {
	if c.msg != "" && c.cfg.Now().Sub(c.msgAt) < 8*time.Second {
		return c.msg
	}
	return ""
}

// Thinking reports whether a search for an AI move is running.
func (c *Controller) Thinking() bool { return c.job != nil && c.job.kind == jobMove }

// Busy reports whether any search (move or hint) runs or winds down.
func (c *Controller) Busy() bool { return c.job != nil || c.draining != nil }

// Over reports whether the game has ended.
func (c *Controller) Over() bool { return c.game.Outcome() != game.Ongoing }

// IsHuman reports whether side s is played at the window.
func (c *Controller) IsHuman(s game.Color) bool { return c.engines[s] == nil }

// HumanToMove reports whether a human may move now.
func (c *Controller) HumanToMove() bool {
	return c.screen == ScreenGame && !c.Over() && c.IsHuman(c.sideToMove())
}

// hasHuman reports whether at least one side is played at the window.
func (c *Controller) hasHuman() bool { return c.engines[0] == nil || c.engines[1] == nil }

// LastMove returns the last move played, or game.NoMove.
func (c *Controller) LastMove() game.Move {
	if m := c.game.Moves(); len(m) > 0 {
		return m[len(m)-1]
	}
	return game.NoMove
}

// HintMove returns the hint for the current position, or game.NoMove.
func (c *Controller) HintMove() game.Move {
	if c.hint != game.NoMove && c.hintPly == c.game.Ply() {
		return c.hint
	}
	return game.NoMove
}

// Eval returns the latest evaluation (White's view) and whether there is one.
func (c *Controller) Eval() (int32, bool) { return c.score, c.hasScore }

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

// WaitingText explains why no AI is moving while one is to move, or "".
func (c *Controller) WaitingText() string {
	if c.screen != ScreenGame || c.Over() || c.job != nil || c.IsHuman(c.sideToMove()) {
		return ""
	}
	if c.game.CanRedo() && !c.resumeHere {
		if c.WatchControls() {
			return "Replay: ← → browse · End · Space plays on"
		}
		return "Replay: ← → browse · End: the last move"
	}
	if c.paused && !c.stepOnce {
		return "Paused: Space resumes, . plays one move"
	}
	if d := c.nextAI.Sub(c.cfg.Now()); d > 0 {
		return fmt.Sprintf("Next move in %.1f s", d.Seconds())
	}
	return ""
}

// Animations returns the running animations.
func (c *Controller) animations() *anims { return &c.anims }

// --- start panel ---

// Panel returns the settings being edited in the start panel and the latest
// error in them.
func (c *Controller) Panel() (Settings, string) { return c.panel, c.panelErr }

// SetPanelSide chooses the player of side s in the start panel.
func (c *Controller) SetPanelSide(s game.Color, spec string) {
	if s == game.White {
		c.panel.White = spec
	} else {
		c.panel.Black = spec
	}
	c.panelErr = ""
}

// CyclePanelSide chooses the next player of side s in the start panel.
func (c *Controller) CyclePanelSide(s game.Color) {
	choices := append([]string{Human}, AIChoices()...)
	cur := c.panel.Spec(s)
	next := choices[0]
	for i, ch := range choices {
		if ch == cur {
			next = choices[(i+1)%len(choices)]
		}
	}
	c.SetPanelSide(s, next)
}

// moveTimes are the move times offered in the start panel.
var moveTimes = []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 3 * time.Second, 5 * time.Second, 10 * time.Second, 20 * time.Second}

// StepPanelMoveTime makes the start panel's move time longer (dir > 0) or shorter.
func (c *Controller) StepPanelMoveTime(dir int) {
	i := 0
	for j, d := range moveTimes {
		if d <= c.panel.MoveTime {
			i = j
		}
	}
	i = min(max(i+dir, 0), len(moveTimes)-1)
	c.panel.MoveTime = moveTimes[i]
}

// SetPanelClock chooses the start panel's time control.
func (c *Controller) SetPanelClock(k ClockChoice) {
	c.panel.Clock, c.panel.Increment = k.Clock, k.Increment
}

// PanelWatch sets the start panel to AI against AI: the computer players
// already chosen there stay, and a side set to Human gets the default
// pairing's player for that side.
func (c *Controller) PanelWatch() {
	w, b := WatchPair()
	if c.panel.White == Human {
		c.panel.White = w
	}
	if c.panel.Black == Human {
		c.panel.Black = b
	}
	c.panelErr = ""
}

// ShowStart opens the start panel with the current game's settings; Back returns.
func (c *Controller) ShowStart() {
	c.panel, c.panelErr = c.settings, ""
	c.screen = ScreenStart
	c.help = false
}

// Back leaves the start panel for the game on the board, if any was started.
func (c *Controller) Back() {
	if c.started {
		c.screen = ScreenGame
	}
}

// StartPanel starts a new game with the start panel's settings; an error (a bad
// player) stays in the panel.
func (c *Controller) StartPanel() error {
	err := c.Start(c.panel)
	if err != nil {
		c.panelErr = err.Error()
	}
	return err
}

// Start begins a new game from the start position with the given settings.
func (c *Controller) Start(s Settings) error {
	if s.MoveTime <= 0 {
		s.MoveTime = DefaultMoveTime
	}
	engines, err := c.buildEngines(s)
	if err != nil {
		return err
	}
	c.stopSearch()
	c.settings, c.engines = s, engines
	c.hintEng = nil
	c.names = [2]string{s.White, s.Black}
	c.setGame(game.NewGame(game.StartPosition()))
	c.clockOn = s.Clock > 0
	c.clocks = [2]time.Duration{s.Clock, s.Clock}
	c.turnStart = c.cfg.Now()
	c.screen, c.started, c.help = ScreenGame, true, false
	c.paused, c.stepOnce = false, false
	// A human playing Black sees the board from Black's side.
	c.flipped = engines[game.White] != nil && engines[game.Black] == nil
	return nil
}

// Rematch starts a new game with the same players on the same sides.
func (c *Controller) Rematch() error { return c.Start(c.settings) }

// SwapSides starts a new game with the players' sides exchanged.
func (c *Controller) SwapSides() error {
	s := c.settings
	s.White, s.Black = s.Black, s.White
	return c.Start(s)
}

// HumanSide returns the side the person plays when exactly one side is
// played at the window; ok is false with two humans or two AIs.
func (c *Controller) HumanSide() (side game.Color, ok bool) {
	w, b := c.IsHuman(game.White), c.IsHuman(game.Black)
	switch {
	case w && !b:
		return game.White, true
	case b && !w:
		return game.Black, true
	}
	return game.White, false
}

// buildEngines builds the engines of the computer players of s (nil for a
// human side).
func (c *Controller) buildEngines(s Settings) ([2]Engine, error) {
	var engines [2]Engine
	for _, side := range []game.Color{game.White, game.Black} {
		spec := s.Spec(side)
		if spec == Human {
			continue
		}
		e, err := c.cfg.Engines(spec, s.MoveTime)
		if err != nil {
			return engines, fmt.Errorf("cannot set up %v's player: %v", side, err)
		}
		engines[side] = e
	}
	// An AI ponders only against a person: two AIs pondering would take
	// each other's processor time.
	for _, side := range []game.Color{game.White, game.Black} {
		if p, ok := engines[side].(ponderable); ok {
			p.SetPonder(!c.cfg.NoPonder && engines[side.Other()] == nil)
		}
	}
	return engines, nil
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

// setGame puts g on the board and clears what belonged to the previous position.
func (c *Controller) setGame(g *game.Game) {
	c.game = g
	c.caps = nil
	c.clockOn, c.timeLoss = false, false // a loaded game is played on without a clock
	c.evals = map[uint64]int32{}
	c.hasScore = false
	c.clearSelection()
	c.anims.clear()
	c.hint, c.hintPV = game.NoMove, nil
	c.nextAI = c.cfg.Now()
}

// --- board intents ---

// Select is a click on square s: it plays the selected piece's move to s if that
// is legal, selects s if it holds a piece of the human to move (clicking the
// selected piece again deselects it), and otherwise clears the selection. It
// reports whether a move was played. Clicks when no human may move are ignored.
func (c *Controller) Select(s game.Square) bool {
	if !c.HumanToMove() || c.help || !s.Valid() {
		return false
	}
	if m, ok := c.destination(s); ok {
		c.playHuman(m)
		return true
	}
	if s == c.selected {
		c.clearSelection()
		return false
	}
	p := c.game.Position()
	if pc := p.At(s); pc != game.Empty && pc.Color() == p.SideToMove() {
		c.selected = s
		c.dests = c.dests[:0]
		for _, m := range c.game.LegalMoves() {
			if m.From() == s {
				c.dests = append(c.dests, m)
			}
		}
		return false
	}
	c.clearSelection()
	return false
}

// Drop ends a drag of the selected piece on square s: it plays the move if it is
// legal and otherwise keeps the selection. It reports whether a move was played.
func (c *Controller) Drop(s game.Square) bool {
	if !c.HumanToMove() || c.help {
		return false
	}
	if m, ok := c.destination(s); ok {
		c.playHuman(m)
		return true
	}
	return false
}

// destination returns the selected piece's legal move to s.
func (c *Controller) destination(s game.Square) (game.Move, bool) {
	if c.selected == game.NoSquare {
		return game.NoMove, false
	}
	for _, m := range c.dests {
		if m.To() == s {
			return m, true
		}
	}
	return game.NoMove, false
}

func (c *Controller) clearSelection() {
	c.selected = game.NoSquare
	c.dests = c.dests[:0]
}

// playHuman plays a human's legal move.
func (c *Controller) playHuman(m game.Move) {
	c.cancelJob() // a hint in progress is moot now; an AI's ponder goes on
	c.play(m)
	c.nextAI = c.cfg.Now()
	// A move at an earlier point of the line (after undo or in replay) plays on
	// from there: the AI answers even if the old line continues.
	c.resumeHere = true
}

// play plays a legal move with its animation.
func (c *Controller) play(m game.Move) {
	before := c.game.Position()
	if err := c.game.Play(m); err != nil {
		c.notify(err.Error())
		return
	}
	if c.clockOn {
		// The mover's thinking time comes off its clock; the increment goes on.
		now := c.cfg.Now()
		side := before.SideToMove()
		c.clocks[side] += c.settings.Increment - now.Sub(c.turnStart)
		c.turnStart = now
	}
	c.anims.onMove(before, c.game.Position(), m, c.cfg.Now())
	c.caps, c.capsAt = game.CapturesOf(before, m), c.cfg.Now()
	switch {
	case c.Over():
		c.cues = append(c.cues, cueEnd)
	case len(c.caps) > 0:
		c.cues = append(c.cues, cueCapture)
	default:
		c.cues = append(c.cues, cueMove)
	}
	if len(c.caps) > 0 {
		c.notify(captureText(c.caps))
	}
	c.clearSelection()
	c.hint, c.hintPV = game.NoMove, nil
}

// Undo takes back moves: in a game with a human, back to the human's turn (so
// one press undoes the AI's answer and the human's move); with two AIs, one move,
// and play pauses. An AI still thinking is stopped first.
func (c *Controller) Undo() bool {
	if c.screen != ScreenGame || !c.game.CanUndo() {
		return false
	}
	c.cancelSearch()
	c.game.Undo()
	if c.hasHuman() {
		for !c.IsHuman(c.sideToMove()) && c.game.CanUndo() {
			c.game.Undo()
		}
	} else {
		c.paused = true
	}
	c.afterHistoryJump()
	return true
}

// Redo plays again what Undo took back, up to the next turn of a human.
func (c *Controller) Redo() bool {
	if c.screen != ScreenGame || !c.game.CanRedo() {
		return false
	}
	c.cancelSearch()
	c.game.Redo()
	if c.hasHuman() {
		for !c.IsHuman(c.sideToMove()) && c.game.CanRedo() {
			c.game.Redo()
		}
	}
	c.afterHistoryJump()
	return true
}

// GoTo shows the game after its first ply moves of the line (0 = the start),
// for replay: any game, a loaded one included, can be browsed. A search in
// progress stops; no AI moves while an earlier point is shown (see Update), and
// a move played there starts a new line, as after Undo.
func (c *Controller) GoTo(ply int) bool {
	if c.screen != ScreenGame {
		return false
	}
	ply = max(0, min(ply, len(c.game.Line())))
	if ply == c.game.Ply() {
		return false
	}
	c.cancelSearch()
	for c.game.Ply() > ply && c.game.Undo() {
	}
	for c.game.Ply() < ply && c.game.Redo() {
	}
	c.afterHistoryJump()
	return true
}

// StepBack shows the previous ply; StepForward the next; GoToStart and GoToEnd
// the start and the last move of the line.
func (c *Controller) StepBack() bool { return c.GoTo(c.game.Ply() - 1) }

// StepForward shows the next ply of the line.
func (c *Controller) StepForward() bool { return c.GoTo(c.game.Ply() + 1) }

// GoToStart shows the start position.
func (c *Controller) GoToStart() bool { return c.GoTo(0) }

// GoToEnd shows the last move of the line.
func (c *Controller) GoToEnd() bool { return c.GoTo(len(c.game.Line())) }

// Browsing reports whether an earlier point of the line is shown (moves
// follow it that Redo or End would play again).
func (c *Controller) Browsing() bool { return c.screen == ScreenGame && c.game.CanRedo() }

func (c *Controller) afterHistoryJump() {
	c.resumeHere = false
	c.turnStart = c.cfg.Now() // browsing costs no one time
	c.caps = nil
	c.score, c.hasScore = c.evals[c.positionHash()]
	c.clearSelection()
	c.anims.clear()
	c.hint, c.hintPV = game.NoMove, nil
	c.nextAI = c.cfg.Now()
}

// CanUndo and CanRedo tell whether Undo and Redo would do something.
func (c *Controller) CanUndo() bool { return c.screen == ScreenGame && c.game.CanUndo() }

// CanRedo reports whether Redo would do something.
func (c *Controller) CanRedo() bool { return c.screen == ScreenGame && c.game.CanRedo() }

// Flip turns the board around.
func (c *Controller) Flip() { c.flipped = !c.flipped }

// ToggleHelp shows or hides the help overlay.
func (c *Controller) ToggleHelp() { c.help = !c.help }

// The pages of the help overlay.
const (
	HelpRules = iota // the rules, with small illustrated boards
	HelpKeys         // the keyboard and mouse
	helpPages
)

// HelpPage returns the page the help overlay shows.
func (c *Controller) HelpPage() int { return c.helpPage }

// ShowHelp opens the help overlay on page p.
func (c *Controller) ShowHelp(p int) {
	c.help, c.helpPage = true, (p%helpPages+helpPages)%helpPages
}

// CloseHelp hides the help overlay.
func (c *Controller) CloseHelp() { c.help = false }

// WatchControls reports whether the AI-vs-AI controls (pause, step, pace)
// apply: only when no human plays, since an AI that answers a human must
// always answer.
func (c *Controller) WatchControls() bool { return c.screen == ScreenGame && !c.hasHuman() }

// TogglePause pauses or resumes AI moves when two AIs play; with a human at
// the board it does nothing.
func (c *Controller) TogglePause() {
	if !c.WatchControls() && !c.paused {
		return
	}
	c.paused = !c.paused
	c.stepOnce = false
	c.resumeHere = !c.paused
	if !c.paused {
		c.nextAI = c.cfg.Now()
	}
}

// Step pauses AI-vs-AI play and lets exactly one AI move happen.
func (c *Controller) Step() {
	if !c.WatchControls() {
		return
	}
	c.paused, c.stepOnce = true, true
	c.resumeHere = true
	c.nextAI = c.cfg.Now()
}

// Faster shortens the pause between AI moves; Slower lengthens it.
func (c *Controller) Faster() { c.delay = max(c.delay-1, 0) }

// Slower lengthens the pause between AI moves.
func (c *Controller) Slower() { c.delay = min(c.delay+1, len(delays)-1) }

// Hint asks the hint engine for a move for the human to move; the answer shows
// as an arrow. It reports whether a hint search was started or queued.
func (c *Controller) Hint() bool {
	if !c.HumanToMove() || (c.job != nil && c.job.kind == jobHint) {
		return false
	}
	if c.HintMove() != game.NoMove {
		return true
	}
	if c.hintEng == nil {
		e, err := c.cfg.Engines(c.cfg.HintSpec, c.settings.MoveTime)
		if err != nil {
			c.notify("Cannot give a hint: " + err.Error())
			return false
		}
		c.hintEng = e
	}
	c.wantHint = true
	return true
}

// --- records ---

// recordName is the proposed file name of a saved game.
func (c *Controller) recordName() string {
	return "tablut-" + c.cfg.Now().Format("2006-01-02-150405") + ".txt"
}

// Save writes the game as a record to a new file named after the date in the
// save directory (made if missing) and returns its path.
func (c *Controller) Save() (string, error) {
	if err := os.MkdirAll(c.cfg.SaveDir, 0o755); err != nil {
		dir, _ := filepath.Abs(c.cfg.SaveDir)
		err = fmt.Errorf("cannot save the game: cannot make the folder %s (%v); choose another folder with Save", dir, rootCause(err))
		c.notify(err.Error())
		return "", err
	}
	return c.SaveTo(filepath.Join(c.cfg.SaveDir, c.recordName()))
}

// SaveTo writes the game as a record to path and returns its absolute path.
func (c *Controller) SaveTo(name string) (string, error) {
	if abs, err := filepath.Abs(name); err == nil {
		name = abs
	}
	f, err := os.Create(name)
	if err != nil {
		err = fmt.Errorf("cannot save the game to %s: %v", name, rootCause(err))
		c.notify(err.Error())
		return "", err
	}
	meta := game.RecordMeta{White: c.PlayerName(game.White), Black: c.PlayerName(game.Black), Date: c.cfg.Now().Format("2006-01-02")}
	if c.timeLoss {
		meta.Reason = c.lostOnTime()
	}
	err = c.game.WriteRecord(f, meta)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		err = fmt.Errorf("cannot save the game to %s: %v", name, rootCause(err))
		c.notify(err.Error())
		return "", err
	}
	c.notify("Saved the game to " + name)
	return name, nil
}

// rootCause drops the operation and path that os errors repeat.
func rootCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// SaveAs asks for a file name with the desktop's save dialog and saves there;
// without a dialog it saves to the save directory and says where.
func (c *Controller) SaveAs() { c.askFile(true) }

// Open asks for a record with the desktop's open dialog and loads it; without a
// dialog it says how else to open one.
func (c *Controller) Open() { c.askFile(false) }

// askFile shows a file dialog on a goroutine of its own (it blocks until the
// person answers); Update collects the answer.
func (c *Controller) askFile(save bool) {
	if c.dialog != nil {
		return // one dialog at a time
	}
	ch := make(chan dialogResult, 1)
	c.dialog = ch
	dir, name, d := c.cfg.SaveDir, c.recordName(), c.cfg.Dialogs
	if _, err := os.Stat(dir); err != nil {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	go func() {
		var r dialogResult
		r.save = save
		if save {
			r.path, r.err = d.SaveFile(dir, name)
		} else {
			r.path, r.err = d.OpenFile(dir)
		}
		ch <- r
	}()
}

// DialogOpen reports whether a file dialog is waiting for the person.
func (c *Controller) DialogOpen() bool { return c.dialog != nil }

// pollDialog takes the answer of a file dialog, if it came.
func (c *Controller) pollDialog() {
	var r dialogResult
	select {
	case r = <-c.dialog:
		c.dialog = nil
	default:
		return
	}
	switch {
	case errors.Is(r.err, ErrCancelled):
	case r.err == nil && r.save:
		c.SaveTo(r.path)
	case r.err == nil:
		c.LoadFile(r.path)
	case r.save:
		// No dialog (or a broken one): save where games go without one.
		if path, err := c.Save(); err == nil {
			c.notify("No file dialog on this desktop: saved the game to " + path)
		}
	default:
		dir, _ := filepath.Abs(c.cfg.SaveDir)
		why := "No file dialog on this desktop"
		if !errors.Is(r.err, ErrNoDialog) {
			why = "Cannot open a record: " + r.err.Error()
		}
		c.notify(why + ": drop a record file on the window, or run tablut -load FILE (saved games are in " + dir + ")")
	}
}

// Load reads a record and puts its game on the board; name is for messages.
// When the record names two players this program knows (as saved games do,
// e.g. "human" and "cnn:champion"), they play on; a game between two computer
// players starts paused, to be browsed. Otherwise the current players play on
// under the names the record gives.
func (c *Controller) Load(r io.Reader, name string) error {
	g, meta, err := game.ReadRecord(r)
	if err != nil {
		err = fmt.Errorf("cannot load %s: %v", name, err)
		c.notify(err.Error())
		return err
	}
	c.stopSearch()
	c.paused, c.stepOnce = false, false
	s := Settings{White: strings.TrimSpace(meta.White), Black: strings.TrimSpace(meta.Black), MoveTime: c.settings.MoveTime}
	if s.White != "" && s.Black != "" && CheckSpec(s.White) == nil && CheckSpec(s.Black) == nil {
		if engines, err := c.buildEngines(s); err == nil {
			c.settings, c.engines, c.hintEng = s, engines, nil
			c.paused = engines[game.White] != nil && engines[game.Black] != nil
		}
	}
	c.names = [2]string{strings.TrimSpace(meta.White), strings.TrimSpace(meta.Black)}
	c.setGame(g)
	c.screen, c.started, c.help = ScreenGame, true, false
	c.notify(fmt.Sprintf("Loaded %s (%d moves)", filepath.Base(name), g.Ply()))
	return nil
}

// LoadFile loads the record in file path.
func (c *Controller) LoadFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		err = fmt.Errorf("cannot open record %s: %v", path, err)
		c.notify(err.Error())
		return err
	}
	defer f.Close()
	return c.Load(f, path)
}

// takeCues returns the sounds asked for since the last call.
func (c *Controller) takeCues() []cue {
	q := c.cues
	c.cues = nil
	return q
}

func (c *Controller) notify(s string) { c.msg, c.msgAt = capitalize(s), c.cfg.Now() }

// --- the clock: AI hand-off and animations ---

// Update advances everything driven by time: it collects search progress and
// results without waiting, plays an AI's move, starts the next search when an AI
// is to move, and ends finished animations. Call it once per frame.
func (c *Controller) Update() {
	now := c.cfg.Now()
	if c.dialog != nil {
		c.pollDialog()
	}
	c.anims.prune(now)
	if c.draining != nil {
		if _, ok := c.draining.poll(); ok {
			c.draining = nil
		}
	}
	if c.job != nil {
		c.pollJob(now)
	}
	c.checkFlag(now)
	if c.Over() {
		c.stopPondering()
	}
	if c.job != nil || c.draining != nil || c.screen != ScreenGame || c.Over() {
		return
	}
	side := c.sideToMove()
	if e := c.engines[side]; e != nil {
		if c.paused && !c.stepOnce || now.Before(c.nextAI) || c.game.CanRedo() && !c.resumeHere {
			return
		}
		c.stepOnce = false
		c.startJob(e, jobMove, c.settings.Spec(side), now)
		return
	}
	if c.wantHint {
		c.wantHint = false
		c.startJob(c.hintEng, jobHint, c.cfg.HintSpec, now)
	}
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
	c.job = startJob(e, kind, pos, c.game.RepetitionHistory(), c.game.Ply(), name, budget, now)
	c.info, c.infoValid = ai.Info{}, false
	c.record = SearchRecord{Pos: pos, Ply: c.game.Ply(), Name: name, Hint: kind == jobHint, Running: true}
}

// pollJob takes the running search's news.
func (c *Controller) pollJob(now time.Time) {
	j := c.job
	if infos := j.reports(); len(infos) > 0 {
		info := infos[len(infos)-1]
		c.info, c.infoValid = info, true
		if j.trusted() {
			c.setEval(j.hash, info.Score)
		}
		c.record.add(infos)
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
		c.notify(fmt.Sprintf("%v's AI failed: %v", j.side, r.err))
		return
	}
	if (r.res.Depth > 0 || len(r.res.PV) > 0) && j.trusted() {
		c.setEval(j.hash, r.res.Score)
	}
	switch j.kind {
	case jobHint:
		c.hint, c.hintPly, c.hintPV = r.res.Move, j.ply, r.res.PV
	case jobMove:
		if r.res.Move == game.NoMove {
			return // no legal move: the game is already over
		}
		c.play(r.res.Move)
		c.nextAI = now
		if !c.hasHuman() {
			c.nextAI = now.Add(delays[c.delay])
		}
	}
}

// ClockLeft returns the time left on side s's clock, counting the current
// turn; ok is false in a game without a clock.
func (c *Controller) ClockLeft(s game.Color) (left time.Duration, ok bool) {
	if !c.clockOn {
		return 0, false
	}
	left = c.clocks[s]
	if !c.Over() && c.sideToMove() == s && !c.Browsing() {
		left -= c.cfg.Now().Sub(c.turnStart)
	}
	return max(left, 0), true
}

// checkFlag ends the game when the side to move has run out of time.
func (c *Controller) checkFlag(now time.Time) {
	if !c.clockOn || c.Over() || c.screen != ScreenGame || c.Browsing() {
		return
	}
	side := c.sideToMove()
	if c.clocks[side]-now.Sub(c.turnStart) > 0 {
		return
	}
	c.cancelSearch()
	c.clocks[side] = 0
	c.game.Resign(side)
	c.timeLoss = true
	c.cues = append(c.cues, cueEnd)
}

// moveBudget is the time an AI gives its next move: the move time, or with a
// clock a twentieth of the time left plus most of the increment, whichever is
// less (and never under 50 ms).
func (c *Controller) moveBudget(side game.Color) time.Duration {
	b := c.settings.MoveTime
	if left, ok := c.ClockLeft(side); ok {
		b = min(b, max(50*time.Millisecond, left/20+c.settings.Increment*3/4))
	}
	return b
}

// limitable is an engine whose limits can change between moves (ai/player's
// engines): a clock sets its move time.
type limitable interface {
	Limits() ai.Limits
	SetLimits(ai.Limits)
}

// setEval records the evaluation (White's view) of the position with hash h
// and shows it.
func (c *Controller) setEval(h uint64, score int32) {
	if c.evals == nil {
		c.evals = map[uint64]int32{}
	}
	c.evals[h] = score
	c.score, c.hasScore = score, true
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
	if c.draining == nil {
		c.draining = c.job
	}
	c.job = nil
	c.infoValid = false
	c.record.Running = false
}

// stopSearch cancels the running search and forgets it, for a change of engines.
func (c *Controller) stopSearch() {
	c.cancelSearch()
	c.draining = nil
}

// Close stops any running search; call it when the window closes.
func (c *Controller) Close() { c.stopSearch() }

// sideToMove returns the side to move in the current position.
func (c *Controller) sideToMove() game.Color {
	p := c.game.Position()
	return p.SideToMove()
}

// positionHash returns the hash of the current position.
func (c *Controller) positionHash() uint64 {
	p := c.game.Position()
	return p.Hash()
}
