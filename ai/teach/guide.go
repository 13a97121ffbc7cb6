package teach

import (
	"slices"

	"github.com/tablut-ai/tablut/game"
)

// The guided walk: a traced search shows every node, and at depth 2 its first
// cutoff can come after hundreds of steps; a class needs the few that explain
// it. GuidedWalk keeps, in order, the steps a teacher would stop at between
// the root and the first cutoff: the cutoff itself and the line that leads
// to it, the value each root move backs up, and as room allows the moves the
// root tries and the replies that improve a node's best value.

// FirstCutoff returns the index in tr.Steps of the first cutoff, or -1 if the
// search has none.
func FirstCutoff(tr *Trace) int {
	return slices.IndexFunc(tr.Steps, func(s TraceStep) bool { return s.Kind == StepCutoff })
}

// GuidedWalk returns at most limit cursor positions (numbers of steps shown,
// ascending, each at least 1) that walk tr from the root to its first
// cutoff, the last one showing the cutoff. Without a cutoff the walk covers
// the root moves of the whole search.
func GuidedWalk(tr *Trace, limit int) []int {
	end := FirstCutoff(tr)
	if end < 0 {
		end = len(tr.Steps) - 1
	}
	if end < 0 || limit <= 0 {
		return nil
	}
	steps := tr.Steps[:end+1]
	keep := map[int]bool{}
	var must, high, medium []int
	if s := steps[end]; s.Kind == StepCutoff {
		must = append(must, end)
		// The backup that caused it, and the line to the node cut.
		if end > 0 {
			must = append(must, end-1)
		}
		for k := 1; k <= len(s.Path); k++ {
			if i := lastEnter(steps, s.Path[:k]); i >= 0 {
				must = append(must, i)
			}
		}
	} else {
		must = append(must, end)
	}
	for i, s := range steps {
		switch {
		case s.Kind == StepBackUp && len(s.Path) == 1:
			high = append(high, i)
		case s.Kind == StepEnter && len(s.Path) == 1:
			medium = append(medium, i)
		}
	}
	// Improving replies deeper down, the latest (nearest the cutoff) first.
	for i := len(steps) - 1; i >= 0; i-- {
		if s := steps[i]; s.Kind == StepBackUp && len(s.Path) > 1 && Improves(tr, i) {
			medium = append(medium, i)
		}
	}
	for _, group := range [][]int{must, high, medium} {
		for _, i := range group {
			if len(keep) == limit {
				break
			}
			keep[i] = true
		}
	}
	out := make([]int, 0, len(keep))
	for i := range keep {
		out = append(out, i+1)
	}
	slices.Sort(out)
	return out
}

// Improves reports whether step i of tr, a value backed up, changed the
// best value of the node it was backed up to: the first value there, or a
// better one than before (a tie keeps the earlier move, as the search does).
func Improves(tr *Trace, i int) bool {
	s := tr.Steps[i]
	d := len(s.Path)
	if s.Kind != StepBackUp || d == 0 {
		return false
	}
	for j := i - 1; j >= 0; j-- {
		p := tr.Steps[j]
		if len(p.Path) < d {
			return true // the node's first value
		}
		if p.Kind == StepBackUp && len(p.Path) == d && slices.Equal(p.Path[:d-1], s.Path[:d-1]) {
			return p.Best != s.Best
		}
	}
	return true
}

// lastEnter returns the index of the last StepEnter into path in steps, or -1.
func lastEnter(steps []TraceStep, path []game.Move) int {
	for i := len(steps) - 1; i >= 0; i-- {
		if s := steps[i]; s.Kind == StepEnter && slices.Equal(s.Path, path) {
			return i
		}
	}
	return -1
}

// CutKind says which bound a cutoff met: at a node where White moves
// (maximising) the value rose to beta, the bound Black holds higher up: a
// beta cutoff; where Black moves it fell to alpha: an alpha cutoff.
func CutKind(s TraceStep, root game.Color) string {
	mover := root
	if len(s.Path)%2 == 1 {
		mover = root.Other()
	}
	if mover == game.White {
		return "beta"
	}
	return "alpha"
}

// BoundFrom returns the sibling move of a cutoff's node that set the bound
// the cutoff met: the move, at the cut node's parent, that backed up the
// value equal to the bound. ok is false when the bound came from higher up
// (a grandparent's window) or for a cutoff at the root.
func BoundFrom(tr *Trace, at int, root game.Color) (m game.Move, ok bool) {
	s := tr.Steps[at]
	d := len(s.Path)
	if d == 0 {
		return game.NoMove, false
	}
	bound := s.Beta
	if CutKind(s, root) == "alpha" {
		bound = s.Alpha
	}
	parent := s.Path[:d-1]
	for i := at - 1; i >= 0; i-- {
		p := tr.Steps[i]
		if len(p.Path) < d {
			break // left the parent's subtree
		}
		if p.Kind == StepBackUp && len(p.Path) == d && slices.Equal(p.Path[:d-1], parent) && p.Value == bound {
			return p.Path[d-1], true
		}
	}
	return game.NoMove, false
}

// Tally counts, over the first n steps of tr, the positions searched (moves
// entered) and the moves cut off at cutoffs (each with everything below it).
func Tally(tr *Trace, n int) (searched, pruned int) {
	for _, s := range tr.Steps[:min(n, len(tr.Steps))] {
		switch s.Kind {
		case StepEnter:
			searched++
		case StepCutoff:
			pruned += s.Pruned
		}
	}
	return searched, pruned
}
