package player

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

func TestLevelsAreNamedPlayers(t *testing.T) {
	require.GreaterOrEqual(t, len(Levels), 5)
	for _, l := range Levels {
		s, err := ParseSpec("level:" + l.Name)
		require.NoError(t, err)
		assert.Equal(t, "level:"+l.Name, s.String())
		// Flags cannot change a level's limits.
		s.MoveTime, s.Depth = 5e9, 9
		assert.Equal(t, l.Limits(), s.Limits(), l.Name)
		assert.False(t, s.WallClock(), l.Name)
		p, err := New(s)
		require.NoError(t, err, l.Name)
		if l.Nodes > 100_000 {
			continue // the strongest level searches long; its set-up is what matters here
		}
		r, err := p.Move(context.Background(), game.StartPosition(), nil, nil)
		require.NoError(t, err)
		start := game.StartPosition()
		assert.True(t, start.IsLegal(r.Move), l.Name)
	}
	_, err := ParseSpec("level:grandmaster")
	assert.ErrorContains(t, err, "beginner")
}

func TestNoiseIsBoundedAndFixedPerPosition(t *testing.T) {
	base := newHeuristic()
	n := &noisyEval{base: base, amp: 500, seed: 7}
	g := game.NewGame(game.StartPosition())
	moved := 0
	for _, m := range g.LegalMoves() {
		p := game.StartPosition()
		p.Make(m)
		a, b := n.Evaluate(&p), n.Evaluate(&p)
		require.Equal(t, a, b, "the noise of a position changes")
		d := a - base.Evaluate(&p)
		require.LessOrEqual(t, d, int32(500))
		require.GreaterOrEqual(t, d, int32(-500))
		if d != 0 {
			moved++
		}
		require.Less(t, a, int32(ai.MaxEval))
	}
	assert.Greater(t, moved, 10, "the noise moves almost no score")
}
