package learn

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/lab/match"
)

// positions returns n positions from seeded random games.
func positions(t testing.TB, n int, seed uint64) []game.Position {
	r := rand.New(rand.NewPCG(seed, 1))
	var out []game.Position
	for len(out) < n {
		g := game.NewGame(game.StartPosition())
		for g.Outcome() == game.Ongoing && len(out) < n && g.Ply() < 60 {
			out = append(out, g.Position())
			ms := g.LegalMoves()
			require.NoError(t, g.Play(ms[r.IntN(len(ms))]))
		}
	}
	return out
}

func samples(t testing.TB, n int, seed uint64) []Sample {
	ps := positions(t, n, seed)
	h := ai.NewHeuristic()
	out := make([]Sample, n)
	for i := range ps {
		cnn.Encode(&ps[i], &out[i].In)
		out[i].Target = target(h.Evaluate(&ps[i]), 1000)
	}
	return out
}

func TestForwardMatchesReference(t *testing.T) {
	net := cnn.NewRandom(rand.New(rand.NewPCG(3, 4)), 0.15)
	lr, err := newLearner(net, defaultAdam, 1)
	require.NoError(t, err)
	for _, p := range positions(t, 8, 7) {
		var in [81]float32
		cnn.Encode(&p, &in)
		assert.InDelta(t, net.ForwardReference(&in), lr.Predict(&in, false), 1e-5)
	}
	// Piece planes: the side to move matters, and the learner agrees with the
	// reference for both.
	pn := cnn.NewRandomInput(rand.New(rand.NewPCG(3, 5)), 0.15, cnn.InputPieces)
	for i := range pn.SideBias {
		pn.SideBias[i] = float32(i%7) * 0.1
	}
	lp, err := newLearner(pn, defaultAdam, 1)
	require.NoError(t, err)
	for _, p := range positions(t, 8, 7) {
		var in [81]float32
		cnn.Encode(&p, &in)
		for _, black := range []bool{false, true} {
			assert.InDelta(t, pn.ForwardReferenceSide(&in, black), lp.Predict(&in, black), 1e-5)
		}
	}
}

// TestGradientFiniteDifferences checks the backward pass against central
// differences of the loss, weight by weight, on a sample of weights of every
// layer (those with a gradient large enough for float32 differences to
// resolve).
func TestGradientFiniteDifferences(t *testing.T) {
	for _, input := range []cnn.Input{cnn.InputSeed, cnn.InputPieces} {
		t.Run(input.String(), func(t *testing.T) {
			net := cnn.NewRandomInput(rand.New(rand.NewPCG(5, 6)), 0.2, input)
			for i := range net.SideBias {
				net.SideBias[i] = float32(i%5-2) * 0.2
			}
			lr, err := newLearner(net, defaultAdam, 2)
			require.NoError(t, err)
			batch := samples(t, 6, 11)
			for i := range batch {
				batch[i].Black = i%2 == 1
			}
			g := newGrads(input)
			lr.Gradient(batch, g)
			r := rand.New(rand.NewPCG(9, 9))
			w := paramsOf(net)
			for l := 0; l < numParamSets; l++ {
				if len(w[l]) == 0 {
					continue
				}
				// Layer 1 of the seed's plane sees the king's 10: a smaller
				// step keeps its differences in the linear range.
				eps := float32(1e-2)
				if l == 0 && input == cnn.InputSeed {
					eps = 2e-3
				}
				checked := 0
				for try := 0; try < 4000 && checked < 8; try++ {
					i := r.IntN(len(w[l]))
					if math.Abs(float64(g[l][i])) < 1e-3 {
						continue
					}
					w0 := w[l][i]
					w[l][i] = w0 + eps
					net.Prepare()
					up := lr.Loss(batch)
					w[l][i] = w0 - eps
					down := lr.Loss(batch)
					w[l][i] = w0
					num := (up - down) / (2 * float64(eps))
					assert.InDelta(t, num, float64(g[l][i]), 0.02*math.Abs(num)+1e-5, "set %d parameter %d", l+1, i)
					checked++
				}
				assert.Greater(t, checked, 5, "set %d: too few parameters with a usable gradient", l+1)
			}
		})
	}
}

func TestStepDoesNotDependOnThreads(t *testing.T) {
	batch := samples(t, 20, 13)
	for i := range batch {
		batch[i].Black = i%3 == 0
	}
	run := func(threads int) *cnn.Network {
		net := cnn.NewRandomInput(rand.New(rand.NewPCG(1, 2)), 0.1, cnn.InputPieces)
		lr, err := newLearner(net, defaultAdam, threads)
		require.NoError(t, err)
		for i := 0; i < 3; i++ {
			lr.Step(batch)
		}
		return net
	}
	a, b := run(1), run(3)
	for l := range a.W {
		require.Equal(t, a.W[l], b.W[l], "layer %d", l+1)
	}
	require.Equal(t, a.SideBias, b.SideBias)
	require.NotEqual(t, make([]float32, cnn.SideBiasSize), a.SideBias, "the biases learn")
}

// TestAdamFits checks that training lowers the loss: a small set is fitted
// far better than by the initial network, and the fast cnn forward pass of
// the trained network agrees with the learner's.
func TestAdamFits(t *testing.T) {
	n, steps := 64, 40
	if raceEnabled {
		n, steps = 16, 25
	}
	batch := samples(t, n, 17)
	net := cnn.NewRandom(rand.New(rand.NewPCG(1, 2)), 0.1)
	lr, err := newLearner(net, defaultAdam, 2)
	require.NoError(t, err)
	before := lr.Loss(batch)
	for i := 0; i < steps; i++ {
		lr.Step(batch)
	}
	after := lr.Loss(batch)
	t.Logf("loss %.4f -> %.4f", before, after)
	assert.Less(t, after, before/4)
	for i := range batch[:5] {
		assert.InDelta(t, lr.Predict(&batch[i].In, false), net.Forward(&batch[i].In), 1e-4)
	}
}

func TestSymmetriesKeepSpecialSquares(t *testing.T) {
	for k := 0; k < numSymmetries; k++ {
		seen := map[game.Square]bool{}
		for s := game.Square(0); s < game.NumSquares; s++ {
			d := symmetrySquare(k, s)
			require.True(t, d.Valid())
			require.False(t, seen[d], "symmetry %d is not a bijection", k)
			seen[d] = true
			assert.Equal(t, s == game.Throne, d == game.Throne, "symmetry %d, throne", k)
			assert.Equal(t, game.IsCamp(s), game.IsCamp(d), "symmetry %d, camp %v", k, s)
			assert.Equal(t, game.IsCampCentre(s), game.IsCampCentre(d), "symmetry %d, camp centre %v", k, s)
			assert.Equal(t, game.IsEscape(s), game.IsEscape(d), "symmetry %d, escape %v", k, s)
		}
	}
	// The eight maps are distinct: a square off every axis has 8 images.
	imgs := map[game.Square]bool{}
	for k := 0; k < numSymmetries; k++ {
		imgs[symmetrySquare(k, game.Sq(1, 2))] = true
	}
	assert.Len(t, imgs, 8)
}

// TestSymmetricPositionsSameGame checks that the image of a position under a
// symmetry plays the same game: perft counts agree, so the rules (camps,
// throne, escapes) treat both alike and their values are equal.
func TestSymmetricPositionsSameGame(t *testing.T) {
	for _, p := range positions(t, 6, 23)[1:] {
		want := game.Perft(&p, 2)
		for k := 1; k < numSymmetries; k++ {
			var img [game.NumSquares]byte
			for s := game.Square(0); s < game.NumSquares; s++ {
				img[symmetrySquare(k, s)] = ".WBK"[p.At(s)]
			}
			var fen bytes.Buffer
			for r := 8; r >= 0; r-- {
				for f := 0; f < 9; f++ {
					fen.WriteByte(img[game.Sq(f, r)])
				}
				if r > 0 {
					fen.WriteByte('/')
				}
			}
			fen.WriteString(" " + string("WB"[p.SideToMove()]))
			q, err := game.ParsePosition(fen.String())
			require.NoError(t, err)
			assert.Equal(t, want, game.Perft(&q, 2), "symmetry %d of %s", k, p.String())
		}
	}
}

func TestSamplesRoundTrip(t *testing.T) {
	in := samples(t, 30, 29)
	var b bytes.Buffer
	require.NoError(t, writeSamples(&b, in))
	out, err := readSamples(bytes.NewReader(b.Bytes()))
	require.NoError(t, err)
	require.Equal(t, in, out)
	_, err = readSamples(bytes.NewReader(b.Bytes()[:b.Len()-3]))
	require.ErrorContains(t, err, "not a whole number")
	bad := append([]byte(nil), b.Bytes()...)
	bad[5] = 7
	_, err = readSamples(bytes.NewReader(bad))
	require.ErrorContains(t, err, "not a piece code")
	bad = append([]byte(nil), b.Bytes()...)
	bad[81] = 2
	_, err = readSamples(bytes.NewReader(bad))
	require.ErrorContains(t, err, "side-to-move byte")
}

// TestSamplesKeepSideToMove: self-play samples record whose move it was, in
// the order the game alternates (both sides appear), and the file keeps it.
func TestSamplesKeepSideToMove(t *testing.T) {
	cfg := GenConfig{Nodes: 200, OpeningPlies: 0, MaxPlies: 6, Scale: 1000, Seed: 3}
	smp, err := gameSamples(context.Background(), ai.NewHeuristic(), cfg, 0)
	require.NoError(t, err)
	require.Len(t, smp, 6)
	for i, s := range smp {
		assert.Equal(t, i%2 == 1, s.Black, "ply %d: White moves first, then the sides alternate", i)
	}
	var b bytes.Buffer
	require.NoError(t, writeSamples(&b, smp))
	out, err := readSamples(bytes.NewReader(b.Bytes()))
	require.NoError(t, err)
	require.Equal(t, smp, out)
}

// TestOpponentPlaysItsSide: against an Opponent, the engine's search labels
// every position and chooses the moves of its own side only; the opponent
// (here one that evaluates at random) chooses the others, so some of them
// differ from the engine's choice there. With the sides swapped the roles
// swap too.
func TestOpponentPlaysItsSide(t *testing.T) {
	for _, side := range []Sides{WhiteSide, BlackSide, BothSides} {
		cfg := GenConfig{Nodes: 300, OpeningPlies: 2, MaxPlies: 40, Scale: 1000, Seed: 7,
			Opponent: ai.Random{Seed: 9}, OpponentNodes: 300, EngineSide: side}
		for i := 0; i < 2; i++ {
			engine := game.White
			if side == BlackSide || side == BothSides && i%2 == 1 {
				engine = game.Black
			}
			var labels, own, ownAsSearched, theirs, theirsDiffer int
			var last = game.NoMove
			var lastSide game.Color
			check := func(played game.Move) {
				if last == game.NoMove {
					return
				}
				if lastSide == engine {
					own++
					if played == last {
						ownAsSearched++
					}
				} else {
					theirs++
					if played != last {
						theirsDiffer++
					}
				}
			}
			err := SelfPlay(context.Background(), ai.NewHeuristic(), cfg, i, func(g *game.Game, res ai.Result) error {
				if g.Ply() > 2 {
					check(g.Moves()[g.Ply()-1])
				}
				pos := g.Position()
				labels++
				last, lastSide = res.Move, pos.SideToMove()
				return nil
			})
			require.NoError(t, err)
			require.Greater(t, labels, 10, "%s game %d", side, i)
			assert.Equal(t, own, ownAsSearched, "%s game %d: the engine plays what its search chose", side, i)
			assert.Positive(t, theirs, "%s game %d", side, i)
			assert.Positive(t, theirsDiffer, "%s game %d: the opponent chooses its own moves", side, i)
		}
	}
	_, err := parseSides("red")
	require.ErrorContains(t, err, "not a side")
}

func TestPlayGamesDeterministic(t *testing.T) {
	cfg := GenConfig{Nodes: 300, OpeningPlies: 4, ExplorePlies: 10, ExploreProb: 0.3, MaxPlies: 60, Scale: 1000, Seed: 5}
	h := ai.NewHeuristic()
	a, ta, err := playGames(context.Background(), h, cfg, 0, 3, 1)
	require.NoError(t, err)
	b, tb, err := playGames(context.Background(), h, cfg, 0, 3, 3)
	require.NoError(t, err)
	require.NotEmpty(t, a)
	require.Equal(t, a, b)
	require.Equal(t, ta, tb)
	for _, s := range a {
		require.True(t, s.Target > -1 && s.Target < 1)
	}
}

// TestPlayGamesTally: the tally counts each game once, as it ended. With
// the outcome weight 1 every label of a finished game is its result, so a
// game played alone shows in its labels how it ended.
func TestPlayGamesTally(t *testing.T) {
	cfg := GenConfig{Nodes: 200, OpeningPlies: 4, ExplorePlies: 10, ExploreProb: 0.3, MaxPlies: 300, Scale: 1000, Seed: 7, OutcomeWeight: 1}
	h := ai.NewHeuristic()
	var want Tally
	win := float32(math.Tanh(3))
	for i := range 6 {
		smp, one, err := playGames(context.Background(), h, cfg, i, i+1, 1)
		require.NoError(t, err)
		require.NotEmpty(t, smp)
		require.Equal(t, 1, one.Games()+one.Unfinished, "game %d", i)
		switch z := smp[0].Target; {
		case z == win:
			require.Equal(t, 1, one.Wins, "game %d", i)
		case z == -win:
			require.Equal(t, 1, one.Losses, "game %d", i)
		case z == 0:
			require.Equal(t, 1, one.Draws, "game %d", i)
		default:
			require.Equal(t, 1, one.Unfinished, "game %d", i)
		}
		want.Add(one)
	}
	_, all, err := playGames(context.Background(), h, cfg, 0, 6, 2)
	require.NoError(t, err)
	require.Equal(t, want, all)
	require.Positive(t, all.Wins+all.Losses, "some games must be decided")

	cfg.MaxPlies = 8
	_, stopped, err := playGames(context.Background(), h, cfg, 0, 3, 2)
	require.NoError(t, err)
	require.Equal(t, Tally{Unfinished: 3}, stopped)
	require.True(t, math.IsNaN(stopped.WhiteScore()))
	require.InDelta(t, 0.625, Tally{WDL: match.WDL{Wins: 2, Draws: 1, Losses: 1}, Unfinished: 5}.WhiteScore(), 1e-12)
}

// TestRootstrapLabelsInNetworkUnits: a network's own search scores are 10000
// times its outputs; their labels must stay on that scale. The learned
// network's outputs are mostly within +-0.3; squashing its scores again with
// Target (tanh(10 * output)) would put the labels' mean size near 0.7.
func TestRootstrapLabelsInNetworkUnits(t *testing.T) {
	net, err := cnn.LoadFile("../../../weights/learned.tnn")
	require.NoError(t, err)
	cfg := GenConfig{Nodes: 200, OpeningPlies: 4, MaxPlies: 30, Scale: 1000, Seed: 3, NetUnits: true}
	smp, _, err := playGames(context.Background(), net, cfg, 0, 2, 2)
	require.NoError(t, err)
	require.NotEmpty(t, smp)
	var sum float64
	n := 0
	for _, s := range smp {
		if a := math.Abs(float64(s.Target)); a < 0.99 { // not a win or a loss
			sum += a
			n++
		}
	}
	require.Positive(t, n)
	assert.Less(t, sum/float64(n), 0.3, "mean size of the labels")
	assert.InDelta(t, 0.25, netTarget(2500), 1e-6)
	assert.InDelta(t, -math.Tanh(3), netTarget(-ai.WinScore), 1e-6)
}

func TestTarget(t *testing.T) {
	assert.Equal(t, float32(0), target(0, 1000))
	assert.InDelta(t, math.Tanh(0.5), target(500, 1000), 1e-6)
	assert.InDelta(t, -math.Tanh(3), target(-ai.WinScore, 1000), 1e-6)
}

func BenchmarkStep(b *testing.B) {
	batch := samples(b, 256, 31)
	net := cnn.NewRandom(rand.New(rand.NewPCG(1, 2)), 0.1)
	lr, _ := newLearner(net, defaultAdam, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lr.Step(batch)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(batch)), "us/sample")
}

// TestOpponentSettings: the rootstrap and TreeStrap opponents' settings are
// checked, each error naming its flag.
func TestOpponentSettings(t *testing.T) {
	for kind, set := range map[string]func(c *Config, opp string, nodes int64, side string){
		"root": func(c *Config, opp string, nodes int64, side string) {
			c.RootOpponent, c.RootOpponentNodes, c.RootSide = opp, nodes, side
		},
		"tree": func(c *Config, opp string, nodes int64, side string) {
			c.TreeRounds, c.TreeGames, c.TreeNodes, c.TreeEpochs = 1, 1, 1000, 1
			c.TreeOpponent, c.TreeOpponentNodes, c.TreeSide = opp, nodes, side
		},
	} {
		c := DefaultConfig()
		set(&c, "heuristic", 5000, "white")
		require.NoError(t, c.Validate(), kind)
		set(&c, "cnn:learned2", 5000, "white")
		require.NoError(t, c.Validate(), kind)
		for _, tc := range []struct {
			opp   string
			nodes int64
			side  string
			want  string
		}{
			{"heuristic", 0, "both", "-" + kind + "-opponent-nodes"},
			{"minimax", 5000, "both", "not an engine"},
			{"cnn:no-such-net", 5000, "both", "-" + kind + "-opponent"},
			{"heuristic", 5000, "red", "-" + kind + "-side"},
			{"", 0, "black", "needs -" + kind + "-opponent"},
		} {
			set(&c, tc.opp, tc.nodes, tc.side)
			assert.ErrorContains(t, c.Validate(), tc.want, "%s %+v", kind, tc)
		}
	}
	c := DefaultConfig()
	for _, l := range []float64{-0.1, 1, math.NaN()} {
		c.RootLambda = l
		assert.ErrorContains(t, c.Validate(), "-root-lambda", "lambda %v", l)
	}
	c.RootLambda = 0.9
	assert.NoError(t, c.Validate())
}

// TestOutcomeWeight: with OutcomeWeight w, each label of a finished game
// moves a fraction w of the way to its result (+-tanh(3) for a win, 0 for a
// draw); a game stopped at MaxPlies keeps its search labels.
func TestOutcomeWeight(t *testing.T) {
	base := GenConfig{Nodes: 300, OpeningPlies: 4, MaxPlies: 200, Scale: 1000, Seed: 5,
		Opponent: ai.Random{Seed: 3}, OpponentNodes: 50, EngineSide: BothSides}
	outcomes := map[game.Outcome]int{}
	for _, maxPlies := range []int{200, 8} {
		for i := 0; i < 6; i++ {
			cfg := base
			cfg.MaxPlies = maxPlies
			plain, err := gameSamples(context.Background(), ai.NewHeuristic(), cfg, i)
			require.NoError(t, err)
			end, _, err := selfPlay(context.Background(), ai.NewHeuristic(), cfg, i, func(*game.Game, ai.Result) error { return nil })
			require.NoError(t, err)
			cfg.OutcomeWeight = 0.25
			mixed, err := gameSamples(context.Background(), ai.NewHeuristic(), cfg, i)
			require.NoError(t, err)
			require.Len(t, mixed, len(plain))
			var z float64
			switch end.Outcome() {
			case game.WhiteWins:
				z = math.Tanh(3)
			case game.BlackWins:
				z = -math.Tanh(3)
			case game.Ongoing:
				require.Equal(t, plain, mixed, "game %d stopped at %d plies", i, maxPlies)
				continue
			}
			outcomes[end.Outcome()]++
			for k := range plain {
				assert.InDelta(t, 0.75*float64(plain[k].Target)+0.25*z, float64(mixed[k].Target), 1e-6, "game %d label %d", i, k)
			}
		}
	}
	assert.Positive(t, outcomes[game.WhiteWins]+outcomes[game.BlackWins], "some games end in a win: %v", outcomes)
}

// TestLambdaReturns: with Lambda, each label is the TD(lambda) return of the
// search labels after it, ending in the game's result (or, in a game stopped
// at MaxPlies, the last label), and an exploring random move cuts the chain.
func TestLambdaReturns(t *testing.T) {
	base := GenConfig{Nodes: 300, OpeningPlies: 4, ExplorePlies: 12, ExploreProb: 0.3, MaxPlies: 200, Scale: 1000, Seed: 9,
		Opponent: ai.Random{Seed: 3}, OpponentNodes: 50, EngineSide: BothSides}
	const l = 0.8
	cuts, ended := 0, 0
	for _, maxPlies := range []int{200, 10} {
		for i := 0; i < 6; i++ {
			cfg := base
			cfg.MaxPlies = maxPlies
			plain, err := gameSamples(context.Background(), ai.NewHeuristic(), cfg, i)
			require.NoError(t, err)
			end, explored, err := selfPlay(context.Background(), ai.NewHeuristic(), cfg, i, func(*game.Game, ai.Result) error { return nil })
			require.NoError(t, err)
			require.Len(t, explored, len(plain))
			cfg.Lambda = l
			td, err := gameSamples(context.Background(), ai.NewHeuristic(), cfg, i)
			require.NoError(t, err)
			require.Len(t, td, len(plain))
			g := float64(plain[len(plain)-1].Target)
			switch end.Outcome() {
			case game.WhiteWins:
				g, ended = math.Tanh(3), ended+1
			case game.BlackWins:
				g, ended = -math.Tanh(3), ended+1
			case game.Draw:
				g, ended = 0, ended+1
			}
			for k := len(plain) - 1; k >= 0; k-- {
				if explored[k] {
					g = float64(plain[k].Target)
					cuts++
				} else {
					g = (1-l)*float64(plain[k].Target) + l*g
				}
				assert.InDelta(t, g, float64(td[k].Target), 1e-5, "game %d (max %d plies) label %d", i, maxPlies, k)
				assert.Equal(t, plain[k].In, td[k].In)
			}
		}
	}
	assert.Positive(t, cuts, "some exploring moves")
	assert.Positive(t, ended, "some games end")
}
