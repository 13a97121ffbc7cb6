package session

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// ponderSpy is a real engine (depth 2) that records how the controller
// drives its pondering.
type ponderSpy struct {
	*player.Engine
	on    atomic.Int32 // last SetPonder: 1 on, 0 off, -1 never called
	stops atomic.Int32
}

func (p *ponderSpy) SetPonder(on bool) {
	v := int32(0)
	if on {
		v = 1
	}
	p.on.Store(v)
	p.Engine.SetPonder(on)
}

func (p *ponderSpy) StopPondering() {
	p.stops.Add(1)
	p.Engine.StopPondering()
}

// newPonderController returns a controller whose engines are spies, and the
// spies it built, in order.
func newPonderController(t *testing.T, noPonder bool) (*Controller, *[]*ponderSpy) {
	t.Helper()
	var spies []*ponderSpy
	factory := func(spec string, _ time.Duration) (Engine, error) {
		e, err := DepthEngine(2)(spec, 0)
		if err != nil {
			return nil, err
		}
		s := &ponderSpy{Engine: e.(*player.Engine)}
		s.on.Store(-1)
		spies = append(spies, s)
		return s, nil
	}
	clk := &fakeClock{t: time.Unix(1000, 0)}
	c := New(Config{Engines: factory, Now: clk.now, SaveDir: t.TempDir(), NoPonder: noPonder})
	t.Cleanup(func() {
		c.Close()
		for _, s := range spies {
			s.Wait()
		}
	})
	return c, &spies
}

// Against a person the AI ponders: after its answer it thinks on the
// person's time, and the person's next move is a hit or a miss for it; an
// undo, the end of the game and a new game stop the pondering.
func TestAIPondersAgainstAPerson(t *testing.T) {
	c, spies := newPonderController(t, false)
	start(t, c, Human, "heuristic")
	require.Len(t, *spies, 1)
	spy := (*spies)[0]
	require.EqualValues(t, 1, spy.on.Load(), "pondering on against a person")

	c.Select(sq(t, "e3"))
	c.Select(sq(t, "b3"))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	// The AI now ponders; the person's move is its hit or its miss.
	moves := c.Game().LegalMoves()
	require.NotEmpty(t, moves)
	c.Select(moves[0].From())
	c.Select(moves[0].To())
	settle(t, c, func() bool { return c.Game().Ply() == 4 })
	hits, misses := spy.PonderStats()
	assert.Equal(t, 1, hits+misses, "the person's second move was pondered on")

	stops := spy.stops.Load()
	require.True(t, c.Undo())
	assert.Greater(t, spy.stops.Load(), stops, "undo stops the pondering")

	stops = spy.stops.Load()
	c.game.Resign(game.White)
	c.Update()
	assert.Greater(t, spy.stops.Load(), stops, "the end of the game stops the pondering")

	stops = spy.stops.Load()
	start(t, c, Human, "heuristic")
	assert.Greater(t, spy.stops.Load(), stops, "a new game stops the old engine's pondering")
}

// Two AIs do not ponder (they would share the processor), nor does an AI
// when the window is told not to.
func TestNoPonderingBetweenAIsOrWhenOff(t *testing.T) {
	c, spies := newPonderController(t, false)
	start(t, c, "heuristic", "heuristic")
	for _, s := range *spies {
		assert.EqualValues(t, 0, s.on.Load(), "an AI against an AI ponders")
	}
	c, spies = newPonderController(t, true)
	start(t, c, Human, "heuristic")
	assert.EqualValues(t, 0, (*spies)[0].on.Load(), "pondering with NoPonder")
}
