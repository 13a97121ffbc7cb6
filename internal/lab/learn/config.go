package learn

import (
	"errors"
	"fmt"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/lab/evolve"
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
	// TreeStrap(alpha-beta) (tree.go): TreeRounds rounds of TreeGames
	// self-play games by the network at TreeNodes per move, each followed by
	// TreeEpochs epochs. Every search gives at most TreeMaxPerSearch (0: all)
	// of its quiet nodes with at least TreeMinDepth plies searched below
	// them, each labelled with its searched value or bound. The epochs of
	// a round train on the run's other data and the TreeStrap data of its
	// last TreeWindow rounds (0: all).
	TreeRounds       int   `json:"tree_rounds,omitempty"`
	TreeGames        int   `json:"tree_games,omitempty"`
	TreeNodes        int64 `json:"tree_nodes,omitempty"`
	TreeEpochs       int   `json:"tree_epochs,omitempty"`
	TreeMinDepth     int   `json:"tree_min_depth,omitempty"`
	TreeMaxPerSearch int   `json:"tree_max_per_search,omitempty"`
	TreeWindow       int   `json:"tree_window,omitempty"`
	// TreeBounds: the kinds of target taken from the searches (TreeConfig.Bounds).
	TreeBounds string `json:"tree_bounds,omitempty"`
	// TreeOpponent, if set (an engine, as RootOpponent), plays one side of the
	// TreeStrap games at TreeOpponentNodes per move, and the network plays
	// TreeSide: the searches, and so the samples, are then of the positions
	// the network meets against that opponent. The network still searches
	// every position (the opponent's turns too), and only its searches give
	// samples.
	TreeOpponent      string `json:"tree_opponent,omitempty"`
	TreeOpponentNodes int64  `json:"tree_opponent_nodes,omitempty"`
	TreeSide          string `json:"tree_side,omitempty"`
	// QuantizedGames: the network plays its rootstrap and TreeStrap games
	// through its integer version, as the engine runs it (cnn.Quantize:
	// int8 where its error allows, else int16), 5.5 to 6 times as many
	// nodes a second as the float network on amd64. The labels are then
	// that version's searched values; the float network still learns.
	QuantizedGames bool `json:"quantized_games,omitempty"`

	// ExtraEpochs are epochs on all the data after the last round (added by
	// Amend, on resume).
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
		TreeGames: 20, TreeNodes: 3000, TreeEpochs: 2, TreeMinDepth: 1, TreeMaxPerSearch: 32, TreeWindow: 2,
		EvalEvery: 2, EvalGames: 20, EvalNodes: 1000, EvalHeuristicNodes: 1000,
		QATLR: 5e-5, QATGap: 1000, // the gap weight that brought learned.tnn within the int8 tolerance (docs/training.md, Quantisation-aware fine-tuning)
	}
}

// Bounds of a run's settings: each lies far beyond any useful run and keeps
// a mistyped value from exhausting memory or time before the first
// checkpoint (every game and epoch is a step of the run's plan, the
// validation games and each chunk of games are held in memory at once, and a
// mini-batch is allocated whole).
const (
	maxGames  = 100_000 // -games, -root-games
	maxChunk  = 10_000  // -chunk, -val-games, -eval-games: games held in memory at once
	MaxEpochs = 10_000  // -epochs, -root-epochs, -qat-epochs, epochs added on resume
	maxRounds = 1_000   // -rounds, -tree-rounds, -tree-window
	maxBatch  = 1 << 16
	maxNodes  = 1 << 40 // node budgets of one search
	MaxPlies  = 100_000
	maxScale  = 1e6 // -scale, in evaluator units
	maxSigma  = 10  // -init-sigma
	maxLR     = 1   // -lr, -qat-lr: Adam's steps are about this size per weight
	maxGap    = 1e9 // -qat-gap
	// maxPerSearch bounds -tree-max-per-search: the samples of one search
	// are held in memory until it ends.
	maxPerSearch = 1 << 20
)

// Validate reports the first bad setting as one line naming its flag. It is
// the one check of a configuration, for a new run, a resumed one (its
// checkpoint's settings and what -resume changes) and a run whose data
// comes from another.
func (c *Config) Validate() error {
	checks := []error{
		floatIn("scale", c.Scale, 0, false, maxScale),
		floatIn("init-sigma", c.Sigma, 0, false, maxSigma),
		intIn("games", c.Games, 0, maxGames),
		intIn("val-games", c.ValGames, 0, maxChunk),
		intIn("chunk", c.Chunk, 1, maxChunk),
		intIn("max-plies", c.MaxPlies, 1, MaxPlies),
		intIn("opening-plies", c.OpeningPlies, 0, c.MaxPlies-1),
		intIn("explore-plies", c.ExplorePlies, 0, MaxPlies),
		floatIn("explore-prob", c.ExploreProb, 0, true, 1),
		intIn("epochs", c.Epochs, 0, MaxEpochs),
		intIn("batch", c.Batch, 1, maxBatch),
		floatIn("lr", c.LR, 0, false, maxLR),
		floatIn("lr-decay", c.LRDecay, 0, true, 1),
		intIn("rounds", c.Rounds, 0, maxRounds),
		intIn("root-games", c.RootGames, 0, maxGames),
		intIn("root-epochs", c.RootEpochs, 0, MaxEpochs),
		intIn("epochs (added on resume)", c.ExtraEpochs, 0, MaxEpochs),
		intIn("root-opponent-nodes", c.RootOpponentNodes, 0, maxNodes),
		intIn("tree-opponent-nodes", c.TreeOpponentNodes, 0, maxNodes),
		intIn("tree-rounds", c.TreeRounds, 0, maxRounds),
		intIn("tree-games", c.TreeGames, 0, maxGames),
		intIn("tree-epochs", c.TreeEpochs, 0, MaxEpochs),
		intIn("tree-min-depth", c.TreeMinDepth, 0, ai.MaxDepth),
		intIn("tree-max-per-search", c.TreeMaxPerSearch, 0, maxPerSearch),
		intIn("tree-window", c.TreeWindow, 0, maxRounds),
		checkBounds(c.TreeBounds),
		floatIn("root-outcome", c.RootOutcome, 0, true, 1),
		intIn("qat-epochs", c.QATEpochs, 0, MaxEpochs),
		floatIn("qat-lr", c.QATLR, 0, false, maxLR),
		floatIn("qat-gap", c.QATGap, 0, true, maxGap),
		intIn("eval-every", c.EvalEvery, 0, MaxEpochs),
		intIn("evolve-generations", c.EvolveGenerations, 0, evolve.MaxGenerations),
		intIn("evolve-nodes", c.EvolveNodes, 0, maxNodes),
		floatIn("evolve-sigma", c.EvolveSigma, 0, true, 1),
		intIn("evolve-heuristic-games", c.EvolveHeuristicGames, 0, evolve.MaxGames),
		intIn("evolve-heuristic-nodes", c.EvolveHeuristicNodes, 0, maxNodes),
	}
	if c.Games > 0 {
		checks = append(checks, intIn("nodes", c.Nodes, 1, maxNodes))
	}
	if c.Rounds > 0 {
		checks = append(checks, intIn("root-nodes", c.RootNodes, 1, maxNodes))
	}
	if c.TreeRounds > 0 {
		checks = append(checks, intIn("tree-nodes", c.TreeNodes, 1, maxNodes), intIn("tree-games", c.TreeGames, 1, maxGames),
			intIn("tree-epochs", c.TreeEpochs, 1, MaxEpochs))
	}
	if c.EvalEvery > 0 {
		checks = append(checks, intIn("eval-games", c.EvalGames, 1, maxChunk),
			intIn("eval-nodes", c.EvalNodes, 1, maxNodes), intIn("eval-heuristic-nodes", c.EvalHeuristicNodes, 1, maxNodes))
	}
	if c.EvolveGenerations > 0 {
		checks = append(checks, intIn("evolve-nodes", c.EvolveNodes, 1, maxNodes))
		// The genetic algorithm runs last, after all the learning: whatever
		// its own checks would refuse is refused now.
		ec := c.evolveConfig(1)
		if err := ec.Validate(); err != nil {
			checks = append(checks, fmt.Errorf("the -evolve settings: %v", err))
		}
	}
	if !(c.RootLambda >= 0 && c.RootLambda < 1) {
		checks = append(checks, fmt.Errorf("-root-lambda must be a number in [0, 1), got %v", c.RootLambda))
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if c.epochs() > 0 && c.DataFrom == "" && c.Games == 0 && (c.Rounds == 0 || c.RootGames == 0) && c.TreeRounds == 0 {
		return errors.New("the epochs would have no data: set -games, or -rounds and -root-games, or -tree-rounds, or -data-from")
	}
	if c.Epochs > 0 && c.DataFrom == "" && c.Games == 0 {
		return errors.New("-epochs (after distillation, before any round) would have no data: set -epochs 0, or -games")
	}
	return c.checkNames()
}

// evolveConfig returns the configuration of the genetic algorithm that
// ends the run (EvolveGenerations > 0): the seed's defaults bred from the
// learned network, with the run's seed and the -evolve settings, its games
// on threads goroutines.
func (c *Config) evolveConfig(threads int) evolve.Config {
	ec := evolve.DefaultConfig()
	ec.Generations, ec.Depth, ec.Nodes = c.EvolveGenerations, 0, c.EvolveNodes
	ec.Seed, ec.Threads = c.Seed, threads
	if c.EvolveSigma > 0 {
		ec.MutationSigma = c.EvolveSigma
	}
	ec.HeuristicGames, ec.HeuristicNodes = c.EvolveHeuristicGames, c.EvolveHeuristicNodes
	return ec
}

// checkNames checks the settings that name things: the input kind, the
// rootstrap and TreeStrap opponents and their sides.
func (c *Config) checkNames() error {
	if _, err := c.input(); err != nil {
		return fmt.Errorf("-input: %v", err)
	}
	if err := checkOpponent("root", c.RootOpponent, c.RootOpponentNodes, c.RootSide); err != nil {
		return err
	}
	return checkOpponent("tree", c.TreeOpponent, c.TreeOpponentNodes, c.TreeSide)
}

// checkOpponent checks the opponent, its node budget and the network's side
// of the games of one kind (rootstrap "root" or TreeStrap "tree", the
// prefix of their flags).
func checkOpponent(kind, opp string, nodes int64, side string) error {
	if _, err := parseSides(side); err != nil {
		return fmt.Errorf("-%s-side: %v", kind, err)
	}
	if opp != "" {
		if nodes <= 0 {
			return fmt.Errorf("-%s-opponent needs a positive -%s-opponent-nodes", kind, kind)
		}
		if _, err := opponent(opp); err != nil {
			return fmt.Errorf("-%s-opponent: %v", kind, err)
		}
	} else if side != "" && side != "both" {
		return fmt.Errorf("-%s-side needs -%s-opponent (in self-play the network plays both sides)", kind, kind)
	}
	return nil
}

// epochs counts the run's epochs of every kind.
func (c *Config) epochs() int {
	return c.Epochs + c.Rounds*c.RootEpochs + c.TreeRounds*c.TreeEpochs + c.ExtraEpochs + c.QATEpochs
}

// treeConfig is what each TreeStrap search contributes.
func (c *Config) treeConfig() TreeConfig {
	return TreeConfig{MinDepth: c.TreeMinDepth, MaxPerSearch: c.TreeMaxPerSearch, Bounds: c.TreeBounds}
}

// intIn checks that the setting of flag -name lies in [lo, hi].
func intIn[T int | int64](name string, v, lo, hi T) error {
	if v < lo || v > hi {
		return fmt.Errorf("-%s must be between %d and %d, got %d", name, lo, hi, v)
	}
	return nil
}

// floatIn checks that the setting of flag -name is a finite number above lo
// (or equal to it when withLo) and at most hi; NaN fails every comparison.
func floatIn(name string, v, lo float64, withLo bool, hi float64) error {
	if (v > lo || withLo && v == lo) && v <= hi {
		return nil
	}
	open := "("
	if withLo {
		open = "["
	}
	return fmt.Errorf("-%s must be a number in %s%g, %g], got %v", name, open, lo, hi, v)
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
	Kind  string // "val", "copy", "distil", "root", "tree", "epoch", "qat"
	From  int    // first game (distil, root, tree)
	To    int    // end of games
	Round int    // rootstrap or TreeStrap round (root, tree), or the epoch number (epoch, qat)
	// Tree is, for an epoch, how many TreeStrap rounds have played their
	// games before it (their data is trained on, Config.TreeWindow);
	// RoundEnd marks a TreeStrap round's last epoch, which saves the
	// round's network (TreeRoundFile); InTree marks the epochs of the
	// TreeStrap rounds themselves.
	Tree             int
	InTree, RoundEnd bool
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
	for r := 0; r < c.TreeRounds; r++ {
		for g := 0; g < c.TreeGames; g += c.Chunk {
			st = append(st, step{Kind: "tree", From: g, To: min(g+c.Chunk, c.TreeGames), Round: r})
		}
		for i := 0; i < c.TreeEpochs; i++ {
			st = append(st, step{Kind: "epoch", Round: e, Tree: r + 1, InTree: true, RoundEnd: i == c.TreeEpochs-1})
			e++
		}
	}
	for i := 0; i < c.ExtraEpochs; i++ {
		st = append(st, step{Kind: "epoch", Round: e, Tree: c.TreeRounds})
		e++
	}
	for i := 0; i < c.QATEpochs; i++ {
		st = append(st, step{Kind: "qat", Round: e, Tree: c.TreeRounds})
		e++
	}
	return st
}
