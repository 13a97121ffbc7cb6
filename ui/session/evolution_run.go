//go:build !js

package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/lab/evolve"
)

// The evolution page's runner: an evolve.Trainer, the code `tablut train`
// runs, in a temporary run folder, followed through its hooks (Game,
// GenDone) and its game goroutines lowered to a low priority (Worker), so
// that the window keeps drawing while it plays.

// The page's run: the seed's population and selection, a node budget small
// enough that a generation's 56 games fill the crosstable in seconds, and a
// learning-curve point every generation against the heuristic at the same
// budget (and the generation-0 champion).
const (
	evoNodes       = 300
	evoSeed        = 1
	evoEvalGames   = 8
	evoGenerations = 1000 // until stopped, in practice
)

// EvolutionConfig returns the configuration of the page's runs, from the
// shipped champion (the network fromChampion names) or from random weights
// (""): `tablut train -population 8 -nodes 300 -eval-every 1 -eval-games 8
// -threads 1 -seed 1 [-init champion]` with the other flags at their
// defaults.
func EvolutionConfig(from string) evolve.Config {
	cfg := evolve.DefaultConfig()
	cfg.Population = 8
	cfg.Depth, cfg.Nodes = 0, evoNodes
	cfg.Generations = evoGenerations
	cfg.Threads = 1
	cfg.Seed = evoSeed
	cfg.EvalEvery, cfg.EvalGames = 1, evoEvalGames
	cfg.Init = from
	return cfg
}

// evoRun is a run in the background.
type evoRun struct {
	cancel context.CancelFunc
	out    chan EvoState // the latest state; the runner replaces an unread one
	done   chan struct{}
	dir    string
}

// Available reports whether this build can run the evolution (the desktop
// builds can).
func (e *Evolution) Available() bool { return true }

// Start starts a run from the network from (a shipped name, e.g.
// "champion") or from random weights (""), stopping the one before. The
// run's folder, its first population and its checkpoint are made on the
// run's goroutine, so the window does not wait for them; a failure shows
// in the state's Err.
func (e *Evolution) Start(from string) error {
	e.Close()
	cfg := EvolutionConfig(from)
	ctx, cancel := context.WithCancel(context.Background())
	r := &evoRun{cancel: cancel, out: make(chan EvoState, 1), done: make(chan struct{})}
	e.run = r
	e.st = EvoState{Running: true, From: fromText(from), Seed: cfg.Seed, Nodes: cfg.Nodes, GamesPerGen: cfg.Population * (cfg.Population - 1)}
	e.gen++
	dir, err := os.MkdirTemp("", "tablut-evolution-")
	if err != nil {
		cancel()
		close(r.done)
		e.run = nil
		e.st.Running = false
		return fmt.Errorf("cannot make a folder for the evolution: %v", err)
	}
	r.dir = dir
	go r.loop(ctx, cfg, from)
	return nil
}

// fromText names where a run starts from, for the page.
func fromText(from string) string {
	if from == "" {
		return "random weights"
	}
	return "the " + from
}

// startTrainer makes the run's trainer in r.dir: `tablut train`'s StartFrom.
func (r *evoRun) startTrainer(cfg evolve.Config, from string) (*evolve.Trainer, error) {
	if from == "" {
		return evolve.StartFrom(cfg, r.dir, nil, true)
	}
	init, err := player.LoadNet(from)
	if err != nil {
		return nil, err
	}
	return evolve.StartFrom(cfg, r.dir, init, true)
}

// newGeneration starts the tables of generation g played by pop.
func (st *EvoState) newGeneration(g int, pop []*evolve.Individual) {
	st.Gen, st.Games = g, 0
	st.Cross = make([][]float64, len(pop))
	for i := range st.Cross {
		st.Cross[i] = make([]float64, len(pop))
		for j := range st.Cross[i] {
			st.Cross[i][j] = -1
		}
	}
	st.Members = members(pop)
}

// members describes pop: how each member was made and, layer by layer,
// what it took from its parents (evolve's Origin: "parent L", "cross L M",
// "mutant L", "init N", "random").
func members(pop []*evolve.Individual) []EvoMember {
	out := make([]EvoMember, len(pop))
	parentOf := map[string]int{} // a parent's previous label -> its slot
	for i, ind := range pop {
		if l, ok := strings.CutPrefix(ind.Origin, "parent "); ok {
			parentOf[l] = i
		}
	}
	for i, ind := range pop {
		m := EvoMember{Label: ind.Net.Label, Parent: -1, Layers: make([]EvoLayer, len(ind.Net.W))}
		var ref int = -1 // the member a mutation is measured against
		switch {
		case strings.HasPrefix(ind.Origin, "parent "):
			m.Kind = EvoParent
		case strings.HasPrefix(ind.Origin, "cross "):
			m.Kind = EvoCross
		case strings.HasPrefix(ind.Origin, "mutant "):
			m.Kind = EvoMutant
			if p, ok := parentOf[strings.TrimPrefix(ind.Origin, "mutant ")]; ok {
				m.Parent, ref = p, p
			}
		case strings.HasPrefix(ind.Origin, "init "):
			m.Kind = EvoInit
			if i > 0 {
				ref = 0 // the others are mutants of the copy in slot 0
			}
		default:
			m.Kind = EvoRandom
		}
		for l, w := range ind.Net.W {
			lay := EvoLayer{From: -1}
			if m.Kind == EvoCross && len(pop) > 1 {
				switch {
				case slices.Equal(w, pop[0].Net.W[l]):
					lay.From = 0
				case slices.Equal(w, pop[1].Net.W[l]):
					lay.From = 1
				}
			}
			if ref >= 0 {
				lay.Mutated = changedShare(w, pop[ref].Net.W[l])
			}
			m.Layers[l] = lay
		}
		out[i] = m
	}
	return out
}

// changedShare is the share of the weights of a that differ from b's.
func changedShare(a, b []float32) float64 {
	if len(a) != len(b) || len(a) == 0 {
		return 0
	}
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// snapshot copies what the runner changes in place (the crosstable, the
// members' scores); the rest is replaced, never changed, once sent.
func (st *EvoState) snapshot() EvoState {
	c := *st
	c.Cross = make([][]float64, len(st.Cross))
	for i := range st.Cross {
		c.Cross[i] = append([]float64(nil), st.Cross[i]...)
	}
	c.Members = append([]EvoMember(nil), st.Members...)
	c.Curve = append([]EvoPoint(nil), st.Curve...)
	return c
}

// loop makes the trainer, runs it and sends the page its state after every
// game.
func (r *evoRun) loop(ctx context.Context, cfg evolve.Config, from string) {
	defer close(r.done)
	// The trainer's own goroutine (breeding, checkpoints) and every game
	// goroutine run at the lowest priority, as searches do (search.go), on
	// threads that end with them.
	runtime.LockOSThread()
	lowerThreadPriority()
	st := EvoState{Running: true, From: fromText(from), Seed: cfg.Seed, Nodes: cfg.Nodes, GamesPerGen: cfg.Population * (cfg.Population - 1)}
	send := func() {
		s := st.snapshot()
		select {
		case <-r.out: // an unread state is out of date
		default:
		}
		r.out <- s
	}
	tr, err := r.startTrainer(cfg, from)
	if err != nil {
		st.Running, st.Err = false, err.Error()
		send()
		return
	}
	st.newGeneration(0, tr.Population())
	send()
	tr.Worker = func() {
		runtime.LockOSThread()
		lowerThreadPriority()
	}
	tr.Game = func(g evolve.GameReport) {
		if g.Kind != "tournament" || g.Gen != st.Gen {
			return
		}
		st.Cross[g.White][g.Black] = g.WhiteScore
		st.Members[g.White].Score += g.WhiteScore
		st.Members[g.Black].Score += 1 - g.WhiteScore
		st.Members[g.White].Played++
		st.Members[g.Black].Played++
		st.Games++
		send()
	}
	tr.GenDone = func(rec evolve.GenRecord, evals []evolve.EvalPoint, next []*evolve.Individual) {
		st.Last, st.LastGen, st.LastLabel = rec.Ranking, rec.Gen, rec.Players
		st.LastCross = st.snapshot().Cross
		best := player.Describe(next[0].Net)
		st.Best, st.BestGen = &best, rec.Gen
		for _, p := range evals {
			if p.Opponent == "heuristic" {
				st.Curve = append(st.Curve, EvoPoint{Gen: p.Gen, Score: p.Score, Lo: p.Lo, Hi: p.Hi,
					Games: p.Games, Wins: p.Wins, Draws: p.Draws, L: p.Losses})
			}
		}
		st.newGeneration(rec.Gen+1, next)
		send()
	}
	err = tr.Run(ctx)
	st.Running = false
	if err != nil && !errors.Is(err, context.Canceled) {
		st.Err = err.Error()
	}
	send()
}

// stop cancels the run without waiting: the game in hand stops at its next
// check of the context, and the runner sends its last state.
func (r *evoRun) stop() { r.cancel() }

// close stops the run, waits for its goroutine to end and removes its
// folder.
func (r *evoRun) close() {
	r.cancel()
	<-r.done
	os.RemoveAll(r.dir)
}

// Keep copies the best network of the last finished generation into the
// folder dir as a network file (played as cnn:PATH) and returns its path;
// the page's Note says where it went, or why it could not.
func (e *Evolution) Keep(dir string) (string, error) {
	path, err := e.keep(dir)
	if err != nil {
		e.st.Note = Capitalize(err.Error()) + "."
	} else {
		e.st.Note = "Kept as " + path + ": play it as cnn:" + path + "."
	}
	e.gen++
	return path, err
}

// keep is Keep's copy.
func (e *Evolution) keep(dir string) (string, error) {
	if e.run == nil || e.st.Best == nil {
		return "", errors.New("no generation has finished yet: keep the best network once one has")
	}
	src, err := os.Open(filepath.Join(e.run.dir, "champion.tnn"))
	if err != nil {
		return "", fmt.Errorf("cannot read the best network: %v", err)
	}
	defer src.Close()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("cannot make the folder %s: %v", dir, err)
	}
	name := filepath.Join(dir, fmt.Sprintf("evolved-g%03d.tnn", e.st.BestGen))
	dst, err := os.Create(name)
	if err != nil {
		return "", fmt.Errorf("cannot keep the network: %v", err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return "", fmt.Errorf("cannot keep the network: %v", err)
	}
	if err := dst.Close(); err != nil {
		return "", fmt.Errorf("cannot keep the network: %v", err)
	}
	return name, nil
}
