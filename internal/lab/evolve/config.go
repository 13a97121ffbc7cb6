package evolve

import (
	"errors"
	"fmt"
	"github.com/tablut-ai/tablut/ai"
	"math"
	"time"
)

// Config describes a training run. The zero value is not usable; start from
// DefaultConfig, which is the seed's schedule.
type Config struct {
	Population    int     // individuals per generation (seed: 8)
	Generations   int     // generations to play (seed: 100)
	Parents       int     // best individuals kept as parents (seed: 2)
	MutationProb  float64 // probability that a parameter is mutated (seed: 0.5)
	MutationSigma float64 // standard deviation of the mutation noise
	InitSigma     float64 // standard deviation of the initial weights

	Depth int   // search depth per move (one of Depth and Nodes is required)
	Nodes int64 // node budget per move
	// MoveTime limits each move by wall time instead. It makes the run depend
	// on the machine and its load, so results are not reproducible and a
	// resumed run differs from an uninterrupted one; prefer Depth or Nodes.
	MoveTime time.Duration

	Threads   int    // games played at once (each game is single-threaded)
	TTSizeMB  int    // transposition table of each player, in MiB
	Seed      uint64 // the run's seed; everything random derives from it
	MaxPlies  int    // a game still going after this many plies is a draw
	Openings  int    // random opening plies at the start of each game
	EvalEvery int    // learning-curve point every this many generations (0 = never)
	EvalGames int    // games per reference opponent and learning-curve point

	// SelfAdaptive gives every individual its own mutation sigma, itself
	// mutated log-normally before use (Blondie24): sigma' = sigma*exp(tau*N(0,1)),
	// tau = 1/sqrt(2*sqrt(n)), n = cnn.NumParams.
	SelfAdaptive bool
	// HeuristicGames is the number of extra games each individual plays against
	// the hand-made heuristic every generation, half with each colour, counted
	// in its tournament score (0 = the seed's pure self-play).
	HeuristicGames int
	// HeuristicNodes is the node budget per move of the hand-made heuristic
	// when it plays (HeuristicGames and the learning curve); 0 = Nodes, the
	// same budget as the networks. The heuristic searches many times as many
	// nodes per second as a network (docs/measurements.md, section Search
	// speed), so a larger budget compares them at roughly equal time. Depth
	// and MoveTime limits still apply to it.
	HeuristicNodes int64 `json:",omitempty"`
	// ResidualScale > 0 makes every individual a residual network (cnn
	// Network.Base "heuristic", Scale ResidualScale): it plays with the
	// heuristic plus ResidualScale times its output (ai.Residual), so it
	// learns a correction of the heuristic. 0 = pure networks (the seed).
	ResidualScale float64 `json:",omitempty"`
	// EvolveBase makes the heuristic weights of residual networks part of the
	// genome (cnn Network.BaseParams, in the order of ai.Weights): generation
	// 0 holds the default weights in individual 0 and perturbed copies in the
	// others; crossover swaps them as a fifth layer; mutation multiplies each
	// weight, with probability MutationProb, by exp(BaseSigma*N(0,1)), which
	// keeps its sign. Requires ResidualScale > 0.
	EvolveBase bool    `json:",omitempty"`
	BaseSigma  float64 `json:",omitempty"` // relative mutation size of the heuristic weights
	// SidedBase gives every network two sets of heuristic weights, one used
	// when it plays White and one when it plays Black (ai.NewResidual with
	// 2*ai.NumWeights parameters); crossover swaps them as two layers.
	// Requires EvolveBase.
	SidedBase bool `json:",omitempty"`
	// CaptureWeight > 0 adds the Capture weight (ai.Weights: pawns the side to
	// move could capture) to the evolved heuristic weights, starting at this
	// value (the hand-made heuristic's is 0, which log-normal mutation could
	// never leave). Requires EvolveBase.
	CaptureWeight int32 `json:",omitempty"`
	// WhiteWeight weights the fitness by colour: an individual's fitness is
	// 2*(WhiteWeight*S_white + (1-WhiteWeight)*S_black), S_white and S_black
	// its points in games as White and as Black (tournament and heuristic
	// games), and the ranking sorts on it. Between engines Black wins most
	// games, so the games as Black mostly end alike and the games as White
	// are where networks differ; weighting them more lets the ranking tell
	// the networks apart. 0 = the seed's plain count of points (as 0.5 with
	// equal games per colour); 1 = games as White only.
	WhiteWeight float64 `json:",omitempty"`
	// HeuristicWhite makes every HeuristicGames game one with the individual
	// as White (each from its own opening) instead of half with each colour.
	HeuristicWhite bool `json:",omitempty"`
	// ParentGames > 0 turns on the parent test: after each generation whose
	// champion is not the individual in slot 0 (the previous generation's
	// champion, or with Init the network generation 0 was bred from), the new
	// champion plays ParentGames games against it, half with each colour, the
	// two games of a pair from one seeded opening, at the training budget;
	// the score, its 95% interval and whether the lower bound is above 1/2
	// go into the generation's record (ParentTest). 0 = off.
	ParentGames int `json:",omitempty"`
	// Init names the network generation 0 was bred from (tablut train -init):
	// individual 0 is a copy of it and the others its mutants. Empty: random
	// networks (the seed).
	Init string `json:",omitempty"`
}

// baseSets returns the number of sets of heuristic weights in the genome: 0
// without EvolveBase, 2 with SidedBase, else 1.
func (c *Config) baseSets() int {
	switch {
	case !c.EvolveBase:
		return 0
	case c.SidedBase:
		return 2
	}
	return 1
}

// DefaultConfig returns the seed's schedule: population 8, 100 generations,
// 2 parents, mutation probability 0.5. The seed gives no sigmas, search budget,
// opening or ply limits; the defaults chosen here are documented on each flag
// of "tablut train".
func DefaultConfig() Config {
	return Config{
		Population:    8,
		Generations:   100,
		Parents:       2,
		MutationProb:  0.5,
		MutationSigma: 0.05,
		InitSigma:     0.2,
		Depth:         2,
		Threads:       1,
		TTSizeMB:      1,
		Seed:          1,
		MaxPlies:      200,
		Openings:      2,
		EvalEvery:     10,
		EvalGames:     20,
	}
}

// Bounds of the sizes of a run: each is far beyond any useful run, and keeps
// a mistyped value from exhausting memory (a generation holds Population
// networks and plays Population*(Population-1) games; every game thread owns
// two transposition tables of TTSizeMB). MaxGenerations and MaxGames are
// exported for tablut learn, which checks its evolution's flags against them
// before it starts.
const (
	maxPopulation  = 1000
	MaxGenerations = 1_000_000
	maxTTSizeMB    = 1024
	MaxGames       = 100_000 // learning-curve and heuristic games
	MaxPlies       = 100_000
	maxSigma       = 10 // mutation and initial weight sigmas; weights stay finite
)

// Validate reports the first unusable setting as one sentence.
func (c *Config) Validate() error {
	switch {
	case c.Population < 2 || c.Population > maxPopulation:
		return fmt.Errorf("population must be between 2 and %d, got %d", maxPopulation, c.Population)
	case c.Parents < 1 || c.Parents > c.Population:
		return fmt.Errorf("parents must be between 1 and the population (%d), got %d", c.Population, c.Parents)
	case c.Generations < 1 || c.Generations > MaxGenerations:
		return fmt.Errorf("generations must be between 1 and %d, got %d", MaxGenerations, c.Generations)
	case c.MutationProb < 0 || c.MutationProb > 1 || math.IsNaN(c.MutationProb):
		return fmt.Errorf("mutation probability must be between 0 and 1, got %v", c.MutationProb)
	case !(c.MutationSigma >= 0 && c.MutationSigma <= maxSigma):
		return fmt.Errorf("mutation sigma must be between 0 and %d, got %v", maxSigma, c.MutationSigma)
	case !(c.InitSigma > 0 && c.InitSigma <= maxSigma):
		return fmt.Errorf("init sigma must be above 0 and at most %d, got %v", maxSigma, c.InitSigma)
	case c.Depth < 0 || c.Depth > ai.MaxDepth || c.Nodes < 0 || c.MoveTime < 0:
		return fmt.Errorf("depth (0 to %d), nodes and move time must not be negative, got %d, %d, %v", ai.MaxDepth, c.Depth, c.Nodes, c.MoveTime)
	case c.Depth <= 0 && c.Nodes <= 0 && c.MoveTime <= 0:
		return errors.New("set a search budget with a positive depth, node count or move time")
	case c.Threads < 1 || c.Threads > ai.MaxThreads:
		return fmt.Errorf("threads must be between 1 and %d, got %d", ai.MaxThreads, c.Threads)
	case c.MaxPlies < 1 || c.MaxPlies > MaxPlies:
		return fmt.Errorf("max plies must be between 1 and %d, got %d", MaxPlies, c.MaxPlies)
	case c.Openings < 0 || c.Openings >= c.MaxPlies:
		return fmt.Errorf("opening plies must be between 0 and max plies, got %d", c.Openings)
	case c.EvalEvery < 0 || c.EvalGames < 0 || c.HeuristicGames < 0:
		return errors.New("eval-every, eval-games and heuristic-games must not be negative")
	case c.EvalGames > MaxGames || c.HeuristicGames > MaxGames:
		return fmt.Errorf("eval-games and heuristic-games must be at most %d, got %d and %d", MaxGames, c.EvalGames, c.HeuristicGames)
	case !(c.WhiteWeight >= 0 && c.WhiteWeight <= 1):
		return fmt.Errorf("white weight must be between 0 and 1, got %v", c.WhiteWeight)
	case c.HeuristicWhite && c.HeuristicGames == 0:
		return errors.New("heuristic games as White only need heuristic games (set heuristic-games)")
	case c.ParentGames < 0 || c.ParentGames > MaxGames || c.ParentGames%2 != 0:
		return fmt.Errorf("parent games must be an even number between 0 and %d (pairs of games with colours swapped), got %d", MaxGames, c.ParentGames)
	case c.HeuristicNodes < 0:
		return fmt.Errorf("heuristic nodes must not be negative, got %d", c.HeuristicNodes)
	case !(c.ResidualScale >= 0 && c.ResidualScale <= 10000):
		return fmt.Errorf("residual scale must be between 0 and 10000, got %v", c.ResidualScale)
	case c.EvolveBase && c.ResidualScale <= 0:
		return errors.New("evolving the heuristic weights needs residual networks (set a residual scale)")
	case c.CaptureWeight < 0 || c.CaptureWeight > 0 && !c.EvolveBase:
		return errors.New("a capture weight must be positive and needs evolved heuristic weights (set evolve-base)")
	case c.SidedBase && !c.EvolveBase:
		return errors.New("sided heuristic weights need evolved heuristic weights (set evolve-base)")
	case c.EvolveBase && !(c.BaseSigma > 0 && c.BaseSigma <= 2):
		return fmt.Errorf("base sigma must be in (0, 2], got %v", c.BaseSigma)
	case c.TTSizeMB < 0 || c.TTSizeMB > maxTTSizeMB:
		return fmt.Errorf("transposition table size must be between 0 and %d MiB, got %d", maxTTSizeMB, c.TTSizeMB)
	}
	return nil
}

// gamesPerGeneration is the number of games of one generation, learning-curve
// games excluded.
func (c *Config) gamesPerGeneration() int {
	return c.Population*(c.Population-1) + c.Population*c.HeuristicGames
}

// evalAt reports whether generation g (0-based) gets a learning-curve point.
func (c *Config) evalAt(g int) bool {
	if c.EvalEvery <= 0 || c.EvalGames <= 0 {
		return false
	}
	return g%c.EvalEvery == 0 || g == c.Generations-1
}

// TotalGames returns the number of games of generations from..Generations-1,
// learning-curve games included (for progress bars). Parent-test games are
// counted for every generation, so with ParentGames the figure is an upper
// bound: a generation whose champion is its parent plays none.
func (c *Config) TotalGames(from int) int {
	n := 0
	for g := from; g < c.Generations; g++ {
		n += c.gamesPerGeneration() + c.ParentGames
		if c.evalAt(g) {
			n += 2 * c.EvalGames
		}
	}
	return n
}
