package ai

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// quietForReport is the report's notion of a quiet position, from the
// rules alone: the game goes on after every legal move, which captures
// nothing, no escape line is open or threatened (after any Black move the
// king would have one), and White has no king move to a square with two
// open lines.
func quietForReport(p *game.Position) bool {
	if p.SideToMove() == game.White && openLines(p) > 0 {
		return false
	}
	k := p.King()
	for _, m := range p.GenerateMoves(nil) {
		c := *p
		c.Make(m)
		if p.SideToMove() == game.White && m.From() == k && c.Status() == game.Ongoing && openLinesFrom(p, m.To(), k) >= 2 {
			return false
		}
	}
	for _, m := range p.GenerateMoves(nil) {
		c := *p
		if c.Make(m) > 0 || c.Status() != game.Ongoing {
			return false
		}
	}
	if p.SideToMove() == game.Black {
		var mark [game.NumSquares]bool
		return onOpenLine(p, &mark) == 0
	}
	return true
}

// A search with OnNode set returns what it returns without (move, score,
// nodes, principal variation): the hook only reads.
func TestOnNodeChangesNothing(t *testing.T) {
	n := 0
	for _, np := range benchPositions(t)[:4] {
		plain := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Deterministic: true, Seed: 3})
		a := plain.Search(context.Background(), np.Pos, nil, Limits{Depth: 4}, nil)
		hooked := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Deterministic: true, Seed: 3,
			OnNode: func(Node) { n++ }})
		b := hooked.Search(context.Background(), np.Pos, nil, Limits{Depth: 4}, nil)
		assert.Equal(t, a.Move, b.Move, np.Name)
		assert.Equal(t, a.Score, b.Score, np.Name)
		assert.Equal(t, a.Nodes, b.Nodes, np.Name)
		assert.True(t, slices.Equal(a.PV, b.PV), np.Name)
	}
	assert.Positive(t, n, "nodes reported")
}

// The last node reported at ply 0 is the root of the last iteration, with
// the search's own score, exact, at the search's depth.
func TestOnNodeReportsRootScore(t *testing.T) {
	checked := 0
	for _, np := range benchPositions(t) {
		if !quietForReport(&np.Pos) {
			continue
		}
		var root *Node
		s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Deterministic: true,
			OnNode: func(n Node) {
				if n.Ply == 0 {
					root = &n
				}
			}})
		res := s.Search(context.Background(), np.Pos, nil, Limits{Depth: 3}, nil)
		if _, _, won := ProvenWin(res.Score); won || res.Depth != 3 {
			continue // a win ends the search early and is cut to MaxEval
		}
		require.NotNil(t, root, np.Name)
		assert.Equal(t, res.Score, root.Score, np.Name)
		assert.Equal(t, ExactValue, root.Bound, np.Name)
		assert.Equal(t, res.Depth, root.Depth, np.Name)
		assert.Equal(t, np.Pos, root.Pos, np.Name)
		checked++
	}
	assert.GreaterOrEqual(t, checked, 3, "quiet bench positions checked")
}

// Every reported node is a quiet position whose game goes on, with at least
// the minimum depth, a score within the evaluator's range; all three kinds
// of value occur. Black-to-move nodes are among them (their bounds are
// turned to White's view).
func TestOnNodeOnlyQuietInteriorNodes(t *testing.T) {
	for _, minDepth := range []int{0, 2} {
		kinds := map[Bound]int{}
		black, depth1 := 0, 0
		for _, np := range benchPositions(t)[:6] {
			s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Deterministic: true, OnNodeMinDepth: minDepth,
				OnNode: func(n Node) {
					kinds[n.Bound]++
					if n.Pos.SideToMove() == game.Black {
						black++
					}
					if n.Depth == 1 {
						depth1++
					}
					if n.Pos.Status() != game.Ongoing || !quietForReport(&n.Pos) || n.Depth < max(1, minDepth) ||
						n.Score < -MaxEval || n.Score > MaxEval || n.Pos.GenerateMoves(nil) == nil {
						t.Errorf("min depth %d: reported %+v\n%s", minDepth, n, n.Pos.String())
					}
				}})
			s.Search(context.Background(), np.Pos, nil, Limits{Depth: 4}, nil)
		}
		for _, k := range []Bound{ExactValue, LowerBound, UpperBound} {
			assert.Positive(t, kinds[k], "min depth %d: %s values", minDepth, k)
		}
		assert.Positive(t, black, "Black-to-move nodes")
		if minDepth == 2 {
			assert.Zero(t, depth1)
		} else {
			assert.Positive(t, depth1)
		}
	}
}

// minimax is the plain negamax value of pos to depth (side to move's view)
// with the search's rules for wins: White to move with an open line wins,
// a move that ends the game wins for its mover, no legal move loses.
func minimax(eval Evaluator, pos *game.Position, depth, ply int) int32 {
	if pos.SideToMove() == game.White && openLines(pos) > 0 {
		return WinScore - int32(ply+1)
	}
	if depth == 0 {
		return staticScore(eval, pos)
	}
	moves := pos.GenerateMoves(nil)
	if len(moves) == 0 {
		return -(WinScore - int32(ply))
	}
	best := -inf
	for _, m := range moves {
		child := *pos
		child.Make(m)
		s := WinScore - int32(ply+1)
		if child.Status() == game.Ongoing {
			s = -minimax(eval, &child, depth-1, ply+1)
		}
		best = max(best, s)
	}
	return best
}

// With every pruning and approximation switched off (fail-soft alpha-beta
// with the table for ordering only), each reported value says what its
// bound says of the plain minimax value of its position at its depth:
// equal to it, at most it (upper) or at least it (lower), in White's view.
// This checks the turning of fail-high and fail-low into bounds for both
// sides. A depth-3 search has no repetition within its lines.
func TestOnNodeBoundsHoldAgainstMinimax(t *testing.T) {
	var all Feature
	for _, n := range featureNames {
		all |= n.f
	}
	eval := NewHeuristic()
	checked := map[Bound]int{}
	for _, np := range benchPositions(t)[:4] {
		var nodes []Node
		s := NewSearcher(eval, Options{TTSizeMB: 4, Deterministic: true, Off: all,
			OnNode: func(n Node) {
				if n.Depth <= 2 && n.Ply > 0 && checked[n.Bound]+len(nodes) < 400 {
					nodes = append(nodes, n)
				}
			}})
		s.Search(context.Background(), np.Pos, nil, Limits{Depth: 3}, nil)
		for _, n := range nodes {
			v := minimax(eval, &n.Pos, n.Depth, 0)
			if n.Pos.SideToMove() == game.Black {
				v = -v
			}
			v = max(-MaxEval, min(MaxEval, v))
			switch n.Bound {
			case ExactValue:
				assert.Equal(t, v, n.Score, "exact %+v", n)
			case LowerBound:
				assert.GreaterOrEqual(t, v, n.Score, "lower %+v", n)
			case UpperBound:
				assert.LessOrEqual(t, v, n.Score, "upper %+v", n)
			}
			checked[n.Bound]++
		}
	}
	for _, k := range []Bound{ExactValue, LowerBound, UpperBound} {
		assert.Positive(t, checked[k], "%s values checked", k)
	}
}
