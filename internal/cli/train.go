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
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/lab/evolve"
)

func init() {
	register("train", "evolve CNN evaluators with the seed's genetic algorithm (checkpointed, resumable)", runTrain)
}

func runTrain(args []string) error {
	def := evolve.DefaultConfig()
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	pop := fs.Int("population", def.Population, "individuals per generation (seed: 8)")
	gens := fs.Int("generations", def.Generations, "generations to play (seed: 100); with -resume, extends the run")
	parents := fs.Int("parents", def.Parents, "best individuals kept as parents (seed: 2)")
	mprob := fs.Float64("mutation-prob", def.MutationProb, "probability that a weight is mutated (seed: 0.5)")
	msigma := fs.Float64("mutation-sigma", def.MutationSigma, "standard deviation of the Gaussian mutation noise")
	isigma := fs.Float64("init-sigma", def.InitSigma, "standard deviation of the Gaussian initial weights")
	depth := fs.Int("depth", def.Depth, "search depth per move (used alone unless -nodes or -movetime is set)")
	nodes := fs.Int64("nodes", 0, "node budget per move (replaces the default depth unless -depth is also given)")
	movetime := fs.Duration("movetime", 0, "time per move instead of depth or nodes (NOT reproducible, resume differs)")
	threads := fs.Int("threads", runtime.NumCPU(), "games played at once, one core each; results do not depend on it (default: the number of cores)")
	ttmb := fs.Int("tt", def.TTSizeMB, "transposition table of each player, MiB")
	seed := fs.Uint64("seed", def.Seed, "seed of the run; everything random derives from it")
	out := fs.String("out", "out/train", "run directory for checkpoints, logs and plots")
	resume := fs.String("resume", "", "continue the run in this directory (its configuration is kept)")
	maxPlies := fs.Int("max-plies", def.MaxPlies, "a game still going after this many plies is a draw")
	openings := fs.Int("opening-plies", def.Openings, "random opening plies per game (the same for both colour orders of a pair)")
	evalEvery := fs.Int("eval-every", def.EvalEvery, "learning-curve point every this many generations (0 = none)")
	evalGames := fs.Int("eval-games", def.EvalGames, "learning-curve games against each reference (heuristic, generation-0 champion)")
	selfAdaptive := fs.Bool("self-adaptive", false, "per-individual mutation sigma, mutated log-normally (Blondie24)")
	heurGames := fs.Int("heuristic-games", 0, "extra games of each individual against the heuristic per generation, counted in fitness")
	heurNodes := fs.Int64("heuristic-nodes", 0, "node budget per move of the heuristic opponent (-heuristic-games, learning curve); 0 = same as the networks")
	resScale := fs.Float64("residual-scale", 0, "0 = pure networks; > 0 = residual networks: heuristic + this * network output (evaluator units, MaxEval 10000)")
	evolveBase := fs.Bool("evolve-base", false, "with -residual-scale: evolve the heuristic weights of each network too")
	baseSigma := fs.Float64("base-sigma", 0.15, "with -evolve-base: relative mutation size of the heuristic weights")
	sidedBase := fs.Bool("sided-base", false, "with -evolve-base: one set of heuristic weights for playing White, one for Black")
	captureWeight := fs.Int("capture-weight", 0, "with -evolve-base: evolve the capture weight (pawns the side to move could take) from this start (0 = not used)")
	whiteWeight := fs.Float64("white-weight", 0, "share of the fitness from games as White, 0 to 1: fitness = 2*(w*points as White + (1-w)*points as Black); 0 = the seed's plain count, 1 = games as White only")
	heurWhite := fs.Bool("heuristic-white", false, "with -heuristic-games: every game against the heuristic with the network as White")
	parentGames := fs.Int("parent-games", 0, "parent test: games (even) of each generation's new champion against its parent, the previous champion (0 = off)")
	initNet := fs.String("init", "", "breed generation 0 from this network (shipped name or .tnn file): a copy and its mutants")
	quiet := fs.Bool("quiet", false, "no progress bar")
	force := fs.Bool("force", false, "start the run in an -out folder that holds other files (they may be overwritten)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut train [flags]            start a run in -out")
		fmt.Fprintln(fs.Output(), "       tablut train -resume DIR [-generations N] [-threads K]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := intIn("capture-weight", *captureWeight, 0, ai.MaxEval); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	var tr *evolve.Trainer
	var err error
	if *resume != "" {
		for name := range set {
			switch name {
			case "resume", "generations", "threads", "quiet":
			default:
				return fmt.Errorf("flag -%s cannot be changed when resuming; a resumed run keeps the configuration in %s", name, *resume)
			}
		}
		if tr, err = evolve.Open(*resume); err != nil {
			return err
		}
		if err := resumeSettings(tr, set, *gens, *threads); err != nil {
			tr.Close()
			return err
		}
		fmt.Printf("Resuming %s at generation %d of %d.\n\n", *resume, tr.Generation(), tr.Config().Generations)
	} else {
		cfg := def
		cfg.Population, cfg.Generations, cfg.Parents = *pop, *gens, *parents
		cfg.MutationProb, cfg.MutationSigma, cfg.InitSigma = *mprob, *msigma, *isigma
		cfg.Depth, cfg.Nodes, cfg.MoveTime = *depth, *nodes, *movetime
		if (set["nodes"] || set["movetime"]) && !set["depth"] {
			cfg.Depth = 0
		}
		cfg.Threads, cfg.TTSizeMB, cfg.Seed = *threads, *ttmb, *seed
		cfg.MaxPlies, cfg.Openings = *maxPlies, *openings
		cfg.EvalEvery, cfg.EvalGames = *evalEvery, *evalGames
		cfg.SelfAdaptive, cfg.HeuristicGames = *selfAdaptive, *heurGames
		cfg.HeuristicNodes, cfg.ResidualScale = *heurNodes, *resScale
		cfg.WhiteWeight, cfg.HeuristicWhite, cfg.ParentGames = *whiteWeight, *heurWhite, *parentGames
		if *evolveBase {
			cfg.EvolveBase, cfg.BaseSigma, cfg.SidedBase = true, *baseSigma, *sidedBase
			cfg.CaptureWeight = int32(*captureWeight)
		} else if *sidedBase || *captureWeight != 0 {
			return errors.New("-sided-base and -capture-weight need -evolve-base")
		}
		var init *cnn.Network
		if *initNet != "" {
			if err := notAFolder(*initNet); err != nil {
				return fmt.Errorf("-init: %v", err)
			}
			if init, err = player.LoadNet(*initNet); err != nil {
				return err
			}
			cfg.Init = *initNet
		}
		if tr, err = evolve.StartFrom(cfg, *out, init, *force); err != nil {
			return err
		}
		fmt.Printf("Training in %s: %+v\n\n", *out, cfg)
	}
	defer tr.Close()
	cfg := tr.Config()
	tr.Out = os.Stdout
	if !*quiet {
		bar := newProgress(cfg.TotalGames(tr.Generation()), "games",
			progressbar.OptionShowCount(),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionShowIts(),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionThrottle(time.Second),
			progressbar.OptionSetWidth(30),
		)
		// The tables go to stdout and the bar to stderr; on one terminal the
		// bar is erased before a table is printed and drawn again after it.
		tr.Out = bar.writer(os.Stdout)
		gen := -1
		tr.Progress = func(p evolve.Progress) {
			if p.Generation != gen {
				gen = p.Generation
				bar.Describe(fmt.Sprintf("gen %d/%d", p.Generation+1, p.Generations))
			}
			bar.Set(p.Done)
		}
		defer func() {
			bar.Finish()
			if bar.bar != nil {
				fmt.Fprintln(os.Stderr) // leave the finished bar on its line
			}
		}()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	if err := tr.Run(ctx); err != nil {
		if errors.Is(err, context.Canceled) {
			return fmt.Errorf("training interrupted at generation %d; continue it with: tablut train -resume %s", tr.Generation(), tr.Dir())
		}
		return err
	}
	fmt.Printf("Done: %d generations; this session %s, whole run %s.\n", tr.Generation(),
		time.Since(start).Round(time.Second), tr.Elapsed().Round(time.Second))
	fmt.Printf("Champion %s, runner-up %s, plots and logs in %s.\n",
		filepath.Join(tr.Dir(), "champion.tnn"), filepath.Join(tr.Dir(), "runner-up.tnn"), tr.Dir())
	if w, b, sided := ai.SplitSides(tr.Champion().BaseParams); sided {
		white, _ := ai.WeightsFromParams(w)
		black, _ := ai.WeightsFromParams(b)
		fmt.Printf("Champion's heuristic weights: as White %+v, as Black %+v (defaults %+v).\n", white, black, ai.DefaultWeights)
	} else if p := tr.Champion().BaseParams; len(p) > 0 {
		w, _ := ai.WeightsFromParams(p)
		fmt.Printf("Champion's heuristic weights: %+v (defaults %+v).\n", w, ai.DefaultWeights)
	}
	return nil
}

// resumeSettings applies the flags a resumed training may change.
func resumeSettings(tr *evolve.Trainer, set map[string]bool, gens, threads int) error {
	if set["generations"] {
		if err := tr.SetGenerations(gens); err != nil {
			return err
		}
	}
	if set["threads"] {
		return tr.SetThreads(threads)
	}
	return nil
}
