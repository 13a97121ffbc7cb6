package session

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
)

// teachTestPosition is a middle-game position (from the bench positions).
func teachTestPosition(t *testing.T) game.Position {
	t.Helper()
	ps, err := ai.BenchPositions()
	require.NoError(t, err)
	return ps[3].Pos
}

// finishTeachJob runs the classroom analysis of pos for spec to the end (the
// job's channel is read until the node table is complete).
func finishTeachJob(t *testing.T, spec string, pos game.Position) Analysis {
	t.Helper()
	j := startTeachJob(spec, pos, nil, false)
	defer j.cancel()
	an := Analysis{Pos: pos}
	for !an.Done {
		f := <-j.out
		f(&an)
	}
	return an
}

// TestTeachNumbersEqualTheStatistics: what the classroom view shows is what
// the statistics code computes: the node table is teach.CountTree's, the
// slow-motion traces are teach.TraceAlphaBeta's, the terms are the heuristic's
// (adding up to the score shown) and the heatmap is teach.PieceImpact's.
func TestTeachNumbersEqualTheStatistics(t *testing.T) {
	pos := teachTestPosition(t)
	an := finishTeachJob(t, "heuristic", pos)
	require.Empty(t, an.Err)
	h := ai.NewHeuristic()

	require.Len(t, an.Rows, teachMinimaxDepth+1)
	for i, r := range an.Rows {
		want, err := teach.CountTree(context.Background(), pos, h, i+1, i+1 <= teachMinimaxDepth)
		require.NoError(t, err)
		require.Equal(t, want, r)
		cells := TreeRowText(r)
		assert.Equal(t, fmt.Sprint(want.AlphaBeta), cells[2][:len(fmt.Sprint(want.AlphaBeta))])
		if want.Minimax > 0 {
			assert.Equal(t, fmt.Sprint(want.Minimax), cells[1])
			assert.Contains(t, cells[3], fmt.Sprintf("(−%.0f%%)", 100*want.Pruned(want.Ordered)))
		} else {
			assert.Equal(t, "—", cells[1])
		}
	}
	for _, d := range []int{2, 3} {
		require.NotNil(t, an.Traces[d])
		want := teach.TraceAlphaBeta(context.Background(), pos, nil, h, d, teachMaxSteps)
		require.Equal(t, want.Value, an.Traces[d].Value)
		require.Equal(t, want.Steps, an.Traces[d].Steps)
	}
	require.True(t, an.HasTerms)
	require.False(t, an.Net)
	require.Equal(t, h.Terms(&pos), an.Terms)
	var sum int32
	for _, term := range an.Terms {
		sum += term.Value
	}
	require.Equal(t, h.Evaluate(&pos), sum)
	require.Equal(t, sum, an.Score)
	base, impact, ok := teach.PieceImpact(h, pos)
	require.Equal(t, base, an.Score)
	require.Equal(t, impact, an.Impact)
	require.Equal(t, ok, an.ImpactOK)
	// The heuristic has no network: the page borrows the default opponent's,
	// and its weights are that network's.
	if opp, _ := DefaultOpponent(); opp != player.Heuristic {
		require.NotNil(t, an.Network)
		require.True(t, an.Borrowed)
		require.Equal(t, opp, an.NetSpec)
		want, err := player.DescribeNet(opp[len("cnn:"):])
		require.NoError(t, err)
		require.Equal(t, want, *an.Network)
	}
}

// TestTeachNetwork: for a residual network player (the hybrid, the
// champion before the learned network), the view explains the heuristic
// part, the correction, the heatmap and the filters.
func TestTeachNetwork(t *testing.T) {
	if !hasNet("hybrid") {
		t.Skip("no hybrid network shipped")
	}
	if testing.Short() {
		t.Skip("counts network trees")
	}
	pos := teachTestPosition(t)
	an := finishTeachJob(t, "cnn:hybrid", pos)
	require.Empty(t, an.Err)
	require.True(t, an.Net)
	require.NotNil(t, an.Network)
	require.False(t, an.Borrowed)
	require.Equal(t, "hybrid", an.Network.Name)
	require.Len(t, an.Rows, teachNetMinimaxDepth+1)
	n := 0
	for _, ok := range an.ImpactOK {
		if ok {
			n++
		}
	}
	require.Equal(t, pos.Count(game.White)-1+pos.Count(game.Black), n, "every pawn has an impact")

	// The heatmaps are teach.PieceImpact's, of the whole score and of the
	// network alone.
	spec, err := player.ParseSpec("cnn:hybrid")
	require.NoError(t, err)
	eval, err := player.NewEvaluator(spec)
	require.NoError(t, err)
	if se, ok := eval.(ai.SidedEvaluator); ok {
		eval = se.ForSide(pos.SideToMove())
	}
	score, impact, _ := teach.PieceImpact(eval, pos)
	require.Equal(t, score, an.Score)
	require.Equal(t, impact, an.Impact)
	c, ok := eval.(*ai.Centred)
	require.True(t, ok, "the hybrid's evaluator is centred on the start position")
	assert.Equal(t, c.Offset, an.Offset)
	r, ok := c.Eval.(*ai.Residual)
	require.True(t, ok, "the hybrid corrects the heuristic")
	_, netImpact, _ := teach.PieceImpact(r.Net, pos)
	require.True(t, an.HasNetMap)
	require.Equal(t, netImpact, an.NetImpact)
	require.Equal(t, r.Scale, an.NetScale)
	require.Equal(t, r.Base.Evaluate(&pos), an.Heuristic)
}

// TestDepthRows: the depth table shows each iteration's own nodes (the
// difference of the running totals), its first move and its score, for the
// reports of a real search.
func TestDepthRows(t *testing.T) {
	pos := teachTestPosition(t)
	s := ai.NewSearcher(ai.NewHeuristic(), ai.Options{Deterministic: true, TTSizeMB: 1})
	var rec SearchRecord
	s.Search(context.Background(), pos, nil, ai.Limits{Depth: 4}, func(in ai.Info) { rec.add([]ai.Info{in}) })
	rows := DepthRows(rec.Infos)
	require.Len(t, rows, 4)
	var total int64
	for i, r := range rows {
		in := rec.Infos[i]
		assert.Equal(t, in.Depth, r.Depth)
		assert.Equal(t, in.PV[0].String(), r.Move)
		assert.Equal(t, ScoreText(in.Score), r.Score)
		total += r.Nodes
		assert.Equal(t, in.Nodes, total)
	}
	last := rec.Infos[len(rec.Infos)-1]
	rr := RootRows(last, pos.SideToMove(), 5)
	require.Len(t, rr, 5)
	for i, r := range rr {
		assert.Equal(t, last.Root[i].Move.String(), r.Move)
		if last.Root[i].Exact {
			assert.Equal(t, ScoreText(last.Root[i].Score), r.Score)
		} else {
			assert.Contains(t, r.Score, ScoreText(last.Root[i].Score))
			assert.Contains(t, "≤≥", r.Score[:len("≤")])
		}
	}
}

// TestSlowMotion: replaying a trace, the path on the board is the step's
// path, finishing a node at the root lands on each root move's value in
// turn, and the end backs up the trace's value to the root.
func TestSlowMotion(t *testing.T) {
	pos := teachTestPosition(t)
	tr := teach.TraceAlphaBeta(context.Background(), pos, nil, ai.NewHeuristic(), 2, 0)
	for n := 1; n <= len(tr.Steps); n++ {
		st := SlowStack(&tr, n)
		s := tr.Steps[n-1]
		want := len(s.Path) + 1
		if s.Kind == teach.StepBackUp {
			want--
		}
		require.Len(t, st, want, "step %d", n)
		for i, lv := range st[1:] {
			require.Equal(t, s.Path[i], lv.Move)
		}
	}
	end := SlowStack(&tr, len(tr.Steps))
	require.Len(t, end, 1)
	require.Equal(t, tr.Value, end[0].Best)

	var ts Classroom
	ts.depth = 2
	ts.an.Traces[2] = &tr
	for i := range tr.RootMoves {
		ts.FinishNode()
		s := tr.Steps[ts.step-1]
		require.Equal(t, teach.StepBackUp, s.Kind)
		require.Equal(t, []game.Move{tr.RootMoves[i]}, s.Path)
		require.Equal(t, tr.RootValue[i], s.Value)
	}
	require.Equal(t, len(tr.Steps), ts.step)
	ts.StepBy(-3)
	require.Equal(t, len(tr.Steps)-3, ts.step)
}

// TestScoreText: scores, wins and the window's infinities in words.
func TestScoreText(t *testing.T) {
	for _, c := range []struct {
		s    int32
		want string
	}{{0, "0"}, {120, "+120"}, {-75, "−75"}, {ai.WinScore - 3, "White wins in 2"}, {-(ai.WinScore - 1), "Black wins in 1"},
		{ai.WinScore + 1, "+∞"}, {-(ai.WinScore + 1), "−∞"}} {
		assert.Equal(t, c.want, ScoreText(c.s), "%d", c.s)
	}
}

// TestSearchRecord: the controller keeps one report per depth of the
// running search, and keeps them once the search is over.
func TestSearchRecord(t *testing.T) {
	c := New(Config{Engines: DepthEngine(3), HintSpec: "heuristic", SaveDir: t.TempDir()})
	require.NoError(t, c.Start(Settings{White: Human, Black: "heuristic", MoveTime: time.Second}))
	_, ok := c.Search()
	require.False(t, ok, "no search yet")
	require.True(t, c.Hint())
	c.Update() // starts the hint search
	for c.Busy() {
		c.Update()
		time.Sleep(time.Millisecond)
	}
	rec, ok := c.Search()
	require.True(t, ok)
	require.False(t, rec.Running)
	require.True(t, rec.Hint)
	require.Equal(t, c.Position(), rec.Pos)
	require.Len(t, rec.Infos, 3)
	for i, in := range rec.Infos {
		require.Equal(t, i+1, in.Depth)
		require.NotEmpty(t, in.Root)
	}
	require.Equal(t, c.HintMove(), rec.Infos[2].PV[0])
}

// TestTeachChampionSides: the champion explains itself as the heuristic's
// terms plus the network's whole score where White is to move (it plays
// White so), and as a pure network where Black is.
func TestTeachChampionSides(t *testing.T) {
	if !hasNet("champion") {
		t.Skip("no champion network shipped")
	}
	if testing.Short() {
		t.Skip("counts network trees")
	}
	white := game.StartPosition()
	an := finishTeachJob(t, "cnn:champion", white)
	require.Empty(t, an.Err)
	assert.True(t, an.HasTerms, "White to move: the heuristic's terms")
	assert.True(t, an.Net)
	assert.EqualValues(t, ai.MaxEval, an.NetScale, "the network keeps its whole range")
	assert.Zero(t, an.Offset, "not centred")
	black := white
	black.Make(black.GenerateMoves(nil)[0])
	an = finishTeachJob(t, "cnn:champion", black)
	require.Empty(t, an.Err)
	assert.False(t, an.HasTerms, "Black to move: the network alone")
	assert.True(t, an.Net)
}
