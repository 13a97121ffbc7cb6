package session

import (
	"context"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// Screen is what the window shows.
type Screen uint8

const (
	// ScreenStart is the start panel: choose the players and the move time.
	ScreenStart Screen = iota
	// ScreenGame is the board.
	ScreenGame
	// ScreenLink is the question a page's link asks over the kept game it
	// would replace (linkgame.go): the game stands still meanwhile.
	ScreenLink
)

// Config wires a Controller to the world; zero fields take defaults.
type Config struct {
	Engines EngineFactory // builds the AI players; default PlayerEngine
	// NodeEngines builds the engines of a handicapped game (Settings.Handicapped),
	// which search by node budgets; default NodeEngine.
	NodeEngines func(spec string, nodes int64) (Engine, error)
	// WatchNodes is White's node budget in a handicapped game; default
	// WatchNodes. Tests give a small one.
	WatchNodes int64
	Now        func() time.Time // the clock; default time.Now
	HintSpec   string           // the engine asked for hints; default DefaultOpponent
	SaveDir    string           // where Save writes records without a dialog; default RecordsDir()
	Dialogs    Dialogs          // the file dialogs; default DesktopDialogs (WindowsDialogs on Windows, BrowserDialogs in a browser)
	// Store keeps what outlives a run (the person's last choices, the game
	// on the board); default DefaultStore(). Tests give NewMemStore().
	Store Store
	// KeepLastGame keeps the game on the board in Store after every move
	// and at Close, and OfferLastGame puts it back behind the start panel at
	// the next run (lastgame.go). Off in tests, which must not touch a
	// person's store.
	KeepLastGame bool
	// NoPonder keeps an AI playing a person from thinking on the person's
	// time (by default it ponders the reply it expects; see player.Engine).
	NoPonder bool
	// ReviewSpec is the engine that reviews a finished game (review.go);
	// nil, the strongest engine at ReviewMoveTime. Tests give a small
	// depth-limited one.
	ReviewSpec *player.Spec
	// EstimateSpec is the engine whose estimates the evaluation bar and the
	// chart show (estimate.go); nil, the strongest engine on EstimateNodes.
	// Tests give a small depth-limited one.
	EstimateSpec *player.Spec
	// EstimateBy, when set, computes each estimate (White's view) instead of
	// a searcher of the window's own: the page's search workers
	// (web/workers_js.go), which make it with player.NewEstimator. An error
	// turns the estimates off, with the bar grey.
	EstimateBy func(ctx context.Context, spec player.Spec, pos game.Position) (int32, error)
}

// Cue is a sound the controller asks for; the window plays it (ui/sound.go).
type Cue uint8

// The cues, one per kind of event on the board.
const (
	CueMove    Cue = iota // a move without a capture
	CueCapture            // a move that captured
	CueEnd                // the game ended (by a move or on time)
)

// Controller is the window's state machine, with no drawing and no input
// handling: intents come in as method calls, and Update, called once per frame,
// advances the clock-driven parts (AI hand-off, animations). It is used from one
// goroutine (Ebitengine's); background searches only talk to it over channels.
type Controller struct {
	cfg       Config
	screen    Screen
	settings  Settings // of the game on the board
	panel     Settings // being edited in the start panel
	panelErr  string
	panelAt   time.Time // when the start panel was opened over a game
	personOpp string    // the opponent last chosen for a person in the panel
	moreFor   int       // the side whose "More engines..." list is open, -1 for none
	prefs     Prefs     // the choices kept between runs
	prefsNote string    // why the kept choices could not be read, if so

	game    *game.Game
	engines [2]Engine // nil for a human side
	// engineKeys say what each engine was built for, and newGame which of
	// them were kept from the last game and forget it before their next
	// search (buildEngines).
	engineKeys [2]engineKey
	newGame    [2]bool
	hintEng    Engine
	// hintName is hintEng's spec: the hint engine's, or the classroom
	// view's engine (HintWith).
	hintName string

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

	job       *searchJob   // the running search, if any
	draining  []*searchJob // cancelled searches still winding down
	info      ai.Info      // latest report of job
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
	// clockAt holds the clocks at the start of each ply's turn (index: the
	// ply), so that Undo and browsing show and restore that ply's clocks.
	clockAt []([2]time.Duration)
	// clockLive lets the clock of the side to move run after Undo, though
	// moves follow in the line (a person takes a move back to play
	// another, as on a real clock); browsing keeps it stopped.
	clockLive bool
	helpAt    time.Time // when the help overlay (which hides the board) opened

	// evals remembers the review's evaluation of each position of this game
	// (by Zobrist hash) and the engine that gave it: the window shows the
	// evaluation of the position on the board only, so that undo, redo and
	// replay show what is known of the position shown, and a position
	// nobody evaluated shows none.
	evals map[uint64]evalEntry
	// est estimates every position of the game in the background, one at a
	// time (estJob), into estimates, kept by hash across games: the
	// evaluation shown where the review gave none (estimate.go).
	est       *estimator
	estJob    *estimateJob
	estimates map[uint64]int32
	// bookMoves remembers the engines' moves from the opening book, by the
	// hash of the position each led to (see LastBookMove).
	bookMoves map[uint64]BookMove

	// names are the players' names shown in the panel and written to saved
	// records: the specs of the players, or the names a loaded record gives.
	names [2]string

	anims   Anims
	started bool // a game was started or loaded (Back may return to it)

	msg   string
	msgAt time.Time

	cues    []Cue          // sounds asked for since the last TakeCues
	caps    []game.Capture // what the last move captured, marked for a moment
	capsAt  time.Time
	warn    warning      // the threats in the position on the board, cached
	danger  dangerCache  // the danger preview of the selection, cached
	refused refusal      // the latest click that did nothing, and why
	lesson  *lessonState // the "Learn to play" lesson, when it is on the board
	puzzle  *puzzleState // the puzzle on the board, if any (puzzle.go)
	// puzzleRes are the kept puzzle results, read at the first use.
	puzzleRes *PuzzleResults
	proof     *proofJob // the classroom's proof of the puzzle (puzzleproof.go)

	dialog chan dialogResult // the answer of the open file dialog, if one is up

	review *reviewState // the review of the finished game on the board, running or done
	// openingPlies is how many random plies a loaded match record says its
	// game began with: a review starts after them.
	openingPlies int
	// tags are a loaded record's own tags (a review's aside), written
	// back when the game is saved.
	tags []game.RecordTag

	keepFailed bool       // the Store refused the last game once (said in the status)
	demo       *demoState // the demo, while it runs (demo.go)
	// demoKeep: the demo ran and no game of the person's has been started
	// or loaded since, so the game kept from an earlier run stays as it
	// is (keepGame).
	demoKeep bool
	// link is the game a page's link asks for while the kept game is on
	// the board and the question up (ScreenLink).
	link *Settings
	// linkPanel is a declined link's game: the start panel opens on it
	// once (ShowStart).
	linkPanel *Settings
}

// New returns a controller showing the start panel with the choices kept
// from the last run (Prefs), or the default settings.
func New(cfg Config) *Controller {
	if cfg.Engines == nil {
		cfg.Engines = PlayerEngine
	}
	if cfg.NodeEngines == nil {
		cfg.NodeEngines = NodeEngine
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
		cfg.Dialogs = defaultDialogs()
	}
	if cfg.Store == nil {
		cfg.Store = DefaultStore()
	}
	c := &Controller{cfg: cfg, selected: game.NoSquare, delay: defaultDelay, moreFor: -1}
	c.est = newEstimator(cfg)
	c.prefs, c.prefsNote = loadPrefs(cfg.Store)
	c.panel = c.prefs.settings()
	c.settings = c.panel
	if c.prefsNote != "" {
		c.Notify(c.prefsNote)
	}
	c.game = game.NewGame(game.StartPosition())
	return c
}

// Now returns the time on the controller's clock (Config.Now), which the
// window's animations follow too.
func (c *Controller) Now() time.Time { return c.cfg.Now() }

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

// Message returns the latest notice for the status line, for a few seconds.
func (c *Controller) Message() string {
	if c.msg != "" && c.cfg.Now().Sub(c.msgAt) < 8*time.Second {
		return c.msg
	}
	return ""
}

// Over reports whether the game has ended.
func (c *Controller) Over() bool { return c.game.Outcome() != game.Ongoing }

// IsHuman reports whether side s is played at the window.
func (c *Controller) IsHuman(s game.Color) bool { return c.engines[s] == nil }

// HumanToMove reports whether a human may move now.
func (c *Controller) HumanToMove() bool {
	return c.screen == ScreenGame && !c.Over() && c.IsHuman(c.sideToMove()) && c.puzzleMoves()
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

// evalEntry is one position's evaluation and the engine that gave it.
type evalEntry struct {
	score int32  // White's view
	by    string // the spec of the engine whose search gave it
}

// Eval returns the evaluation (White's view) of the position on the board,
// and whether one was computed for it; a finished game's is its result.
func (c *Controller) Eval() (int32, bool) {
	switch c.game.Outcome() {
	case game.WhiteWins:
		return ai.MaxEval, true
	case game.BlackWins:
		return -ai.MaxEval, true
	case game.Draw:
		return 0, true
	}
	e, ok := c.evalOf(c.positionHash())
	return e.score, ok
}

// EvalBy returns the spec of the engine whose search gave Eval, or "" (no
// evaluation, or the game's result).
func (c *Controller) EvalBy() string {
	if c.Over() {
		return ""
	}
	e, _ := c.evalOf(c.positionHash())
	return e.by
}

// Animations returns the running animations.
func (c *Controller) Animations() *Anims { return &c.anims }

// TakeCues returns the sounds asked for since the last call.
func (c *Controller) TakeCues() []Cue {
	q := c.cues
	c.cues = nil
	return q
}

// Notify shows s in the status line for a few seconds (see Message).
func (c *Controller) Notify(s string) { c.msg, c.msgAt = Capitalize(s), c.cfg.Now() }

// Update advances everything driven by time: it collects search progress and
// results without waiting, plays an AI's move, starts the next search when an AI
// is to move, and ends finished animations. Call it once per frame.
func (c *Controller) Update() {
	now := c.cfg.Now()
	if c.dialog != nil {
		c.pollDialog()
	}
	c.anims.prune(now)
	c.draining = slices.DeleteFunc(c.draining, func(j *searchJob) bool {
		_, ok := j.poll()
		return ok
	})
	if c.job != nil {
		c.pollJob(now)
	}
	if c.review != nil {
		c.pollReview()
	}
	c.pollEstimate()
	if c.puzzle != nil {
		c.pollPuzzle(now)
	}
	c.checkFlag(now)
	c.updateDemo(now)
	if c.Over() {
		c.stopPondering()
	}
	if c.job != nil || len(c.draining) > 0 || c.screen != ScreenGame || c.Over() || c.help || c.demoAdjudicated() {
		return // no new search while the help hides the board: its clock stands still
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
		c.startJob(c.hintEng, jobHint, c.hintName, now)
	}
}

// setEval records the evaluation (White's view) of the position with hash h
// by the engine spec by.
func (c *Controller) setEval(h uint64, score int32, by string) {
	if c.evals == nil {
		c.evals = map[uint64]evalEntry{}
	}
	c.evals[h] = evalEntry{score, by}
}

// Close stops any running search and keeps the game on the board (with
// Config.KeepLastGame); call it when the window closes.
func (c *Controller) Close() {
	c.stopSearch()
	c.stopReview()
	c.stopEstimate()
	c.stopPuzzle()
	c.keepGame()
}

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
