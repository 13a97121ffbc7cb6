package searchmsg

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// A request and the replies read back as they were written: the position,
// its history, the limits and the share; a report and a result with their
// lines.
func TestRoundTrip(t *testing.T) {
	g := game.NewGame(game.StartPosition())
	for i := range 3 {
		if err := g.Play(g.LegalMoves()[i*7]); err != nil {
			t.Fatal(err)
		}
	}
	pos := g.Position()
	share := Split(pos, 3)[2]
	lim := ai.Limits{MoveTime: 1500 * time.Millisecond, Depth: 7, Nodes: 20_000}
	req := NewRequest(42, "level:expert", 1<<63+5, 2*time.Second, lim, pos, g.RepetitionHistory(), share)
	back, err := DecodeRequest(req.Encode())
	if err != nil {
		t.Fatal(err)
	}
	p, err := back.Position()
	if err != nil || p != pos {
		t.Fatalf("position %v (%v), want %v", p.String(), err, pos.String())
	}
	if back.ID != 42 || back.Spec != "level:expert" || back.Seed != 1<<63+5 || back.MoveTime != 2*time.Second ||
		!slices.Equal(back.History, g.RepetitionHistory()) || !slices.Equal(back.Share, share) {
		t.Errorf("request %+v, want %+v", back, req)
	}
	if l := back.Limits(); l.MoveTime != lim.MoveTime || l.Depth != lim.Depth || l.Nodes != lim.Nodes || !slices.Equal(l.RootMoves, share) {
		t.Errorf("limits %+v, want %+v with the share", l, lim)
	}
	pv := []game.Move{share[0], game.NewMove(game.Sq(0, 3), game.Sq(1, 3))}
	in := ai.Info{Depth: 5, Score: -321, Nodes: 12345, NPS: 999, Elapsed: 250 * time.Millisecond, PV: pv,
		Root: []ai.RootScore{{Move: share[0], Score: -321, Exact: true}}}
	res := ai.Result{Move: share[0], Score: ai.WinScore - 3, Depth: 5, Nodes: 12345, Elapsed: time.Second, PV: pv}
	for _, r := range []Reply{{ID: 42, Info: &in}, {ID: 42, Result: &res}, {ID: 7, Err: "boom"}, {Ready: true}} {
		got, err := DecodeReply(r.Encode())
		if err != nil {
			t.Fatal(err)
		}
		if got.Encode() != r.Encode() || (r.Info != nil && !slices.Equal(got.Info.PV, pv)) {
			t.Errorf("reply %s read back as %s", r.Encode(), got.Encode())
		}
	}
	if got, _ := DecodeReply((Reply{ID: 1, Result: &res}).Encode()); got.Result.Move != res.Move || got.Result.Score != res.Score || !slices.Equal(got.Result.PV, pv) {
		t.Errorf("result %+v, want %+v", got.Result, res)
	}
}

// A bad request is refused with a message that names what is wrong.
func TestBadRequests(t *testing.T) {
	pos := game.StartPosition()
	ok := NewRequest(1, "heuristic", 1, time.Second, ai.Limits{Depth: 2}, pos, nil, nil)
	text := pos.String()
	other := game.MustParsePosition(text[:len(text)-1] + map[bool]string{true: "B", false: "W"}[strings.HasSuffix(text, "W")])
	for _, c := range []struct {
		name, want string
		edit       func(*Request)
	}{
		{"player", "nosuch", func(r *Request) { r.Spec = "nosuch" }},
		{"position", "bad position", func(r *Request) { r.Pos = "nonsense" }},
		{"key", "key", func(r *Request) { r.Hash = other.Hash() }},
		{"share", "not legal", func(r *Request) { r.Share = []game.Move{game.NewMove(game.Sq(4, 4), game.Sq(4, 0))} }},
		{"limit", "negative", func(r *Request) { r.Nodes = -1 }},
	} {
		r := ok
		c.edit(&r)
		if _, err := DecodeRequest(r.Encode()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	if _, err := DecodeRequest("{"); err == nil {
		t.Error("no error for a broken message")
	}
	if _, err := DecodeRequest(ok.Encode()); err != nil {
		t.Error(err)
	}
}

// Split deals every legal move to exactly one share.
func TestSplit(t *testing.T) {
	positions, err := ai.BenchPositions()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range positions {
		var buf [game.MaxMoves]game.Move
		legal := p.Pos.GenerateMoves(buf[:0])
		for _, n := range []int{2, 3, 4} {
			shares := Split(p.Pos, n)
			if len(shares) != min(n, len(legal)) {
				t.Fatalf("%d shares of %d moves for %d workers", len(shares), len(legal), n)
			}
			var all []game.Move
			for _, s := range shares {
				if len(s) == 0 {
					t.Fatal("an empty share")
				}
				all = append(all, s...)
			}
			slices.Sort(all)
			slices.Sort(legal)
			if !slices.Equal(all, legal) {
				t.Fatalf("the shares hold %v, the legal moves are %v", all, legal)
			}
		}
		if s := Split(p.Pos, 1); len(s) != 1 || s[0] != nil {
			t.Errorf("one worker gets %v, want the whole position", s)
		}
	}
}

// Searches of the shares, merged, find a move as good as the search of the
// whole position at the same depth (the heuristic, depth 3: the value of a
// position at a depth does not depend on who searched which root move).
func TestMergeMatchesOneSearch(t *testing.T) {
	positions, err := ai.BenchPositions()
	if err != nil {
		t.Fatal(err)
	}
	eval, err := player.NewEvaluator(player.Spec{Kind: player.Heuristic})
	if err != nil {
		t.Fatal(err)
	}
	search := func(p game.Position, hist []uint64, share []game.Move, progress func(ai.Info)) ai.Result {
		s := ai.NewSearcher(eval, ai.Options{TTSizeMB: 4, Threads: 1, Deterministic: true})
		return s.Search(context.Background(), p, hist, ai.Limits{Depth: 3, RootMoves: share}, progress)
	}
	same := 0
	for i, p := range positions {
		hist := []uint64{p.Pos.Hash()}
		whole := search(p.Pos, hist, nil, nil)
		shares := Split(p.Pos, 3)
		m := NewMerge(p.Pos.SideToMove(), len(shares))
		var infos []ai.Info
		for k, sh := range shares {
			r := search(p.Pos, hist, sh, func(in ai.Info) {
				if out, ok := m.Info(k, in); ok {
					infos = append(infos, out)
				}
			})
			if !slices.Contains(sh, r.Move) {
				t.Fatalf("position %d: share %d answered %v, not one of its moves", i, k, r.Move)
			}
			if out, ok := m.Result(k, r); ok {
				infos = append(infos, out)
			}
		}
		if !m.Done() {
			t.Fatal("not done after every result")
		}
		best := m.Best()
		if best.Depth != 3 || !p.Pos.IsLegal(best.Move) || len(infos) != 3 || infos[2].Depth != 3 || infos[2].Score != best.Score {
			t.Errorf("position %d: merged %+v after reports %+v", i, best, infos)
		}
		if best.Score == whole.Score {
			same++
		} else {
			t.Logf("position %d: merged %v %d, whole %v %d", i, best.Move, best.Score, whole.Move, whole.Score)
		}
	}
	// Pruning decisions depend on the bounds a search has met, so an odd
	// score may differ by the search's own inexactness; most must agree.
	if same < len(positions)*3/4 {
		t.Errorf("the merged score equals the whole search's in %d positions of %d", same, len(positions))
	}
}

// Merge: the common depth decides, Black takes the lowest score, a proven
// result counts at every depth, and ties go to the first worker.
func TestMergeRules(t *testing.T) {
	a, b, c := game.NewMove(game.Sq(3, 0), game.Sq(3, 2)), game.NewMove(game.Sq(5, 0), game.Sq(5, 2)), game.NewMove(game.Sq(0, 3), game.Sq(2, 3))
	info := func(d int, s int32, m game.Move) ai.Info {
		return ai.Info{Depth: d, Score: s, PV: []game.Move{m}, Nodes: 100, Elapsed: time.Second}
	}
	m := NewMerge(game.Black, 2)
	if _, ok := m.Info(0, info(1, 50, a)); ok {
		t.Error("a report before every worker completed depth 1")
	}
	if out, ok := m.Info(1, info(1, 20, b)); !ok || out.Depth != 1 || out.Score != 20 || out.PV[0] != b || out.Nodes != 200 || out.NPS != 200 {
		t.Errorf("depth 1: %+v %v", out, ok)
	}
	m.Info(0, info(2, -40, a))
	m.Info(0, info(3, -900, a)) // worker 0 runs ahead
	if out, ok := m.Info(1, info(2, -10, b)); !ok || out.Depth != 2 || out.PV[0] != a {
		t.Errorf("depth 2: %+v %v", out, ok)
	}
	m.Result(0, ai.Result{Move: a, Score: -900, Depth: 3, Nodes: 300})
	m.Result(1, ai.Result{Move: b, Score: -10, Depth: 2, Nodes: 200})
	if r := m.Best(); r.Depth != 2 || r.Move != a || r.Score != -40 || r.Nodes != 500 {
		t.Errorf("best at the common depth 2: %+v", r)
	}

	m = NewMerge(game.White, 3)
	m.Info(0, info(4, 100, a))
	m.Result(0, ai.Result{Move: a, Score: 100, Depth: 4})
	m.Result(1, ai.Result{Move: b, Score: ai.WinScore - 5, Depth: 2, PV: []game.Move{b}}) // a proven win
	m.Info(2, info(4, 100, c))
	m.Result(2, ai.Result{Move: c, Score: 100, Depth: 4})
	if r := m.Best(); r.Move != b || r.Depth != 4 {
		t.Errorf("a proven win: %+v", r)
	}
	m = NewMerge(game.White, 2)
	m.Result(1, ai.Result{Move: b, Score: 7, Depth: 1})
	m.Result(0, ai.Result{Move: a, Score: 7, Depth: 1})
	if r := m.Best(); r.Move != a {
		t.Errorf("a tie went to %v, not the first worker's %v", r.Move, a)
	}
}
