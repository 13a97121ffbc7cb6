package session

import (
	"fmt"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// The demo: AI against AI, game after game, for an open day, a school
// corridor or a shop window. The two networks of WatchPair take turns with
// White, each game from its own seeded opening (the random plies of the
// match that measured the handicap, game for game), with the node handicap
// and the moves paced to the move time; when a game ends its result and why
// stay on the screen for a few seconds, then the next one starts. Any key
// or click leaves the demo for the start panel (the window's input).
//
// Run all day, the demo must not grow: the engines are kept from game to
// game (buildEngines), what belongs to a game (its evaluations, history,
// captures) goes with it (setGame), and no review starts.

// DemoBetween is how long a finished game of the demo stays on the screen,
// its result and why, before the next one starts.
const DemoBetween = 10 * time.Second

// DemoOpeningPlies is the random plies each demo game begins with, as in
// the handicap's match (tablut match -opening-plies).
const DemoOpeningPlies = 4

// Demo configures the demo (StartDemo); zero fields take the defaults.
type Demo struct {
	// MoveTime paces the games: a move is shown no sooner than this after
	// its search began; default DefaultMoveTime.
	MoveTime time.Duration
	// Between is how long a finished game stays before the next; default
	// DemoBetween.
	Between time.Duration
	// Handicap is Settings.Handicap of the demo's games; default
	// WatchHandicap (1 plays without).
	Handicap int
	// Seed chooses the openings: game i (from 0) plays the opening of game i
	// of `tablut match -side white -seed Seed`; default 1, the handicap's
	// match.
	Seed uint64
}

// demoState is the demo running on the board.
type demoState struct {
	cfg     Demo
	game    int       // the game on the board, from 0
	endedAt time.Time // when it ended; zero while it goes on
	// drawn: the game reached demoMaxPlies undecided and was
	// stopped, as a match adjudicates it.
	drawn    bool
	maxPlies int // demoMaxPlies; tests give fewer
	// score counts the finished games' results: White's wins, Black's
	// wins, draws.
	score [3]int
}

// DemoPair returns the players of demo game i: WatchPair, with its two
// engines taking turns at White.
func DemoPair(i int) (white, black string) {
	w, b := WatchPair()
	if i%2 == 1 {
		return b, w
	}
	return w, b
}

// demoMaxPlies stops a demo game still undecided after so many plies, as
// a match does (internal/lab/match's DefaultMaxPlies; the page's build links
// no lab package).
const demoMaxPlies = 400

// DemoOpening returns the opening plies of demo game i with seed: those of
// game i of a match with the same seed in which player A plays White every
// game (so the demo's default pair plays the measured games' openings).
func DemoOpening(seed uint64, i int) []game.Move {
	return game.SeededOpening(seed, i, DemoOpeningPlies) // match.Config.Opening with Side "white": pair i is game i
}

// StartDemo starts the demo with its first game.
func (c *Controller) StartDemo(d Demo) error {
	if d.MoveTime <= 0 {
		d.MoveTime = DefaultMoveTime
	}
	if d.Between <= 0 {
		d.Between = DemoBetween
	}
	if d.Handicap == 0 {
		d.Handicap = WatchHandicap
	}
	if d.Seed == 0 {
		d.Seed = 1
	}
	c.demo = &demoState{cfg: d, maxPlies: demoMaxPlies}
	c.demoKeep = true
	if err := c.startDemoGame(); err != nil {
		c.demo = nil
		return err
	}
	return nil
}

// startDemoGame starts demo game c.demo.game.
func (c *Controller) startDemoGame() error {
	d := c.demo
	w, b := DemoPair(d.game)
	if err := c.Start(Settings{White: w, Black: b, MoveTime: d.cfg.MoveTime, Handicap: d.cfg.Handicap}); err != nil {
		return err
	}
	g := game.NewGame(game.StartPosition())
	opening := DemoOpening(d.cfg.Seed, d.game)
	for _, m := range opening {
		if err := g.Play(m); err != nil {
			return fmt.Errorf("the demo's opening %v: %v", m, err)
		}
	}
	c.setGame(g)
	c.openingPlies = len(opening)
	d.endedAt, d.drawn = time.Time{}, false
	return nil
}

// InDemo reports whether the demo runs.
func (c *Controller) InDemo() bool { return c.demo != nil }

// LeaveDemo ends the demo: its search stops and the start panel opens, to
// play or watch as the person chooses.
func (c *Controller) LeaveDemo() {
	if c.demo == nil {
		return
	}
	c.demo = nil
	c.cancelSearch()
	c.started = false // the demo's game is not one to go Back to
	c.ShowStart()
}

// DemoStatus describes the demo for the window.
type DemoStatus struct {
	Game int // the game on the board, from 1
	// WhiteWins, BlackWins and Draws count the finished games.
	WhiteWins, BlackWins, Draws int
	// Next is how long until the next game starts, while a finished game
	// is shown; 0 during a game.
	Next time.Duration
}

// Demo returns the demo's state; ok is false when no demo runs.
func (c *Controller) Demo() (st DemoStatus, ok bool) {
	d := c.demo
	if d == nil {
		return st, false
	}
	st = DemoStatus{Game: d.game + 1, WhiteWins: d.score[0], BlackWins: d.score[1], Draws: d.score[2]}
	if !d.endedAt.IsZero() {
		st.Next = max(0, d.endedAt.Add(d.cfg.Between).Sub(c.cfg.Now()))
	}
	return st, true
}

// DemoNote is the demo's line for the status box: when the next game
// starts and who plays it, or "" outside the demo and during a game.
func (c *Controller) DemoNote() string {
	st, ok := c.Demo()
	if !ok || st.Next == 0 && !c.Over() {
		return ""
	}
	w, _ := DemoPair(st.Game)
	return fmt.Sprintf("Next game in %d s: %s as White", int((st.Next+time.Second-1)/time.Second), ShortSpec(w))
}

// demoAdjudicated reports whether the demo stopped the game on the board
// as a draw (no move is searched any more).
func (c *Controller) demoAdjudicated() bool { return c.demo != nil && c.demo.drawn }

// updateDemo counts a game that has just ended and, once it has been shown
// for Demo.Between, starts the next one.
func (c *Controller) updateDemo(now time.Time) {
	d := c.demo
	if d == nil || c.screen != ScreenGame {
		return
	}
	if !c.Over() && !d.drawn && len(c.game.Line()) >= d.maxPlies {
		// No end in sight: a draw, as a match adjudicates it.
		c.cancelSearch()
		d.drawn = true
		c.Notify(fmt.Sprintf("No result after %d plies: a draw", d.maxPlies))
	}
	if !c.Over() && !d.drawn {
		return
	}
	if d.endedAt.IsZero() {
		d.endedAt = now
		switch {
		case d.drawn:
			d.score[2]++
		case c.game.Outcome() == game.WhiteWins:
			d.score[0]++
		case c.game.Outcome() == game.BlackWins:
			d.score[1]++
		default:
			d.score[2]++
		}
		return
	}
	if now.Sub(d.endedAt) < d.cfg.Between {
		return
	}
	d.game++
	if err := c.startDemoGame(); err != nil {
		c.demo = nil
		c.Notify("The demo stopped: " + err.Error())
	}
}
