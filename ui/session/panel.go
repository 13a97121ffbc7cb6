package session

import (
	"fmt"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// Settings choose the players and the pace of a game.
type Settings struct {
	White, Black string        // Human or an engine spec such as "cnn:champion"
	MoveTime     time.Duration // wall time per engine move
	// Clock, if positive, gives each side this much time for the game, and
	// Increment more after each of its moves; a side whose time runs out
	// loses. An AI then budgets its moves from its clock.
	Clock, Increment time.Duration
	// Handicap, if above 1, makes a game of a HandicapPair a contest:
	// between equal engines Black wins most games, so both search by node
	// budgets, White Config.WatchNodes a move and Black 1/Handicap of that
	// (WatchHandicap). Any other pair plays as chosen.
	Handicap int
}

// MoveTimeOf returns the move time of side c's engine. A handicapped game
// searches by nodes (Handicapped), and the move time only paces its moves.
func (s Settings) MoveTimeOf(c game.Color) time.Duration { return s.MoveTime }

// Handicapped reports whether the game plays with the node handicap: a
// HandicapPair, both engines, with Handicap above 1.
func (s Settings) Handicapped() bool {
	return s.Handicap > 1 && s.White != Human && s.Black != Human && HandicapPair(s.White, s.Black)
}

// nodesOf returns side c's node budget in a handicapped game: whiteNodes
// for White, 1/Handicap of it for Black (at least 1); 0 in any other game.
func (s Settings) nodesOf(c game.Color, whiteNodes int64) int64 {
	switch {
	case !s.Handicapped():
		return 0
	case c == game.Black:
		return max(1, whiteNodes/int64(s.Handicap))
	}
	return whiteNodes
}

// HandicapNote returns a few words on side c's handicap for the players'
// labels ("1/8 of the search"), or "" when it has none.
func (s Settings) HandicapNote(c game.Color) string {
	if c == game.Black && s.Handicapped() {
		return fmt.Sprintf("1/%d of the search", s.Handicap)
	}
	return ""
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

// DefaultSettings returns a human (White) against DefaultLevel, the level a
// newcomer can beat, 2 s per move for the engines.
func DefaultSettings() Settings {
	return Settings{White: Human, Black: DefaultLevel, MoveTime: DefaultMoveTime}
}

// PlayMode is who sits at the window, the start panel's first row.
type PlayMode uint8

// The modes, in the order the panel offers them.
const (
	PlayWhite PlayMode = iota // the person plays White against an AI
	PlayBlack                 // the person plays Black against an AI
	PlayTwo                   // two people at one board
	PlayWatch                 // two AIs; the person watches
)

// Modes lists the modes with their labels, in the panel's order.
var Modes = []struct {
	Mode  PlayMode
	Label string
}{{PlayWhite, "I play White"}, {PlayBlack, "I play Black"}, {PlayTwo, "Two players"}, {PlayWatch, "Watch AI vs AI"}}

// PanelMode returns the start panel's mode, read off its players.
func (c *Controller) PanelMode() PlayMode {
	w, b := c.panel.White == Human, c.panel.Black == Human
	switch {
	case w && b:
		return PlayTwo
	case w:
		return PlayWhite
	case b:
		return PlayBlack
	}
	return PlayWatch
}

// panelOpponent is the computer player the panel offers for a person's
// opponent: the one chosen so far, else the default level.
func (c *Controller) panelOpponent() string {
	for _, s := range []string{c.panel.Black, c.panel.White} {
		if s != Human {
			return s
		}
	}
	return DefaultLevel
}

// SetPanelMode chooses who sits at the window. The person's opponent stays
// the opponent (on the other side when the person changes sides, and again
// after a visit to the other modes); watching takes the default pairing
// (watchFromPanel).
func (c *Controller) SetPanelMode(m PlayMode) {
	if cur := c.PanelMode(); cur == PlayWhite || cur == PlayBlack {
		c.personOpp = c.panelOpponent()
	}
	opp := c.personOpp
	if opp == "" {
		opp = DefaultLevel
	}
	switch m {
	case PlayWhite:
		c.panel.White, c.panel.Black = Human, opp
	case PlayBlack:
		c.panel.White, c.panel.Black = opp, Human
	case PlayTwo:
		c.panel.White, c.panel.Black = Human, Human
	case PlayWatch:
		c.watchFromPanel()
	}
	c.panelErr = ""
	c.moreFor = -1
}

// AISides returns the sides the start panel lets choose a computer player
// for: the person's opponent, or both sides when watching.
func (c *Controller) AISides() []game.Color {
	var out []game.Color
	for _, s := range []game.Color{game.White, game.Black} {
		if c.panel.Spec(s) != Human {
			out = append(out, s)
		}
	}
	return out
}

// ToggleMoreEngines opens or closes the "More engines..." list for side s.
func (c *Controller) ToggleMoreEngines(s game.Color) {
	if c.moreFor == int(s) {
		c.moreFor = -1
	} else {
		c.moreFor = int(s)
	}
}

// MoreEnginesFor returns the side whose "More engines..." list is open.
func (c *Controller) MoreEnginesFor() (game.Color, bool) {
	return game.Color(max(c.moreFor, 0)), c.moreFor >= 0
}

// PanelNotice is a sentence for the start panel about the kept settings
// (a damaged file that was ignored), or "".
func (c *Controller) PanelNotice() string { return c.prefsNote }

// Panel returns the settings being edited in the start panel and the latest
// error in them.
func (c *Controller) Panel() (Settings, string) { return c.panel, c.panelErr }

// SetPanel puts s in the start panel, to be edited or started.
func (c *Controller) SetPanel(s Settings) { c.panel, c.panelErr = s, "" }

// SetPanelSide chooses the player of side s in the start panel.
func (c *Controller) SetPanelSide(s game.Color, spec string) {
	if s == game.White {
		c.panel.White = spec
	} else {
		c.panel.Black = spec
	}
	c.panelErr = ""
	if _, ok := EngineChoiceOf(spec); !ok {
		c.moreFor = -1 // a level or a person: the engines' list closes
	}
}

// CyclePanelSide chooses the next player of side s in the start panel:
// a person, the levels from the easiest, then the engines from the weakest.
func (c *Controller) CyclePanelSide(s game.Color) {
	choices := append(append([]string{Human}, LevelChoices()...), AIChoices()...)
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
	if c.panel.White == w && c.panel.Black == b {
		c.panel.Handicap = WatchHandicap
	}
	c.panelErr = ""
}

// TogglePanelHandicap switches the start panel's handicap (Settings.Handicap)
// between none and WatchHandicap.
func (c *Controller) TogglePanelHandicap() {
	if c.panel.Handicap > 1 {
		c.panel.Handicap = 0
	} else {
		c.panel.Handicap = WatchHandicap
	}
}

// ShowStart opens the start panel with the current game's settings; Back returns.
func (c *Controller) ShowStart() {
	c.panel, c.panelErr = c.settings, ""
	if c.linkPanel != nil {
		// A link's game declined for the kept one: its choices, once.
		c.panel, c.linkPanel = *c.linkPanel, nil
	}
	if c.screen == ScreenGame {
		c.panelAt = c.cfg.Now()
	}
	c.setHelp(false)
	c.screen = ScreenStart
}

// Back leaves the start panel for the game on the board, if any was started.
func (c *Controller) Back() {
	if c.started {
		// The time spent in the panel is no one's: the clock of the side to
		// move starts again where it stood.
		c.turnStart = c.turnStart.Add(c.cfg.Now().Sub(c.panelAt))
		c.screen = ScreenGame
	}
}

// StartPanel starts a new game with the start panel's settings; an error (a bad
// player) stays in the panel.
func (c *Controller) StartPanel() error {
	c.demo, c.demoKeep = nil, false
	err := c.Start(c.panel)
	if err != nil {
		c.panelErr = err.Error()
		return err
	}
	c.rememberPanel(c.settings)
	return nil
}

// WatchNow starts a game between two AIs from the start panel at once: the
// A key and the panel's watch button do the same.
func (c *Controller) WatchNow() error {
	c.watchFromPanel()
	return c.StartPanel()
}

// watchFromPanel sets the panel to two AIs. Coming from a game with a
// person, the opponent was chosen for a person (a level to beat), so both
// sides take the default pairing; two AIs already chosen stay (PanelWatch).
func (c *Controller) watchFromPanel() {
	if c.PanelMode() != PlayWatch {
		c.panel.White, c.panel.Black = WatchPair()
	}
	c.PanelWatch()
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
	c.lesson = nil
	c.stopPuzzle()
	c.settings, c.engines = s, engines
	c.hintEng = nil
	c.names = [2]string{s.White, s.Black}
	c.setGame(game.NewGame(game.StartPosition()))
	c.clockOn = s.Clock > 0
	c.clocks = [2]time.Duration{s.Clock, s.Clock}
	c.clockAt = [][2]time.Duration{c.clocks}
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
// human side). A handicapped game's engines search by nodes
// (Config.NodeEngines); an engine of the game on the board with the same
// spec and kind of limit is kept (a rematch, the demo's next game), so that its
// table and network are reused rather than allocated again each game: a
// window that plays AI against AI all day must not grow. Its table is
// cleared before its first search of the new game (startJob).
func (c *Controller) buildEngines(s Settings) ([2]Engine, error) {
	var engines [2]Engine
	var keys [2]engineKey
	var fresh [2]bool
	pool, poolKeys := c.engines, c.engineKeys
	for _, side := range []game.Color{game.White, game.Black} {
		spec := s.Spec(side)
		if spec == Human {
			continue
		}
		nodes := s.nodesOf(side, c.watchNodes())
		k := engineKey{spec: spec, byNodes: nodes > 0, moveTime: s.MoveTimeOf(side)}
		if k.byNodes {
			k.moveTime = 0
		}
		keys[side] = k
		if e, ok := keptEngine(&pool, poolKeys, k); ok {
			if l, ok := e.(limitable); ok && k.byNodes {
				// The demo's pairs change sides, and the budget with the side.
				lim := l.Limits()
				lim.Nodes = nodes
				l.SetLimits(lim)
			}
			engines[side], fresh[side] = e, true
			continue
		}
		var e Engine
		var err error
		if k.byNodes {
			e, err = c.cfg.NodeEngines(spec, nodes)
		} else {
			e, err = c.cfg.Engines(spec, k.moveTime)
		}
		if err != nil {
			return engines, fmt.Errorf("cannot set up %v's player: %v", side, err)
		}
		engines[side] = e
	}
	c.engineKeys, c.newGame = keys, fresh
	// An AI ponders only against a person: two AIs pondering would take
	// each other's processor time.
	for _, side := range []game.Color{game.White, game.Black} {
		if p, ok := engines[side].(ponderable); ok {
			p.SetPonder(!c.cfg.NoPonder && engines[side.Other()] == nil)
		}
	}
	return engines, nil
}

// engineKey is what an engine was built for: its spec, and a node budget
// (which a kept engine takes from its new side) or its move time.
type engineKey struct {
	spec     string
	byNodes  bool
	moveTime time.Duration
}

// keptEngine returns an engine of pool (the game on the board's) built for
// k, and takes it off pool so that one engine never plays both sides.
func keptEngine(pool *[2]Engine, keys [2]engineKey, k engineKey) (Engine, bool) {
	for side, e := range pool {
		if e != nil && keys[side] == k {
			pool[side] = nil
			return e, true
		}
	}
	return nil, false
}

// HandicapNodes returns side c's node budget in a game with settings s:
// for a handicapped game (Settings.Handicapped) White's is WatchNodes (or
// Config.WatchNodes) and Black's 1/Handicap of it; 0 otherwise.
func (c *Controller) HandicapNodes(s Settings, side game.Color) int64 {
	return s.nodesOf(side, c.watchNodes())
}

// watchNodes is White's node budget in a handicapped game: Config.WatchNodes,
// or WatchNodes.
func (c *Controller) watchNodes() int64 {
	if c.cfg.WatchNodes > 0 {
		return c.cfg.WatchNodes
	}
	return WatchNodes
}

// setGame puts g on the board and clears what belonged to the previous position.
func (c *Controller) setGame(g *game.Game) {
	c.game = g
	c.openingPlies, c.tags = 0, nil
	c.caps = nil
	c.clockOn, c.timeLoss = false, false // a loaded game is played on without a clock
	c.clockAt, c.clockLive = nil, false
	c.evals = map[uint64]evalEntry{}
	c.bookMoves = nil
	c.ClearSelection()
	c.anims.clear()
	c.hint, c.hintPV = game.NoMove, nil
	c.nextAI = c.cfg.Now()
}
