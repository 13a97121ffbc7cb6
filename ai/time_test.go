package ai

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// The time policy on made-up iterations: shallow ones keep the default, a
// change of best move or a fall of the score gives more time, a best move
// that stays gives less and less.
func TestTimePolicy(t *testing.T) {
	a, b := game.NewMove(game.Sq(4, 2), game.Sq(5, 2)), game.NewMove(game.Sq(4, 2), game.Sq(6, 2))
	type it struct {
		depth int
		move  game.Move
		score int32
		want  float64
	}
	for _, c := range []struct {
		name  string
		iters []it
	}{
		{"shallow iterations keep the default", []it{{1, a, 0, softFraction}, {2, b, 0, softFraction}, {4, a, -500, softFraction}}},
		{"a new best move gets more time", []it{{5, a, 0, unstableFraction}, {6, a, 0, softFraction}, {7, b, 0, unstableFraction}}},
		{"a falling score gets more time", []it{{5, a, 0, unstableFraction}, {6, a, -10, softFraction}, {7, a, -10 - scoreDrop - 1, unstableFraction}}},
		{"a stable best move gets less", []it{{4, a, 0, softFraction}, {5, a, 0, softFraction}, {6, a, 5, softFraction},
			{7, a, 0, stableFraction}, {8, a, 0, stableFraction}, {9, a, 0, stableFraction}, {10, a, 0, settledFraction}}},
	} {
		var p timePolicy
		fixed := timePolicy{fixed: true}
		full := timePolicy{full: true, fixed: true}
		for i, x := range c.iters {
			assert.Equal(t, x.want, p.update(x.depth, x.move, x.score), "%s: iteration %d", c.name, i+1)
			assert.Equal(t, softFraction, fixed.update(x.depth, x.move, x.score), "%s: iteration %d, fixed soft limit", c.name, i+1)
			assert.Equal(t, 1.0, full.update(x.depth, x.move, x.score), "%s: iteration %d, full time (over the fixed soft limit)", c.name, i+1)
		}
	}
}

// keepSearching compares the time used since the move time started with the
// policy's share; with a 60 s move time a settled move is answered after
// 12 s, an unstable one may start iterations until 51 s.
func TestKeepSearching(t *testing.T) {
	mt := 60 * time.Second
	assert.True(t, keepSearching(settledFraction, mt, 11*time.Second))
	assert.False(t, keepSearching(settledFraction, mt, 12*time.Second))
	assert.True(t, keepSearching(unstableFraction, mt, 50*time.Second))
	assert.False(t, keepSearching(unstableFraction, mt, 51*time.Second))
	assert.Less(t, unstableFraction, hardFraction, "an unstable search still stops before the hard limit")
	assert.True(t, keepSearching(1, mt, 53*time.Second), "full time: new iterations until the hard limit (54 s) stops one")
}

// offer: the deepest iteration wins, whichever thread completed it; a
// proven result stops the search; an armed move time stops it once the
// policy's share is spent (moveTime of 1ns: always spent).
func TestOffer(t *testing.T) {
	m := game.NewMove(game.Sq(4, 2), game.Sq(5, 2))
	ctl, release := newControl(context.Background(), Limits{}, 0)
	defer release()
	require.True(t, ctl.offer(iteration{depth: 3, pv: []game.Move{m}}, false))
	require.False(t, ctl.offer(iteration{depth: 3, pv: []game.Move{m}}, false), "same depth from another thread")
	require.False(t, ctl.offer(iteration{depth: 2, pv: []game.Move{m}}, false))
	require.True(t, ctl.offer(iteration{depth: 3, pv: []game.Move{m}}, true), "the main thread's unfinished iteration")
	require.False(t, ctl.stopped())
	require.True(t, ctl.offer(iteration{depth: 5, score: WinScore - 3, pv: []game.Move{m}}, false))
	require.True(t, ctl.stopped(), "a proven win within the depth ends the search")
	require.EqualValues(t, 5, ctl.done.Load())

	ctl2, release2 := newControl(context.Background(), Limits{MoveTime: time.Hour}, 0)
	defer release2()
	ctl2.offer(iteration{depth: 1, pv: []game.Move{m}}, false)
	require.False(t, ctl2.stopped(), "an hour is not spent")
	ctl2.moveTime.Store(1)
	ctl2.offer(iteration{depth: 2, pv: []game.Move{m}}, false)
	require.True(t, ctl2.stopped(), "the move time is spent")
}

// A single legal move is answered without a search, whatever the move time
// (a search of an hour would hang the test).
func TestSingleMoveAnsweredAtOnce(t *testing.T) {
	pos, err := game.ParsePosition(singleMoveFEN)
	require.NoError(t, err)
	var buf [game.MaxMoves]game.Move
	require.Len(t, pos.GenerateMoves(buf[:0]), 1)
	r := NewSearcher(NewHeuristic(), Options{TTSizeMB: 1, Threads: 2}).Search(context.Background(), pos, nil, Limits{MoveTime: time.Hour}, nil)
	assert.True(t, pos.IsLegal(r.Move))
	assert.Zero(t, r.Nodes)
}

// singleMoveFEN: White has one legal move, its pawn in the corner (the king is walled in).
const singleMoveFEN = "WB......./........./B......../....B..../...BKB.../....B..../........./........./......... W"
