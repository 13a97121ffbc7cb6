package learn

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/lab/evolve"
	"github.com/tablut-ai/tablut/internal/lab/match"
	"github.com/tablut-ai/tablut/internal/regfile"
	"github.com/tablut-ai/tablut/internal/rundir"
)

// EpochRecord is one epoch of the run.
type EpochRecord struct {
	Epoch     int     `json:"epoch"`
	Samples   int     `json:"samples"`
	TrainLoss float64 `json:"train_loss"`
	ValLoss   float64 `json:"val_loss"` // -1: no validation data
	Seconds   float64 `json:"seconds"`
	// QAT marks a quantisation-aware epoch: TrainLoss is the int8 output's,
	// and Int8Error the int8 path's largest error on cnn's calibration
	// boards after it (0 if not measured).
	QAT       bool    `json:"qat,omitempty"`
	Int8Error float64 `json:"int8_error,omitempty"`
	// Tree is the TreeStrap round (1-based) of a TreeStrap round's epoch,
	// whose samples include TreeSamples from the network's searches.
	Tree        int `json:"tree_round,omitempty"`
	TreeSamples int `json:"tree_samples,omitempty"`
}

// EvalPoint is one point of the learning curve.
type EvalPoint struct {
	Epoch int     `json:"epoch"` // epochs completed
	Games int     `json:"games"`
	Score float64 `json:"score"`
	Lo    float64 `json:"ci_low"`
	Hi    float64 `json:"ci_high"`
}

// RoundGames is how the games of one rootstrap round ended so far (in a run
// against an opponent, the network's own score on its side).
type RoundGames struct {
	Round int `json:"round"` // 1-based
	Tally
}

// Progress reports a run's advance: step Step of Steps (0-based), doing What,
// Done of Total units (games or batches).
type Progress struct {
	Step, Steps int
	What        string
	Done, Total int
}

// Run is a learning run in a directory. Create it with Start or Open.
type Run struct {
	// Threads is the number of goroutines for games and gradients. Results do
	// not depend on it.
	Threads int
	// Progress, if set, is called as work advances, from one goroutine.
	Progress func(Progress)
	// Log, if set, receives one line per finished step.
	Log func(string)

	dir     string
	st      *state
	lr      *Learner
	start   time.Time
	evolved time.Duration // the genetic algorithm's wall time over all sessions, once it has run
	lock    *rundir.Lock
	steps   []step // the plan of stepsOf
	stepsOf Config
}

// plan returns the steps of the run's configuration, computed once per
// configuration (progress reports ask for it after every game).
func (r *Run) plan() []step {
	if r.steps == nil || r.stepsOf != r.st.Config {
		r.steps, r.stepsOf = r.st.Config.plan(), r.st.Config
	}
	return r.steps
}

// Start begins a run in dir (created if missing). A folder that already holds
// a run is refused (resume it with Open), and so is one that holds other files
// unless force is set.
func Start(cfg Config, dir string, force bool) (*Run, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	net, err := firstNet(&cfg)
	if err != nil {
		return nil, err
	}
	if cfg.DataFrom != "" {
		// The data is copied by the run's first step; a wrong folder is
		// said before the run folder is made.
		if _, err := source(cfg.DataFrom); err != nil {
			return nil, err
		}
	}
	created, err := runs.CheckNew(dir, force)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the run directory: %w", err)
	}
	r := &Run{dir: dir, st: &state{Version: stateVersion, Config: cfg}}
	if r.lock, err = rundir.Acquire(dir); err != nil {
		return nil, err
	}
	if err := runs.RemoveLeftovers(dir); err != nil {
		r.Close()
		return nil, err
	}
	for _, f := range []string{dataFile, valFile, treeFile} {
		os.Remove(filepath.Join(dir, f))
	}
	if r.lr, err = newLearner(net, AdamConfig{LR: cfg.LR, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}, 1); err == nil {
		err = r.checkpoint()
	}
	if err != nil {
		r.Close()
		if created {
			os.RemoveAll(dir) // leave no half-made run behind
		}
		return nil, err
	}
	return r, nil
}

// firstNet returns the network a new run starts from: cfg.Init's, whose
// input kind becomes cfg.Input, or Gaussian weights.
func firstNet(cfg *Config) (*cnn.Network, error) {
	input, _ := cfg.input() // checked by Validate
	net := cnn.NewRandomInput(rand.New(rand.NewPCG(cfg.Seed, 0x1ea7)), cfg.Sigma, input)
	if cfg.Init != "" {
		if fi, err := os.Stat(cfg.Init); err == nil && fi.IsDir() {
			return nil, fmt.Errorf("-init: %s is a folder, not a network file", cfg.Init)
		}
		var err error
		if net, err = cnn.LoadFile(cfg.Init); err != nil {
			return nil, fmt.Errorf("-init: %w", err)
		}
		if cfg.Input != "" && net.Input != input {
			return nil, fmt.Errorf("-init: %s has input %s, not the -input %s; leave -input out", cfg.Init, net.Input, input)
		}
		cfg.Input = net.Input.String()
	}
	net.Label = "learned"
	return net, nil
}

// Dir returns the run directory.
func (r *Run) Dir() string { return r.dir }

// Config returns the run's configuration.
func (r *Run) Config() Config { return r.st.Config }

// Done reports whether every step has run.
func (r *Run) Done() bool { return r.st.Next >= len(r.plan()) }

// Net returns the network as of the last checkpoint.
func (r *Run) Net() *cnn.Network { return r.lr.Net }

// History returns the epochs so far; Evals the learning-curve points.
func (r *Run) History() []EpochRecord { return r.st.History }

// Evals returns the learning-curve points so far.
func (r *Run) Evals() []EvalPoint { return r.st.Evals }

// Elapsed returns the wall time of the completed steps over all sessions,
// the genetic algorithm's generations included once Run has run them.
func (r *Run) Elapsed() time.Duration {
	return time.Duration(r.st.Elapsed*float64(time.Second)) + r.evolved
}

// Evolved returns the files of the genetic algorithm's champion and
// runner-up, the run's evolved networks, or nil if the run has no
// evolution or Run has not finished it.
func (r *Run) Evolved() []string {
	if r.evolved == 0 {
		return nil
	}
	dir := filepath.Join(r.dir, evolveDir)
	return []string{filepath.Join(dir, "champion.tnn"), filepath.Join(dir, "runner-up.tnn")}
}

// Amend replaces the configuration of a resumed run by c, which may differ
// from it only in what a resume may change: epochs added at the end
// (ExtraEpochs, QATEpochs and the QAT settings), more TreeStrap rounds
// (while no step after them has begun) and, while the genetic algorithm
// has not started, the Evolve settings. The new configuration is
// validated and saved before Amend returns.
func (r *Run) Amend(c Config) error {
	old := r.st.Config
	same := c
	same.ExtraEpochs, same.QATEpochs, same.QATLR, same.QATGap = old.ExtraEpochs, old.QATEpochs, old.QATLR, old.QATGap
	same.EvolveGenerations, same.EvolveNodes, same.EvolveSigma = old.EvolveGenerations, old.EvolveNodes, old.EvolveSigma
	same.EvolveHeuristicGames, same.EvolveHeuristicNodes = old.EvolveHeuristicGames, old.EvolveHeuristicNodes
	same.TreeRounds = old.TreeRounds
	switch {
	case same != old:
		return errors.New("a resumed run changes only its added epochs, its quantisation-aware epochs, its TreeStrap rounds and its evolution")
	case c.ExtraEpochs < old.ExtraEpochs || c.QATEpochs < old.QATEpochs:
		return errors.New("a resumed run's epochs can be added to, not taken away")
	case c.TreeRounds < old.TreeRounds:
		return errors.New("a resumed run's TreeStrap rounds can be added to, not taken away")
	}
	if c.TreeRounds != old.TreeRounds {
		// The new rounds go after the old ones, before the added epochs,
		// the quantisation-aware ones and the evolution: none may have begun.
		_, err := os.Stat(filepath.Join(r.dir, evolveDir, "state.json"))
		if r.st.Next > len(r.plan())-old.ExtraEpochs-old.QATEpochs || err == nil {
			return errors.New("TreeStrap rounds can be added only while the run's added epochs, quantisation-aware epochs and evolution have not begun")
		}
	}
	if c.EvolveGenerations != old.EvolveGenerations || c.EvolveNodes != old.EvolveNodes || c.EvolveSigma != old.EvolveSigma ||
		c.EvolveHeuristicGames != old.EvolveHeuristicGames || c.EvolveHeuristicNodes != old.EvolveHeuristicNodes {
		if _, err := os.Stat(filepath.Join(r.dir, evolveDir, "state.json")); err == nil {
			return fmt.Errorf("the genetic algorithm of this run has started; extend it with tablut train -resume %s", filepath.Join(r.dir, evolveDir))
		}
	}
	if err := c.Validate(); err != nil {
		return err
	}
	r.st.Config = c
	return r.saveState()
}

// Run performs the remaining steps, checkpointing after each. It returns
// ctx's error when ctx ends first; the run can then be opened again.
func (r *Run) Run(ctx context.Context) error {
	plan := r.plan()
	r.lr.Threads = max(1, r.Threads)
	for r.st.Next < len(plan) {
		if err := ctx.Err(); err != nil {
			return err
		}
		r.start = time.Now()
		s := plan[r.st.Next]
		var err error
		switch s.Kind {
		case "val":
			err = r.val(ctx, s)
		case "copy":
			err = r.copyData()
		case "distil", "root":
			err = r.games(ctx, s)
		case "tree":
			err = r.treeGamesStep(ctx, s)
		case "epoch", "qat":
			err = r.epoch(ctx, s)
		}
		if err != nil {
			return err
		}
		r.st.Elapsed += time.Since(r.start).Seconds()
		r.st.Next++
		if err := r.checkpoint(); err != nil {
			return err
		}
	}
	return r.evolve(ctx)
}

// evolveDir is the sub-directory of the genetic algorithm's run.
const evolveDir = "evolve"

// evolve runs (or resumes) the genetic algorithm bred from the learned
// network; its checkpoints are the trainer's own (see package evolve).
func (r *Run) evolve(ctx context.Context) error {
	c := &r.st.Config
	if c.EvolveGenerations <= 0 {
		return nil
	}
	dir := filepath.Join(r.dir, evolveDir)
	tr, err := evolve.Open(dir)
	if err != nil {
		if _, serr := os.Stat(filepath.Join(dir, "state.json")); serr == nil {
			return err
		}
		// No checkpoint yet: the folder is this run's own, and whatever it
		// holds is what a start killed before its first checkpoint left
		// (pop/, a network), so the start is made again over it.
		ec := c.evolveConfig(max(1, r.Threads))
		ec.Init = filepath.Join(r.dir, LearnedFile)
		if tr, err = evolve.StartFrom(ec, dir, r.lr.Net.Clone(), true); err != nil {
			return err
		}
	} else if err := tr.SetThreads(max(1, r.Threads)); err != nil {
		tr.Close()
		return err
	}
	defer tr.Close()
	tr.Progress = func(p evolve.Progress) {
		r.report(Progress{What: fmt.Sprintf("genetic algorithm, generation %d/%d", p.Generation+1, p.Generations), Done: p.Done, Total: p.Total})
	}
	if err := tr.Run(ctx); err != nil {
		return err
	}
	r.evolved = max(tr.Elapsed(), time.Nanosecond)
	r.logf("genetic algorithm: %d generations in %s; champion %s", tr.Generation(), dir, filepath.Join(dir, "champion.tnn"))
	return nil
}

// Game index ranges: validation, distillation and each rootstrap round draw
// their games from disjoint index ranges of the run's seed.
const (
	valBase   = 1 << 30
	roundBase = 1 << 20
)

func (r *Run) report(p Progress) {
	if r.Progress != nil {
		p.Step, p.Steps = r.st.Next, len(r.plan())
		r.Progress(p)
	}
}

func (r *Run) logf(format string, args ...any) {
	if r.Log != nil {
		r.Log(fmt.Sprintf(format, args...))
	}
}

// gamesNet returns the evaluator that plays the network's rootstrap and
// TreeStrap games: a snapshot of the network as it is now, float or, with
// Config.QuantizedGames, integer, with an evaluation cache.
func (r *Run) gamesNet() ai.Evaluator {
	if r.st.Config.QuantizedGames {
		q := cnn.Quantize(r.lr.Net)
		q.EnableCache(18)
		return q
	}
	net := r.lr.Net.Clone()
	net.EnableCache(18)
	return net
}

func (r *Run) val(ctx context.Context, s step) error {
	c := &r.st.Config
	r.report(Progress{What: "validation games", Total: s.To})
	smp, _, err := playGames(ctx, ai.NewHeuristic(), c.gen(c.Seed, c.Nodes), valBase, valBase+s.To, r.Threads)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := writeSamples(&b, smp); err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, valFile), b.Bytes()); err != nil {
		return fmt.Errorf("cannot write the validation data: %w", err)
	}
	r.logf("validation: %d games, %d positions", s.To, len(smp))
	return nil
}

// source reads the checkpoint of the run in src whose data a run takes
// (Config.DataFrom).
func source(src string) (*state, error) {
	other := new(state)
	if err := runs.ReadState(src, other); err != nil {
		return nil, fmt.Errorf("-data-from: %w", err)
	}
	if other.Version != stateVersion {
		return nil, fmt.Errorf("-data-from: the run in %s is of checkpoint version %d, this program reads version %d", src, other.Version, stateVersion)
	}
	return other, nil
}

// copyData takes the training and validation data of the run in
// Config.DataFrom, as of that run's last checkpoint.
func (r *Run) copyData() error {
	src := r.st.Config.DataFrom
	other, err := source(src)
	if err != nil {
		return err
	}
	data, err := regfile.ReadFile(filepath.Join(src, dataFile))
	if err != nil {
		return fmt.Errorf("-data-from: %w", err)
	}
	if int64(len(data)) < other.DataSize {
		return fmt.Errorf("-data-from: %s holds %d bytes, its checkpoint names %d (damaged run)", filepath.Join(src, dataFile), len(data), other.DataSize)
	}
	data = data[:other.DataSize]
	if _, err := readSamples(bytes.NewReader(data)); err != nil {
		return fmt.Errorf("-data-from: %s: %w", filepath.Join(src, dataFile), err)
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, dataFile), data); err != nil {
		return fmt.Errorf("cannot write the run's data: %w", err)
	}
	if val, err := regfile.ReadFile(filepath.Join(src, valFile)); err == nil {
		if _, err := readSamples(bytes.NewReader(val)); err != nil {
			return fmt.Errorf("-data-from: %s: %w", filepath.Join(src, valFile), err)
		}
		if err := atomicfile.WriteBytes(filepath.Join(r.dir, valFile), val); err != nil {
			return fmt.Errorf("cannot write the validation data: %w", err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("-data-from: %w", err)
	}
	r.st.DataSize = other.DataSize
	r.logf("data from %s: %d positions", src, other.DataSize/sampleSize)
	return nil
}

func (r *Run) games(ctx context.Context, s step) error {
	c := &r.st.Config
	var (
		eval ai.Evaluator = ai.NewHeuristic()
		cfg               = c.gen(c.Seed, c.Nodes)
		base              = 0
		what              = "distillation games (heuristic)"
	)
	if s.Kind == "root" {
		eval, cfg, base = r.gamesNet(), c.gen(c.Seed, c.RootNodes), roundBase*(s.Round+1)
		cfg.NetUnits = true
		cfg.OutcomeWeight = c.RootOutcome
		cfg.Lambda = c.RootLambda
		var err error
		if what, err = cfg.against("root", c.RootOpponent, c.RootOpponentNodes, c.RootSide); err != nil {
			return err
		}
		what = fmt.Sprintf("rootstrap round %d games (%s)", s.Round+1, what)
	}
	r.report(Progress{What: what, Done: s.From, Total: s.To})
	smp, tally, err := playGames(ctx, eval, cfg, base+s.From, base+s.To, r.Threads)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(r.dir, dataFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("cannot open the run's data: %w", err)
	}
	if err := writeSamples(f, smp); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the run's data: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	r.st.DataSize += int64(len(smp) * sampleSize)
	if s.Kind != "root" {
		r.logf("%s %d-%d: %d positions (%d in all)", what, s.From, s.To, len(smp), r.st.DataSize/sampleSize)
		return nil
	}
	if n := len(r.st.Games); n == 0 || r.st.Games[n-1].Round != s.Round+1 {
		r.st.Games = append(r.st.Games, RoundGames{Round: s.Round + 1})
	}
	round := &r.st.Games[len(r.st.Games)-1]
	round.Add(tally)
	r.logf("%s %d-%d: %d positions (%d in all); %v; round so far: %v, White's score %.3f",
		what, s.From, s.To, len(smp), r.st.DataSize/sampleSize, tally, round.Tally, round.WhiteScore())
	return nil
}

func (r *Run) readData(name string) ([]Sample, error) {
	f, err := regfile.Open(filepath.Join(r.dir, name))
	if err != nil {
		return nil, fmt.Errorf("cannot read the run's data: %w", err)
	}
	defer f.Close()
	smp, err := readSamples(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(r.dir, name), err)
	}
	return smp, nil
}

// epoch trains once over all the data in an order and with symmetries drawn
// from (Seed, epoch), so a resumed run repeats it exactly.
func (r *Run) epoch(ctx context.Context, s step) error {
	c := &r.st.Config
	var data []Sample
	if r.st.DataSize > 0 {
		var err error
		if data, err = r.readData(dataFile); err != nil {
			return err
		}
	}
	tree, err := r.treeData(s.Tree)
	if err != nil {
		return err
	}
	data = append(data, tree...)
	if len(data) == 0 && s.Tree == 0 {
		return errors.New("no training data: set -games, -rounds or -tree-rounds")
	}
	if len(data) == 0 {
		// TreeStrap rounds whose searches found no quiet node (very short
		// games, tiny budgets): nothing to learn, and the run goes on.
		r.logf("epoch %d: no samples (the TreeStrap rounds' searches reported no quiet node); skipped", s.Round+1)
		return r.endEpoch(ctx, s)
	}
	r.lr.Adam.LR = c.LR
	if c.LRDecay > 0 {
		r.lr.Adam.LR = c.LR * math.Pow(c.LRDecay, float64(s.Round))
	}
	qat := s.Kind == "qat"
	r.lr.QAT, r.lr.Gap = qat, c.QATGap
	defer func() { r.lr.QAT = false }()
	if qat {
		r.lr.Adam.LR = c.QATLR
	}
	rng := rand.New(rand.NewPCG(c.Seed^0xe90c, uint64(s.Round)))
	perm := rng.Perm(len(data))
	batch := make([]Sample, 0, c.Batch)
	nb := (len(data) + c.Batch - 1) / c.Batch
	var lossSum float64
	what := fmt.Sprintf("epoch %d", s.Round+1)
	if qat {
		what += " (QAT)"
	}
	for b := 0; b < nb; b++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		batch = batch[:0]
		for _, i := range perm[b*c.Batch : min((b+1)*c.Batch, len(data))] {
			batch = append(batch, symmetric(rng.IntN(numSymmetries), &data[i]))
		}
		lossSum += r.lr.Step(batch) * float64(len(batch))
		if b%8 == 0 || b == nb-1 {
			r.report(Progress{What: what, Done: b + 1, Total: nb})
		}
	}
	rec := EpochRecord{Epoch: s.Round + 1, Samples: len(data), TrainLoss: lossSum / float64(len(data)), ValLoss: math.NaN(), QAT: qat,
		TreeSamples: len(tree)}
	if s.InTree {
		rec.Tree = s.Tree
	}
	if val, err := r.readData(valFile); err == nil && len(val) > 0 {
		rec.ValLoss = r.lr.Loss(val)
	}
	if qat {
		// The int8 path's largest error on cnn's calibration boards (0
		// where Quantize does not measure it: no AVX-512 VNNI).
		rec.Int8Error = cnn.Quantize(r.lr.Net).Int8Error()
	}
	rec.Seconds = time.Since(r.start).Seconds()
	if math.IsNaN(rec.ValLoss) {
		rec.ValLoss = -1
	}
	r.st.History = append(r.st.History, rec)
	// Without validation data there is no loss to show; the -1 that
	// stands for it in the checkpoint would read as a value.
	val, qatNote := fmt.Sprintf("validation loss %.4f", rec.ValLoss), " (QAT: int8 train loss; float validation loss)"
	if rec.ValLoss < 0 {
		val, qatNote = "no validation games", " (QAT: int8 train loss)"
	}
	extra := ""
	if qat {
		extra = qatNote + ", int8 calibration error not measured (no AVX-512 VNNI)"
		if rec.Int8Error > 0 {
			extra = fmt.Sprintf("%s, int8 calibration error %.4f", qatNote, rec.Int8Error)
		}
	}
	if rec.Tree > 0 {
		extra += fmt.Sprintf(" (TreeStrap round %d: %d of the samples from its searches, bounds one-sided)", rec.Tree, rec.TreeSamples)
	}
	r.logf("epoch %d: %d samples, train loss %.4f, %s%s, %.0fs", rec.Epoch, rec.Samples, rec.TrainLoss, val, extra, rec.Seconds)
	return r.endEpoch(ctx, s)
}

// endEpoch keeps the network of a TreeStrap round's last epoch and plays
// the learning-curve match when one is due.
func (r *Run) endEpoch(ctx context.Context, s step) error {
	if s.RoundEnd {
		if err := r.lr.Net.SaveFile(filepath.Join(r.dir, TreeRoundFile(s.Tree))); err != nil {
			return err
		}
		r.st.TreeTimes = append(r.st.TreeTimes, RoundTime{Round: s.Tree, Seconds: r.st.Elapsed + time.Since(r.start).Seconds()})
	}
	if c := &r.st.Config; c.EvalEvery > 0 && (s.Round+1)%c.EvalEvery == 0 {
		return r.evaluate(ctx, s.Round+1)
	}
	return nil
}

// evaluate plays the learning-curve match of the network against the
// heuristic, node budgets on both sides, seeded openings, both colours.
func (r *Run) evaluate(ctx context.Context, epoch int) error {
	c := &r.st.Config
	net := r.lr.Net.Clone()
	net.EnableCache(18)
	mc := match.Config{
		A:     player.Spec{Kind: player.CNN, Net: "learned", Nodes: c.EvalNodes},
		B:     player.Spec{Kind: player.Heuristic, Nodes: c.EvalHeuristicNodes},
		Games: c.EvalGames, OpeningPlies: 4, Parallel: max(1, r.Threads), Seed: c.Seed,
	}
	done := 0
	mc.OnGame = func(int, match.GameResult, bool, match.Stats) {
		done++
		r.report(Progress{What: fmt.Sprintf("epoch %d: match against the heuristic", epoch), Done: done, Total: c.EvalGames})
	}
	st, err := match.RunWith(ctx, mc, net, nil)
	if err != nil {
		return err
	}
	lo, hi := st.CI()
	p := EvalPoint{Epoch: epoch, Games: st.Games(), Score: st.Score(), Lo: lo, Hi: hi}
	r.st.Evals = append(r.st.Evals, p)
	r.logf("epoch %d: against the heuristic %.3f [%.3f, %.3f] over %d games (%s)", epoch, p.Score, lo, hi, p.Games, st.Total())
	return nil
}
