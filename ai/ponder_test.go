package ai

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// A ponder hit is the search the engine would have run: pondering a position
// to a depth and hitting gives the move, score and depth of a plain search
// (one thread, fresh tables: deterministic).
func TestPonderHitEqualsSearch(t *testing.T) {
	pos := game.StartPosition()
	var buf [game.MaxMoves]game.Move
	pos.Make(pos.GenerateMoves(buf[:0])[3])
	opts := Options{TTSizeMB: 1, Deterministic: true, Seed: 7}
	want := NewSearcher(NewHeuristic(), opts).Search(context.Background(), pos, nil, Limits{Depth: 4}, nil)

	s := NewSearcher(NewHeuristic(), opts)
	p := s.Ponder(pos, nil, Limits{Depth: 4})
	var seen []Info
	got := p.Hit(context.Background(), Limits{Depth: 4}, func(i Info) { seen = append(seen, i) })
	p.Wait()
	assert.Equal(t, want.Move, got.Move)
	assert.Equal(t, want.Score, got.Score)
	assert.Equal(t, 4, got.Depth)
	require.NotEmpty(t, seen, "the hit reports the iterations")
	assert.Equal(t, 4, seen[len(seen)-1].Depth)

	// The searcher works normally after a ponder.
	r := s.Search(context.Background(), pos, nil, Limits{Depth: 2}, nil)
	assert.True(t, pos.IsLegal(r.Move))
}

// A ponder with no limit runs until stopped; a hit with a move time arms the
// clock from the hit and the search returns a legal move (no wall time is
// asserted: without the arming this test hangs).
func TestPonderStopAndTimedHit(t *testing.T) {
	pos := game.StartPosition()
	s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 1, Threads: 2})
	p := s.Ponder(pos, nil, Limits{})
	p.Stop()
	p.Wait()
	p = s.Ponder(pos, nil, Limits{})
	r := p.Hit(context.Background(), Limits{MoveTime: 50 * time.Millisecond}, nil)
	p.Wait()
	require.True(t, pos.IsLegal(r.Move), "move %v", r.Move)
	assert.Positive(t, r.Depth)
}

// Contempt: a repetition scores -Contempt for the engine's side and
// +Contempt for its opponent, whoever repeats.
func TestDrawScore(t *testing.T) {
	w := newWorker(0, NewHeuristic(), nil)
	w.rootSide, w.contempt = game.Black, 100
	assert.EqualValues(t, -100, w.drawScore(game.Black))
	assert.EqualValues(t, 100, w.drawScore(game.White))
}

// With contempt the engine declines a repetition that it takes at zero
// contempt when its position looks no better than even: from a position
// where repeating is available, the score of the repeating line follows the
// contempt.
func TestContemptChangesTheDrawScore(t *testing.T) {
	// Shuffle a White and a Black piece back and forth so that Black's
	// next move repeats the position after White's first move.
	// White shuffles e3-f3-e3-f3 while a Black pawn leaves its camp and
	// walks d2-c2: Black's c2-d2 then repeats the position after its d1-d2.
	g := game.NewGame(game.StartPosition())
	for _, m := range []string{"e3-f3", "d1-d2", "f3-e3", "d2-c2", "e3-f3"} {
		mv, err := game.ParseMove(m)
		require.NoError(t, err)
		require.NoError(t, g.Play(mv), m)
	}
	back, err := game.ParseMove("c2-d2")
	require.NoError(t, err)
	pos := g.Position()
	require.True(t, pos.IsLegal(back))
	for _, c := range []int32{0, 300} {
		s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 1, Deterministic: true, Contempt: c})
		ctl, release := newControl(context.Background(), Limits{}, 0)
		w := s.workers[0]
		w.prepare(ctl, s.eval, &pos, g.RepetitionHistory(), []rootMove{{move: back}}, c)
		w.depth = 1
		_, _, ok := w.searchRoot(&pos, 1)
		release()
		require.True(t, ok)
		assert.EqualValues(t, -c, w.root[0].score, "Black's repetition at contempt %d", c)
	}
	// An evaluator that expects White to win from the start (StartLevels
	// 1415) puts Black behind: Black's engine values the draw at the start's
	// -1415 less the contempt. One that expects Black to win leaves Black's
	// contempt alone and raises White's.
	for _, tc := range []struct{ level, black, white int32 }{{1415, 1515, 100}, {-1415, 100, 1515}, {0, 100, 100}} {
		o := Options{Contempt: 100, StartLevels: [2]int32{tc.level, tc.level}}
		assert.Equal(t, tc.black, o.contemptFor(game.Black), "Black, start level %d", tc.level)
		assert.Equal(t, tc.white, o.contemptFor(game.White), "White, start level %d", tc.level)
		s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 1, Deterministic: true, Contempt: 100, StartLevels: [2]int32{tc.level, tc.level}})
		ctl, release := newControl(context.Background(), Limits{}, 0)
		w := s.workers[0]
		w.prepare(ctl, s.eval, &pos, g.RepetitionHistory(), []rootMove{{move: back}}, s.opts.contemptFor(pos.SideToMove()))
		w.depth = 1
		_, _, ok := w.searchRoot(&pos, 1)
		release()
		require.True(t, ok)
		assert.EqualValues(t, -tc.black, w.root[0].score, "Black's repetition, start level %d", tc.level)
	}
}

// The centred evaluator scores the reference zero, keeps differences, and
// its lazy bounds stay on the right side of the window.
func TestCentred(t *testing.T) {
	h := NewHeuristic()
	start := game.StartPosition()
	c := Centre(h, &start)
	assert.Zero(t, c.Evaluate(&start))
	p := start
	var buf [game.MaxMoves]game.Move
	p.Make(p.GenerateMoves(buf[:0])[0])
	assert.Equal(t, h.Evaluate(&p)-h.Evaluate(&start), c.Evaluate(&p))
	sided := Centre(&Sided{White: h, Black: h}, &start)
	require.IsType(t, &Sided{}, sided)
	assert.Zero(t, sided.(*Sided).ForSide(game.Black).Evaluate(&start))
}
