package session

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// The handicap is a node budget, and only for the default pair (either way
// round), between two engines.
func TestHandicapOnlyForTheDefaultPair(t *testing.T) {
	w, b := WatchPair()
	s := Settings{White: w, Black: b, MoveTime: 2 * time.Second, Handicap: 8}
	require.True(t, s.Handicapped())
	assert.Equal(t, int64(80_000), s.nodesOf(game.White, 80_000))
	assert.Equal(t, int64(10_000), s.nodesOf(game.Black, 80_000))
	assert.Equal(t, 2*time.Second, s.MoveTimeOf(game.Black), "the move time only paces the moves")
	assert.Equal(t, "", s.HandicapNote(game.White))
	assert.Equal(t, "1/8 of the search", s.HandicapNote(game.Black))
	s.White, s.Black = b, w
	assert.True(t, s.Handicapped(), "the demo's other pair")

	for _, o := range []Settings{
		{White: w, Black: Human, Handicap: 8},
		{White: Human, Black: b, Handicap: 8},
		{White: "cnn:champion", Black: b, Handicap: 8},
		{White: w, Black: "level:master", Handicap: 8},
		{White: w, Black: b, Handicap: 1},
	} {
		assert.False(t, o.Handicapped(), "%+v", o)
		assert.Zero(t, o.nodesOf(game.Black, 80_000), "%+v", o)
		assert.Empty(t, o.HandicapNote(game.Black), "%+v", o)
	}
}

// engineLog records the engines a controller asks for: by move time
// (Config.Engines) and by node budget (Config.NodeEngines).
type engineLog struct {
	mu    sync.Mutex
	times map[string]time.Duration
	nodes map[string]int64
	built int
}

func newEngineLog() *engineLog {
	return &engineLog{times: map[string]time.Duration{}, nodes: map[string]int64{}}
}

func (l *engineLog) config(t *testing.T, st Store) Config {
	depth := DepthEngine(1)
	return Config{
		Engines: func(spec string, mt time.Duration) (Engine, error) {
			l.mu.Lock()
			l.times[spec], l.built = mt, l.built+1
			l.mu.Unlock()
			return depth(spec, mt)
		},
		NodeEngines: func(spec string, n int64) (Engine, error) {
			l.mu.Lock()
			l.nodes[spec], l.built = n, l.built+1
			l.mu.Unlock()
			e, err := depth(spec, 0)
			return &newGameCounter{Engine: e}, err
		},
		WatchNodes: 4000, HintSpec: "heuristic", SaveDir: t.TempDir(), Store: st,
	}
}

// newGameCounter counts the NewGame calls of a kept engine.
type newGameCounter struct {
	Engine
	mu       sync.Mutex
	newGames int
}

func (e *newGameCounter) NewGame() {
	e.mu.Lock()
	e.newGames++
	e.mu.Unlock()
}

func (e *newGameCounter) count() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.newGames
}

// Watching from the panel turns the handicap on for the default pair: its
// engines are built with node budgets, Black's 1/WatchHandicap of White's,
// not with move times; the panel's toggle turns it off; the choice is
// remembered.
func TestWatchPairSearchesByNodes(t *testing.T) {
	st := NewMemStore()
	l := newEngineLog()
	c := New(l.config(t, st))
	require.NoError(t, c.WatchNow())
	w, b := WatchPair()
	require.Equal(t, WatchHandicap, c.Settings().Handicap)
	assert.Equal(t, map[string]int64{w: 4000, b: 4000 / WatchHandicap}, l.nodes)
	assert.Empty(t, l.times, "no engine of the handicapped pair searches by time")
	assert.Equal(t, WatchHandicap, newPanelController(t, st).Prefs().Handicap, "remembered")

	c.ShowStart()
	c.TogglePanelHandicap()
	require.NoError(t, c.StartPanel())
	assert.Equal(t, 0, c.Settings().Handicap)
	assert.Equal(t, map[string]time.Duration{w: DefaultMoveTime, b: DefaultMoveTime}, l.times)
	assert.Equal(t, 0, newPanelController(t, st).Prefs().Handicap, "remembered off")

	// Another pair picked in the panel plays as chosen, handicap or not.
	l = newEngineLog()
	c = New(l.config(t, NewMemStore()))
	require.NoError(t, c.Start(Settings{White: "cnn:champion", Black: b, MoveTime: time.Second, Handicap: WatchHandicap}))
	assert.Empty(t, l.nodes)
	assert.Equal(t, map[string]time.Duration{"cnn:champion": time.Second, b: time.Second}, l.times)
	assert.Empty(t, c.Settings().HandicapNote(game.Black))
}

// NodeEngine searches by nodes alone: no move time, one thread, a fixed
// seed, so two engines built alike play the same move with the same node
// count whatever the machine's speed or load.
func TestNodeEngineHasNoClock(t *testing.T) {
	w, _ := WatchPair()
	e, err := NodeEngine(w, 3000)
	require.NoError(t, err)
	pe, ok := e.(*player.Engine)
	require.True(t, ok, "an ai/player engine, %T", e)
	assert.Equal(t, ai.Limits{Nodes: 3000}, pe.Limits())

	pos := game.StartPosition()
	for _, m := range DemoOpening(1, 0) {
		pos.Make(m)
	}
	r1, err := e.Move(context.Background(), pos, nil, nil)
	require.NoError(t, err)
	e2, err := NodeEngine(w, 3000)
	require.NoError(t, err)
	r2, err := e2.Move(context.Background(), pos, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, r1.Move, r2.Move)
	assert.Equal(t, r1.Nodes, r2.Nodes)
	assert.Equal(t, r1.Score, r2.Score)
}

// A handicapped game's move is shown no sooner than the move time after
// its search began, however soon the node budget is spent.
func TestHandicappedMovesArePaced(t *testing.T) {
	clk := &fakeClock{t: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	cfg := newEngineLog().config(t, NewMemStore())
	cfg.Now = clk.now
	c := New(cfg)
	w, b := WatchPair()
	require.NoError(t, c.Start(Settings{White: w, Black: b, MoveTime: 3 * time.Second, Handicap: WatchHandicap}))
	c.Update()
	require.NotNil(t, c.job)
	j := c.job
	deadline := time.Now().Add(30 * time.Second)
	for len(j.done) == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond) // the search's own goroutine ends
	}
	require.Len(t, j.done, 1, "the depth-1 search did not end")
	clk.advance(3*time.Second - time.Millisecond)
	c.Update()
	assert.Equal(t, 0, c.Game().Ply(), "shown before the move time")
	clk.advance(time.Millisecond)
	c.Update()
	assert.Equal(t, 1, c.Game().Ply())
}

// A rematch keeps the engines (their tables and networks) rather than
// building new ones, and each forgets the last game before its first move.
func TestRematchKeepsTheEngines(t *testing.T) {
	clk := &fakeClock{t: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	l := newEngineLog()
	cfg := l.config(t, NewMemStore())
	cfg.Now = clk.now
	c := New(cfg)
	w, b := WatchPair()
	require.NoError(t, c.Start(Settings{White: w, Black: b, MoveTime: time.Millisecond, Handicap: WatchHandicap}))
	first := c.engines
	advanceUntil(t, c, clk, func() bool { return c.Game().Ply() >= 2 })
	require.NoError(t, c.Rematch())
	assert.Equal(t, 2, l.built, "no engine built for the rematch")
	assert.Same(t, first[game.White], c.engines[game.White])
	assert.Same(t, first[game.Black], c.engines[game.Black])
	advanceUntil(t, c, clk, func() bool { return c.Game().Ply() >= 2 })
	for _, e := range c.engines {
		assert.Equal(t, 1, e.(*newGameCounter).count(), "the kept engine forgot the last game once")
	}
	// The demo's other pair takes the same two engines on the other sides.
	require.NoError(t, c.Start(Settings{White: b, Black: w, MoveTime: time.Millisecond, Handicap: WatchHandicap}))
	assert.Equal(t, 2, l.built)
	assert.Same(t, first[game.White], c.engines[game.Black])
}

// A kept engine that changes sides takes the new side's node budget.
func TestKeptEngineTakesItsSidesBudget(t *testing.T) {
	c := New(Config{Engines: DepthEngine(1), WatchNodes: 4000, HintSpec: "heuristic", SaveDir: t.TempDir(), Store: NewMemStore()})
	w, b := WatchPair()
	require.NoError(t, c.Start(Settings{White: w, Black: b, Handicap: 8}))
	first := c.engines
	require.NoError(t, c.Start(Settings{White: b, Black: w, Handicap: 8}))
	require.Same(t, first[game.White], c.engines[game.Black])
	assert.Equal(t, ai.Limits{Nodes: 4000}, c.engines[game.White].(*player.Engine).Limits())
	assert.Equal(t, ai.Limits{Nodes: 500}, c.engines[game.Black].(*player.Engine).Limits())
}

// advanceUntil runs the controller, moving its clock on by a second a step,
// until cond holds.
func advanceUntil(t *testing.T, c *Controller, clk *fakeClock, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		c.Update()
		if cond() {
			return
		}
		clk.advance(time.Second)
		time.Sleep(200 * time.Microsecond)
	}
	t.Fatalf("the controller did not get there: ply %d, busy %v, over %v", c.Game().Ply(), c.Busy(), c.Over())
}
