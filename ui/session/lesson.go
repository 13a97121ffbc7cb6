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

// SlowSentence says what step n of tr (1-based: the last step shown) does,
// in one sentence for the class, naming the side that plays each move; root
// is the side to move at the root. White maximises, Black minimises.
func SlowSentence(tr *teach.Trace, n int, root game.Color) string {
	s := tr.Steps[n-1]
	d := len(s.Path)
	// moverAt is the side that plays the move at ply k (1-based).
	moverAt := func(k int) game.Color {
		if k%2 == 1 {
			return root
		}
		return root.Other()
	}
	switch s.Kind {
	case teach.StepEnter:
		m := s.Path[d-1]
		if d == 1 {
			k := 0
			for _, p := range tr.Steps[:n] {
				if p.Kind == teach.StepEnter && len(p.Path) == 1 {
					k++
				}
			}
			return fmt.Sprintf("%v tries %v, its move number %d here.", moverAt(1), m, k)
		}
		return fmt.Sprintf("%v answers %v with %v.", moverAt(d), s.Path[d-2], m)
	case teach.StepLeaf:
		if s.Why == "evaluation" {
			return fmt.Sprintf("The search stops here and the evaluation scores the position: %s.", ScoreText(s.Value))
		}
		return fmt.Sprintf("The game would end: %s, %s.", s.Why, ScoreText(s.Value))
	case teach.StepBackUp:
		m, who := s.Path[d-1], moverAt(d)
		better := teach.Improves(tr, n-1)
		if d == 1 {
			if better {
				return fmt.Sprintf("%v is worth %s to %v: its best move so far, so %v is sure of %s (%s).", m, ScoreText(s.Value), who, who, ScoreText(s.Value), boundName(who))
			}
			return fmt.Sprintf("%v is worth %s to %v: no better than %s, its best so far.", m, ScoreText(s.Value), who, ScoreText(s.Best))
		}
		if better {
			return fmt.Sprintf("So far %v's best answer to %v is %v: %s.", who, s.Path[d-2], m, ScoreText(s.Value))
		}
		return fmt.Sprintf("%v gives %s: no better for %v than %s.", m, ScoreText(s.Value), who, ScoreText(s.Best))
	case teach.StepCutoff:
		return cutoffSentence(tr, n, root)
	}
	return ""
}

// boundName says which bound the side that gains it holds: White raises
// alpha, Black lowers beta.
func boundName(c game.Color) string {
	if c == game.White {
		return "α"
	}
	return "β"
}

// cutoffSentence explains the cutoff at step n: who found what, the bound
// the other side already holds and where it came from, and what is pruned.
func cutoffSentence(tr *teach.Trace, n int, root game.Color) string {
	s := tr.Steps[n-1]
	d := len(s.Path)
	kind := teach.CutKind(s, root) + " cutoff"
	if d == 0 {
		if s.Pruned == 1 {
			return "Cutoff at the root: the other move is pruned."
		}
		return fmt.Sprintf("Cutoff at the root: the other %d moves are pruned.", s.Pruned)
	}
	chooser := root
	if d%2 == 1 {
		chooser = root.Other()
	}
	other := chooser.Other()
	bound := s.Beta
	if chooser == game.Black {
		bound = s.Alpha
	}
	found := ""
	if n >= 2 {
		if p := tr.Steps[n-2]; p.Kind == teach.StepBackUp && len(p.Path) == d+1 {
			found = fmt.Sprintf("%v answers %v with %v, scoring %s", chooser, s.Path[d-1], p.Path[d], ScoreText(p.Value))
		}
	}
	if found == "" {
		found = fmt.Sprintf("%v finds %s against %v", chooser, ScoreText(s.Best), s.Path[d-1])
	}
	held := fmt.Sprintf("%v is already sure of %s higher up", other, ScoreText(bound))
	if m, ok := teach.BoundFrom(tr, n-1, root); ok {
		held = fmt.Sprintf("%v already has %v, worth %s", other, m, ScoreText(bound))
	}
	article := "A"
	if kind[0] == 'a' {
		article = "An"
	}
	return fmt.Sprintf("%s; %s, at least as good for %v, so %v will not play %v and the other %d answers are skipped: %s %s.",
		found, held, other, other, s.Path[d-1], s.Pruned, strings.ToLower(article), kind)
}

// PlayedBy returns the side that plays the move at ply k (1-based) of a
// search from a position where root is to move.
func PlayedBy(root game.Color, k int) game.Color {
	if k%2 == 1 {
		return root
	}
	return root.Other()
}
