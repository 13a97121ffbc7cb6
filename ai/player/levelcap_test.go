package player

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// fakeClock is the time of a deliberately slow machine: every evaluation
// takes step of it. It cancels the context it made (withTimeout) once its
// time passes that context's deadline, as a real timer would on such a
// machine, so the test does not depend on the wall clock.
type fakeClock struct {
	step     time.Duration
	now      atomic.Int64 // nanoseconds since the move started
	deadline atomic.Int64 // 0: none
	cancel   context.CancelFunc
	evals    atomic.Int64 // evaluations in all
	late     atomic.Int64 // evaluations after the deadline
}

func (c *fakeClock) withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	c.cancel = cancel
	c.now.Store(0)
	c.deadline.Store(int64(d))
	return ctx, cancel
}

// slowEval is the heuristic on the fake slow machine.
type slowEval struct {
	base  ai.Evaluator
	clock *fakeClock
}

func (s *slowEval) Evaluate(p *game.Position) int32 {
	c := s.clock
	c.evals.Add(1)
	now := c.now.Add(int64(c.step))
	if d := c.deadline.Load(); d > 0 && now >= d {
		if now-int64(c.step) >= d {
			c.late.Add(1)
			// The slow machine is slow in real time too: the goroutine
			// that turns the cancelled context into the search's stop
			// flag gets to run.
			time.Sleep(50 * time.Microsecond)
		}
		c.cancel()
	}
	return s.base.Evaluate(p)
}

func (s *slowEval) Name() string { return "slow-heuristic" }

// TestLevelNodeBudgetCappedByMoveTime plays one move of the Expert level
// (20,000 nodes) on a machine where an evaluation takes 1 ms: its budget
// would take it about 20 s. With a chosen move time of 300 ms, the search
// stops there and plays a legal move; without a move time it spends its
// budget (and is deterministic).
func TestLevelNodeBudgetCappedByMoveTime(t *testing.T) {
	expert, ok := LevelNamed("expert")
	require.True(t, ok)
	require.Positive(t, expert.Nodes)
	pos := game.StartPosition()

	moveTime := 300 * time.Millisecond
	clock := &fakeClock{step: time.Millisecond}
	e := NewEngine(Spec{Kind: LevelKind, Net: "expert", MoveTime: moveTime, Threads: 1, Seed: 1},
		&slowEval{base: ai.NewHeuristic(), clock: clock})
	require.Equal(t, moveTime, e.MoveCap())
	require.Equal(t, expert.Limits(), e.Limits(), "the level's own limits are unchanged")
	e.cap.withTimeout = clock.withTimeout
	r, err := e.Move(context.Background(), pos, nil, nil)
	require.NoError(t, err)
	assert.True(t, pos.IsLegal(r.Move), "a legal move")
	thought := time.Duration(clock.now.Load())
	t.Logf("capped: %d evaluations, %v on the slow machine (%d after the move time), %d nodes of %d", clock.evals.Load(), thought, clock.late.Load(), r.Nodes, expert.Nodes)
	assert.Less(t, r.Nodes, expert.Nodes/4, "stopped well before the node budget")
	// The stop flag is raised from the context's own goroutine, so a few
	// evaluations may follow the deadline; a tenth of the move time at most.
	assert.LessOrEqual(t, thought, moveTime+moveTime/10, "thought about the move time, not the node budget's time")

	// No move time: the node budget alone, as before.
	clock2 := &fakeClock{step: time.Millisecond}
	e2 := NewEngine(Spec{Kind: LevelKind, Net: "expert", Threads: 1, Seed: 1},
		&slowEval{base: ai.NewHeuristic(), clock: clock2})
	require.Zero(t, e2.MoveCap())
	r2, err := e2.Move(context.Background(), pos, nil, nil)
	require.NoError(t, err)
	t.Logf("uncapped: %d evaluations, %v on the slow machine, %d nodes", clock2.evals.Load(), time.Duration(clock2.now.Load()), r2.Nodes)
	assert.GreaterOrEqual(t, r2.Nodes, expert.Nodes, "spent its budget")
	assert.Greater(t, time.Duration(clock2.now.Load()), 10*moveTime)
}

// TestMoveCapOnlyForNodeLevels checks which engines get a cap: levels with a
// node budget and a move time, nothing else.
func TestMoveCapOnlyForNodeLevels(t *testing.T) {
	for _, c := range []struct {
		spec Spec
		want time.Duration
	}{
		{Spec{Kind: LevelKind, Net: "master", MoveTime: time.Second}, time.Second},
		{Spec{Kind: LevelKind, Net: "expert", MoveTime: 5 * time.Second}, 5 * time.Second},
		{Spec{Kind: LevelKind, Net: "master"}, 0},
		{Spec{Kind: LevelKind, Net: "club", MoveTime: time.Second}, 0}, // a depth level
		{Spec{Kind: Heuristic, Nodes: 1000, MoveTime: time.Second}, 0},
	} {
		assert.Equal(t, c.want, newMoveCap(c.spec).d, "%+v", c.spec)
	}
}
