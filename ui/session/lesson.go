package session

import (
	"fmt"
	"strings"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/teach"
	"github.com/tablut-ai/tablut/game"
)

// ScoreText writes a score (White's view) for the classroom view: "+120", "−75", a
// proven result as "White wins in 2", and the window's infinities.
func ScoreText(s int32) string {
	switch {
	case s >= ai.WinScore+1:
		return "+∞"
	case s <= -(ai.WinScore + 1):
		return "−∞"
	}
	if w, n, ok := ai.ProvenWin(s); ok {
		if n > 0 {
			return fmt.Sprintf("%v wins in %d", w, n)
		}
		return w.String() + " wins"
	}
	if s > 0 {
		return fmt.Sprintf("+%d", s)
	}
	return strings.Replace(fmt.Sprint(s), "-", "−", 1)
}

// DepthRow is one completed depth of a search, as the view shows it.
type DepthRow struct {
	Depth int
	Move  string // the first move of the principal variation, "" if none
	Score string // ScoreText of the score
	Nodes int64  // nodes of this iteration alone
}

// DepthRows turns a search's reports into the rows of the depth table: the
// nodes of each iteration are the difference of the running totals.
func DepthRows(infos []ai.Info) []DepthRow {
	out := make([]DepthRow, 0, len(infos))
	var prev int64
	for _, in := range infos {
		r := DepthRow{Depth: in.Depth, Score: ScoreText(in.Score), Nodes: in.Nodes - prev}
		if len(in.PV) > 0 {
			r.Move = in.PV[0].String()
		}
		prev = in.Nodes
		out = append(out, r)
	}
	return out
}

// RootRow is one root move with its score, as the view shows it.
type RootRow struct {
	Move  string
	Score string // ScoreText of the score, "≤"/"≥" before a bound
}

// RootRows lists the first n root moves of a report, best first: a bound is
// written "≤" from the side to move's point of view (at most that good).
func RootRows(in ai.Info, side game.Color, n int) []RootRow {
	var out []RootRow
	for _, r := range in.Root {
		if len(out) == n {
			break
		}
		s := ScoreText(r.Score)
		if !r.Exact {
			if side == game.White {
				s = "≤ " + s
			} else {
				s = "≥ " + s
			}
		}
		out = append(out, RootRow{r.Move.String(), s})
	}
	return out
}

// TreeRowText writes a node-table row: depth, minimax nodes ("—" when not
// counted), alpha-beta nodes with the share of minimax pruned, and the same
// with move ordering.
func TreeRowText(r teach.TreeRow) [4]string {
	pruned := func(n int64) string {
		if p := r.Pruned(n); p >= 0 {
			return fmt.Sprintf("%d (−%.0f%%)", n, 100*p)
		}
		return fmt.Sprint(n)
	}
	mm := "—"
	if r.Minimax > 0 {
		mm = fmt.Sprint(r.Minimax)
	}
	return [4]string{fmt.Sprint(r.Depth), mm, pruned(r.AlphaBeta), pruned(r.Ordered)}
}

// SlowLevel is one node on the path of the slow-motion search: the move that
// led to it, its window and the best value found there so far.
type SlowLevel struct {
	Move        game.Move // game.NoMove at the root
	Alpha, Beta int32     // the node's window
	Best        int32     // the best value backed up so far, if HasBest
	HasBest     bool
	Leaf        string // why the node is a leaf, with its value
	Cut         int    // moves pruned at this node, 0 if none
}

// SlowStack replays the first n steps of tr and returns the path of nodes
// being searched, root first, with their windows.
func SlowStack(tr *teach.Trace, n int) []SlowLevel {
	const inf = ai.WinScore + 1
	st := []SlowLevel{{Move: game.NoMove, Alpha: -inf, Beta: inf}}
	for _, s := range tr.Steps[:n] {
		d := len(s.Path)
		st = st[:min(len(st), d+1)]
		switch s.Kind {
		case teach.StepEnter:
			st = append(st[:d], SlowLevel{Move: s.Path[d-1], Alpha: s.Alpha, Beta: s.Beta})
		case teach.StepLeaf:
			if len(st) > d {
				st[d].Leaf = s.Why + ": " + ScoreText(s.Value)
			}
		case teach.StepBackUp:
			st = st[:d]
			p := &st[d-1]
			p.Alpha, p.Beta, p.Best, p.HasBest = s.Alpha, s.Beta, s.Best, true
		case teach.StepCutoff:
			st[d].Cut = s.Pruned
		}
	}
	return st
}

// SlowSentence says what step s does, in words.
func SlowSentence(s teach.TraceStep, root game.Color) string {
	d := len(s.Path)
	mover := root
	if d%2 == 0 {
		mover = root.Other()
	}
	switch s.Kind {
	case teach.StepEnter:
		return fmt.Sprintf("Ply %d: %v tries %v, with α %s and β %s.", d, mover, s.Path[d-1], ScoreText(s.Alpha), ScoreText(s.Beta))
	case teach.StepLeaf:
		return fmt.Sprintf("A leaf (%s): %s.", s.Why, ScoreText(s.Value))
	case teach.StepBackUp:
		m := s.Path[d-1]
		return fmt.Sprintf("%v backs up %s to ply %d; best there %s, now α %s β %s.", m, ScoreText(s.Value), d-1, ScoreText(s.Best), ScoreText(s.Alpha), ScoreText(s.Beta))
	case teach.StepCutoff:
		return fmt.Sprintf("Cutoff: α %s ≥ β %s. The other %d moves here cannot change the result: pruned.", ScoreText(s.Alpha), ScoreText(s.Beta), s.Pruned)
	}
	return ""
}
