package learn

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
)

// isZero reports whether every gradient in g is zero.
func isZero(g *params) bool {
	for _, l := range g {
		for _, v := range l {
			if v != 0 {
				return false
			}
		}
	}
	return true
}

// A bound's loss and gradient are zero while the output lies on its right
// side (at or above a lower bound, at or below an upper one) and, on the
// wrong side, those of an exact target at the bound.
func TestOneSidedLoss(t *testing.T) {
	net := cnn.NewRandomInput(rand.New(rand.NewPCG(4, 5)), 0.2, cnn.InputPieces)
	lr, err := newLearner(net, defaultAdam, 1)
	require.NoError(t, err)
	for _, smp := range samples(t, 6, 31) {
		out := lr.Predict(&smp.In, smp.Black)
		for _, c := range []struct {
			bound  ai.Bound
			target float32
			holds  bool
		}{
			{ai.LowerBound, out - 0.2, true},
			{ai.LowerBound, out, true},
			{ai.LowerBound, out + 0.2, false},
			{ai.UpperBound, out + 0.2, true},
			{ai.UpperBound, out - 0.2, false},
		} {
			b := smp
			b.Target, b.Bound = c.target, c.bound
			g := newGrads(net.Input)
			loss := lr.Gradient([]Sample{b}, g)
			if c.holds {
				assert.Zero(t, loss, "%v bound %v, output %v", c.bound, c.target, out)
				assert.True(t, isZero(g), "%v bound %v, output %v: a gradient", c.bound, c.target, out)
				assert.Zero(t, lr.Loss([]Sample{b}))
				continue
			}
			exact := b
			exact.Bound = ai.ExactValue
			ge := newGrads(net.Input)
			want := lr.Gradient([]Sample{exact}, ge)
			assert.Positive(t, loss)
			assert.Equal(t, want, loss)
			assert.False(t, isZero(g))
			assert.Equal(t, *ge, *g, "%v bound %v, output %v", c.bound, c.target, out)
			assert.InDelta(t, want, lr.Loss([]Sample{b}), 1e-6)
		}
	}
}

func TestTreeSamplesRoundTrip(t *testing.T) {
	in := samples(t, 30, 37)
	for i := range in {
		in[i].Black = i%2 == 1
		in[i].Bound = ai.Bound(i % 3)
	}
	var b bytes.Buffer
	require.NoError(t, writeTreeSamples(&b, in))
	require.Equal(t, len(in)*treeSampleSize, b.Len())
	out, err := readTreeSamples(b.Bytes())
	require.NoError(t, err)
	require.Equal(t, in, out)
	_, err = readTreeSamples(b.Bytes()[:b.Len()-1])
	require.ErrorContains(t, err, "not a whole number")
	bad := bytes.Clone(b.Bytes())
	bad[treeSampleSize+sampleSize] = 3
	_, err = readTreeSamples(bad)
	require.ErrorContains(t, err, "sample 1 has kind 3")
	bad = bytes.Clone(b.Bytes())
	bad[2*treeSampleSize+81] = 9
	_, err = readTreeSamples(bad)
	require.ErrorContains(t, err, "sample 2: side-to-move byte 9")
}

// The reservoir keeps the first max nodes whole, then a uniform sample: over
// many searches of 100 nodes each, every node is kept about max/100 of the
// time, and the sample is drawn from the given generator alone.
func TestReservoirUniform(t *testing.T) {
	const max, offered, searches = 10, 100, 4000
	kept := make([]int, offered)
	v := reservoir{max: max, r: rand.New(rand.NewPCG(1, 2))}
	for range searches {
		v.out, v.seen = v.out[:0], 0
		for i := 0; i < offered; i++ {
			v.offer(ai.Node{Pos: game.StartPosition(), Score: int32(i), Depth: 1})
		}
		require.Len(t, v.out, max)
		for _, s := range v.out {
			kept[int(s.Target*10000+0.5)]++
		}
	}
	for i, k := range kept {
		// Expected 400 of 4000; a binomial's 5 standard deviations is 95.
		assert.InDelta(t, searches*max/offered, k, 95, "node %d", i)
	}
	all := reservoir{r: rand.New(rand.NewPCG(1, 2))}
	for i := 0; i < offered; i++ {
		all.offer(ai.Node{Pos: game.StartPosition(), Score: int32(i), Bound: ai.Bound(i % 3)})
	}
	require.Len(t, all.out, offered, "no limit: every node")
	for i, s := range all.out {
		assert.Equal(t, netTarget(int32(i)), s.Target)
		assert.Equal(t, ai.Bound(i%3), s.Bound)
	}
}

// The sampler's kinds: all takes every node up to the limit; exact only the
// exact values; balanced every exact value (up to the limit) and as many
// lower bounds as upper ones, each drawn from its kind.
func TestSamplerBounds(t *testing.T) {
	// A search of 60 nodes: 6 exact, 39 lower bounds, 15 upper bounds;
	// the score says the node's number.
	search := func(s *sampler) []Sample {
		for i := 0; i < 60; i++ {
			b := ai.LowerBound
			switch {
			case i%10 == 0:
				b = ai.ExactValue
			case i%4 == 1:
				b = ai.UpperBound
			}
			s.offer(ai.Node{Pos: game.StartPosition(), Score: int32(i), Bound: b})
		}
		return s.take(nil)
	}
	count := func(out []Sample) (n [3]int) {
		for _, smp := range out {
			n[smp.Bound]++
		}
		return n
	}
	r := func() *rand.Rand { return rand.New(rand.NewPCG(3, 4)) }
	assert.Equal(t, [3]int{6, 39, 15}, count(search(newSampler(TreeConfig{}, r()))))
	assert.Equal(t, [3]int{6, 0, 0}, count(search(newSampler(TreeConfig{Bounds: BoundsExact}, r()))))
	assert.Equal(t, [3]int{4, 0, 0}, count(search(newSampler(TreeConfig{Bounds: BoundsExact, MaxPerSearch: 4}, r()))))
	bal := newSampler(TreeConfig{Bounds: BoundsBalanced}, r())
	first := search(bal)
	assert.Equal(t, [3]int{6, 15, 15}, count(first))
	assert.Equal(t, [3]int{6, 15, 15}, count(search(bal)), "take starts the next search afresh")
	assert.Equal(t, [3]int{6, 10, 10}, count(search(newSampler(TreeConfig{Bounds: BoundsBalanced, MaxPerSearch: 10}, r()))))
	// The lower bounds kept are a draw from all 39, not the first 15.
	late := 0
	for _, smp := range first {
		if smp.Bound == ai.LowerBound && smp.Target > netTarget(30) {
			late++
		}
	}
	assert.Positive(t, late)
	assert.Equal(t, first, search(newSampler(TreeConfig{Bounds: BoundsBalanced}, r())), "the same generator, the same draw")
	assert.ErrorContains(t, checkBounds("some"), `bad -tree-bounds "some"`)
	assert.NoError(t, checkBounds(""))
}

// A TreeStrap game gives, for each of its searches, at most MaxPerSearch
// samples, drawn from the nodes the search reports (all of them with no
// limit, in order, labelled in network units), and the same samples every
// time.
func TestTreeGameSamples(t *testing.T) {
	net := cnn.NewRandomInput(rand.New(rand.NewPCG(8, 9)), 0.3, cnn.InputPieces)
	// 3,000 nodes take every search of the game to depth 3, so that nodes with
	// two plies below them are reported whichever moves the game takes (at
	// 1,500 some games stop every search at depth 2 and report nothing).
	cfg := GenConfig{Nodes: 3000, OpeningPlies: 4, MaxPlies: 8, NetUnits: true, Seed: 5}
	// The nodes themselves, through the same hook.
	var nodes []ai.Node
	searches := 0
	hooked := cfg
	hooked.onNode = func(n ai.Node) { nodes = append(nodes, n) }
	hooked.onNodeMinDepth = 2
	require.NoError(t, SelfPlay(context.Background(), net, hooked, 3, func(*game.Game, ai.Result) error {
		searches++
		return nil
	}))
	require.NotEmpty(t, nodes)
	all, _, err := treeGame(context.Background(), net, cfg, TreeConfig{MinDepth: 2}, 3)
	require.NoError(t, err)
	require.Len(t, all, len(nodes))
	for i, n := range nodes {
		want := Sample{Black: n.Pos.SideToMove() == game.Black, Target: netTarget(n.Score), Bound: n.Bound}
		cnn.Encode(&n.Pos, &want.In)
		if want != all[i] || n.Depth < 2 {
			t.Fatalf("node %d (depth %d): sample %+v, want %+v", i, n.Depth, all[i], want)
		}
	}
	few, _, err := treeGame(context.Background(), net, cfg, TreeConfig{MinDepth: 2, MaxPerSearch: 3}, 3)
	require.NoError(t, err)
	assert.LessOrEqual(t, len(few), 3*searches)
	assert.Less(t, len(few), len(all))
	again, _, err := treeGame(context.Background(), net, cfg, TreeConfig{MinDepth: 2, MaxPerSearch: 3}, 3)
	require.NoError(t, err)
	assert.Equal(t, few, again)
}

// A position and its images under the symmetries of the square have the
// same searched value (the exact root value of a plain alpha-beta search
// with the heuristic, which sees the board alike under each), so a sample
// trained on through its image keeps its target, side to move and bound.
func TestTreeTargetsSymmetric(t *testing.T) {
	off, err := ai.ParseFeatures(strings.Join(ai.FeatureNames(), ","))
	require.NoError(t, err)
	rootValue := func(p game.Position) (int32, bool) {
		var root *ai.Node
		s := ai.NewSearcher(ai.NewHeuristic(), ai.Options{TTSizeMB: 1, Deterministic: true, Off: off,
			OnNode: func(n ai.Node) {
				if n.Ply == 0 {
					root = &n
				}
			}})
		s.Search(context.Background(), p, nil, ai.Limits{Depth: 2}, nil)
		if root == nil {
			return 0, false
		}
		require.Equal(t, ai.ExactValue, root.Bound)
		return root.Score, true
	}
	checked := 0
	for _, p := range positions(t, 12, 41)[1:] {
		v, ok := rootValue(p)
		if !ok {
			continue // not quiet
		}
		for k := 1; k < numSymmetries; k++ {
			q := image(t, &p, k)
			w, ok := rootValue(q)
			require.True(t, ok, "the image of a quiet position is quiet")
			assert.Equal(t, v, w, "symmetry %d of %s", k, p.String())
			var in [81]float32
			cnn.Encode(&p, &in)
			var qin [81]float32
			cnn.Encode(&q, &qin)
			smp := Sample{In: in, Black: p.SideToMove() == game.Black, Target: netTarget(v), Bound: ai.LowerBound}
			assert.Equal(t, Sample{In: qin, Black: smp.Black, Target: smp.Target, Bound: ai.LowerBound}, symmetric(k, &smp))
		}
		checked++
	}
	assert.GreaterOrEqual(t, checked, 2)
}

// image returns p mapped by symmetry k.
func image(t *testing.T, p *game.Position, k int) game.Position {
	var img [game.NumSquares]byte
	for s := game.Square(0); s < game.NumSquares; s++ {
		img[symmetrySquare(k, s)] = ".WBK"[p.At(s)]
	}
	var fen bytes.Buffer
	for r := 0; r < 9; r++ { // ranks 1 to 9, as Position.String
		if r > 0 {
			fen.WriteByte('/')
		}
		for f := 0; f < 9; f++ {
			fen.WriteByte(img[game.Sq(f, r)])
		}
	}
	fen.WriteString(" " + string("WB"[p.SideToMove()]))
	q, err := game.ParsePosition(fen.String())
	require.NoError(t, err)
	return q
}

// tinyTreeConfig is a TreeStrap run of a few seconds from random weights: no
// distillation, two rounds of two short games, one epoch each.
func tinyTreeConfig() Config {
	c := DefaultConfig()
	c.Games, c.ValGames, c.Epochs, c.Rounds, c.EvalEvery = 0, 0, 0, 0, 0
	c.Input, c.Sigma, c.MaxPlies, c.Chunk, c.Batch = "pieces", 0.3, 14, 1, 64
	c.TreeRounds, c.TreeGames, c.TreeNodes, c.TreeEpochs, c.TreeMaxPerSearch, c.TreeWindow = 2, 2, 150, 1, 8, 1
	return c
}

// treeFiles are the files of a TreeStrap run that must not depend on how
// often it was interrupted.
var treeFiles = []string{LearnedFile, treeFile, TreeRoundFile(0), TreeRoundFile(1), TreeRoundFile(2)}

// A TreeStrap run interrupted after any step and resumed (with bytes of a
// killed write after the checkpoint in tree.bin) ends bit for bit like an
// uninterrupted one: networks, data, state. Its rounds' networks differ.
func TestTreeResumeBitForBit(t *testing.T) {
	cfg := tinyTreeConfig()
	full := finishedRun(t, cfg)
	want := readState(t, full)
	require.Len(t, want.TreeGames, 2)
	require.Len(t, want.TreeStarts, 2)
	require.Len(t, want.History, 2)
	assert.Equal(t, 1, want.History[0].Tree)
	assert.Equal(t, 2, want.History[1].Tree)
	assert.Positive(t, want.History[1].TreeSamples)
	assert.Less(t, want.History[1].TreeSamples, int(want.TreeSize/treeSampleSize), "the window keeps the last round only")
	assert.NotEqual(t, must(os.ReadFile(filepath.Join(full, TreeRoundFile(0)))), must(os.ReadFile(filepath.Join(full, TreeRoundFile(1)))))
	assert.FileExists(t, filepath.Join(full, "loss.png"))
	// The plan: two chunks of games and an epoch, twice. A stop inside the
	// last step would not be seen (the step ends its last batch first).
	require.Len(t, cfg.plan(), 6)
	stops := []int{1, 2, 3, 4}
	if testing.Short() {
		stops = []int{3}
	}
	for _, stop := range stops {
		dir := sameAfterResume(t, cfg, full, stop, func(dir string) {
			f, err := os.OpenFile(filepath.Join(dir, treeFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			require.NoError(t, err)
			_, err = f.Write(make([]byte, 100)) // a killed write
			require.NoError(t, err)
			require.NoError(t, f.Close())
		})
		got := readState(t, dir)
		got.Elapsed, want.Elapsed = 0, 0
		for i := range got.History {
			got.History[i].Seconds, want.History[i].Seconds = 0, 0
		}
		require.Len(t, got.TreeTimes, len(want.TreeTimes), "stopped at step %d", stop)
		for i := range got.TreeTimes {
			got.TreeTimes[i].Seconds, want.TreeTimes[i].Seconds = 0, 0
		}
		got.Net, got.Adam = want.Net, want.Adam
		assert.Equal(t, want, got, "stopped at step %d", stop)
	}
}

// Snapshots lists the start and each round's network with the run's time
// and games when it was saved, in order; rounds without a noted time (from
// older builds) are left out.
func TestSnapshots(t *testing.T) {
	cfg := tinyTreeConfig()
	dir := finishedRun(t, cfg)
	snaps, c, err := Snapshots(dir)
	require.NoError(t, err)
	assert.Equal(t, cfg.TreeRounds, c.TreeRounds)
	require.Len(t, snaps, 3)
	for i, s := range snaps {
		assert.Equal(t, i, s.Round)
		assert.FileExists(t, s.File)
		assert.Equal(t, filepath.Join(dir, TreeRoundFile(i)), s.File)
		assert.Equal(t, i*cfg.TreeGames, s.Games)
		if i > 0 {
			assert.Greater(t, s.Seconds, snaps[i-1].Seconds)
		}
	}
	st := readState(t, dir)
	st.TreeTimes = st.TreeTimes[1:] // as if round 1 had been played by an older build
	require.NoError(t, os.WriteFile(filepath.Join(dir, stateFile), must(json.Marshal(st)), 0o644))
	snaps, _, err = Snapshots(dir)
	require.NoError(t, err)
	require.Len(t, snaps, 2)
	assert.Equal(t, 2, snaps[1].Round)
	assert.Equal(t, 2*cfg.TreeGames, snaps[1].Games)

	require.NoError(t, os.WriteFile(filepath.Join(dir, stateFile), []byte("{"), 0o644))
	_, _, err = Snapshots(dir)
	assert.ErrorContains(t, err, "damaged")
	_, _, err = Snapshots(t.TempDir())
	assert.ErrorContains(t, err, "holds no learning run")
}

// A finished TreeStrap run given more rounds on resume ends as a run
// started with them; rounds cannot be taken away, nor added once a step
// after them has begun.
func TestTreeRoundsAdded(t *testing.T) {
	cfg := tinyTreeConfig()
	full := finishedRun(t, cfg)
	one := cfg
	one.TreeRounds = 1
	dir := finishedRun(t, one)
	r, err := Open(dir)
	require.NoError(t, err)
	c := r.Config()
	c.TreeRounds = 2
	require.NoError(t, r.Amend(c))
	require.NoError(t, r.Run(context.Background()))
	for _, name := range treeFiles {
		assert.Equal(t, must(os.ReadFile(filepath.Join(full, name))), must(os.ReadFile(filepath.Join(dir, name))), name)
	}
	c.TreeRounds = 1
	assert.ErrorContains(t, r.Amend(c), "not taken away")
	c.TreeRounds, c.ExtraEpochs = 2, 1
	require.NoError(t, r.Amend(c))
	require.NoError(t, r.Run(context.Background()))
	c.TreeRounds = 3
	assert.ErrorContains(t, r.Amend(c), "only while")
	require.NoError(t, r.Close())
}

// A checkpoint whose TreeStrap fields disagree with its plan or with each
// other is refused as damaged.
func TestOpenRefusesDamagedTreeCheckpoint(t *testing.T) {
	dir := finishedRun(t, tinyTreeConfig())
	orig := must(os.ReadFile(filepath.Join(dir, stateFile)))
	for _, c := range []struct {
		change func(s *state)
		want   string
	}{
		{func(s *state) { s.TreeSize = 5 }, "tree_bytes 5"},
		{func(s *state) { s.TreeSize = -treeSampleSize }, "tree_bytes"},
		{func(s *state) { s.TreeStarts = []int64{0, 0, 0} }, "tree_starts lists 3 rounds"},
		{func(s *state) { s.TreeStarts = []int64{treeSampleSize, 0} }, "do not divide"},
		{func(s *state) { s.TreeStarts = []int64{0, s.TreeSize + treeSampleSize} }, "do not divide"},
		{func(s *state) { s.TreeTimes = []RoundTime{{Round: 2, Seconds: 1}, {Round: 1, Seconds: 2}} }, "tree_times entry 2"},
		{func(s *state) { s.TreeTimes = []RoundTime{{Round: 3, Seconds: 1}} }, "tree_times entry 1"},
		{func(s *state) { s.TreeTimes = []RoundTime{{Round: 1, Seconds: -1}} }, "tree_times entry 1"},
	} {
		var s state
		require.NoError(t, json.Unmarshal(orig, &s))
		c.change(&s)
		require.NoError(t, os.WriteFile(filepath.Join(dir, stateFile), must(json.Marshal(s)), 0o644))
		_, err := Open(dir)
		require.ErrorContains(t, err, "damaged checkpoint", c.want)
		require.ErrorContains(t, err, c.want)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, stateFile), orig, 0o644))
	require.NoError(t, os.Truncate(filepath.Join(dir, treeFile), treeSampleSize))
	_, err := Open(dir)
	require.ErrorContains(t, err, "shorter than its checkpoint")
}

func readState(t *testing.T, dir string) state {
	t.Helper()
	var st state
	require.NoError(t, json.Unmarshal(must(os.ReadFile(filepath.Join(dir, stateFile))), &st))
	return st
}

// A TreeStrap round whose searches report no node (here none is searched
// deep enough) skips its epochs and the run goes on to its end.
func TestTreeRoundWithoutSamples(t *testing.T) {
	cfg := tinyTreeConfig()
	cfg.TreeMinDepth = ai.MaxDepth
	dir := finishedRun(t, cfg)
	st := readState(t, dir)
	assert.Zero(t, st.TreeSize)
	assert.Empty(t, st.History)
	assert.Len(t, st.TreeGames, 2)
	assert.Equal(t, len(cfg.plan()), st.Next)
	assert.Equal(t, must(os.ReadFile(filepath.Join(dir, TreeRoundFile(0)))), must(os.ReadFile(filepath.Join(dir, TreeRoundFile(2)))))
}

// A TreeStrap run against an opponent plays its games against it: the
// network as White against the heuristic gives other samples than
// self-play, the log names the opponent, and the run resumes bit for bit.
func TestTreeOpponent(t *testing.T) {
	self := tinyTreeConfig()
	cfg := self
	cfg.TreeOpponent, cfg.TreeOpponentNodes, cfg.TreeSide = "heuristic", 300, "white"
	dir := t.TempDir()
	r, err := Start(cfg, dir, false)
	require.NoError(t, err)
	var lines []string
	r.Log = func(s string) { lines = append(lines, s) }
	require.NoError(t, r.Run(context.Background()))
	require.NoError(t, r.Close())
	assert.Contains(t, strings.Join(lines, "\n"), "network as white against heuristic")
	alone := finishedRun(t, self)
	assert.NotEqual(t, must(os.ReadFile(filepath.Join(alone, treeFile))), must(os.ReadFile(filepath.Join(dir, treeFile))))

	// The same games, searched the same way, through the generator alone:
	// the run's first chunk is game roundBase of the first round.
	gen := cfg.gen(cfg.Seed^0x7ee57a9, cfg.TreeNodes)
	gen.NetUnits, gen.Opponent, gen.OpponentNodes, gen.EngineSide = true, ai.NewHeuristic(), 300, WhiteSide
	start, err := cnn.LoadFile(filepath.Join(dir, TreeRoundFile(0)))
	require.NoError(t, err)
	assertFirstGame(t, dir, firstGameSamples(t, cfg, gen, start))

	// Stopped after its first step and resumed, it ends as the whole run did.
	sameAfterResume(t, cfg, dir, 1, nil)
}

// sameAfterResume runs cfg again, stopped after step stop, touched by
// between (if not nil) and resumed, checks that it ends with the files of
// the finished run in dir, and returns its folder.
func sameAfterResume(t *testing.T, cfg Config, dir string, stop int, between func(dir string)) string {
	t.Helper()
	again := t.TempDir()
	r, err := Start(cfg, again, false)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	r.Progress = func(p Progress) {
		if p.Step >= stop {
			cancel()
		}
	}
	require.ErrorIs(t, r.Run(ctx), context.Canceled)
	require.NoError(t, r.Close())
	if between != nil {
		between(again)
	}
	r, err = Open(again)
	require.NoError(t, err)
	require.NoError(t, r.Run(context.Background()))
	require.NoError(t, r.Close())
	for _, name := range treeFiles {
		assert.Equal(t, must(os.ReadFile(filepath.Join(dir, name))), must(os.ReadFile(filepath.Join(again, name))), "%s, stopped at step %d", name, stop)
	}
	return again
}

// With QuantizedGames the network plays its TreeStrap games through its
// integer version: the samples are those of treeGame with cnn.Quantize of
// the round's start network, not those of the float network, and the run
// still resumes bit for bit.
func TestQuantizedGames(t *testing.T) {
	cfg := tinyTreeConfig()
	cfg.TreeNodes, cfg.QuantizedGames, cfg.Sigma = 400, true, 0.05
	dir := finishedRun(t, cfg)
	start, err := cnn.LoadFile(filepath.Join(dir, TreeRoundFile(0)))
	require.NoError(t, err)
	gen := cfg.gen(cfg.Seed^0x7ee57a9, cfg.TreeNodes)
	gen.NetUnits = true
	quant := firstGameSamples(t, cfg, gen, cnn.Quantize(start))
	require.NotEqual(t, quant, firstGameSamples(t, cfg, gen, start), "the integer network searches otherwise")
	assertFirstGame(t, dir, quant)

	sameAfterResume(t, cfg, dir, 2, nil)
}

// firstGameSamples returns, in tree.bin's format, the TreeStrap samples of
// the first game of cfg's first round played by eval with the generator
// settings gen.
func firstGameSamples(t *testing.T, cfg Config, gen GenConfig, eval ai.Evaluator) []byte {
	t.Helper()
	smp, _, err := treeGame(context.Background(), eval, gen, cfg.treeConfig(), roundBase)
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, writeTreeSamples(&b, smp))
	return b.Bytes()
}

// assertFirstGame checks that the run in dir wrote want first in tree.bin.
func assertFirstGame(t *testing.T, dir string, want []byte) {
	t.Helper()
	got := must(os.ReadFile(filepath.Join(dir, treeFile)))
	require.GreaterOrEqual(t, len(got), len(want))
	assert.Equal(t, want, got[:len(want)])
}
