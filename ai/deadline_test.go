package ai

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// stuckEval is the heuristic until it has scored a number of positions, then
// blocks every thread that calls it until released: a stand-in for threads the
// operating system does not schedule on an oversubscribed machine.
type stuckEval struct {
	h       *Heuristic
	left    atomic.Int64
	free    atomic.Bool // new calls pass; those already blocked stay blocked
	release chan struct{}
	once    sync.Once
}

func (e *stuckEval) Name() string { return "stuck" }

func (e *stuckEval) Evaluate(p *game.Position) int32 {
	if !e.free.Load() && e.left.Add(-1) < 0 {
		<-e.release
	}
	return e.h.Evaluate(p)
}

func (e *stuckEval) unblock() { e.once.Do(func() { close(e.release) }) }

// TestSearchReturnsAtDeadlineWhileThreadsAreStuck: the threads stop answering
// after a few thousand evaluations, so they never see the stop flag; Search
// must still return a legal move (the last completed iteration's) at its
// return deadline; a timed search while they are stuck answers with a one-ply
// move, and once they are free the next search waits for them and works.
// Without the deadline return this test hangs (it asserts no wall time).
func TestSearchReturnsAtDeadlineWhileThreadsAreStuck(t *testing.T) {
	e := &stuckEval{h: NewHeuristic(), release: make(chan struct{})}
	e.left.Store(50)
	defer e.unblock()
	s := NewSearcher(e, Options{TTSizeMB: 1, Threads: 2})
	pos := game.StartPosition()
	r := s.Search(context.Background(), pos, nil, Limits{MoveTime: 200 * time.Millisecond}, nil)
	require.True(t, pos.IsLegal(r.Move), "move %v is not legal", r.Move)
	require.Negative(t, e.left.Load(), "the threads must be stuck in the evaluator")

	// The threads are still stuck: the next timed search cannot use them and
	// answers with a one-ply move at its deadline.
	e.free.Store(true)
	next := pos
	next.Make(r.Move)
	r = s.Search(context.Background(), next, nil, Limits{MoveTime: 100 * time.Millisecond}, nil)
	require.True(t, next.IsLegal(r.Move), "move %v is not legal", r.Move)
	require.Equal(t, 1, r.Depth)

	e.unblock()
	r = s.Search(context.Background(), pos, nil, Limits{Depth: 2}, nil)
	require.True(t, pos.IsLegal(r.Move), "move %v is not legal", r.Move)
	require.Equal(t, 2, r.Depth)
}

// The deadlines move early by the lateness seen before, never below half the
// move time; lateness is a decaying maximum.
func TestDeadlinesMoveEarlyByLateness(t *testing.T) {
	for _, c := range []struct {
		early, hard, ret time.Duration
	}{
		{0, 900 * time.Millisecond, 950 * time.Millisecond},
		{300 * time.Millisecond, 600 * time.Millisecond, 650 * time.Millisecond},
		{2 * time.Second, 500 * time.Millisecond, 500 * time.Millisecond},
	} {
		ctl, release := newControl(context.Background(), Limits{MoveTime: time.Second}, c.early)
		release()
		armed := time.Duration(ctl.armedAt.Load())
		require.Equal(t, c.hard, time.Duration(ctl.hard.Load())-armed, "hard deadline, early %v", c.early)
		require.Equal(t, c.ret, time.Duration(ctl.ret.Load())-armed, "return deadline, early %v", c.early)
	}
	s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 1, Threads: 1})
	s.noteLateness(400 * time.Millisecond)
	s.noteLateness(0)
	require.Equal(t, 350*time.Millisecond, s.late)
	s.noteLateness(time.Second)
	require.Equal(t, time.Second, s.late)
}
