package learn

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/regfile"
)

// TreeStrap(alpha-beta) (Veness, Silver, Uther and Blair 2009,
// "Bootstrapping from game tree search"): in the network's own self-play
// searches, every searched position's static value moves towards the value
// its search found below it, not only the root's (rootstrap). Alpha-beta
// proves most values only as bounds: a fail-high says the value is at least
// the score found, a fail-low at most. A bound teaches only when the static
// value lies on its wrong side (below a lower bound, above an upper one),
// and then moves it up to the bound; on the right side it says nothing, so
// the loss is one-sided (oneSided).

// treeFile holds a run's TreeStrap samples (treeSampleSize bytes each): its
// own file, so that data.bin keeps its format and older runs resume.
const treeFile = "tree.bin"

// treeSampleSize is a sample on disk (sampleSize) followed by one byte, the
// target's kind: 0 exact, 1 lower bound, 2 upper bound (ai.Bound).
const treeSampleSize = sampleSize + 1

// oneSided returns the error out - target of a sample whose target is of
// kind b, zero when a bound's target already holds: out at or above a lower
// bound, at or below an upper one.
func oneSided(e float32, b ai.Bound) float32 {
	if b == ai.LowerBound && e > 0 || b == ai.UpperBound && e < 0 {
		return 0
	}
	return e
}

// TreeConfig is what one search contributes to TreeStrap's samples.
type TreeConfig struct {
	// MinDepth: only nodes with at least this many plies searched below them
	// are taken (their searched values say more than a frontier node's).
	MinDepth int
	// MaxPerSearch: of a search's reported nodes, at most this many, drawn
	// uniformly (reservoir sampling, Vitter 1985), so that one long search
	// does not flood the data; 0 takes all. With Bounds "exact" or
	// "balanced" the limit holds for each kind of target.
	MaxPerSearch int
	// Bounds chooses the kinds of target taken (see the Bounds constants);
	// "" is BoundsAll.
	Bounds string
}

// The kinds of target a TreeStrap search gives (TreeConfig.Bounds,
// learn -tree-bounds). In self-play most searched nodes end with a bound,
// and most of those are lower bounds in White's view (about 70% in the run
// from learned of docs/measurements.md, section TreeStrap rounds from
// learned); one-sided, they push values towards White more often than
// away, and the network's values drifted that way.
const (
	// BoundsAll takes every reported node, exact or bound.
	BoundsAll = "all"
	// BoundsExact takes the exact values only (the principal variations).
	BoundsExact = "exact"
	// BoundsBalanced takes every exact value, and as many lower as upper
	// bounds of each search: the fewer kind whole, the other drawn down to
	// it uniformly.
	BoundsBalanced = "balanced"
)

// checkBounds returns an error unless b is a kind of TreeStrap target.
func checkBounds(b string) error {
	switch b {
	case "", BoundsAll, BoundsExact, BoundsBalanced:
		return nil
	}
	return fmt.Errorf("bad -tree-bounds %q: want %s, %s or %s", b, BoundsAll, BoundsExact, BoundsBalanced)
}

// sampler draws the samples of one search after another (take), by
// TreeConfig's limit and kinds.
type sampler struct {
	bounds string
	kind   [3]reservoir // by ai.Bound; one reservoir, kind[0], for BoundsAll
	r      *rand.Rand
}

func newSampler(tc TreeConfig, r *rand.Rand) *sampler {
	s := &sampler{bounds: tc.Bounds, r: r}
	for i := range s.kind {
		s.kind[i] = reservoir{max: tc.MaxPerSearch, r: r}
	}
	return s
}

func (s *sampler) offer(n ai.Node) {
	switch s.bounds {
	case "", BoundsAll:
		s.kind[0].offer(n)
	case BoundsExact:
		if n.Bound == ai.ExactValue {
			s.kind[0].offer(n)
		}
	default:
		s.kind[n.Bound].offer(n)
	}
}

// take appends the samples of the search since the last take to out and
// starts the next search.
func (s *sampler) take(out []Sample) []Sample {
	out = append(out, s.kind[0].out...)
	if s.bounds == BoundsBalanced {
		lo, up := s.kind[ai.LowerBound].out, s.kind[ai.UpperBound].out
		k := min(len(lo), len(up))
		for _, b := range [][]Sample{lo, up} {
			// A reservoir keeps its nodes in the order they came; shuffled,
			// its first k are a uniform draw.
			s.r.Shuffle(len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
			out = append(out, b[:k]...)
		}
	}
	for i := range s.kind {
		s.kind[i].out, s.kind[i].seen = s.kind[i].out[:0], 0
	}
	return out
}

// reservoir keeps a uniform sample of at most max of the nodes offered.
type reservoir struct {
	max  int
	seen int
	r    *rand.Rand
	out  []Sample
}

func (v *reservoir) offer(n ai.Node) {
	v.seen++
	k := len(v.out)
	if v.max > 0 && k >= v.max {
		k = v.r.IntN(v.seen)
		if k >= v.max {
			return
		}
	} else {
		v.out = append(v.out, Sample{})
	}
	smp := &v.out[k]
	cnn.Encode(&n.Pos, &smp.In)
	smp.Black = n.Pos.SideToMove() == game.Black
	smp.Target = netTarget(n.Score)
	smp.Bound = n.Bound
}

// treeGame plays game i as playGame does (self-play of eval, a pure
// network, at cfg.Nodes a move, or eval against cfg.Opponent) and returns
// the TreeStrap samples of all its searches, search by search, and how it
// ended. Deterministic for (cfg, tc, i).
func treeGame(ctx context.Context, eval ai.Evaluator, cfg GenConfig, tc TreeConfig, i int) ([]Sample, game.Outcome, error) {
	res := newSampler(tc, rand.New(rand.NewPCG(cfg.Seed^0x7ee5, uint64(i))))
	var out []Sample
	cfg.onNode, cfg.onNodeMinDepth = res.offer, tc.MinDepth
	end, _, err := selfPlay(ctx, eval, cfg, i, func(*game.Game, ai.Result) error {
		out = res.take(out)
		return nil
	})
	if err != nil {
		return nil, game.Ongoing, err
	}
	return out, end.Outcome(), nil
}

// treeGames plays games from..to-1 with treeGame on threads goroutines and
// returns their samples in game order and how they ended.
func treeGames(ctx context.Context, eval ai.Evaluator, cfg GenConfig, tc TreeConfig, from, to, threads int) ([]Sample, Tally, error) {
	return playEach(ctx, from, to, threads, "TreeStrap", func(i int) ([]Sample, game.Outcome, error) {
		return treeGame(ctx, eval, cfg, tc, i)
	})
}

// writeTreeSamples appends samples to w in tree.bin's format.
func writeTreeSamples(w io.Writer, samples []Sample) error {
	buf := make([]byte, 0, len(samples)*treeSampleSize)
	for i := range samples {
		buf = appendSample(buf, &samples[i])
		buf = append(buf, byte(samples[i].Bound))
	}
	_, err := w.Write(buf)
	return err
}

// readTreeSamples reads a whole tree.bin (or the part of one given).
func readTreeSamples(b []byte) ([]Sample, error) {
	if len(b)%treeSampleSize != 0 {
		return nil, fmt.Errorf("TreeStrap data has %d bytes, not a whole number of %d-byte samples (cut or damaged)", len(b), treeSampleSize)
	}
	out := make([]Sample, len(b)/treeSampleSize)
	for i := range out {
		rec := b[i*treeSampleSize:][:treeSampleSize]
		if err := decodeSample(rec[:sampleSize], &out[i]); err != nil {
			return nil, fmt.Errorf("TreeStrap data sample %d: %w", i, err)
		}
		if k := ai.Bound(rec[sampleSize]); k > ai.UpperBound {
			return nil, fmt.Errorf("TreeStrap data sample %d has kind %d, not 0, 1 or 2 (damaged file)", i, k)
		}
		out[i].Bound = ai.Bound(rec[sampleSize])
	}
	return out, nil
}

// treeGamesStep plays one chunk of a TreeStrap round's games with the
// network as it is and appends their samples to tree.bin. The round's first
// chunk notes where its data begins (for Config.TreeWindow) and saves the
// network the round starts from, tree-00.tnn for the first round.
func (r *Run) treeGamesStep(ctx context.Context, s step) error {
	c := &r.st.Config
	if s.From == 0 {
		if len(r.st.TreeStarts) == s.Round {
			r.st.TreeStarts = append(r.st.TreeStarts, r.st.TreeSize)
		}
		if s.Round == 0 {
			if err := r.lr.Net.SaveFile(filepath.Join(r.dir, TreeRoundFile(0))); err != nil {
				return err
			}
		}
	}
	net := r.gamesNet()
	cfg := c.gen(c.Seed^0x7ee57a9, c.TreeNodes)
	cfg.NetUnits = true
	what, err := cfg.against("tree", c.TreeOpponent, c.TreeOpponentNodes, c.TreeSide)
	if err != nil {
		return err
	}
	what = fmt.Sprintf("TreeStrap round %d games (%s)", s.Round+1, what)
	r.report(Progress{What: what, Done: s.From, Total: s.To})
	base := roundBase * (s.Round + 1)
	smp, tally, err := treeGames(ctx, net, cfg, c.treeConfig(), base+s.From, base+s.To, r.Threads)
	if err != nil {
		return err
	}
	if err := appendFile(filepath.Join(r.dir, treeFile), func(w io.Writer) error { return writeTreeSamples(w, smp) }); err != nil {
		return err
	}
	r.st.TreeSize += int64(len(smp) * treeSampleSize)
	if n := len(r.st.TreeGames); n == 0 || r.st.TreeGames[n-1].Round != s.Round+1 {
		r.st.TreeGames = append(r.st.TreeGames, RoundGames{Round: s.Round + 1})
	}
	round := &r.st.TreeGames[len(r.st.TreeGames)-1]
	round.Add(tally)
	var kinds [3]int
	for i := range smp {
		kinds[smp[i].Bound]++
	}
	r.logf("%s %d-%d: %d nodes (%d exact, %d lower bounds, %d upper bounds; %d in all); %v; round so far: %v, White's score %.3f",
		what, s.From, s.To, len(smp), kinds[ai.ExactValue], kinds[ai.LowerBound], kinds[ai.UpperBound],
		r.st.TreeSize/treeSampleSize, tally, round.Tally, round.WhiteScore())
	return nil
}

// TreeRoundFile is the name, in the run folder, of the network as TreeStrap
// round n left it (n = 0: as the first round found it).
func TreeRoundFile(n int) string { return fmt.Sprintf("tree-%02d.tnn", n) }

// treeData returns the TreeStrap samples the epochs of tree round t
// (1-based; 0 for an epoch before any) train on: those of rounds t-TreeWindow+1
// to t, or of every round with TreeWindow 0.
func (r *Run) treeData(t int) ([]Sample, error) {
	if r.st.TreeSize == 0 || t == 0 {
		return nil, nil
	}
	var from int64
	if w := r.st.Config.TreeWindow; w > 0 && t-w > 0 {
		from = r.st.TreeStarts[min(t-w, len(r.st.TreeStarts)-1)]
	}
	f, err := regfile.Open(filepath.Join(r.dir, treeFile))
	if err != nil {
		return nil, fmt.Errorf("cannot read the run's TreeStrap data: %w", err)
	}
	defer f.Close()
	b := make([]byte, r.st.TreeSize-from)
	if _, err := f.ReadAt(b, from); err != nil {
		return nil, fmt.Errorf("cannot read the run's TreeStrap data: %w", err)
	}
	smp, err := readTreeSamples(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(r.dir, treeFile), err)
	}
	return smp, nil
}

// appendFile appends what write writes to the file at path and syncs it.
func appendFile(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("cannot open the run's data: %w", err)
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the run's data: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Snapshot is a network a TreeStrap run kept: the one it started from
// (round 0) or the one a round ended with.
type Snapshot struct {
	Round   int     // 0 for the start
	File    string  // path of the network file
	Seconds float64 // the run's wall time when it was saved (0 for the start)
	Games   int     // self-play games the run had played before it
}

// Snapshots lists the networks of the TreeStrap run in dir whose times are
// known (rounds finished by builds that did not note times are left out),
// and the run's configuration (TreeRounds is how many rounds it plans). It reads the checkpoint without
// locking the folder, so it may be called while the run goes on.
func Snapshots(dir string) (snaps []Snapshot, c Config, err error) {
	st := new(state)
	if err := runs.ReadState(dir, st); err != nil {
		return nil, c, err
	}
	if err := st.valid(dir); err != nil {
		return nil, c, err
	}
	if st.Config.TreeRounds == 0 {
		return nil, c, fmt.Errorf("the run in %s has no TreeStrap rounds, so no networks to rate", dir)
	}
	if len(st.TreeStarts) > 0 {
		snaps = append(snaps, Snapshot{Round: 0, File: filepath.Join(dir, TreeRoundFile(0))})
	}
	games := map[int]int{}
	for _, g := range st.TreeGames {
		games[g.Round] = g.Games() + g.Unfinished
	}
	played := 0
	next := 0 // index in TreeTimes
	for round := 1; round <= st.Config.TreeRounds && next < len(st.TreeTimes); round++ {
		played += games[round]
		if t := st.TreeTimes[next]; t.Round == round {
			snaps = append(snaps, Snapshot{Round: round, File: filepath.Join(dir, TreeRoundFile(round)), Seconds: t.Seconds, Games: played})
			next++
		}
	}
	return snaps, st.Config, nil
}
