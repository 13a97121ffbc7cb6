package teach

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
)

func benchPositions(t testing.TB) []ai.NamedPosition {
	ps, err := ai.BenchPositions()
	require.NoError(t, err)
	return ps
}

// teachPositions are the bench positions and a few positions from seeded
// random games, where escapes, captures and repetitions happen.
func teachPositions(t *testing.T) []game.Position {
	var out []game.Position
	for _, np := range benchPositions(t) {
		out = append(out, np.Pos)
	}
	return append(out, cnn.RandomGamePositions(12, rand.New(rand.NewPCG(7, 7)))...)
}

// TestPieceImpactDirect: the heatmap equals evaluating the position written
// out again without each pawn.
func TestPieceImpactDirect(t *testing.T) {
	net := cnn.NewRandom(rand.New(rand.NewPCG(3, 3)), 0.3)
	for _, eval := range []ai.Evaluator{ai.NewHeuristic(), net} {
		for _, p := range teachPositions(t)[:6] {
			base, impact, ok := PieceImpact(eval, p)
			require.Equal(t, eval.Evaluate(&p), base)
			for s := game.Square(0); s < game.NumSquares; s++ {
				pc := p.At(s)
				if pc != game.WhitePawn && pc != game.BlackPawn {
					assert.False(t, ok[s], "%v", s)
					continue
				}
				text := []byte(p.String())
				text[s.Rank()*10+s.File()] = '.'
				q := game.MustParsePosition(string(text))
				require.True(t, ok[s])
				require.Equal(t, base-eval.Evaluate(&q), impact[s], "%s without %v (%s)", p.String(), s, eval.Name())
			}
		}
	}
}

// TestTraceEqualsEngine: the slow-motion search backs up the value the
// engine finds at the same depth with the same evaluator, without its table
// cut-offs, reductions, threat filter or quiescence; and it visits no more
// nodes than plain minimax.
func TestTraceEqualsEngine(t *testing.T) {
	depths := []int{2, 3}
	ps := teachPositions(t)
	if testing.Short() {
		depths, ps = depths[:1], ps[:6]
	}
	off, err := ai.ParseFeatures("tt,lmr,threats,quiescence")
	require.NoError(t, err)
	checked := 0
	for _, p := range ps {
		if len(p.GenerateMoves(nil)) < 2 || len(game.WinningMoves(p, p.SideToMove())) > 0 {
			continue // the engine answers those without a search
		}
		for _, d := range depths {
			eval := ai.NewHeuristic()
			tr := TraceAlphaBeta(context.Background(), p, nil, eval, d, 0)
			s := ai.NewSearcher(eval, ai.Options{Deterministic: true, TTSizeMB: 1, Off: off})
			res := s.Search(context.Background(), p, nil, ai.Limits{Depth: d}, nil)
			require.Equal(t, res.Score, tr.Value, "depth %d: %s", d, p.String())
			require.True(t, tr.Complete)
			require.Contains(t, tr.RootMoves, tr.Best)
			checked++
			if d == 2 {
				_, mm := Minimax(p, eval, d)
				assert.LessOrEqual(t, tr.Nodes, mm)
			}
		}
	}
	require.Greater(t, checked, 4)
}

// TestTraceSteps: the steps tell a consistent story: every entered move is
// backed up, a cutoff happens exactly when alpha meets beta, and the last
// step backs up the root's value.
func TestTraceSteps(t *testing.T) {
	p := benchPositions(t)[3].Pos
	tr := TraceAlphaBeta(context.Background(), p, nil, ai.NewHeuristic(), 2, 0)
	enters, backs, cuts := 0, 0, 0
	for _, st := range tr.Steps {
		switch st.Kind {
		case StepEnter:
			enters++
		case StepBackUp:
			backs++
		case StepCutoff:
			cuts++
			assert.GreaterOrEqual(t, st.Alpha, st.Beta)
			assert.Positive(t, st.Pruned)
		}
	}
	assert.Equal(t, enters, backs)
	assert.EqualValues(t, enters, tr.Nodes)
	assert.Positive(t, cuts, "alpha-beta prunes at depth 2")
	last := tr.Steps[len(tr.Steps)-1]
	require.Equal(t, StepBackUp, last.Kind)
	require.Len(t, last.Path, 1)
	// The step limit keeps the first steps.
	short := TraceAlphaBeta(context.Background(), p, nil, ai.NewHeuristic(), 2, 10)
	require.False(t, short.Complete)
	require.Equal(t, tr.Steps[:10], short.Steps)
	// A cancelled context stops it.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stopped := TraceAlphaBeta(ctx, p, nil, ai.NewHeuristic(), 3, 0)
	require.False(t, stopped.Complete)
	require.Less(t, stopped.Nodes, int64(1100))
}

// TestCountTree: the teaching table's rows are the node counts of Minimax
// and AlphaBeta, and a cancelled count gives no row.
func TestCountTree(t *testing.T) {
	p := benchPositions(t)[1].Pos
	eval := ai.NewHeuristic()
	for d := 1; d <= 2; d++ {
		row, err := CountTree(context.Background(), p, eval, d, true)
		require.NoError(t, err)
		_, mm := Minimax(p, eval, d)
		_, ab := AlphaBeta(p, eval, d, false)
		_, abo := AlphaBeta(p, eval, d, true)
		require.Equal(t, TreeRow{Depth: d, Minimax: mm, AlphaBeta: ab, Ordered: abo}, row)
		assert.InDelta(t, 1-float64(ab)/float64(mm), row.Pruned(ab), 1e-12)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := CountTree(ctx, p, eval, 3, true)
	require.ErrorIs(t, err, context.Canceled)
}

// TestAlphaBetaEqualsMinimax: the teaching searches agree on the score.
func TestAlphaBetaEqualsMinimax(t *testing.T) {
	for _, np := range benchPositions(t)[:5] {
		for d := 1; d <= 2; d++ {
			mm, mmNodes := Minimax(np.Pos, ai.NewHeuristic(), d)
			ab, abNodes := AlphaBeta(np.Pos, ai.NewHeuristic(), d, false)
			abo, aboNodes := AlphaBeta(np.Pos, ai.NewHeuristic(), d, true)
			if mm != ab || mm != abo || abNodes > mmNodes || aboNodes > mmNodes {
				t.Errorf("%s depth %d: minimax %d (%d nodes), alpha-beta %d (%d), ordered %d (%d)",
					np.Name, d, mm, mmNodes, ab, abNodes, abo, aboNodes)
			}
		}
	}
}
