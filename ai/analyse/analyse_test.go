package analyse

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// blunderGame is testdata/blunder.txt, a two-ply game: the king on c7 has
// one open line, north to the escape square c9 (its other lines are closed
// by b7, d7 and e7, c6 and c4); Black could close it (a8-c8) but plays
// a8-a9, and the king escapes.
func blunderGame(t *testing.T) *game.Game {
	t.Helper()
	f, err := os.Open("testdata/blunder.txt")
	require.NoError(t, err)
	defer f.Close()
	g, _, err := game.ReadRecord(f)
	require.NoError(t, err)
	require.Equal(t, game.WhiteWins, g.Outcome())
	require.Equal(t, "a8-a9 c7-c9", game.MoveList(g.Moves()))
	return g
}

func heuristicAt(t *testing.T, depth int) player.Spec {
	t.Helper()
	s, err := player.ParseSpec("heuristic")
	require.NoError(t, err)
	s.Depth = depth
	return s
}

// The blunder is found and marked, with the engine's own move; the winning
// move is the engine's too and is not marked; the summary names the blunder.
func TestRunFindsTheBlunder(t *testing.T) {
	g := blunderGame(t)
	var seen []int
	moves, err := Run(context.Background(), g, Config{Engine: heuristicAt(t, 2)}, func(m Move) { seen = append(seen, m.Ply) })
	require.NoError(t, err)
	require.Len(t, moves, 2)
	assert.Equal(t, []int{1, 2}, seen, "onMove after each move, in order")

	b := moves[0]
	assert.Equal(t, game.Black, b.Side)
	assert.Equal(t, "a8-a9", b.Played.String())
	assert.False(t, b.Agrees())
	// Whatever the engine prefers, it keeps the king in: after it, White
	// has no escape in one.
	after := game.NewGame(g.Start())
	require.NoError(t, after.Play(b.Best))
	for _, m := range after.LegalMoves() {
		require.NoError(t, after.Play(m))
		assert.NotEqual(t, game.WhiteWins, after.Outcome(), "%v then %v", b.Best, m)
		after.Undo()
	}
	assert.Greater(t, b.Loss(), Blunder)
	assert.Equal(t, "??", b.Mark())
	before, afterChance := b.Chance()
	assert.Greater(t, before, afterChance)
	assert.Zero(t, afterChance, "a king escape in one is seen")
	assert.Contains(t, Line(b), "a8-a9    "+b.Best.String())
	assert.True(t, strings.HasSuffix(Line(b), "??"), Line(b))

	w := moves[1]
	assert.Equal(t, game.White, w.Side)
	assert.True(t, w.Agrees(), "the escape is the engine's move too")
	assert.Equal(t, int32(ai.WinScore), w.After, "the game's result after the last move")
	assert.Empty(t, w.Mark())
	assert.Contains(t, Line(w), "c7-c9    =")

	sum := Summary(moves, 5)
	assert.Contains(t, sum, "Black: 1 moves analysed, the engine agrees with 0 (0%); 0 mistakes (?), 1 blunders (??)")
	assert.Contains(t, sum, "ply 1 a8-a9: ")
	assert.Contains(t, sum, "White: 1 moves analysed, the engine agrees with 1 (100%)")
}

// -side and the ply range choose the moves; bad ranges and sides are refused
// with one line.
func TestRunChoosesMoves(t *testing.T) {
	g := blunderGame(t)
	moves, err := Run(context.Background(), g, Config{Engine: heuristicAt(t, 1), Side: "white"}, nil)
	require.NoError(t, err)
	require.Len(t, moves, 1)
	assert.Equal(t, 2, moves[0].Ply)
	moves, err = Run(context.Background(), g, Config{Engine: heuristicAt(t, 1), To: 1}, nil)
	require.NoError(t, err)
	require.Len(t, moves, 1)
	assert.Equal(t, 1, moves[0].Ply)
	assert.NotZero(t, moves[0].After, "the position after it was searched")

	for c, msg := range map[Config]string{
		{From: 3}:         "the first ply to analyse, 3, is not in the game's plies 1 to 2",
		{From: 2, To: 1}:  "the last ply to analyse, 1, is not in the plies 2 to 2",
		{To: 5}:           "the last ply to analyse, 5",
		{Side: "red"}:     `side "red"`,
		{From: -1, To: 0}: "the first ply to analyse, -1",
	} {
		c.Engine = heuristicAt(t, 1)
		_, err := Run(context.Background(), g, c, nil)
		assert.ErrorContains(t, err, msg)
	}
	_, err = Run(context.Background(), game.NewGame(game.StartPosition()), Config{Engine: heuristicAt(t, 1)}, nil)
	assert.ErrorContains(t, err, "no moves to analyse")
}

// A cancelled analysis stops with the context's error and the moves done.
func TestRunStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	moves, err := Run(ctx, blunderGame(t), Config{Engine: heuristicAt(t, 2)}, nil)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, moves)
}

// constEval scores every position v.
type constEval int32

func (e constEval) Evaluate(*game.Position) int32 { return int32(e) }
func (e constEval) Name() string                  { return fmt.Sprint("const", int32(e)) }

// With one evaluator per side, a side's moves are judged before and after by
// that side's evaluator, never by the other's.
func TestRunJudgesWithTheMoversEvaluator(t *testing.T) {
	g := game.NewGame(game.StartPosition())
	for _, s := range []string{"e3-f3", "d1-d2", "e4-c4", "a4-b4"} {
		m, err := game.ParseMove(s)
		require.NoError(t, err)
		require.NoError(t, g.Play(m))
	}
	c := Config{Engine: heuristicAt(t, 2), eval: &ai.Sided{White: constEval(300), Black: constEval(-500)}}
	c.Engine.Contempt = 0
	moves, err := Run(context.Background(), g, c, nil)
	require.NoError(t, err)
	require.Len(t, moves, 4)
	for _, m := range moves {
		want := int32(300)
		if m.Side == game.Black {
			want = -500
		}
		assert.Equal(t, want, m.Before, "ply %d", m.Ply)
		assert.Equal(t, want, m.After, "ply %d", m.Ply)
		assert.Zero(t, m.Loss())
	}
}
