package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/tablut-ai/tablut/internal/lab/learn"
)

func init() {
	register("learn", "learn a pure CNN evaluator from search values (distillation, rootstrap, TreeStrap; checkpointed, resumable)", runLearn)
}

// learnFlags are the command line of tablut learn: the run's settings bound
// straight onto a learn.Config, and the flags about this process.
type learnFlags struct {
	cfg     learn.Config
	threads int
	out     string
	resume  string
	quiet   bool
	force   bool
	set     map[string]bool // the flags given
}

// resumeFlags are the flags a resumed run accepts; the others are its
// checkpoint's.
var resumeFlags = map[string]bool{
	"resume": true, "epochs": true, "threads": true, "quiet": true, "qat-epochs": true, "qat-lr": true, "qat-gap": true, "tree-rounds": true,
	"evolve-generations": true, "evolve-nodes": true, "evolve-sigma": true, "evolve-heuristic-games": true, "evolve-heuristic-nodes": true,
}

func (f *learnFlags) flagSet() *flag.FlagSet {
	c := &f.cfg
	*c = learn.DefaultConfig()
	c.Input, c.RootSide, c.TreeSide, c.EvolveNodes = "seed", "both", "both", 1000
	fs := flag.NewFlagSet("learn", flag.ContinueOnError)
	fs.Uint64Var(&c.Seed, "seed", c.Seed, "seed of the run; everything random derives from it")
	fs.Float64Var(&c.Scale, "scale", c.Scale, "target = tanh(search score / scale); evaluator units (a white pawn is 150 in the heuristic)")
	fs.Float64Var(&c.Sigma, "init-sigma", c.Sigma, "standard deviation of the Gaussian initial weights")
	fs.StringVar(&c.Input, "input", c.Input, "network input: seed (the seed's single plane) or pieces (three piece planes and the side to move, file format 4)")
	fs.IntVar(&c.Games, "games", c.Games, "distillation: self-play games of the heuristic whose searches label the positions")
	fs.Int64Var(&c.Nodes, "nodes", c.Nodes, "distillation: node budget of each labelling search")
	fs.IntVar(&c.OpeningPlies, "opening-plies", c.OpeningPlies, "random opening plies of each self-play game")
	fs.IntVar(&c.ExplorePlies, "explore-plies", c.ExplorePlies, "plies after the opening during which moves may be random")
	fs.Float64Var(&c.ExploreProb, "explore-prob", c.ExploreProb, "probability of a random move during -explore-plies")
	fs.IntVar(&c.MaxPlies, "max-plies", c.MaxPlies, "a self-play game stops after this many plies")
	fs.IntVar(&c.ValGames, "val-games", c.ValGames, "held-out heuristic games for the validation loss")
	fs.StringVar(&c.DataFrom, "data-from", "", "take the training and validation data of this run directory instead of playing distillation games")
	fs.IntVar(&c.Chunk, "chunk", c.Chunk, "games between checkpoints")
	fs.IntVar(&c.Epochs, "epochs", c.Epochs, "epochs of Adam after distillation; with -resume, epochs added at the end")
	fs.IntVar(&c.Batch, "batch", c.Batch, "mini-batch size")
	fs.Float64Var(&c.LR, "lr", c.LR, "Adam's learning rate")
	fs.Float64Var(&c.LRDecay, "lr-decay", c.LRDecay, "learning rate multiplied by this after every epoch (0 = constant)")
	fs.IntVar(&c.Rounds, "rounds", c.Rounds, "rootstrap rounds: self-play by the network's own search, then -root-epochs epochs")
	fs.IntVar(&c.RootGames, "root-games", c.RootGames, "rootstrap: games per round")
	fs.Int64Var(&c.RootNodes, "root-nodes", c.RootNodes, "rootstrap: node budget of the network's searches")
	fs.IntVar(&c.RootEpochs, "root-epochs", c.RootEpochs, "rootstrap: epochs after each round's games")
	fs.StringVar(&c.RootOpponent, "root-opponent", "", "rootstrap: an engine (heuristic, cnn:NAME, ...) that plays one side of the games instead of self-play; the network's search still labels every position")
	fs.Int64Var(&c.RootOpponentNodes, "root-opponent-nodes", 0, "rootstrap: the opponent's node budget per move")
	fs.Float64Var(&c.RootOutcome, "root-outcome", 0, "rootstrap: weight of each game's result in its labels, (1-w)*search value + w*result (0 = search values alone)")
	fs.Float64Var(&c.RootLambda, "root-lambda", 0, "rootstrap: label each position with the TD(lambda) return of the labels after it, ending in the game's result (lambda a ply, in [0, 1); 0 = search values alone)")
	fs.StringVar(&c.RootSide, "root-side", c.RootSide, "rootstrap against -root-opponent: the network's side, both (in turn), white or black")
	fs.IntVar(&c.TreeRounds, "tree-rounds", 0, "TreeStrap rounds after rootstrap: self-play by the network, every searched quiet node labelled with its searched value or bound, then -tree-epochs epochs (with -resume: the new total, more rounds)")
	fs.IntVar(&c.TreeGames, "tree-games", c.TreeGames, "TreeStrap: games per round")
	fs.Int64Var(&c.TreeNodes, "tree-nodes", c.TreeNodes, "TreeStrap: node budget of the network's searches")
	fs.IntVar(&c.TreeEpochs, "tree-epochs", c.TreeEpochs, "TreeStrap: epochs after each round's games")
	fs.IntVar(&c.TreeMinDepth, "tree-min-depth", c.TreeMinDepth, "TreeStrap: only nodes searched at least this many plies deep")
	fs.IntVar(&c.TreeMaxPerSearch, "tree-max-per-search", c.TreeMaxPerSearch, "TreeStrap: at most this many nodes of each search, drawn uniformly (0 = all)")
	fs.StringVar(&c.TreeBounds, "tree-bounds", "", "TreeStrap: the targets taken: all (exact values and bounds, the default), exact (exact values only) or balanced (exact values, and as many lower as upper bounds of each search; -tree-max-per-search per kind)")
	fs.StringVar(&c.TreeOpponent, "tree-opponent", "", "TreeStrap: an engine (heuristic, cnn:NAME, ...) that plays one side of the games instead of self-play; only the network's searches give samples")
	fs.Int64Var(&c.TreeOpponentNodes, "tree-opponent-nodes", 0, "TreeStrap: the opponent's node budget per move")
	fs.StringVar(&c.TreeSide, "tree-side", c.TreeSide, "TreeStrap against -tree-opponent: the network's side, both (in turn), white or black")
	fs.BoolVar(&c.QuantizedGames, "quantized-games", false, "rootstrap and TreeStrap: the network plays its games through its integer version, as the engine runs it (5.5 to 6 times the nodes a second of the float network on amd64)")
	fs.IntVar(&c.TreeWindow, "tree-window", c.TreeWindow, "TreeStrap: a round's epochs train on the samples of its last this many rounds (0 = all)")
	fs.IntVar(&c.EvalEvery, "eval-every", c.EvalEvery, "learning-curve match every this many epochs (0 = none)")
	fs.IntVar(&c.EvalGames, "eval-games", c.EvalGames, "learning-curve games against the heuristic")
	fs.Int64Var(&c.EvalNodes, "eval-nodes", c.EvalNodes, "learning curve: the network's node budget per move")
	fs.Int64Var(&c.EvalHeuristicNodes, "eval-heuristic-nodes", c.EvalHeuristicNodes, "learning curve: the heuristic's node budget per move")
	fs.StringVar(&c.Init, "init", "", "start from this network file (a pure network) instead of random weights; with -epochs 0 and -qat-epochs, fine-tune it for the int8 path")
	fs.IntVar(&c.QATEpochs, "qat-epochs", 0, "quantisation-aware epochs at the end: train the int8 path the engine runs (with -resume, epochs added at the end)")
	fs.Float64Var(&c.QATLR, "qat-lr", c.QATLR, "learning rate of the quantisation-aware epochs (constant)")
	fs.Float64Var(&c.QATGap, "qat-gap", c.QATGap, "weight of the squared int8-float output difference in the quantisation-aware loss")
	fs.IntVar(&c.EvolveGenerations, "evolve-generations", 0, "then evolve: generations of the seed's genetic algorithm bred from the learned network (in DIR/evolve; 0 = none)")
	fs.Int64Var(&c.EvolveNodes, "evolve-nodes", c.EvolveNodes, "evolve: node budget per move of the genetic algorithm's games")
	fs.Float64Var(&c.EvolveSigma, "evolve-sigma", 0, "evolve: mutation noise (0 = the seed's 0.05)")
	fs.IntVar(&c.EvolveHeuristicGames, "evolve-heuristic-games", 0, "evolve: extra games of each individual against the heuristic per generation, in its fitness")
	fs.Int64Var(&c.EvolveHeuristicNodes, "evolve-heuristic-nodes", 0, "evolve: the heuristic's node budget in those games (0 = -evolve-nodes)")
	fs.IntVar(&f.threads, "threads", runtime.NumCPU(), "goroutines for games and gradients; results do not depend on it")
	fs.StringVar(&f.out, "out", "out/learn", "run directory for checkpoints, data, logs and plots")
	fs.StringVar(&f.resume, "resume", "", "continue the run in this directory (its configuration is kept)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress bar")
	fs.BoolVar(&f.force, "force", false, "start the run in an -out folder that already holds other files")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut learn [flags]                  start a run in -out")
		fmt.Fprintln(fs.Output(), "       tablut learn -resume DIR [-epochs N] [-qat-epochs N] [-tree-rounds N] [-threads K] [-evolve-generations N -evolve-...]")
		fmt.Fprintln(fs.Output(), "       tablut learn -init FILE -games 0 -val-games 0 -epochs 0 -rounds 0 -tree-rounds N   TreeStrap a network")
		fmt.Fprintln(fs.Output(), "       tablut learn -init FILE -data-from RUN -epochs 0 -qat-epochs N   fine-tune a network for the int8 path")
		fmt.Fprintln(fs.Output(), "The result, DIR/learned.tnn, is a pure network: play it as cnn:DIR/learned.tnn,")
		fmt.Fprintln(fs.Output(), "or breed the genetic algorithm's first generation from it with tablut train -init.")
		fs.PrintDefaults()
	}
	return fs
}

func runLearn(args []string) error {
	var f learnFlags
	fs := f.flagSet()
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	f.set = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	if err := intIn("threads", f.threads, 1, maxThreads); err != nil {
		return err
	}
	run, err := f.open()
	if err != nil {
		return err
	}
	defer run.Close()
	run.Threads = f.threads
	stop := f.report(run)
	defer stop()
	return learnRun(run)
}

// open starts the run or resumes it.
func (f *learnFlags) open() (*learn.Run, error) {
	if f.resume != "" {
		return f.resumeRun()
	}
	cfg := f.cfg
	if cfg.Init != "" && !f.set["input"] {
		cfg.Input = "" // taken from the file
	}
	if cfg.DataFrom != "" {
		// The data is taken, not played: the distillation settings would
		// only mislead in the run's configuration.
		for _, name := range []string{"games", "nodes", "val-games"} {
			if f.set[name] {
				return nil, fmt.Errorf("-%s cannot be used with -data-from: the data comes from %s", name, cfg.DataFrom)
			}
		}
		cfg.Games, cfg.Nodes, cfg.ValGames = 0, 0, 0
	}
	run, err := learn.Start(cfg, f.out, f.force)
	if err != nil {
		return nil, err
	}
	fmt.Printf("Learning in %s: %+v\n", f.out, run.Config())
	return run, nil
}

// resumeRun opens the run in -resume and applies the flags a resume may
// change: epochs and quantisation-aware epochs added at the end, the
// quantisation-aware settings, and the evolution while it has not started.
func (f *learnFlags) resumeRun() (*learn.Run, error) {
	for name := range f.set {
		if !resumeFlags[name] {
			return nil, fmt.Errorf("flag -%s cannot be changed when resuming; a resumed run keeps the configuration in %s", name, f.resume)
		}
	}
	// Epochs are added to the run's: the numbers given must not be negative.
	if err := firstError(intIn("epochs", f.cfg.Epochs, 0, learn.MaxEpochs), intIn("qat-epochs", f.cfg.QATEpochs, 0, learn.MaxEpochs)); err != nil {
		return nil, err
	}
	run, err := learn.Open(f.resume)
	if err != nil {
		return nil, err
	}
	c, was := run.Config(), run.Config()
	if f.set["epochs"] {
		c.ExtraEpochs += f.cfg.Epochs
	}
	c.QATEpochs += f.cfg.QATEpochs // 0 unless set
	if f.set["qat-lr"] {
		c.QATLR = f.cfg.QATLR
	}
	if f.set["qat-gap"] {
		c.QATGap = f.cfg.QATGap
	}
	if f.set["tree-rounds"] {
		c.TreeRounds = f.cfg.TreeRounds
	}
	f.amendEvolution(&c)
	if c != was {
		if err := run.Amend(c); err != nil {
			run.Close()
			return nil, err
		}
	}
	fmt.Printf("Resuming %s.\n", f.resume)
	return run, nil
}

// amendEvolution applies the -evolve flags given to a resumed run's c.
func (f *learnFlags) amendEvolution(c *learn.Config) {
	given := false
	for name := range f.set {
		given = given || strings.HasPrefix(name, "evolve-")
	}
	if !given {
		return
	}
	if f.set["evolve-generations"] {
		c.EvolveGenerations = f.cfg.EvolveGenerations
	}
	if f.set["evolve-nodes"] || c.EvolveNodes == 0 {
		c.EvolveNodes = f.cfg.EvolveNodes
	}
	if f.set["evolve-sigma"] {
		c.EvolveSigma = f.cfg.EvolveSigma
	}
	if f.set["evolve-heuristic-games"] {
		c.EvolveHeuristicGames = f.cfg.EvolveHeuristicGames
	}
	if f.set["evolve-heuristic-nodes"] {
		c.EvolveHeuristicNodes = f.cfg.EvolveHeuristicNodes
	}
}

// report sets the run's progress bar (unless -quiet) and log lines; the
// function it returns closes the bar.
func (f *learnFlags) report(run *learn.Run) (stop func()) {
	run.Log = func(s string) { fmt.Println(s) }
	if f.quiet {
		return func() {}
	}
	bar := newProgress(1, "learning",
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(time.Second),
		progressbar.OptionSetWidth(30),
	)
	step, what := -1, ""
	run.Progress = func(p learn.Progress) {
		if p.Step != step || p.What != what {
			step, what = p.Step, p.What
			bar.restart(max(1, p.Total), fmt.Sprintf("step %d/%d %s", p.Step+1, p.Steps, p.What))
		}
		bar.Set(p.Done)
	}
	w := bar.writer(os.Stdout)
	run.Log = func(s string) { fmt.Fprintln(w, s) }
	return func() {
		bar.Finish()
		if bar.bar != nil {
			fmt.Fprintln(os.Stderr) // leave the finished bar on its line
		}
	}
}

// learnRun runs the remaining steps until done or interrupted.
func learnRun(run *learn.Run) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	if err := run.Run(ctx); err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("learning interrupted; continue it with: tablut learn -resume %s", run.Dir())
		}
		return err
	}
	fmt.Printf("Done: this session %s, whole run %s. Network %s, plots loss.png and learning.png in %s.\n",
		time.Since(start).Round(time.Second), run.Elapsed().Round(time.Second), filepath.Join(run.Dir(), learn.LearnedFile), run.Dir())
	if ev := run.Evolved(); ev != nil {
		fmt.Printf("Evolved networks (the genetic algorithm's champion and runner-up): %s\n", strings.Join(ev, " and "))
	}
	return nil
}
