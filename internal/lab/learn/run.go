package learn

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
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
	"github.com/tablut-ai/tablut/internal/rundir"
)

// Config is a learning run: distillation from the heuristic's searches, then
// rounds of rootstrap self-play by the network's own search, each followed by
// epochs of Adam on all the data so far.
type Config struct {
	Seed  uint64  `json:"seed"`
	Scale float64 `json:"scale"` // target scale, see Target
	Sigma float64 `json:"init_sigma"`
	// Input is the network's input kind: "seed" (the default, the seed's
	// single plane) or "pieces" (cnn.InputPieces: piece planes and the side
	// to move).
	Input string `json:"input,omitempty"`

	// Distillation: Games self-play games of the heuristic at Nodes per move.
	Games        int     `json:"games"`
	Nodes        int64   `json:"nodes"`
	OpeningPlies int     `json:"opening_plies"`
	ExplorePlies int     `json:"explore_plies"`
	ExploreProb  float64 `json:"explore_prob"`
	MaxPlies     int     `json:"max_plies"`
	ValGames     int     `json:"val_games"` // held-out games for the validation loss
	Chunk        int     `json:"chunk"`     // games per checkpoint
	// DataFrom, if set, names another run's directory whose data (training
	// and validation files, as of its last checkpoint) this run takes instead
	// of playing its own distillation and validation games: two networks can
	// then be compared on the same data.
	DataFrom string `json:"data_from,omitempty"`

	Epochs int     `json:"epochs"` // epochs after distillation
	Batch  int     `json:"batch"`
	LR     float64 `json:"lr"`
	// LRDecay multiplies the learning rate after every epoch (0 = 1: constant).
	LRDecay float64 `json:"lr_decay,omitempty"`

	// Init, if set, is the network file the run starts from instead of
	// random weights (a pure network; its input kind replaces Input).
	Init string `json:"init,omitempty"`

	// Rootstrap: Rounds rounds of RootGames games by the network at RootNodes
	// per move, each followed by RootEpochs epochs.
	Rounds     int   `json:"rounds"`
	RootGames  int   `json:"root_games"`
	RootNodes  int64 `json:"root_nodes"`
	RootEpochs int   `json:"root_epochs"`
	// RootOpponent, if set (an engine: "heuristic", "cnn:NAME"...), plays one side of
	// the rootstrap games at RootOpponentNodes per move; the network plays
	// RootSide ("both": White and Black in turn, "white", "black") and its
	// search still labels every position. The positions are then those the
	// network meets against that opponent.
	RootOpponent      string `json:"root_opponent,omitempty"`
	RootOpponentNodes int64  `json:"root_opponent_nodes,omitempty"`
	RootSide          string `json:"root_side,omitempty"`
	// RootOutcome mixes each rootstrap game's result into its labels
	// (GenConfig.OutcomeWeight).
	RootOutcome float64 `json:"root_outcome,omitempty"`
	// RootLambda replaces each rootstrap label by its TD(lambda) return
	// (GenConfig.Lambda); 0 keeps the search labels.
	RootLambda float64 `json:"root_lambda,omitempty"`
	// ExtraEpochs are epochs on all the data after the last round (added by
	// Extend).
	ExtraEpochs int `json:"extra_epochs,omitempty"`

	// Quantisation-aware fine-tuning after everything else: QATEpochs
	// epochs that train the int8 path of cnn.Quantize (Learner.QAT) at the
	// constant learning rate QATLR, with the int8-float gap weighted by
	// QATGap (Learner.Gap).
	QATEpochs int     `json:"qat_epochs,omitempty"`
	QATLR     float64 `json:"qat_lr,omitempty"`
	QATGap    float64 `json:"qat_gap,omitempty"`

	// Learning curve: every EvalEvery epochs, EvalGames games of the network
	// at EvalNodes per move against the heuristic at EvalHeuristicNodes.
	EvalEvery          int   `json:"eval_every"`
	EvalGames          int   `json:"eval_games"`
	EvalNodes          int64 `json:"eval_nodes"`
	EvalHeuristicNodes int64 `json:"eval_heuristic_nodes"`

	// Evolution (issue's "learn, then evolve"): when EvolveGenerations > 0,
	// the seed's genetic algorithm (package evolve, as tablut train) runs in
	// DIR/evolve with its default settings, EvolveNodes per move, and
	// generation 0 bred from the learned network.
	EvolveGenerations int   `json:"evolve_generations,omitempty"`
	EvolveNodes       int64 `json:"evolve_nodes,omitempty"`
	// EvolveSigma is the mutation noise of the genetic algorithm (0: the
	// seed's 0.05, large for a learned network's weights).
	EvolveSigma float64 `json:"evolve_sigma,omitempty"`
	// EvolveHeuristicGames are extra games of each individual against the
	// heuristic per generation, counted in its fitness, at
	// EvolveHeuristicNodes per move (0: EvolveNodes).
	EvolveHeuristicGames int   `json:"evolve_heuristic_games,omitempty"`
	EvolveHeuristicNodes int64 `json:"evolve_heuristic_nodes,omitempty"`
}

// DefaultConfig returns the settings of the shipped run.
func DefaultConfig() Config {
	return Config{
		Seed: 1, Scale: 1000, Sigma: 0.05,
		Games: 600, Nodes: 4000, OpeningPlies: 6, ExplorePlies: 20, ExploreProb: 0.15, MaxPlies: 200,
		ValGames: 20, Chunk: 20,
		Epochs: 10, Batch: 256, LR: 1e-3, LRDecay: 0.8,
		Rounds: 2, RootGames: 100, RootNodes: 1000, RootEpochs: 3,
		EvalEvery: 2, EvalGames: 20, EvalNodes: 1000, EvalHeuristicNodes: 1000,
		QATLR: 5e-5, QATGap: 1000, // the gap weight that brought learned.tnn within the int8 tolerance (weights/README.md)
	}
}

// Validate reports the first bad setting, naming its flag.
func (c *Config) Validate() error {
	switch {
	case c.Scale <= 0:
		return errors.New("-scale must be positive")
	case c.Games < 0 || c.Rounds < 0 || c.Epochs < 0 || c.RootEpochs < 0 || c.RootGames < 0 || c.ExtraEpochs < 0:
		return errors.New("-games, -epochs, -rounds, -root-games and -root-epochs must not be negative")
	case c.Games > 0 && c.Nodes <= 0 || c.Rounds > 0 && c.RootNodes <= 0:
		return errors.New("-nodes and -root-nodes must be positive")
	case c.Batch <= 0 || c.LR <= 0:
		return errors.New("-batch and -lr must be positive")
	case c.LRDecay < 0 || c.LRDecay > 1:
		return errors.New("-lr-decay must be in [0, 1] (0 = no decay)")
	case c.Chunk <= 0:
		return errors.New("-chunk must be positive")
	case c.EvalEvery > 0 && (c.EvalGames <= 0 || c.EvalNodes <= 0 || c.EvalHeuristicNodes <= 0):
		return errors.New("with -eval-every, -eval-games, -eval-nodes and -eval-heuristic-nodes must be positive")
	case c.EvolveGenerations < 0 || c.EvolveGenerations > 0 && c.EvolveNodes <= 0:
		return errors.New("-evolve-generations must not be negative, and needs a positive -evolve-nodes")
	case c.EvolveSigma < 0 || c.EvolveSigma > 1:
		return errors.New("-evolve-sigma must be in [0, 1] (0 = the seed's 0.05)")
	case c.EvolveHeuristicGames < 0 || c.EvolveHeuristicNodes < 0:
		return errors.New("-evolve-heuristic-games and -evolve-heuristic-nodes must not be negative")
	case c.ExploreProb < 0 || c.ExploreProb > 1:
		return errors.New("-explore-prob must be in [0, 1]")
	case c.QATEpochs < 0 || c.QATEpochs > 0 && c.QATLR <= 0 || c.QATGap < 0:
		return errors.New("-qat-epochs and -qat-gap must not be negative, and QAT needs a positive -qat-lr")
	}
	if _, err := c.input(); err != nil {
		return fmt.Errorf("-input: %v", err)
	}
	if c.RootOutcome < 0 || c.RootOutcome > 1 {
		return errors.New("-root-outcome must be in [0, 1]")
	}
	if !(c.RootLambda >= 0 && c.RootLambda < 1) {
		return errors.New("-root-lambda must be in [0, 1)")
	}
	if _, err := ParseSides(c.RootSide); err != nil {
		return fmt.Errorf("-root-side: %v", err)
	}
	if c.RootOpponent != "" {
		if c.RootOpponentNodes <= 0 {
			return errors.New("-root-opponent needs a positive -root-opponent-nodes")
		}
		if _, err := opponent(c.RootOpponent); err != nil {
			return fmt.Errorf("-root-opponent: %v", err)
		}
	} else if c.RootSide != "" && c.RootSide != "both" {
		return errors.New("-root-side needs -root-opponent (in self-play the network plays both sides)")
	}
	return nil
}

// opponent returns the evaluator of a rootstrap opponent, an engine named as
// players are (player.ParseSpec): "heuristic", "cnn:NAME" and so on.
func opponent(name string) (ai.Evaluator, error) {
	spec, err := player.ParseSpec(name)
	if err == nil && !spec.IsEngine() {
		err = fmt.Errorf("%q is a person", name)
	}
	if err != nil {
		return nil, fmt.Errorf("not an engine: %w", err)
	}
	return player.NewEvaluator(spec)
}

// input returns the network's input kind ("" is the seed's plane).
func (c *Config) input() (cnn.Input, error) {
	if c.Input == "" {
		return cnn.InputSeed, nil
	}
	return cnn.ParseInput(c.Input)
}

func (c *Config) gen(seed uint64, nodes int64) GenConfig {
	return GenConfig{Nodes: nodes, OpeningPlies: c.OpeningPlies, ExplorePlies: c.ExplorePlies,
		ExploreProb: c.ExploreProb, MaxPlies: c.MaxPlies, Scale: c.Scale, Seed: seed}
}

// step is one checkpointed unit of work of a run.
type step struct {
	Kind  string // "val", "distil", "root", "epoch"
	From  int    // first game (distil, root)
	To    int    // end of games
	Round int    // rootstrap round (root), or the epoch number (epoch)
}

// plan lists the steps of a run in order.
func (c *Config) plan() []step {
	var st []step
	if c.DataFrom != "" {
		st = append(st, step{Kind: "copy"})
	} else {
		if c.ValGames > 0 {
			st = append(st, step{Kind: "val", To: c.ValGames})
		}
		for g := 0; g < c.Games; g += c.Chunk {
			st = append(st, step{Kind: "distil", From: g, To: min(g+c.Chunk, c.Games)})
		}
	}
	e := 0
	for i := 0; i < c.Epochs; i++ {
		st = append(st, step{Kind: "epoch", Round: e})
		e++
	}
	for r := 0; r < c.Rounds; r++ {
		for g := 0; g < c.RootGames; g += c.Chunk {
			st = append(st, step{Kind: "root", From: g, To: min(g+c.Chunk, c.RootGames), Round: r})
		}
		for i := 0; i < c.RootEpochs; i++ {
			st = append(st, step{Kind: "epoch", Round: e})
			e++
		}
	}
	for i := 0; i < c.ExtraEpochs; i++ {
		st = append(st, step{Kind: "epoch", Round: e})
		e++
	}
	for i := 0; i < c.QATEpochs; i++ {
		st = append(st, step{Kind: "qat", Round: e})
		e++
	}
	return st
}

// EpochRecord is one epoch of the run.
type EpochRecord struct {
	Epoch     int     `json:"epoch"`
	Samples   int     `json:"samples"`
	TrainLoss float64 `json:"train_loss"`
	ValLoss   float64 `json:"val_loss"`
	Seconds   float64 `json:"seconds"`
	// QAT marks a quantisation-aware epoch: TrainLoss is the int8 output's,
	// and Int8Error the int8 path's largest error on cnn's calibration
	// boards after it (0 if not measured).
	QAT       bool    `json:"qat,omitempty"`
	Int8Error float64 `json:"int8_error,omitempty"`
}

// EvalPoint is one point of the learning curve.
type EvalPoint struct {
	Epoch int     `json:"epoch"` // epochs completed
	Games int     `json:"games"`
	Score float64 `json:"score"`
	Lo    float64 `json:"ci_low"`
	Hi    float64 `json:"ci_high"`
}

const (
	stateFile    = "state.json"
	stateVersion = 2 // 2: samples hold the side to move
	dataFile     = "data.bin"
	valFile      = "val.bin"
	// LearnedFile is the run's latest network, a pure network file.
	LearnedFile = "learned.tnn"
)

// state is the commit point of a run directory: written atomically after
// every step, and after the files it names.
type state struct {
	Version  int           `json:"version"`
	Config   Config        `json:"config"`
	Next     int           `json:"next_step"`
	DataSize int64         `json:"data_bytes"`
	Net      string        `json:"net"`  // network file of the checkpoint
	Adam     string        `json:"adam"` // Adam moments of the checkpoint
	T        int           `json:"adam_steps"`
	History  []EpochRecord `json:"history"`
	Evals    []EvalPoint   `json:"evals"`
	Games    []RoundGames  `json:"games,omitempty"`
	Elapsed  float64       `json:"elapsed_seconds"`
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
}

// Start begins a run in dir (created if missing). A folder that already holds
// a run is refused (resume it with Open), and so is one that holds other files
// unless force is set.
func Start(cfg Config, dir string, force bool) (*Run, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if _, err := rundir.CheckNew(dir, stateFile, "learning", force); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the run directory: %w", err)
	}
	for _, f := range []string{dataFile, valFile} {
		os.Remove(filepath.Join(dir, f))
	}
	input, _ := cfg.input() // checked by Validate
	var net *cnn.Network
	if cfg.Init != "" {
		var err error
		if net, err = cnn.LoadFile(cfg.Init); err != nil {
			return nil, fmt.Errorf("-init: %w", err)
		}
		if cfg.Input != "" && net.Input != input {
			return nil, fmt.Errorf("-init: %s has input %s, not the -input %s; leave -input out", cfg.Init, net.Input, input)
		}
		cfg.Input = net.Input.String()
	} else {
		net = cnn.NewRandomInput(rand.New(rand.NewPCG(cfg.Seed, 0x1ea7)), cfg.Sigma, input)
	}
	net.Label = "learned"
	r := &Run{dir: dir, st: &state{Version: stateVersion, Config: cfg}}
	var err error
	if r.lr, err = NewLearner(net, AdamConfig{LR: cfg.LR, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}, 1); err != nil {
		return nil, err
	}
	if err := r.checkpoint(); err != nil {
		return nil, err
	}
	return r, nil
}

// Open continues the run in dir from its last checkpoint; the data file is
// cut back to the checkpoint's length, so work after it is redone exactly.
func Open(dir string) (*Run, error) {
	st := new(state)
	if err := rundir.ReadState(dir, stateFile, "learning", st); err != nil {
		return nil, err
	}
	if st.Version != stateVersion {
		if st.Version == 1 {
			return nil, fmt.Errorf("the run in %s is of checkpoint version 1, whose data lacks the side to move; start a new run", dir)
		}
		return nil, fmt.Errorf("the checkpoint in %s has version %d, this program reads version %d", dir, st.Version, stateVersion)
	}
	if err := st.Config.Validate(); err != nil {
		return nil, fmt.Errorf("the checkpoint in %s has a bad configuration: %v", dir, err)
	}
	net, err := cnn.LoadFile(filepath.Join(dir, st.Net))
	if err != nil {
		return nil, fmt.Errorf("cannot load the checkpoint's network: %w", err)
	}
	net.Label = "learned"
	r := &Run{dir: dir, st: st}
	if r.lr, err = NewLearner(net, AdamConfig{LR: st.Config.LR, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}, 1); err != nil {
		return nil, err
	}
	r.lr.T = st.T
	if err := r.loadAdam(); err != nil {
		return nil, err
	}
	data := filepath.Join(dir, dataFile)
	fi, err := os.Stat(data)
	switch {
	case errors.Is(err, fs.ErrNotExist) && st.DataSize == 0:
	case err != nil:
		return nil, fmt.Errorf("cannot open the run's data: %w", err)
	case fi.Size() < st.DataSize:
		return nil, fmt.Errorf("the run's data %s is shorter than its checkpoint says (%d < %d bytes); start a new run", data, fi.Size(), st.DataSize)
	case fi.Size() > st.DataSize:
		if err := os.Truncate(data, st.DataSize); err != nil {
			return nil, fmt.Errorf("cannot cut the run's data back to its checkpoint: %w", err)
		}
	}
	return r, nil
}

// Dir returns the run directory.
func (r *Run) Dir() string { return r.dir }

// Config returns the run's configuration.
func (r *Run) Config() Config { return r.st.Config }

// Done reports whether every step has run.
func (r *Run) Done() bool { return r.st.Next >= len(r.st.Config.plan()) }

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
	dir := filepath.Join(r.dir, EvolveDir)
	return []string{filepath.Join(dir, "champion.tnn"), filepath.Join(dir, "runner-up.tnn")}
}

// ExtendQAT appends quantisation-aware epochs at the end of the run, at
// learning rate lr and gap weight gap when positive (for -resume with
// -qat-epochs).
func (r *Run) ExtendQAT(epochs int, lr, gap float64) error {
	c := r.st.Config
	c.QATEpochs += max(0, epochs)
	if c.QATLR <= 0 { // a run started before QAT existed
		d := DefaultConfig()
		c.QATLR, c.QATGap = d.QATLR, d.QATGap
	}
	if lr > 0 {
		c.QATLR = lr
	}
	if gap >= 0 {
		c.QATGap = gap
	}
	if err := c.Validate(); err != nil {
		return err
	}
	r.st.Config = c
	return r.saveState()
}

// Extend appends epochs on all the data at the end of the run (for -resume
// with more epochs).
func (r *Run) Extend(epochs int) error {
	if epochs <= 0 {
		return nil
	}
	r.st.Config.ExtraEpochs += epochs
	return r.saveState()
}

// SetEvolution sets the genetic algorithm that follows the learning (the
// Evolve fields of Config) of a run whose evolution has not started; once
// it has, its own run in DIR/evolve is extended with tablut train -resume.
func (r *Run) SetEvolution(generations int, nodes int64, sigma float64, hgames int, hnodes int64) error {
	if _, err := os.Stat(filepath.Join(r.dir, EvolveDir, "state.json")); err == nil {
		return fmt.Errorf("the genetic algorithm of this run has started; extend it with tablut train -resume %s", filepath.Join(r.dir, EvolveDir))
	}
	c := r.st.Config
	c.EvolveGenerations, c.EvolveNodes, c.EvolveSigma = generations, nodes, sigma
	c.EvolveHeuristicGames, c.EvolveHeuristicNodes = hgames, hnodes
	if err := c.Validate(); err != nil {
		return err
	}
	r.st.Config = c
	return r.saveState()
}

// Run performs the remaining steps, checkpointing after each. It returns
// ctx's error when ctx ends first; the run can then be opened again.
func (r *Run) Run(ctx context.Context) error {
	plan := r.st.Config.plan()
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

// EvolveDir is the sub-directory of the genetic algorithm's run.
const EvolveDir = "evolve"

// evolve runs (or resumes) the genetic algorithm bred from the learned
// network; its checkpoints are the trainer's own (see package evolve).
func (r *Run) evolve(ctx context.Context) error {
	c := &r.st.Config
	if c.EvolveGenerations <= 0 {
		return nil
	}
	dir := filepath.Join(r.dir, EvolveDir)
	tr, err := evolve.Open(dir)
	if err != nil {
		if _, serr := os.Stat(filepath.Join(dir, "state.json")); serr == nil {
			return err
		}
		ec := evolve.DefaultConfig()
		ec.Generations, ec.Depth, ec.Nodes = c.EvolveGenerations, 0, c.EvolveNodes
		ec.Seed, ec.Threads, ec.Init = c.Seed, max(1, r.Threads), filepath.Join(r.dir, LearnedFile)
		if c.EvolveSigma > 0 {
			ec.MutationSigma = c.EvolveSigma
		}
		ec.HeuristicGames, ec.HeuristicNodes = c.EvolveHeuristicGames, c.EvolveHeuristicNodes
		if tr, err = evolve.StartFrom(ec, dir, r.lr.Net.Clone(), false); err != nil {
			return err
		}
	} else if err := tr.SetThreads(max(1, r.Threads)); err != nil {
		return err
	}
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
		p.Step, p.Steps = r.st.Next, len(r.st.Config.plan())
		r.Progress(p)
	}
}

func (r *Run) logf(format string, args ...any) {
	if r.Log != nil {
		r.Log(fmt.Sprintf(format, args...))
	}
}

func (r *Run) val(ctx context.Context, s step) error {
	c := &r.st.Config
	r.report(Progress{What: "validation games", Total: s.To})
	smp, _, err := PlayGames(ctx, ai.NewHeuristic(), c.gen(c.Seed, c.Nodes), valBase, valBase+s.To, r.Threads)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := WriteSamples(&b, smp); err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, valFile), b.Bytes()); err != nil {
		return fmt.Errorf("cannot write the validation data: %w", err)
	}
	r.logf("validation: %d games, %d positions", s.To, len(smp))
	return nil
}

// copyData takes the training and validation data of the run in
// Config.DataFrom, as of that run's last checkpoint.
func (r *Run) copyData() error {
	src := r.st.Config.DataFrom
	other := new(state)
	if err := rundir.ReadState(src, stateFile, "learning", other); err != nil {
		return fmt.Errorf("-data-from: %w", err)
	}
	if other.Version != stateVersion {
		return fmt.Errorf("-data-from: the run in %s is of checkpoint version %d, this program reads version %d", src, other.Version, stateVersion)
	}
	data, err := os.ReadFile(filepath.Join(src, dataFile))
	if err != nil {
		return fmt.Errorf("-data-from: %w", err)
	}
	if int64(len(data)) < other.DataSize {
		return fmt.Errorf("-data-from: %s holds %d bytes, its checkpoint names %d (damaged run)", filepath.Join(src, dataFile), len(data), other.DataSize)
	}
	data = data[:other.DataSize]
	if _, err := ReadSamples(bytes.NewReader(data)); err != nil {
		return fmt.Errorf("-data-from: %s: %w", filepath.Join(src, dataFile), err)
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, dataFile), data); err != nil {
		return fmt.Errorf("cannot write the run's data: %w", err)
	}
	if val, err := os.ReadFile(filepath.Join(src, valFile)); err == nil {
		if _, err := ReadSamples(bytes.NewReader(val)); err != nil {
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
		net := r.lr.Net.Clone()
		net.EnableCache(18)
		eval, cfg, base = net, c.gen(c.Seed, c.RootNodes), roundBase*(s.Round+1)
		cfg.NetUnits = true
		cfg.OutcomeWeight = c.RootOutcome
		cfg.Lambda = c.RootLambda
		what = fmt.Sprintf("rootstrap round %d games (network)", s.Round+1)
		if c.RootOpponent != "" {
			var err error
			if cfg.Opponent, err = opponent(c.RootOpponent); err != nil {
				return fmt.Errorf("-root-opponent: %w", err)
			}
			cfg.OpponentNodes = c.RootOpponentNodes
			cfg.EngineSide, _ = ParseSides(c.RootSide) // checked by Validate
			what = fmt.Sprintf("rootstrap round %d games (network as %s against %s)", s.Round+1, cfg.EngineSide, c.RootOpponent)
		}
	}
	r.report(Progress{What: what, Done: s.From, Total: s.To})
	smp, tally, err := PlayGames(ctx, eval, cfg, base+s.From, base+s.To, r.Threads)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(filepath.Join(r.dir, dataFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("cannot open the run's data: %w", err)
	}
	if err := WriteSamples(f, smp); err != nil {
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
	f, err := os.Open(filepath.Join(r.dir, name))
	if err != nil {
		return nil, fmt.Errorf("cannot read the run's data: %w", err)
	}
	defer f.Close()
	smp, err := ReadSamples(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(r.dir, name), err)
	}
	return smp, nil
}

// epoch trains once over all the data in an order and with symmetries drawn
// from (Seed, epoch), so a resumed run repeats it exactly.
func (r *Run) epoch(ctx context.Context, s step) error {
	c := &r.st.Config
	data, err := r.readData(dataFile)
	if err != nil {
		return err
	}
	if len(data) == 0 {
		return errors.New("no training data: set -games or -rounds")
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
			batch = append(batch, Sample{In: Transform(rng.IntN(NumSymmetries), &data[i].In), Black: data[i].Black, Target: data[i].Target})
		}
		lossSum += r.lr.Step(batch) * float64(len(batch))
		if b%8 == 0 || b == nb-1 {
			r.report(Progress{What: what, Done: b + 1, Total: nb})
		}
	}
	rec := EpochRecord{Epoch: s.Round + 1, Samples: len(data), TrainLoss: lossSum / float64(len(data)), ValLoss: math.NaN(), QAT: qat}
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
	extra := ""
	if qat {
		extra = " (QAT: int8 train loss; float validation loss), int8 calibration error not measured (no AVX-512 VNNI)"
		if rec.Int8Error > 0 {
			extra = fmt.Sprintf(" (QAT: int8 train loss; float validation loss), int8 calibration error %.4f", rec.Int8Error)
		}
	}
	r.logf("epoch %d: %d samples, train loss %.4f, validation loss %.4f%s, %.0fs", rec.Epoch, rec.Samples, rec.TrainLoss, rec.ValLoss, extra, rec.Seconds)
	if c.EvalEvery > 0 && (s.Round+1)%c.EvalEvery == 0 {
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

// checkpoint writes the network and Adam's moments under new names, then
// state.json naming them (the commit point), then removes the old files and
// refreshes learned.tnn and the plots.
func (r *Run) checkpoint() error {
	oldNet, oldAdam := r.st.Net, r.st.Adam
	r.st.Net = fmt.Sprintf("net-%04d.tnn", r.st.Next)
	r.st.Adam = fmt.Sprintf("adam-%04d.bin", r.st.Next)
	r.st.T = r.lr.T
	if err := r.lr.Net.SaveFile(filepath.Join(r.dir, r.st.Net)); err != nil {
		return fmt.Errorf("cannot write the checkpoint's network: %w", err)
	}
	if err := r.saveAdam(); err != nil {
		return err
	}
	if err := r.saveState(); err != nil {
		return err
	}
	for _, f := range []string{oldNet, oldAdam} {
		if f != "" && f != r.st.Net && f != r.st.Adam {
			os.Remove(filepath.Join(r.dir, f))
		}
	}
	if err := r.lr.Net.SaveFile(filepath.Join(r.dir, LearnedFile)); err != nil {
		return fmt.Errorf("cannot write %s: %w", LearnedFile, err)
	}
	return r.Plot()
}

func (r *Run) saveState() error {
	b, err := json.MarshalIndent(r.st, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, stateFile), b); err != nil {
		return fmt.Errorf("cannot write the checkpoint in %s: %w", r.dir, err)
	}
	return nil
}

// saveAdam writes M then V, layer by layer, as little-endian float32.
func (r *Run) saveAdam() error {
	var b []byte
	for _, mv := range []params{r.lr.M, r.lr.V} {
		for _, l := range mv {
			for _, v := range l {
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
			}
		}
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, r.st.Adam), b); err != nil {
		return fmt.Errorf("cannot write the optimiser's state: %w", err)
	}
	return nil
}

func (r *Run) loadAdam() error {
	path := filepath.Join(r.dir, r.st.Adam)
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("cannot read the optimiser's state: %w", err)
	}
	if want := 2 * 4 * r.lr.Net.NumParamsOf(); len(b) != want {
		return fmt.Errorf("the optimiser's state %s has %d bytes, want %d (damaged); start a new run", path, len(b), want)
	}
	for _, mv := range []*params{&r.lr.M, &r.lr.V} {
		for l := range mv {
			for i := range mv[l] {
				mv[l][i] = math.Float32frombits(binary.LittleEndian.Uint32(b))
				b = b[4:]
			}
		}
	}
	return nil
}
