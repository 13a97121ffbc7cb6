package ai

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/weights"
)

// tactic is one case of testdata/tactics.txt.
type tactic struct {
	name  string
	pos   game.Position
	depth int
	best  []game.Move // the move must be one of these (if any)
	avoid []game.Move // the move must not be one of these
	win   bool        // the score must be a win for the side to move
	loss  bool        // the score must be a loss for the side to move
}

func readTactics(t *testing.T) []tactic {
	t.Helper()
	f, err := os.Open("testdata/tactics.txt")
	require.NoError(t, err)
	defer f.Close()
	var out []tactic
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		if len(parts) < 4 {
			t.Fatalf("bad tactics line %q", line)
		}
		tc := tactic{name: parts[0], pos: game.MustParsePosition(parts[1])}
		if tc.depth, err = strconv.Atoi(parts[2]); err != nil {
			t.Fatalf("%s: bad depth %q", tc.name, parts[2])
		}
		f := strings.Fields(parts[3])
		for _, s := range f[1:] {
			m, err := game.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if !tc.pos.IsLegal(m) {
				t.Fatalf("%s: %v is not legal in %v", tc.name, m, tc.pos.String())
			}
			switch f[0] {
			case "best":
				tc.best = append(tc.best, m)
			case "avoid":
				tc.avoid = append(tc.avoid, m)
			}
		}
		for _, p := range parts[4:] {
			tc.win = tc.win || p == "win"
			tc.loss = tc.loss || p == "loss"
		}
		out = append(out, tc)
	}
	return out
}

// searchDepth runs a deterministic search of pos to depth.
func searchDepth(t *testing.T, eval Evaluator, pos game.Position, history []uint64, depth int) Result {
	t.Helper()
	s := NewSearcher(eval, Options{TTSizeMB: 4, Deterministic: true})
	return s.Search(context.Background(), pos, history, Limits{Depth: depth}, nil)
}

// champion returns the shipped champion network, integer path (as players
// use it).
func champion(t testing.TB) Evaluator {
	t.Helper()
	b, err := weights.Open("champion")
	require.NoError(t, err)
	n, err := cnn.Load(bytes.NewReader(b))
	require.NoError(t, err)
	return cnn.Quantize(n)
}

// TestTactics: the searcher finds the tactics with the heuristic, with a
// random evaluator (wide, noisy scores) and with the champion network.
func TestTactics(t *testing.T) {
	for _, eval := range []Evaluator{NewHeuristic(), Random{Seed: 7}, champion(t)} {
		for _, tc := range readTactics(t) {
			t.Run(eval.Name()+"/"+tc.name, func(t *testing.T) {
				r := searchDepth(t, eval, tc.pos, nil, tc.depth)
				score := r.Score
				if tc.pos.SideToMove() == game.Black {
					score = -score
				}
				fail := func(why string) {
					t.Errorf("%s: got %v (score %d, pv %v): %s\n%s", tc.name, r.Move, r.Score, r.PV, why, tc.pos.Diagram())
				}
				if !tc.pos.IsLegal(r.Move) {
					fail("illegal move")
				}
				if len(tc.best) > 0 && !slices.Contains(tc.best, r.Move) {
					fail("want one of " + movesString(tc.best))
				}
				if slices.Contains(tc.avoid, r.Move) {
					fail("must avoid " + movesString(tc.avoid))
				}
				if tc.win && score <= winBound {
					fail("want a winning score")
				}
				if tc.loss && score >= -winBound {
					fail("want a losing score")
				}
			})
		}
	}
}

func movesString(ms []game.Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

func benchPositions(t testing.TB) []NamedPosition {
	ps, err := BenchPositions()
	require.NoError(t, err)
	return ps
}

// TestWinDistance: the fastest win is preferred and its distance is in the score.
func TestWinDistance(t *testing.T) {
	tc := game.MustParsePosition("........./........./........./........./........./........./..BKB..../...B...../......... W")
	r := searchDepth(t, NewHeuristic(), tc, nil, 5)
	assert.EqualValues(t, WinScore-3, r.Score, "double threat: a win in 3 plies; pv %v", r.PV)
	lost := game.MustParsePosition("........./........./...K...../........./........./........./..B.B..../...B...../......... B")
	r = searchDepth(t, NewHeuristic(), lost, nil, 4)
	assert.EqualValues(t, WinScore-2, r.Score, "lost position: White wins in 2 plies")
}

// TestRepetitionDraw: Black, lost otherwise, escapes into a draw by repeating a
// position of the game history; without the history it sees only losses.
func TestRepetitionDraw(t *testing.T) {
	lost := game.MustParsePosition("........./........./...K...../........./........./........./..B.B..../...B...../......... B")
	m, _ := game.ParseMove("e7-e6")
	after := lost
	after.Make(m)
	history := []uint64{after.Hash(), 111, 222, lost.Hash()} // alternating sides, lost last
	r := searchDepth(t, NewHeuristic(), lost, history, 4)
	assert.Equal(t, m, r.Move, "with history")
	assert.Zero(t, r.Score, "with history: a draw")
	// Without the history the same position is simply lost.
	r = searchDepth(t, NewHeuristic(), lost, nil, 4)
	assert.Greater(t, r.Score, int32(winBound), "without history: want a White win")
}

// TestDeterministic: fixed depth, one thread, same result twice, with and without
// a tie-break seed; different seeds stay legal.
func TestDeterministic(t *testing.T) {
	ps := benchPositions(t)
	depth := 4
	if testing.Short() {
		depth = 3
	}
	for _, seed := range []uint64{0, 42} {
		for _, np := range ps[:4] {
			var results []Result
			for range 2 {
				s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Deterministic: true, Seed: seed})
				results = append(results, s.Search(context.Background(), np.Pos, nil, Limits{Depth: depth}, nil))
			}
			a, b := results[0], results[1]
			if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || !slices.Equal(a.PV, b.PV) {
				t.Errorf("%s seed %d: %v %d %d %v then %v %d %d %v", np.Name, seed, a.Move, a.Score, a.Nodes, a.PV, b.Move, b.Score, b.Nodes, b.PV)
			}
			if !np.Pos.IsLegal(a.Move) || a.Depth != depth {
				t.Errorf("%s: move %v depth %d", np.Name, a.Move, a.Depth)
			}
		}
	}
}

// TestParallel runs Lazy SMP with two threads (run with -race), reusing the
// searcher and its table across positions.
func TestParallel(t *testing.T) {
	for _, threads := range []int{2, 4} {
		s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Threads: threads})
		for _, np := range benchPositions(t)[:3] {
			var infos []Info
			r := s.Search(context.Background(), np.Pos, nil, Limits{Depth: 4}, func(i Info) { infos = append(infos, i) })
			if !np.Pos.IsLegal(r.Move) || r.Depth != 4 || len(infos) == 0 {
				t.Errorf("%d threads, %s: move %v depth %d, %d reports", threads, np.Name, r.Move, r.Depth, len(infos))
			}
			for i := 1; i < len(infos); i++ {
				if infos[i].Depth <= infos[i-1].Depth {
					t.Errorf("%d threads, %s: report of depth %d after depth %d", threads, np.Name, infos[i].Depth, infos[i-1].Depth)
				}
			}
		}
	}
}

// A helper thread skips the depths half the threads already search and
// starts past the deepest completed one; the main thread never skips.
func TestNextDepth(t *testing.T) {
	ctl, release := newControl(context.Background(), Limits{}, 0)
	defer release()
	ctl.threads = 2
	main, helper := &worker{id: 0, ctl: ctl}, &worker{id: 1, ctl: ctl}
	ctl.busy[5].Store(1)
	assert.Equal(t, 5, main.nextDepth(4, 20))
	assert.Equal(t, 6, helper.nextDepth(4, 20), "the main thread is on 5")
	assert.Equal(t, 5, helper.nextDepth(4, 5), "not past the depth limit")
	ctl.done.Store(7)
	assert.Equal(t, 8, main.nextDepth(4, 20), "depth 7 is done")
	assert.Equal(t, 8, helper.nextDepth(0, 20), "past the deepest completed")
	// Threads that defer moves to each other all search the same depth.
	helper.searching = new(searchingTable)
	ctl.busy[8].Store(1)
	assert.Equal(t, 8, helper.nextDepth(7, 20), "deferring: with the main thread on 8")
}

// The table of positions being searched: a slot holds the last key started
// in it until that search finishes; finishing another key leaves it alone.
func TestSearchingTable(t *testing.T) {
	var b searchingTable
	a, c := uint64(0x1234_5678_9abc_0001), uint64(0x9999_0000_0000_0001) // same slot
	assert.False(t, b.has(a))
	b.start(a)
	assert.True(t, b.has(a))
	assert.False(t, b.has(c))
	b.start(c)
	assert.True(t, b.has(c))
	assert.False(t, b.has(a), "c took the slot")
	b.finish(a)
	assert.True(t, b.has(c), "finishing a leaves c's search recorded")
	b.finish(c)
	assert.False(t, b.has(c))
}

// TestDeferral: two threads searching together put off moves the other is on,
// and find the same proven wins and losses as one thread; with "defer"
// switched off they never defer. Deferrals are counted over all the bench
// positions: on a loaded machine the two threads of one short search may
// not run at the same time, and then neither has anything to put off.
func TestDeferral(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the bench positions to depth 6 three times")
	}
	var deferred int64
	for _, np := range benchPositions(t) {
		one := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Threads: 1}).Search(context.Background(), np.Pos, nil, Limits{Depth: 6}, nil)
		for _, off := range []Feature{0, featDefer} {
			s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Threads: 2, Off: off})
			two := s.Search(context.Background(), np.Pos, nil, Limits{Depth: 6}, nil)
			s.wait()
			var deferrals int64
			for _, w := range s.workers {
				deferrals += w.deferrals
			}
			if off == 0 {
				deferred += deferrals
			} else {
				assert.Zero(t, deferrals, "%s: moves deferred with defer off", np.Name)
			}
			assert.Equal(t, one.Score > winBound, two.Score > winBound, "%s: a win with one and two threads", np.Name)
			assert.Equal(t, one.Score < -winBound, two.Score < -winBound, "%s: a loss with one and two threads", np.Name)
		}
	}
	assert.Positive(t, deferred, "moves deferred over the bench positions")
}

// TestCancelled: a search whose context is already cancelled still returns a legal
// move at once.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSearcher(NewHeuristic(), Options{Threads: 2})
	for _, np := range benchPositions(t) {
		r := s.Search(ctx, np.Pos, nil, Limits{}, nil)
		if !np.Pos.IsLegal(r.Move) {
			t.Errorf("%s: cancelled search returned %v", np.Name, r.Move)
		}
	}
}

// TestNodeLimit: the node budget is honoured to within one poll interval.
func TestNodeLimit(t *testing.T) {
	for _, limit := range []int64{1, 1000, 50_000} {
		s := NewSearcher(NewHeuristic(), Options{Deterministic: true})
		pos := game.StartPosition()
		r := s.Search(context.Background(), pos, nil, Limits{Nodes: limit}, nil)
		if !pos.IsLegal(r.Move) || r.Nodes > limit+pollInterval {
			t.Errorf("limit %d: move %v, %d nodes", limit, r.Move, r.Nodes)
		}
	}
}

// TestNoMoves: finished games and positions without moves return NoMove.
func TestNoMoves(t *testing.T) {
	won := game.MustParsePosition("........./........./K......../........./........./........./........./........./......... B")
	r := searchDepth(t, NewHeuristic(), won, nil, 3)
	assert.Equal(t, game.NoMove, r.Move, "finished game")
	assert.EqualValues(t, WinScore, r.Score, "finished game")
}

func BenchmarkSearchDepth5(b *testing.B) {
	ps := benchPositions(b)
	s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 16, Deterministic: true})
	var nodes int64
	for b.Loop() {
		for _, np := range ps {
			s.Clear()
			nodes += s.Search(context.Background(), np.Pos, nil, Limits{Depth: 5}, nil).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkHeuristic(b *testing.B) {
	ps := benchPositions(b)
	h := NewHeuristic()
	for b.Loop() {
		for _, np := range ps {
			h.Evaluate(&np.Pos)
		}
	}
}

// TestTieBreakSeed: with a seed, equally good root moves are chosen at random but
// reproducibly; the start position at depth 1 has many equal moves.
func TestTieBreakSeed(t *testing.T) {
	pos := game.StartPosition()
	moves := map[game.Move]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		var first game.Move
		for range 2 {
			s := NewSearcher(constEval{}, Options{TTSizeMB: 1, Deterministic: true, Seed: seed})
			r := s.Search(context.Background(), pos, nil, Limits{Depth: 1}, nil)
			if first != game.NoMove && r.Move != first {
				t.Errorf("seed %d: %v then %v", seed, first, r.Move)
			}
			first = r.Move
		}
		moves[first] = true
	}
	assert.GreaterOrEqual(t, len(moves), 3, "distinct moves 8 seeds chose among equals")
}

// constEval scores every position 0: every move is as good as any other.
type constEval struct{}

func (constEval) Evaluate(*game.Position) int32 { return 0 }
func (constEval) Name() string                  { return "zero" }

// TestRepetitionLine: the search line remembers positions since the last capture,
// of the side to move of the child, and a capture forgets them until popped.
func TestRepetitionLine(t *testing.T) {
	w := newWorker(0, NewHeuristic(), newTable(1))
	w.line = []uint64{10, 20, 30, 40} // 40 is the current position
	if !w.repeats(30) || !w.repeats(10) || w.repeats(20) || w.repeats(99) {
		t.Error("repeats: want 30 and 10 (same side as the child) only")
	}
	w.push(50, false, 0)
	if !w.repeats(20) || !w.repeats(40) {
		t.Error("after a quiet move: want 20 and 40")
	}
	w.push(60, true, 1) // a capture: history forgotten
	if w.repeats(10) || w.repeats(30) || w.repeats(50) {
		t.Error("after a capture the older positions must be forgotten")
	}
	w.pop(1)
	if !w.repeats(20) {
		t.Error("after undoing the capture the history is back")
	}
}

// BenchmarkHeuristicCapture is BenchmarkHeuristic with the Capture weight on,
// which counts the pawns the side to move could capture.
func BenchmarkHeuristicCapture(b *testing.B) {
	ps := benchPositions(b)
	h := NewHeuristic()
	h.W.Capture = 50
	for b.Loop() {
		for _, np := range ps {
			h.Evaluate(&np.Pos)
		}
	}
}

// Limits.RootMoves restricts the root: the answer is one of the share, a
// share of one move is searched (for its score) rather than answered at
// once, and a share with no legal move searches them all.
func TestRootMoves(t *testing.T) {
	pos := game.StartPosition()
	var buf [game.MaxMoves]game.Move
	legal := pos.GenerateMoves(buf[:0])
	share := []game.Move{legal[len(legal)-1], legal[len(legal)/2]}
	s := NewSearcher(NewHeuristic(), Options{TTSizeMB: 4, Deterministic: true})
	r := s.Search(context.Background(), pos, []uint64{pos.Hash()}, Limits{Depth: 3, RootMoves: share}, nil)
	require.Contains(t, share, r.Move)
	require.Equal(t, 3, r.Depth)
	one := s.Search(context.Background(), pos, []uint64{pos.Hash()}, Limits{Depth: 2, RootMoves: share[:1]}, nil)
	require.Equal(t, share[0], one.Move)
	require.Equal(t, 2, one.Depth, "a share of one move is searched")
	none := s.Search(context.Background(), pos, []uint64{pos.Hash()}, Limits{Depth: 1, RootMoves: []game.Move{game.NewMove(game.Sq(4, 4), game.Sq(4, 0))}}, nil)
	require.True(t, pos.IsLegal(none.Move))
}
