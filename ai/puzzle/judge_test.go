package puzzle

import (
	"context"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/game"
)

// judgeSample returns the shipped puzzles a test walks: every puzzle of
// depth 1 to 3 and every third of depth 4 by ID, or, under the race detector
// or -short, the first three of each depth.
func judgeSample(t *testing.T) []Puzzle {
	ps := Shipped()
	var out []Puzzle
	per := map[int]int{}
	for _, p := range ps {
		if raceEnabled || testing.Short() {
			if per[p.Depth] < 3 {
				per[p.Depth]++
				out = append(out, p)
			}
		} else if p.Depth < 4 || p.ID%3 == 0 {
			out = append(out, p)
		}
	}
	return out
}

// TestJudgeFollowsLine: playing a puzzle's line, Judge says every solver
// move wins, the last one at once, replies with the line's defence, and
// counts the other winning moves the generator recorded.
func TestJudgeFollowsLine(t *testing.T) {
	ctx := context.Background()
	for _, p := range judgeSample(t) {
		g := game.NewGame(p.Start)
		for i := 0; i < len(p.Line); i += 2 {
			n := p.Depth - i/2
			v, err := Judge(ctx, g, p.Line[i], n)
			if err != nil {
				t.Fatalf("puzzle %d step %d: %v", p.ID, i/2, err)
			}
			if !v.Wins || v.Final != (n == 1) || v.Others != p.Others[i/2] || v.Needs != n {
				t.Fatalf("puzzle %d step %d (%v): verdict %+v, want a win in %d with %d others", p.ID, i/2, p.Line[i], v, n, p.Others[i/2])
			}
			if n > 1 && v.Reply != p.Line[i+1] {
				t.Fatalf("puzzle %d step %d: reply %v, the line plays %v", p.ID, i/2, v.Reply, p.Line[i+1])
			}
			if err := g.Play(p.Line[i]); err != nil {
				t.Fatal(err)
			}
			if i+1 < len(p.Line) {
				if err := g.Play(p.Line[i+1]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestJudgeWrongMoves: at a puzzle's start every other move fails (the first
// move is unique), with a refutation and a sentence naming the move.
func TestJudgeWrongMoves(t *testing.T) {
	ctx := context.Background()
	// The first two puzzles of each depth in the sample; under the race
	// detector or -short one of each depth to 3 (CI's full-size step runs
	// the rest without the detector).
	each, deepest := 2, 4
	if raceEnabled || testing.Short() {
		each, deepest = 1, 3
	}
	per := map[int]int{}
	for _, p := range judgeSample(t) {
		if per[p.Depth] == each || p.Depth > deepest {
			continue
		}
		per[p.Depth]++
		g := game.NewGame(p.Start)
		checked := 0
		for _, m := range g.LegalMoves() {
			if m == p.Line[0] {
				continue
			}
			v, err := Judge(ctx, g, m, p.Depth)
			if err != nil {
				t.Fatal(err)
			}
			if v.Wins || v.Why == "" || !strings.Contains(v.Why, m.String()) {
				t.Fatalf("puzzle %d: %v judged %+v", p.ID, m, v)
			}
			if p.Depth > 1 && len(v.Refute) > 0 {
				// The refutation is legal after m.
				h := game.NewGame(p.Start)
				if err := h.Play(m); err != nil {
					t.Fatal(err)
				}
				if err := h.Play(v.Refute[0]); err != nil {
					t.Fatalf("puzzle %d: refutation %v of %v: %v", p.ID, v.Refute[0], m, err)
				}
			}
			if checked++; checked == 10 {
				break
			}
		}
	}
}

// TestJudgeErrors: an illegal move, a finished game, or a depth out of range
// is an error, and a cancelled context stops the search.
func TestJudgeErrors(t *testing.T) {
	p := Shipped()[0]
	g := game.NewGame(p.Start)
	if _, err := Judge(context.Background(), g, game.NewMove(0, 1), p.Depth); err == nil {
		t.Error("an illegal move was judged")
	}
	if _, err := Judge(context.Background(), g, p.Line[0], 0); err == nil {
		t.Error("n = 0 was judged")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	deep := findDepth(t, 3)
	if _, err := Judge(ctx, game.NewGame(deep.Start), deep.Line[0], deep.Depth); err == nil {
		t.Error("a cancelled judge returned no error")
	}
	for _, m := range p.Line {
		g.Play(m)
	}
	if _, err := Judge(context.Background(), g, p.Line[0], 1); err == nil {
		t.Error("a finished game was judged")
	}
}

// findDepth returns a shipped puzzle of depth d.
func findDepth(t *testing.T, d int) Puzzle {
	for _, p := range Shipped() {
		if p.Depth == d {
			return p
		}
	}
	t.Fatalf("no shipped puzzle of depth %d", d)
	return Puzzle{}
}

// TestRepetitionDefence: a defence that repeats a position is a draw, so it
// refutes. From X the king goes g6-d6 and Black answers b2-d2; in the game
// without repetition White would win in 2 from there, but the only winning
// idea lets Black go back to b2 and repeat X. The prover's exact layer, the
// plain minimax and Judge agree that White has no win in 2 in that game, and
// that the same position without its history is a win in 2.
func TestRepetitionDefence(t *testing.T) {
	x := game.MustParsePosition("........./.B......./.W....BB./.....B.../........./..B...K../....W..../........./......... W")
	g := game.NewGame(x)
	for _, s := range []string{"g6-d6", "b2-d2"} {
		m, _ := game.ParseMove(s)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	z := g.Position()
	pr := newProver(context.Background(), 0)
	if !pr.win1(&z, 2) {
		t.Fatal("without repetition White should win in 2")
	}
	if pr.winReal(&z, 2, gameHistory(g)) {
		t.Error("the prover counts on a win that a repetition draws")
	}
	if plainWins(g, 2) {
		t.Error("the checker counts on a win that a repetition draws")
	}
	fresh := game.NewGame(z)
	if !newProver(context.Background(), 0).winReal(&z, 2, nil) || !plainWins(fresh, 2) {
		t.Error("without the history the position should be a win in 2")
	}
	for _, m := range g.LegalMoves() {
		v, err := Judge(context.Background(), g, m, 2)
		if err != nil {
			t.Fatal(err)
		}
		if v.Wins {
			t.Fatalf("Judge says %v wins in 2: %+v", m, v)
		}
		if w, _ := Judge(context.Background(), fresh, m, 2); w.Wins && strings.Contains(v.Why, "repeats") {
			t.Logf("%v: %s", m, v.Why)
			return
		}
	}
	t.Error("no move that wins without the history is refuted by a repetition")
}

// TestDefences: the proof tree's first level after each shipped puzzle's
// first move: the line's defence is the first (a longest), every defence is
// met by a reply that the plain minimax confirms wins in the moves it says.
func TestDefences(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for _, p := range Shipped() {
		if p.Depth < 2 || p.Depth > 3 || checked == 4 {
			continue
		}
		checked++
		g := game.NewGame(p.Start)
		ds, err := Defences(ctx, g, p.Line[0], p.Depth)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) == 0 || ds[0].Move != p.Line[1] || ds[0].Needs != p.Depth-1 {
			t.Fatalf("puzzle %d: first defence %+v, the line plays %v", p.ID, ds[0], p.Line[1])
		}
		g.Play(p.Line[0])
		for _, d := range ds {
			if d.Needs < 1 || d.Needs > p.Depth-1 {
				t.Fatalf("puzzle %d: defence %+v", p.ID, d)
			}
			g.Play(d.Move)
			if !plainMoveWins(g, d.Reply, d.Needs) || plainWins(g, d.Needs-1) {
				t.Fatalf("puzzle %d: after %v the reply %v does not win in exactly %d", p.ID, d.Move, d.Reply, d.Needs)
			}
			g.Undo()
		}
	}
	if _, err := Defences(ctx, game.NewGame(Shipped()[0].Start), game.NoMove, 1); err == nil {
		t.Error("an illegal move got defences")
	}
}
