package disagree

import (
	"bytes"
	"context"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// The dead zones: a score must lie beyond its zone to name a better side, so
// "about even" from either evaluator is never a disagreement.
func TestDeadZone(t *testing.T) {
	for _, c := range []struct {
		net, heuristic, referee int32
		want                    Verdict
	}{
		{net: 800, heuristic: 100, want: Agree},
		{net: -3000, heuristic: -76, want: Agree},
		{net: netDeadZone, heuristic: -500, want: Even}, // the network's zone is closed
		{net: -netDeadZone + 1, heuristic: 500, want: Even},
		{net: 800, heuristic: -heuristicDeadZone, want: Even},
		{net: 800, heuristic: 0, want: Even},
		{net: 0, heuristic: 0, want: Even},
		{net: netDeadZone + 1, heuristic: -heuristicDeadZone - 1, referee: 76, want: NetRight},
		{net: 800, heuristic: -200, referee: ai.WinScore - 3, want: NetRight},
		{net: -800, heuristic: 200, referee: -ai.WinScore + 5, want: NetRight},
		{net: -800, heuristic: 200, referee: 300, want: HeuristicRight},
		{net: 800, heuristic: -200, referee: -heuristicDeadZone - 1, want: HeuristicRight},
		{net: 800, heuristic: -200, referee: heuristicDeadZone, want: RefereeEven},
		{net: 800, heuristic: -200, referee: -heuristicDeadZone, want: RefereeEven},
		{net: 800, heuristic: -200, referee: 0, want: RefereeEven},
	} {
		got := compare(c.net, c.heuristic, netDeadZone)
		if got == Disagree {
			got = judge(c.net, c.referee, netDeadZone)
		}
		assert.Equal(t, c.want, got, "net %d heuristic %d referee %d: %v", c.net, c.heuristic, c.referee, got)
	}
	// A residual network scores in the heuristic's units, with its dead zone.
	residual := Config{Residual: true}.NetDeadZone()
	assert.Equal(t, heuristicDeadZone, residual)
	assert.Equal(t, Disagree, compare(100, -100, residual))
	assert.Equal(t, Even, compare(100, -100, netDeadZone))
}

// chooseExamples keeps the network's wins only, the clearest first (the referee's
// margin, then the heuristic's, then game and ply), one per game, at most top.
func TestSelect(t *testing.T) {
	mk := func(id string, g, ply int, v Verdict, ref, heur int32) Case {
		return Case{Game: g, Ply: ply, Verdict: v, Referee: ai.Result{Score: ref}, Heuristic: heur, Net: int32(id[0])}
	}
	cases := []Case{
		mk("a", 1, 10, NetRight, 400, 100),
		mk("b", 1, 12, NetRight, -900, 100),           // game 1's clearest
		mk("c", 2, 5, HeuristicRight, ai.WinScore, 0), // not the network's win
		mk("d", 2, 7, NetRight, 300, -90),
		mk("e", 3, 3, NetRight, ai.WinScore-7, -80), // a slower proven win
		mk("f", 4, 9, NetRight, -(ai.WinScore - 3), 90),
		mk("g", 5, 9, NetRight, 300, -200), // same margin as d, heuristic more wrong
		mk("h", 6, 1, Agree, 5000, 5000),
		mk("i", 7, 2, NetRight, 300, 200),           // as g: earlier game first
		mk("j", 3, 8, NetRight, ai.WinScore-1, -80), // game 3's fastest win
		mk("k", 1, 20, RefereeEven, 0, 100),
	}
	names := func(cs []Case) string {
		var s []string
		for _, c := range cs {
			s = append(s, string(rune(c.Net))) // mk keeps the name there
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		top  int
		want string
	}{
		{10, "j f b g i d"},
		{3, "j f b"},
		{1, "j"},
		{0, ""},
	} {
		assert.Equal(t, c.want, names(chooseExamples(cases, c.top)), "top %d", c.top)
	}
	assert.Empty(t, chooseExamples(cases[2:3], 5), "no network win, nothing chosen")
}

// tiny is a run small enough for a unit test.
func tiny(threads int) Config {
	return Config{Games: 3, Nodes: 200, OpeningPlies: 4, MaxPlies: 60, RefereeNodes: 3000, Top: 3, Seed: 3, Threads: threads}
}

// withoutTimes zeroes the wall-clock fields of a report's referee results.
func withoutTimes(r *Report) *Report {
	for i := range r.Chosen {
		r.Chosen[i].Referee.Elapsed = 0
	}
	return r
}

// A run is the same for a seed whatever the thread count (so also when run
// again), and its report too; another seed plays other games.
func TestRunDeterministic(t *testing.T) {
	t.Setenv(player.PathEnv, "float") // the same scores on every machine
	net, err := player.NewEvaluator(player.Spec{Kind: player.CNN, Net: "learned"})
	require.NoError(t, err)
	var reports []*Report
	var texts []string
	for _, threads := range []int{1, 3} {
		r, err := Run(context.Background(), net, tiny(threads), nil)
		require.NoError(t, err)
		r.Config.Threads = 0
		reports = append(reports, withoutTimes(r))
		var b bytes.Buffer
		require.NoError(t, r.WriteMarkdown(&b))
		texts = append(texts, b.String())
	}
	r := reports[0]
	require.NotEmpty(t, r.Chosen, "the tiny run must reach the chosen positions")
	// The verdicts met depend on the shipped network; a tiny run meets
	// agreements, near-even scores and refereed disagreements.
	for _, v := range []Verdict{Agree, Even} {
		assert.Positive(t, r.Counts[v], "the tiny run meets verdict %v", v)
	}
	assert.Positive(t, r.Counts[NetRight]+r.Counts[HeuristicRight]+r.Counts[RefereeEven], "the tiny run referees disagreements")
	assert.Equal(t, r, reports[1], "3 threads")
	assert.Equal(t, texts[0], texts[1])

	sum := 0
	for _, n := range r.Counts {
		sum += n
	}
	assert.Equal(t, r.Positions, sum, "every position has one verdict")
	assert.Zero(t, r.Counts[Disagree], "every disagreement refereed")
	assert.Greater(t, r.Positions, 30)
	assert.Greater(t, r.Counts[Agree], 0)
	for _, c := range r.Chosen {
		assert.Equal(t, NetRight, c.Verdict)
		assert.NotEqual(t, game.NoMove, c.Referee.Move)
		assert.Contains(t, texts[0], c.Pos.String(), "the chosen board is in the report")
	}

	other := tiny(1)
	other.Seed, other.Games = 4, 1
	r2, err := Run(context.Background(), net, other, nil)
	require.NoError(t, err)
	assert.NotEqual(t, r.Chosen, r2.Chosen, "another seed, other games")
	assert.NotEqual(t, r.Counts, r2.Counts)
}

// A cancelled run returns the context's error.
func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, ai.NewHeuristic(), tiny(2), nil)
	assert.ErrorIs(t, err, context.Canceled)
}

// flipSide returns p with the other side to move.
func flipSide(t *testing.T, p game.Position) game.Position {
	s := p.String()
	side := "B"
	if p.SideToMove() == game.Black {
		side = "W"
	}
	q, err := game.ParsePosition(s[:len(s)-1] + side)
	require.NoError(t, err)
	return q
}

// A piece-planes network (format version 4) sees the side to move: loaded
// from a file through ai/player, as a player would, it scores every position
// with its own side to move, and the side changes the score.
func TestPieceNetSeesSideToMove(t *testing.T) {
	t.Setenv(player.PathEnv, "float") // compare with the float network itself
	r := rand.New(rand.NewPCG(3, 4))
	n := cnn.NewRandomInput(r, 0.1, cnn.InputPieces)
	for i := range n.SideBias { // random biases start at zero: make the side matter
		n.SideBias[i] = float32(r.NormFloat64() * 0.1)
	}
	path := filepath.Join(t.TempDir(), "pieces.tnn")
	require.NoError(t, n.SaveFile(path))
	eval, err := player.NewEvaluator(player.Spec{Kind: player.CNN, Net: path})
	require.NoError(t, err)

	cfg := tiny(1)
	cfg.Games = 1
	cases, err := collect(context.Background(), eval, cfg, 1, func(string, int, int) {})
	require.NoError(t, err)
	sides := map[game.Color]int{}
	changed := 0
	for _, c := range cases {
		sides[c.Pos.SideToMove()]++
		assert.Equal(t, n.Evaluate(&c.Pos), c.Net, "ply %d", c.Ply)
		q := flipSide(t, c.Pos)
		if n.Evaluate(&q) != c.Net {
			changed++
		}
	}
	assert.Positive(t, sides[game.White])
	assert.Positive(t, sides[game.Black])
	assert.Greater(t, changed, len(cases)/2, "the side to move changes the score")
}

// sided is a SidedEvaluator that scores +1 for White's engine and -1 for Black's.
type sided struct{ ai.Evaluator }

type constEval int32

func (c constEval) Evaluate(*game.Position) int32 { return int32(c) }
func (c constEval) Name() string                  { return "const" }

func (sided) ForSide(c game.Color) ai.Evaluator {
	if c == game.White {
		return constEval(1)
	}
	return constEval(-1)
}

// An evaluator with one judgement per side is asked for the side to move's.
func TestSidedNetScoresAsTheSideToMove(t *testing.T) {
	e := sided{constEval(0)}
	p := game.StartPosition()
	assert.EqualValues(t, 1, netScore(e, &p))
	q := flipSide(t, p)
	assert.EqualValues(t, -1, netScore(e, &q))
}
