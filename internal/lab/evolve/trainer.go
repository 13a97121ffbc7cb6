package evolve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/lab/match"
	"github.com/tablut-ai/tablut/internal/rundir"
)

// GenRecord summarises one generation (one line of generations.jsonl).
type GenRecord struct {
	Gen     int       `json:"gen"`
	Players []string  `json:"players"` // labels, by index
	Origins []string  `json:"origins"`
	Sigmas  []float64 `json:"sigmas"`
	Scores  []float64 `json:"scores"` // by index
	Wins    []int     `json:"wins"`
	Ties    []int     `json:"ties"`
	Losses  []int     `json:"losses"`
	HScores []float64 `json:"heuristic_scores,omitempty"`
	// WhiteScores and Fitness, by index, are kept when Config.WhiteWeight is
	// set: the points won as White and the fitness ranked on; Best, Mean,
	// Worst and MaxScore are then fitness values.
	WhiteScores []float64 `json:"white_scores,omitempty"`
	Fitness     []float64 `json:"fitness,omitempty"`
	Ranking     []int     `json:"ranking"` // indices, best first
	Champion    string    `json:"champion"`
	Best        float64   `json:"best"`
	Mean        float64   `json:"mean"`
	Worst       float64   `json:"worst"`
	// MaxScore is the score of winning every game of the generation.
	MaxScore  float64 `json:"max_score"`
	Games     int     `json:"games"`
	Draws     int     `json:"draws"`
	MeanPlies float64 `json:"mean_plies"`
	// Parent is the generation's parent test (Config.ParentGames), nil when
	// off or when the generation has no parent.
	Parent  *ParentTest `json:"parent_test,omitempty"`
	Seconds float64     `json:"seconds"`
	Elapsed float64     `json:"elapsed_seconds"`
}

// EvalPoint is one point of the learning curve (one line of evals.jsonl): the
// champion of generation Gen against a fixed reference.
type EvalPoint struct {
	Gen      int     `json:"gen"`
	Champion string  `json:"champion"`
	Opponent string  `json:"opponent"` // "heuristic" or "gen0"
	Games    int     `json:"games"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	Score    float64 `json:"score"`
	Lo       float64 `json:"ci_low"`
	Hi       float64 `json:"ci_high"`
}

// gameLine is one line of games.jsonl.
type gameLine struct {
	Gen    int     `json:"gen"`
	Kind   string  `json:"kind"` // "tournament", "heuristic", "parent", "eval-heuristic", "eval-gen0"
	White  string  `json:"white"`
	Black  string  `json:"black"`
	Result string  `json:"result"` // "1-0", "0-1", "1/2-1/2"
	Score  float64 `json:"white_score"`
	Plies  int     `json:"plies"`
	Reason string  `json:"reason"`
}

// Progress reports the games of the current process.
type Progress struct {
	Generation  int // 0-based generation being played
	Generations int
	Done        int // games finished since Run started
	Total       int // games Run has to play
}

// GameReport is one finished game, for Trainer.Game.
type GameReport struct {
	Gen          int
	Kind         string  // as in games.jsonl: "tournament", "heuristic", "parent", "eval-heuristic", "eval-gen0"
	White, Black int     // population indices, -1 for a reference player
	WhiteScore   float64 // 1, 0.5 or 0
	Plies        int
	Reason       string
}

// Trainer runs a training in a directory. Create one with Start or Open.
type Trainer struct {
	// Out receives the tables of every generation (nil = discard).
	Out io.Writer
	// Progress, if set, is called after every game, from one goroutine at a
	// time.
	Progress func(Progress)
	// Game, if set, is called after every game with where it belongs in the
	// generation's tables, from one goroutine at a time (the window's
	// evolution page fills its crosstable game by game from it).
	Game func(GameReport)
	// GenDone, if set, is called from Run's goroutine after each generation
	// is checkpointed, with its record, its learning-curve points and the
	// population bred for the next one (which Run goes on to use: read it,
	// do not change it).
	GenDone func(GenRecord, []EvalPoint, []*Individual)
	// Worker, if set, is called at the start of each goroutine that plays
	// games, on that goroutine (the window lowers its thread's priority).
	Worker func()

	gameMu sync.Mutex

	dir  string
	st   *state
	pop  []*Individual
	gen0 *cnn.Network // champion of generation 0 (nil before it is known)
	heur ai.Evaluator
	lock *rundir.Lock // the run folder's, held until Close
}

// start creates a run directory (or uses an empty one) for a new run with cfg,
// draws the initial population and writes the first checkpoint.
func start(cfg Config, dir string) (*Trainer, error) { return StartFrom(cfg, dir, nil, false) }

// StartFrom is Start with generation 0 bred from init (individual 0 a copy,
// the others its mutants) when init is not nil; cfg.Init should name it. A
// folder that holds files but no run is refused unless force is set (the run
// then overwrites its champion.tnn, logs and pop/ folder).
func StartFrom(cfg Config, dir string, init *cnn.Network, force bool) (*Trainer, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	created, err := runs.CheckNew(dir, force)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(dir, "pop"), 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the run directory %s: %w", dir, err)
	}
	t := &Trainer{dir: dir, heur: ai.NewHeuristic()}
	if t.lock, err = rundir.Acquire(dir); err != nil {
		return nil, err
	}
	if err := runs.RemoveLeftovers(dir); err != nil {
		t.Close()
		return nil, err
	}
	for _, name := range logFiles {
		os.Remove(filepath.Join(dir, name))
	}
	t.st = &state{Version: stateVersion, Config: cfg, LogSizes: map[string]int64{}}
	t.pop = initialPopulation(&t.st.Config, init)
	if err := t.checkpoint(nil); err != nil {
		t.Close()
		if created {
			os.RemoveAll(dir) // leave no half-made run behind
		}
		return nil, err
	}
	return t, nil
}

// Open loads the checkpoint of a run directory, to continue the run with Run.
// Log lines written after the checkpoint (an interrupted generation) are
// dropped, since Run plays that generation again.
func Open(dir string) (*Trainer, error) {
	st, err := loadState(dir)
	if err != nil {
		return nil, err
	}
	lock, err := rundir.Acquire(dir)
	if err != nil {
		return nil, err
	}
	t, err := open(dir, st)
	if err != nil {
		lock.Release()
		return nil, err
	}
	t.lock = lock
	return t, nil
}

// Close releases the run folder's lock. A Trainer must not be used after it.
func (t *Trainer) Close() error { return t.lock.Release() }

// open reads and checks the checkpoint st of the run in dir, then tidies
// the folder for Run: temporary files of killed writes and the log lines of
// an interrupted generation go.
func open(dir string, st *state) (*Trainer, error) {
	if err := st.Config.Validate(); err != nil {
		return nil, fmt.Errorf("the checkpoint in %s has a bad configuration: %w", dir, err)
	}
	if err := st.check(dir); err != nil {
		return nil, err
	}
	t := &Trainer{dir: dir, st: st, heur: ai.NewHeuristic()}
	for _, m := range st.Population {
		n, err := loadNet(dir, m.File)
		if err != nil {
			return nil, err
		}
		t.pop = append(t.pop, &Individual{Net: n, Sigma: m.Sigma, Origin: m.Origin})
	}
	if st.Gen0Champion != "" {
		var err error
		if t.gen0, err = loadNet(dir, st.Gen0Champion); err != nil {
			return nil, err
		}
	}
	// Only now that everything has been read and checked are the lines of an
	// interrupted generation cut off the logs.
	if err := truncateLogs(dir, st.LogSizes); err != nil {
		return nil, err
	}
	for _, d := range []string{dir, filepath.Join(dir, "pop")} {
		if err := atomicfile.RemoveStale(d); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("cannot tidy the run folder: %w", err)
		}
	}
	return t, nil
}

// Config returns the run's configuration.
func (t *Trainer) Config() Config { return t.st.Config }

// Generation returns the next generation to play (= generations completed).
func (t *Trainer) Generation() int { return t.st.Generation }

// SetGenerations changes the number of generations of the run (to extend a
// resumed run); it must not be less than the generations already played.
func (t *Trainer) SetGenerations(n int) error {
	if n > MaxGenerations {
		return fmt.Errorf("generations must be at most %d, got %d", MaxGenerations, n)
	}
	if n < t.st.Generation || n < 1 {
		return fmt.Errorf("the run has played %d generations already; ask for at least that many", t.st.Generation)
	}
	t.st.Config.Generations = n
	return nil
}

// SetThreads changes the number of games played at once; the results do not
// depend on it.
func (t *Trainer) SetThreads(n int) error {
	if n < 1 || n > ai.MaxThreads {
		return fmt.Errorf("threads must be between 1 and %d, got %d", ai.MaxThreads, n)
	}
	t.st.Config.Threads = n
	return nil
}

// History returns the records of the completed generations.
func (t *Trainer) History() []GenRecord { return t.st.History }

// Evals returns the learning-curve points so far.
func (t *Trainer) Evals() []EvalPoint { return t.st.Evals }

// Elapsed returns the wall time spent in the completed generations, over all
// sessions of the run.
func (t *Trainer) Elapsed() time.Duration { return time.Duration(t.st.Elapsed * float64(time.Second)) }

// Population returns the population to play next; after the last generation,
// its first Parents members are the parents chosen by the last tournament,
// best first (Champion and RunnerUp).
func (t *Trainer) Population() []*Individual { return t.pop }

// Champion returns the best network of the last completed generation (the
// first of the population after breeding; a random network before any).
func (t *Trainer) Champion() *cnn.Network { return t.pop[0].Net }

// RunnerUp returns the second best of the last completed generation, or nil
// with a single parent.
func (t *Trainer) RunnerUp() *cnn.Network {
	if t.st.Config.Parents < 2 {
		return nil
	}
	return t.pop[1].Net
}

// Dir returns the run directory.
func (t *Trainer) Dir() string { return t.dir }

// job is one game to play.
type job struct {
	kind         string
	white, black ai.Evaluator
	wi, bi       int // population indices (-1 for a reference)
	opening      []game.Move
	seed         uint64
}

// eval returns the evaluator a network plays with: the network itself, or for
// a residual network (Base "heuristic") the heuristic, with the network's own
// weights when it carries them, plus its correction.
func (t *Trainer) eval(n *cnn.Network) ai.Evaluator {
	if n.Base == "" {
		return n
	}
	r, err := ai.NewResidual(n, n.Scale, n.BaseParams)
	if err != nil {
		panic(fmt.Sprintf("network %s: %v", n.Label, err)) // the trainer made it
	}
	return r
}

// Run plays the remaining generations, writing a checkpoint after each, then
// the plots. It stops with ctx's error if ctx is cancelled; the run can then
// be continued with Open and Run.
func (t *Trainer) Run(ctx context.Context) error {
	cfg := &t.st.Config
	total := cfg.TotalGames(t.st.Generation)
	done := 0
	var mu sync.Mutex
	report := func(g int) {
		mu.Lock()
		done++
		if t.Progress != nil {
			t.Progress(Progress{Generation: g, Generations: cfg.Generations, Done: done, Total: total})
		}
		mu.Unlock()
	}
	for t.st.Generation < cfg.Generations {
		if err := t.generation(ctx, report); err != nil {
			return err
		}
	}
	return t.Plot()
}

// generation plays generation t.st.Generation, breeds the next and
// checkpoints.
func (t *Trainer) generation(ctx context.Context, report func(g int)) error {
	cfg := &t.st.Config
	g := t.st.Generation
	start := time.Now()
	n := cfg.Population
	var jobs []job
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			lo, hi := min(i, j), max(i, j)
			jobs = append(jobs, job{
				kind: "tournament", white: t.eval(t.pop[i].Net), black: t.eval(t.pop[j].Net), wi: i, bi: j,
				opening: randomOpening(newRand(cfg.Seed, streamPair, uint64(g), uint64(lo*n+hi)), cfg.Openings),
				seed:    derive(cfg.Seed, streamPair, uint64(g), uint64(i*n+j), 1),
			})
		}
	}
	for i := 0; i < n; i++ {
		for k := 0; k < cfg.HeuristicGames; k++ {
			pair := uint64(k / 2) // the two colours of a pair share an opening
			if cfg.HeuristicWhite {
				pair = uint64(k) // every game as White, each its own opening
			}
			jb := job{
				kind:    "heuristic",
				opening: randomOpening(newRand(cfg.Seed, streamHeuristic, uint64(g), uint64(i), pair), cfg.Openings),
				seed:    derive(cfg.Seed, streamHeuristic, uint64(g), uint64(i), uint64(k), 1),
			}
			if k%2 == 0 || cfg.HeuristicWhite {
				jb.white, jb.black, jb.wi, jb.bi = t.eval(t.pop[i].Net), t.heur, i, -1
			} else {
				jb.white, jb.black, jb.wi, jb.bi = t.heur, t.eval(t.pop[i].Net), -1, i
			}
			jobs = append(jobs, jb)
		}
	}
	results, err := t.play(ctx, g, jobs, report)
	if err != nil {
		return err
	}

	// Standings and tables.
	matrix := make([][]float64, n)
	for i := range matrix {
		matrix[i] = make([]float64, n)
	}
	st := make([]standing, n)
	for i := range st {
		st[i].Player = i
	}
	var lines bytes.Buffer
	draws, plies := 0, 0
	for k, jb := range jobs {
		r := results[k]
		ws := r.whiteScore()
		if r.Outcome == game.Draw {
			draws++
		}
		plies += r.Plies
		if jb.wi >= 0 && jb.bi >= 0 {
			matrix[jb.wi][jb.bi] = ws
		}
		if jb.wi >= 0 {
			st[jb.wi].addAs(true, ws)
			if jb.bi < 0 {
				st[jb.wi].HScore += ws
			}
		}
		if jb.bi >= 0 {
			st[jb.bi].addAs(false, 1-ws)
			if jb.wi < 0 {
				st[jb.bi].HScore += 1 - ws
			}
		}
		writeGameLine(&lines, g, jb, r)
	}
	w := cfg.WhiteWeight
	ranked := rankBy(st, w)
	var tab bytes.Buffer
	fmt.Fprintf(&tab, "Generation %d\n\n", g)
	writeTables(&tab, matrix, ranked, cfg.HeuristicGames > 0, w)

	rec := GenRecord{Gen: g, Games: len(jobs), Draws: draws, MeanPlies: float64(plies) / float64(len(jobs)),
		MaxScore: st[0].maxFitness(w), Worst: ranked[n-1].fitness(w), Best: ranked[0].fitness(w)}
	for i, ind := range t.pop {
		rec.Players = append(rec.Players, ind.Net.Label)
		rec.Origins = append(rec.Origins, ind.Origin)
		rec.Sigmas = append(rec.Sigmas, ind.Sigma)
		rec.Scores = append(rec.Scores, st[i].Score)
		rec.Wins = append(rec.Wins, st[i].Wins)
		rec.Ties = append(rec.Ties, st[i].Ties)
		rec.Losses = append(rec.Losses, st[i].Losses)
		if cfg.HeuristicGames > 0 {
			rec.HScores = append(rec.HScores, st[i].HScore)
		}
		if w != 0 {
			rec.WhiteScores = append(rec.WhiteScores, st[i].WhiteScore)
			rec.Fitness = append(rec.Fitness, st[i].fitness(w))
		}
		rec.Mean += st[i].fitness(w) / float64(n)
	}
	for _, s := range ranked {
		rec.Ranking = append(rec.Ranking, s.Player)
	}
	champ := t.pop[ranked[0].Player]
	rec.Champion = champ.Net.Label

	if g == 0 {
		t.gen0 = champ.Net.Clone()
	}

	// Parent test.
	if rec.Parent, err = t.parentTest(ctx, g, ranked[0].Player, &lines, report); err != nil {
		return err
	}
	if rec.Parent != nil {
		fmt.Fprintf(&tab, "\n%s\n", rec.Parent)
	}

	// Learning curve.
	var evals []EvalPoint
	if cfg.evalAt(g) {
		var err error
		evals, err = t.evaluate(ctx, g, champ.Net, &lines, report)
		if err != nil {
			return err
		}
		for _, e := range evals {
			fmt.Fprintf(&tab, "\nLearning curve: %s vs %s: %.3f [%.3f, %.3f] over %d games (+%d =%d -%d)\n",
				e.Champion, e.Opponent, e.Score, e.Lo, e.Hi, e.Games, e.Wins, e.Draws, e.Losses)
		}
	}

	// Next generation.
	parents := make([]*Individual, cfg.Parents)
	for i := range parents {
		parents[i] = t.pop[ranked[i].Player]
	}
	next := breed(cfg, g, parents)

	rec.Seconds = time.Since(start).Seconds()
	rec.Elapsed = t.st.Elapsed + rec.Seconds
	if rec.Parent != nil && ((g+1)%parentTableEvery == 0 || g == cfg.Generations-1) {
		writeParentTable(&tab, append(slices.Clone(t.st.History), rec))
	}
	fmt.Fprintf(&tab, "\nGeneration %d: champion %s, best %.1f mean %.2f worst %.1f of %.0f; %d games, %d draws, %.1f plies on average; %.1f s (total %s)\n\n",
		g, rec.Champion, rec.Best, rec.Mean, rec.Worst, rec.MaxScore, rec.Games, rec.Draws, rec.MeanPlies, rec.Seconds,
		time.Duration(rec.Elapsed*float64(time.Second)).Round(time.Second))
	if t.Out != nil {
		t.Out.Write(tab.Bytes())
	}

	// Commit: logs, networks, then state.json.
	genLine, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	var evalLines bytes.Buffer
	for _, e := range evals {
		b, _ := json.Marshal(e)
		evalLines.Write(b)
		evalLines.WriteByte('\n')
	}
	sizes := map[string]int64{}
	for _, w := range []struct {
		name string
		data []byte
	}{{gamesLog, lines.Bytes()}, {gensLog, append(genLine, '\n')}, {evalsLog, evalLines.Bytes()}, {tables, tab.Bytes()}} {
		sz, err := appendLog(t.dir, w.name, w.data)
		if err != nil {
			return fmt.Errorf("cannot write log %s in %s: %w", w.name, t.dir, err)
		}
		sizes[w.name] = sz
	}
	t.pop = next
	t.st.Generation = g + 1
	t.st.History = append(t.st.History, rec)
	t.st.Evals = append(t.st.Evals, evals...)
	t.st.Elapsed = rec.Elapsed
	t.st.LogSizes = sizes
	if err := t.checkpoint(evals); err != nil {
		return err
	}
	if t.GenDone != nil {
		t.GenDone(rec, evals, t.pop)
	}
	return nil
}

// checkpoint writes the population to play next, the generation-0 champion,
// champion.tnn and runner-up.tnn, then state.json, and removes the networks
// of older checkpoints.
func (t *Trainer) checkpoint(evals []EvalPoint) error {
	g := t.st.Generation
	members := make([]memberState, len(t.pop))
	for i, ind := range t.pop {
		file := popFile(g, i)
		if err := ind.Net.SaveFile(filepath.Join(t.dir, file)); err != nil {
			return fmt.Errorf("cannot save network %s: %w", file, err)
		}
		members[i] = memberState{File: file, Sigma: ind.Sigma, Origin: ind.Origin}
	}
	if t.gen0 != nil && t.st.Gen0Champion == "" {
		if err := t.gen0.SaveFile(filepath.Join(t.dir, "gen0-champion.tnn")); err != nil {
			return fmt.Errorf("cannot save the generation-0 champion: %w", err)
		}
		t.st.Gen0Champion = "gen0-champion.tnn"
	}
	// The champion and runner-up are written before state.json: a run killed
	// between the two replays this generation and writes the same networks,
	// while the other order could leave the last generation's champion.tnn
	// stale behind a checkpoint that says the run is complete.
	if g > 0 {
		for name, n := range map[string]*cnn.Network{"champion.tnn": t.Champion(), "runner-up.tnn": t.RunnerUp()} {
			if n == nil {
				continue
			}
			if err := n.SaveFile(filepath.Join(t.dir, name)); err != nil {
				return fmt.Errorf("cannot save %s: %w", name, err)
			}
		}
	}
	t.st.Population = members
	if err := saveState(t.dir, t.st); err != nil {
		return err
	}
	// Older populations are no longer referenced.
	old, _ := filepath.Glob(filepath.Join(t.dir, "pop", "g*.tnn"))
	keep := fmt.Sprintf("g%04d-", g)
	for _, f := range old {
		if !strings.HasPrefix(filepath.Base(f), keep) {
			os.Remove(f)
		}
	}
	if h := t.st.History; len(evals) > 0 || len(h) > 0 && h[len(h)-1].Parent != nil && !h[len(h)-1].Parent.Same {
		return t.Plot() // a new point on learning.png or parent.png
	}
	return nil
}

// evaluate plays the learning-curve games of the champion of generation g
// against the heuristic and the generation-0 champion. The openings do not
// depend on g, so successive points are measured on the same openings.
func (t *Trainer) evaluate(ctx context.Context, g int, champ *cnn.Network, lines *bytes.Buffer, report func(int)) ([]EvalPoint, error) {
	cfg := &t.st.Config
	refs := []struct {
		name string
		eval ai.Evaluator
	}{{"heuristic", t.heur}, {"gen0", t.eval(t.gen0)}}
	ce := t.eval(champ)
	var jobs []job
	for o, ref := range refs {
		for k := 0; k < cfg.EvalGames; k++ {
			jb := job{
				kind:    "eval-" + ref.name,
				opening: randomOpening(newRand(cfg.Seed, streamEval, uint64(o), uint64(k/2)), cfg.Openings),
				seed:    derive(cfg.Seed, streamEval, uint64(g), uint64(o), uint64(k)),
				wi:      -1, bi: -1,
			}
			if k%2 == 0 {
				jb.white, jb.black = ce, ref.eval
			} else {
				jb.white, jb.black = ref.eval, ce
			}
			jobs = append(jobs, jb)
		}
	}
	results, err := t.play(ctx, g, jobs, report)
	if err != nil {
		return nil, err
	}
	var out []EvalPoint
	for o, ref := range refs {
		var s match.Stats
		for k := 0; k < cfg.EvalGames; k++ {
			idx := o*cfg.EvalGames + k
			ws := results[idx].whiteScore()
			if k%2 == 0 {
				s.Add(true, ws)
			} else {
				s.Add(false, 1-ws)
			}
			writeGameLine(lines, g, jobs[idx], results[idx])
		}
		lo, hi := s.CI()
		tot := s.Total()
		out = append(out, EvalPoint{Gen: g, Champion: champ.Label, Opponent: ref.name, Games: s.Games(),
			Wins: tot.Wins, Draws: tot.Draws, Losses: tot.Losses, Score: s.Score(), Lo: lo, Hi: hi})
	}
	return out, nil
}

// play plays the jobs on cfg.Threads workers; results are indexed like jobs,
// so they do not depend on the order in which games finish.
func (t *Trainer) play(ctx context.Context, g int, jobs []job, report func(int)) ([]gameResult, error) {
	cfg := &t.st.Config
	results := make([]gameResult, len(jobs))
	errs := make([]error, len(jobs))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(cfg.Threads, len(jobs)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if t.Worker != nil {
				t.Worker()
			}
			for k := range next {
				jb := &jobs[k]
				results[k], errs[k] = playGame(ctx, cfg, jb.white, jb.black, jb.opening, jb.seed)
				if errs[k] != nil {
					cancel()
					continue
				}
				report(g)
				t.gameDone(g, jb, results[k])
			}
		}()
	}
feed:
	for k := range jobs {
		select {
		case next <- k:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		for _, e := range errs {
			if e != nil && !errors.Is(e, context.Canceled) && !errors.Is(e, context.DeadlineExceeded) {
				return nil, e
			}
		}
		return nil, err
	}
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	return results, nil
}

// gameDone passes a finished game to t.Game.
func (t *Trainer) gameDone(g int, jb *job, r gameResult) {
	if t.Game == nil {
		return
	}
	t.gameMu.Lock()
	defer t.gameMu.Unlock()
	t.Game(GameReport{Gen: g, Kind: jb.kind, White: jb.wi, Black: jb.bi, WhiteScore: r.whiteScore(), Plies: r.Plies, Reason: r.Reason})
}

// writeGameLine appends one line of games.jsonl.
func writeGameLine(b *bytes.Buffer, g int, jb job, r gameResult) {
	name := func(e ai.Evaluator, i int) string {
		if r, ok := e.(*ai.Residual); ok {
			e = r.Net
		}
		if n, ok := e.(*cnn.Network); ok {
			return n.Label
		}
		return e.Name()
	}
	res := "1/2-1/2"
	switch r.Outcome {
	case game.WhiteWins:
		res = "1-0"
	case game.BlackWins:
		res = "0-1"
	}
	line, _ := json.Marshal(gameLine{Gen: g, Kind: jb.kind, White: name(jb.white, jb.wi), Black: name(jb.black, jb.bi),
		Result: res, Score: r.whiteScore(), Plies: r.Plies, Reason: r.Reason})
	b.Write(line)
	b.WriteByte('\n')
}
