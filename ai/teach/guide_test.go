package teach

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
)

// TestGuidedWalk: on real traces the walk has at most the limit's stops,
// ascending, ends on the first cutoff, passes through the line to the node
// cut and every value a root move backs up before it when they fit; the
// cutoff's kind matches the bound it met, the sibling named as the bound's
// source backed up exactly that bound, and the tally counts the trace's
// entries and pruned moves.
func TestGuidedWalk(t *testing.T) {
	h := ai.NewHeuristic()
	walks := 0
	for _, p := range teachPositions(t) {
		for _, d := range []int{2, 3} {
			tr := TraceAlphaBeta(context.Background(), p, nil, h, d, 0)
			c := FirstCutoff(&tr)
			walk := GuidedWalk(&tr, 30)
			if len(tr.Steps) == 0 {
				continue
			}
			require.NotEmpty(t, walk)
			require.LessOrEqual(t, len(walk), 30)
			require.True(t, slices.IsSorted(walk))
			require.Equal(t, len(slice(walk)), len(walk), "stops repeat")
			require.GreaterOrEqual(t, walk[0], 1)
			if c < 0 {
				assert.Equal(t, len(tr.Steps), walk[len(walk)-1])
				continue
			}
			walks++
			cut := tr.Steps[c]
			require.Equal(t, c+1, walk[len(walk)-1], "the walk ends on the first cutoff")
			for k := 1; k <= len(cut.Path); k++ {
				i := lastEnter(tr.Steps[:c], cut.Path[:k])
				require.GreaterOrEqual(t, i, 0)
				assert.Contains(t, walk, i+1, "the line to the cut node, ply %d", k)
			}
			roots := 0
			for _, s := range tr.Steps[:c] {
				if s.Kind == StepBackUp && len(s.Path) == 1 {
					roots++
				}
			}
			if roots+len(cut.Path)+2 <= 30 {
				for i, s := range tr.Steps[:c] {
					if s.Kind == StepBackUp && len(s.Path) == 1 {
						assert.Contains(t, walk, i+1, "a root move's value")
					}
				}
			}
			switch CutKind(cut, p.SideToMove()) {
			case "beta":
				assert.GreaterOrEqual(t, cut.Best, cut.Beta)
			case "alpha":
				assert.LessOrEqual(t, cut.Best, cut.Alpha)
			}
			if m, ok := BoundFrom(&tr, c, p.SideToMove()); ok {
				found := false
				for _, s := range tr.Steps[:c] {
					n := len(cut.Path)
					if s.Kind == StepBackUp && len(s.Path) == n && slices.Equal(s.Path[:n-1], cut.Path[:n-1]) && s.Path[n-1] == m {
						bound := cut.Beta
						if CutKind(cut, p.SideToMove()) == "alpha" {
							bound = cut.Alpha
						}
						found = s.Value == bound
					}
				}
				assert.True(t, found, "the bound's source backed up the bound")
			}
			searched, pruned := Tally(&tr, c+1)
			var e, pr int
			for _, s := range tr.Steps[:c+1] {
				if s.Kind == StepEnter {
					e++
				}
				if s.Kind == StepCutoff {
					pr += s.Pruned
				}
			}
			assert.Equal(t, e, searched)
			assert.Equal(t, cut.Pruned, pruned)
		}
	}
	require.Positive(t, walks, "no trace had a cutoff")
}

// slice returns walk without repeats.
func slice(walk []int) []int { return slices.Compact(slices.Clone(walk)) }

// TestImproves: a value backed up improves its node exactly when the node's
// best value after it differs from the best before it (or it is the first).
func TestImproves(t *testing.T) {
	h := ai.NewHeuristic()
	for _, p := range teachPositions(t)[:4] {
		tr := TraceAlphaBeta(context.Background(), p, nil, h, 2, 0)
		best := map[string]int32{} // node path -> best so far
		for i, s := range tr.Steps {
			switch s.Kind {
			case StepEnter:
				delete(best, fmt.Sprint(s.Path)) // a node entered afresh
			case StepBackUp:
				node := fmt.Sprint(s.Path[:len(s.Path)-1])
				old, seen := best[node]
				assert.Equal(t, !seen || old != s.Best, Improves(&tr, i), "step %d", i)
				best[node] = s.Best
			}
		}
	}
}
