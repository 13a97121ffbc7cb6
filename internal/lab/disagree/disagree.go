// Package disagree shows what an evaluator (typically a learned network) knows
// that the hand-made heuristic does not: it collects the positions of seeded
// self-play games, scores each with both evaluators, and where they disagree
// on who is better asks a deep heuristic search (the referee) which of the two
// is right. The positions where the network is right, the clearest first, are
// the examples; the counts of every outcome are the honest picture.
//
// Techniques and where they live:
//
//   - disagree.go: Run (the games, the static scores, the referee searches,
//     spread over goroutines without changing any result), the dead zones
//     and verdicts, chooseExamples (ranking, at most one position per game).
//   - explain.go: a one-line explanation read off the referee's line
//     (captures, escape threats, immediate wins) when the line shows one.
//   - report.go: the Markdown report (totals, then each position's board in
//     the project's notation with its three scores).
//
// The referee is the same hand-made heuristic searched deeply, so "right" means
// "agrees with what the heuristic sees after a deep search": a static
// evaluator that anticipates the search is what a network learned from search
// values should be.
package disagree

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/lab/learn"
)

// Dead zones: a score closer to zero than its dead zone says "about even", so a
// position where either evaluator (or the referee) calls it about even is not
// a disagreement. heuristicDeadZone is one black pawn's worth in the
// heuristic's units (ai.DefaultWeights: a white pawn is 150, a black pawn 75);
// it also serves the referee, a heuristic search, and a residual network
// (whose evaluator is a heuristic plus a correction, in heuristic units). netDeadZone is the same advantage on a pure network's scale: a
// network learned from search values (internal/lab/learn, target scale 1000) outputs
// tanh(75/1000) = 0.075 for it, and its score is 10000 times its output.
const (
	heuristicDeadZone int32 = 75
	netDeadZone       int32 = 750
)

// Verdict is what a position shows about the two evaluators.
type Verdict uint8

const (
	// Agree: both evaluators name the same side as better.
	Agree Verdict = iota
	// Even: at least one of them calls the position about even.
	Even
	// NetRight: they disagree and the referee sides with the network.
	NetRight
	// HeuristicRight: they disagree and the referee sides with the heuristic.
	HeuristicRight
	// RefereeEven: they disagree and the referee calls it about even.
	RefereeEven
	// Disagree: they disagree and the referee has not searched yet.
	Disagree
	numVerdicts
)

// String says the verdict in a few words for the report's table.
func (v Verdict) String() string {
	switch v {
	case Agree:
		return "network and heuristic agree on who is better"
	case Even:
		return "one of them says about even"
	case NetRight:
		return "they disagree, the referee sides with the network"
	case HeuristicRight:
		return "they disagree, the referee sides with the heuristic"
	case RefereeEven:
		return "they disagree, the referee says about even"
	case Disagree:
		return "they disagree (not refereed)"
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// side reads a score (White's point of view) with a dead zone: +1 when White
// is better, -1 when Black is, 0 when it is within dead of zero.
func side(score, dead int32) int {
	switch {
	case score > dead:
		return 1
	case score < -dead:
		return -1
	}
	return 0
}

// compare gives the verdict of the two static scores alone: Agree, Even or
// Disagree (the referee then decides).
// netDead is the network's dead zone.
func compare(net, heuristic, netDead int32) Verdict {
	n, h := side(net, netDead), side(heuristic, heuristicDeadZone)
	switch {
	case n == 0 || h == 0:
		return Even
	case n == h:
		return Agree
	}
	return Disagree
}

// judge gives the verdict on a disagreement from the referee's score.
func judge(net, referee, netDead int32) Verdict {
	switch side(referee, heuristicDeadZone) {
	case 0:
		return RefereeEven
	case side(net, netDead):
		return NetRight
	}
	return HeuristicRight
}

// Case is one candidate position with its scores, all from White's point of
// view: the network's (10000 times its output, or what its evaluator returns
// for a residual network), the heuristic's, and for a disagreement the
// referee's search.
type Case struct {
	Game, Ply int // self-play game number and the ply before which the position stood
	Pos       game.Position
	Net       int32
	Heuristic int32
	Referee   ai.Result // zero unless the position was refereed
	Verdict   Verdict
}

// Config sets a run.
type Config struct {
	// Games self-play games of the heuristic provide the positions.
	Games int
	// Nodes is the node budget of each move in those games.
	Nodes int64
	// OpeningPlies random plies start each game (match.RandomOpening).
	OpeningPlies int
	// MaxPlies ends a game (default match.DefaultMaxPlies).
	MaxPlies int
	// RefereeNodes is the node budget of each referee search.
	RefereeNodes int64
	// Top is the most positions chooseExamples keeps.
	Top int
	// Seed seeds the games' openings and every search's tie-breaks.
	Seed uint64
	// Threads goroutines play the games and run the referee searches (each
	// search has one thread); the results do not depend on it.
	Threads int
	// Residual says the network's evaluator is a residual on the heuristic
	// (ai.Residual), whose scores are in heuristic units (with the file's own
	// evolved weights when it carries them), not 10000 times an output.
	Residual bool
}

// NetDeadZone returns the dead zone of the network's scores: netDeadZone, or
// heuristicDeadZone for a residual network.
func (c Config) NetDeadZone() int32 {
	if c.Residual {
		return heuristicDeadZone
	}
	return netDeadZone
}

// DefaultConfig returns the settings of tablut disagree's defaults.
func DefaultConfig() Config {
	return Config{Games: 40, Nodes: 2000, OpeningPlies: 6, RefereeNodes: 2_000_000, Top: 6, Seed: 1, Threads: 1}
}

// refereeTTMB is the referee's transposition table size for a search of nodes
// nodes: 1 MB per 2^17 nodes (16 MB for the default two million), from 1 to
// 16 MB. Each search clears its table, so a table far larger than the search
// would cost more to clear than it could give.
func refereeTTMB(nodes int64) int {
	return int(min(16, max(1, (nodes+1<<17-1)>>17)))
}

// Report is the outcome of a run.
type Report struct {
	Net    string // the network's evaluator name
	Config Config
	// Counts holds how many positions got each verdict.
	Counts [numVerdicts]int
	// Positions is the number of candidate positions.
	Positions int
	// Chosen are the examples chooseExamples kept, the clearest first.
	Chosen []Case
	// Command and NetPath, when set, are printed at the top of the report:
	// the command line that made it and how the network was run.
	Command, NetPath string
}

// Progress is called as a run goes: stage "games" then "referee", with the
// count of done and total steps. Calls do not overlap.
type Progress func(stage string, done, total int)

// Run plays cfg.Games self-play games of the heuristic, scores every position
// they searched with net and with the heuristic, referees the disagreements and
// returns the counts and the chosen examples. net is used as a player uses it:
// a SidedEvaluator scores with the evaluator of the side to move. The result
// depends on cfg and net only, never on cfg.Threads.
func Run(ctx context.Context, net ai.Evaluator, cfg Config, progress Progress) (*Report, error) {
	if progress == nil {
		progress = func(string, int, int) {}
	}
	threads := max(cfg.Threads, 1)
	cases, err := collect(ctx, net, cfg, threads, progress)
	if err != nil {
		return nil, err
	}
	if err := referee(ctx, cases, cfg, threads, progress); err != nil {
		return nil, err
	}
	r := &Report{Net: net.Name(), Config: cfg, Positions: len(cases), Chosen: chooseExamples(cases, cfg.Top)}
	for _, c := range cases {
		r.Counts[c.Verdict]++
	}
	return r, nil
}

// collect plays the games and returns their positions, scored and compared,
// in game and ply order.
func collect(ctx context.Context, net ai.Evaluator, cfg Config, threads int, progress Progress) ([]Case, error) {
	gen := learn.GenConfig{Nodes: cfg.Nodes, OpeningPlies: cfg.OpeningPlies, MaxPlies: cfg.MaxPlies, Seed: cfg.Seed}
	heuristic := ai.NewHeuristic()
	perGame := make([][]Case, cfg.Games)
	steps := newSteps("games", cfg.Games, progress)
	err := forEach(ctx, cfg.Games, threads, func(_, i int) error {
		err := learn.SelfPlay(ctx, heuristic, gen, i, func(g *game.Game, _ ai.Result) error {
			pos := g.Position()
			c := Case{Game: i + 1, Ply: g.Ply(), Pos: pos, Net: netScore(net, &pos), Heuristic: heuristic.Evaluate(&pos)}
			c.Verdict = compare(c.Net, c.Heuristic, cfg.NetDeadZone())
			perGame[i] = append(perGame[i], c)
			return nil
		})
		if err != nil {
			return fmt.Errorf("self-play game %d: %w", i+1, err)
		}
		steps.done()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return slices.Concat(perGame...), nil
}

// netScore is net's score of p as an engine to move in p would see it.
func netScore(net ai.Evaluator, p *game.Position) int32 {
	if s, ok := net.(ai.SidedEvaluator); ok {
		return s.ForSide(p.SideToMove()).Evaluate(p)
	}
	return net.Evaluate(p)
}

// referee searches every disagreement of cases with the heuristic and sets its
// Referee and Verdict. Each search starts from a cleared table with the same
// seed and one thread, so its result does not depend on which goroutine ran it
// or what it searched before. The position is judged alone (no game history):
// as the report shows it.
func referee(ctx context.Context, cases []Case, cfg Config, threads int, progress Progress) error {
	var todo []int
	for i, c := range cases {
		if c.Verdict == Disagree {
			todo = append(todo, i)
		}
	}
	searchers := make([]*ai.Searcher, threads)
	steps := newSteps("referee", len(todo), progress)
	return forEach(ctx, len(todo), threads, func(w, k int) error {
		if searchers[w] == nil {
			searchers[w] = ai.NewSearcher(ai.NewHeuristic(), ai.Options{TTSizeMB: refereeTTMB(cfg.RefereeNodes), Deterministic: true, Seed: cfg.Seed | 1})
		}
		s := searchers[w]
		s.Clear()
		c := &cases[todo[k]]
		res := s.Search(ctx, c.Pos, nil, ai.Limits{Nodes: cfg.RefereeNodes}, nil)
		if err := ctx.Err(); err != nil {
			return err
		}
		c.Referee = res
		c.Verdict = judge(c.Net, res.Score, cfg.NetDeadZone())
		steps.done()
		return nil
	})
}

// steps counts finished steps of a stage for Progress, from any goroutine.
type steps struct {
	mu       sync.Mutex
	n, total int
	stage    string
	progress Progress
}

func newSteps(stage string, total int, progress Progress) *steps {
	progress(stage, 0, total)
	return &steps{stage: stage, total: total, progress: progress}
}

func (s *steps) done() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	s.progress(s.stage, s.n, s.total)
}

// forEach calls f(w, i) for every i in [0, n) on threads goroutines, w being
// the goroutine's number (so f can keep one searcher per goroutine). After an
// error or a cancelled ctx no new call starts; the error of the lowest i is
// returned (ctx's error when no call failed).
func forEach(ctx context.Context, n, threads int, f func(w, i int) error) error {
	errs := make([]error, n)
	next := make(chan int, n)
	for i := range n {
		next <- i
	}
	close(next)
	var failed sync.Once
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range min(threads, max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				select {
				case <-stop:
					return
				case <-ctx.Done():
					return
				default:
				}
				if errs[i] = f(w, i); errs[i] != nil {
					failed.Do(func() { close(stop) })
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return ctx.Err()
}

// chooseExamples returns the positions where the network was right, ranked by how
// clearly: the referee's margin first (a proven win beats any score, a faster
// win a slower one), then how firmly the heuristic was wrong, then game and
// ply; at most one per game, so that the examples differ, and at most top.
func chooseExamples(cases []Case, top int) []Case {
	var right []Case
	for _, c := range cases {
		if c.Verdict == NetRight {
			right = append(right, c)
		}
	}
	slices.SortStableFunc(right, func(a, b Case) int {
		return cmp.Or(
			cmp.Compare(abs(b.Referee.Score), abs(a.Referee.Score)),
			cmp.Compare(abs(b.Heuristic), abs(a.Heuristic)),
			cmp.Compare(a.Game, b.Game),
			cmp.Compare(a.Ply, b.Ply),
		)
	})
	var out []Case
	used := map[int]bool{}
	for _, c := range right {
		if len(out) >= top {
			break
		}
		if !used[c.Game] {
			used[c.Game] = true
			out = append(out, c)
		}
	}
	return out
}

func abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}
