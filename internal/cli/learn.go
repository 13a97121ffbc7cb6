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
	register("learn", "learn a pure CNN evaluator from search values (distillation, then rootstrap; checkpointed, resumable)", runLearn)
}

func runLearn(args []string) error {
	def := learn.DefaultConfig()
	fs := flag.NewFlagSet("learn", flag.ContinueOnError)
	seed := fs.Uint64("seed", def.Seed, "seed of the run; everything random derives from it")
	scale := fs.Float64("scale", def.Scale, "target = tanh(search score / scale); evaluator units (a white pawn is 150 in the heuristic)")
	sigma := fs.Float64("init-sigma", def.Sigma, "standard deviation of the Gaussian initial weights")
	input := fs.String("input", "seed", "network input: seed (the seed's single plane) or pieces (three piece planes and the side to move, file format 4)")
	games := fs.Int("games", def.Games, "distillation: self-play games of the heuristic whose searches label the positions")
	nodes := fs.Int64("nodes", def.Nodes, "distillation: node budget of each labelling search")
	opening := fs.Int("opening-plies", def.OpeningPlies, "random opening plies of each self-play game")
	explorePlies := fs.Int("explore-plies", def.ExplorePlies, "plies after the opening during which moves may be random")
	exploreProb := fs.Float64("explore-prob", def.ExploreProb, "probability of a random move during -explore-plies")
	maxPlies := fs.Int("max-plies", def.MaxPlies, "a self-play game stops after this many plies")
	valGames := fs.Int("val-games", def.ValGames, "held-out heuristic games for the validation loss")
	dataFrom := fs.String("data-from", "", "take the training and validation data of this run directory instead of playing distillation games")
	chunk := fs.Int("chunk", def.Chunk, "games between checkpoints")
	epochs := fs.Int("epochs", def.Epochs, "epochs of Adam after distillation; with -resume, epochs added at the end")
	batch := fs.Int("batch", def.Batch, "mini-batch size")
	lr := fs.Float64("lr", def.LR, "Adam's learning rate")
	lrDecay := fs.Float64("lr-decay", def.LRDecay, "learning rate multiplied by this after every epoch (0 = constant)")
	rounds := fs.Int("rounds", def.Rounds, "rootstrap rounds: self-play by the network's own search, then -root-epochs epochs")
	rootGames := fs.Int("root-games", def.RootGames, "rootstrap: games per round")
	rootNodes := fs.Int64("root-nodes", def.RootNodes, "rootstrap: node budget of the network's searches")
	rootEpochs := fs.Int("root-epochs", def.RootEpochs, "rootstrap: epochs after each round's games")
	rootOpp := fs.String("root-opponent", "", "rootstrap: an engine (heuristic, cnn:NAME, ...) that plays one side of the games instead of self-play; the network's search still labels every position")
	rootOppNodes := fs.Int64("root-opponent-nodes", 0, "rootstrap: the opponent's node budget per move")
	rootOutcome := fs.Float64("root-outcome", 0, "rootstrap: weight of each game's result in its labels, (1-w)*search value + w*result (0 = search values alone)")
	rootLambda := fs.Float64("root-lambda", 0, "rootstrap: label each position with the TD(lambda) return of the labels after it, ending in the game's result (lambda a ply, in [0, 1); 0 = search values alone)")
	rootSide := fs.String("root-side", "both", "rootstrap against -root-opponent: the network's side, both (in turn), white or black")
	evalEvery := fs.Int("eval-every", def.EvalEvery, "learning-curve match every this many epochs (0 = none)")
	evalGames := fs.Int("eval-games", def.EvalGames, "learning-curve games against the heuristic")
	evalNodes := fs.Int64("eval-nodes", def.EvalNodes, "learning curve: the network's node budget per move")
	evalHNodes := fs.Int64("eval-heuristic-nodes", def.EvalHeuristicNodes, "learning curve: the heuristic's node budget per move")
	initNet := fs.String("init", "", "start from this network file (a pure network) instead of random weights; with -epochs 0 and -qat-epochs, fine-tune it for the int8 path")
	qatEpochs := fs.Int("qat-epochs", 0, "quantisation-aware epochs at the end: train the int8 path the engine runs (with -resume, epochs added at the end)")
	qatLR := fs.Float64("qat-lr", def.QATLR, "learning rate of the quantisation-aware epochs (constant)")
	qatGap := fs.Float64("qat-gap", def.QATGap, "weight of the squared int8-float output difference in the quantisation-aware loss")
	evolveGens := fs.Int("evolve-generations", 0, "then evolve: generations of the seed's genetic algorithm bred from the learned network (in DIR/evolve; 0 = none)")
	evolveNodes := fs.Int64("evolve-nodes", 1000, "evolve: node budget per move of the genetic algorithm's games")
	evolveSigma := fs.Float64("evolve-sigma", 0, "evolve: mutation noise (0 = the seed's 0.05)")
	evolveHGames := fs.Int("evolve-heuristic-games", 0, "evolve: extra games of each individual against the heuristic per generation, in its fitness")
	evolveHNodes := fs.Int64("evolve-heuristic-nodes", 0, "evolve: the heuristic's node budget in those games (0 = -evolve-nodes)")
	threads := fs.Int("threads", runtime.NumCPU(), "goroutines for games and gradients; results do not depend on it")
	out := fs.String("out", "out/learn", "run directory for checkpoints, data, logs and plots")
	resume := fs.String("resume", "", "continue the run in this directory (its configuration is kept)")
	quiet := fs.Bool("quiet", false, "no progress bar")
	force := fs.Bool("force", false, "start the run in an -out folder that already holds other files")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut learn [flags]                  start a run in -out")
		fmt.Fprintln(fs.Output(), "       tablut learn -resume DIR [-epochs N] [-qat-epochs N] [-threads K] [-evolve-generations N -evolve-...]")
		fmt.Fprintln(fs.Output(), "       tablut learn -init FILE -data-from RUN -epochs 0 -qat-epochs N   fine-tune a network for the int8 path")
		fmt.Fprintln(fs.Output(), "The result, DIR/learned.tnn, is a pure network: play it as cnn:DIR/learned.tnn,")
		fmt.Fprintln(fs.Output(), "or breed the genetic algorithm's first generation from it with tablut train -init.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *threads < 1 {
		return errors.New("-threads must be at least 1")
	}

	var run *learn.Run
	var err error
	if *resume != "" {
		for name := range set {
			switch name {
			case "resume", "epochs", "threads", "quiet", "qat-epochs", "qat-lr", "qat-gap":
			case "evolve-generations", "evolve-nodes", "evolve-sigma", "evolve-heuristic-games", "evolve-heuristic-nodes":
			default:
				return fmt.Errorf("flag -%s cannot be changed when resuming; a resumed run keeps the configuration in %s", name, *resume)
			}
		}
		if run, err = learn.Open(*resume); err != nil {
			return err
		}
		if set["epochs"] {
			if err := run.Extend(*epochs); err != nil {
				return err
			}
		}
		if set["qat-epochs"] || set["qat-lr"] || set["qat-gap"] {
			lr, gap := -1.0, -1.0
			if set["qat-lr"] {
				lr = *qatLR
				if lr <= 0 {
					return errors.New("-qat-lr must be positive")
				}
			}
			if set["qat-gap"] {
				gap = *qatGap
				if gap < 0 {
					return errors.New("-qat-gap must not be negative")
				}
			}
			if err := run.ExtendQAT(*qatEpochs, lr, gap); err != nil {
				return err
			}
		}
		if set["evolve-generations"] || set["evolve-nodes"] || set["evolve-sigma"] || set["evolve-heuristic-games"] || set["evolve-heuristic-nodes"] {
			// The genetic algorithm may be added to (or changed in) a run
			// whose evolution has not started.
			c := run.Config()
			gens, nodes, sigma, hg, hn := c.EvolveGenerations, c.EvolveNodes, c.EvolveSigma, c.EvolveHeuristicGames, c.EvolveHeuristicNodes
			if set["evolve-generations"] {
				gens = *evolveGens
			}
			if set["evolve-nodes"] || nodes == 0 {
				nodes = *evolveNodes
			}
			if set["evolve-sigma"] {
				sigma = *evolveSigma
			}
			if set["evolve-heuristic-games"] {
				hg = *evolveHGames
			}
			if set["evolve-heuristic-nodes"] {
				hn = *evolveHNodes
			}
			if err := run.SetEvolution(gens, nodes, sigma, hg, hn); err != nil {
				return err
			}
		}
		fmt.Printf("Resuming %s.\n", *resume)
	} else {
		cfg := learn.Config{
			Seed: *seed, Scale: *scale, Sigma: *sigma, Input: *input,
			Games: *games, Nodes: *nodes, OpeningPlies: *opening, ExplorePlies: *explorePlies,
			ExploreProb: *exploreProb, MaxPlies: *maxPlies, ValGames: *valGames, Chunk: *chunk, DataFrom: *dataFrom,
			Epochs: *epochs, Batch: *batch, LR: *lr, LRDecay: *lrDecay,
			Rounds: *rounds, RootGames: *rootGames, RootNodes: *rootNodes, RootEpochs: *rootEpochs,
			RootOpponent: *rootOpp, RootOpponentNodes: *rootOppNodes, RootSide: *rootSide, RootOutcome: *rootOutcome, RootLambda: *rootLambda,
			EvalEvery: *evalEvery, EvalGames: *evalGames, EvalNodes: *evalNodes, EvalHeuristicNodes: *evalHNodes,
			EvolveGenerations: *evolveGens, EvolveNodes: *evolveNodes, EvolveSigma: *evolveSigma,
			EvolveHeuristicGames: *evolveHGames, EvolveHeuristicNodes: *evolveHNodes,
			Init: *initNet, QATEpochs: *qatEpochs, QATLR: *qatLR, QATGap: *qatGap,
		}
		if *initNet != "" && !set["input"] {
			cfg.Input = "" // taken from the file
		}
		if *dataFrom != "" {
			// The data is taken, not played: the distillation settings would
			// only mislead in the run's configuration.
			for _, name := range []string{"games", "nodes", "val-games"} {
				if set[name] {
					return fmt.Errorf("-%s cannot be used with -data-from: the data comes from %s", name, *dataFrom)
				}
			}
			cfg.Games, cfg.Nodes, cfg.ValGames = 0, 0, 0
		}
		if run, err = learn.Start(cfg, *out, *force); err != nil {
			return err
		}
		fmt.Printf("Learning in %s: %+v\n", *out, run.Config())
	}
	run.Threads = *threads
	say := func(s string) { fmt.Println(s) }
	if !*quiet {
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
		say = func(s string) { fmt.Fprintln(w, s) }
		defer func() {
			bar.Finish()
			if bar.bar != nil {
				fmt.Fprintln(os.Stderr) // leave the finished bar on its line
			}
		}()
	}
	run.Log = say

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
