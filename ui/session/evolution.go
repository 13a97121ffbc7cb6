package session

import "github.com/tablut-ai/tablut/ai/player"

// The evolution page: the seed's genetic algorithm (internal/lab/evolve, the
// code of `tablut train`) run live in the background, population 8,
// all-play-all at a small node budget. The page shows the crosstable of the
// generation being played as its games finish (as the TabZAI report prints
// it: row White, column Black), which members are the parents carried over
// and how each child was made (which parent gave each layer in a crossover,
// how much of each layer a mutation changed), the first-layer filters of
// each generation's best network, and a learning curve: the best network's
// score against the hand-made heuristic at the same budget, generation
// after generation.
//
// The runner lives in evolution_run.go (desktop builds only: the browser
// build has no genetic algorithm, and evolution_js.go says so). The runner's
// goroutine owns its state and sends the page a copy after each game
// (latest wins); the page never shares memory with it.

// EvolutionFrom is the shipped network the page breeds from when the
// teacher does not start from random weights.
const EvolutionFrom = "champion"

// EvoKind says how a member of the population was made.
type EvoKind uint8

const (
	EvoRandom EvoKind = iota // generation 0 from random weights
	EvoInit                  // generation 0 from a network: a copy or a mutant of it
	EvoParent                // a parent carried over from the last generation
	EvoCross                 // a child by crossover of whole layers
	EvoMutant                // a child by mutation of a parent
)

// EvoLayer is one layer of a member against its parents: the parent it was
// taken from (0 or 1, -1 when not a crossover) and the share of its weights
// a mutation changed (0 when none).
type EvoLayer struct {
	From    int
	Mutated float64
}

// EvoMember is one member of the generation being played.
type EvoMember struct {
	Label  string
	Kind   EvoKind
	Parent int // a mutant's parent (0 or 1), -1 otherwise
	Layers []EvoLayer
	Score  float64 // points so far in this generation's tournament
	Played int     // games finished so far
}

// EvoPoint is one point of the learning curve: the best network of
// generation Gen against the heuristic, its score and 95% interval.
type EvoPoint struct {
	Gen            int
	Score, Lo, Hi  float64
	Games          int
	Wins, Draws, L int
}

// EvoState is what the evolution page shows; Evolution.State returns the
// latest copy the runner sent.
type EvoState struct {
	Running bool
	Err     string // why the run stopped, if it failed
	From    string // "champion" or "random weights"
	Seed    uint64
	Nodes   int64 // the node budget per move

	Gen         int // the generation being played (0-based)
	Games       int // tournament games finished in it
	GamesPerGen int
	// Cross is the crosstable of generation Gen: Cross[i][j] is the score of
	// i as White against j as Black (1, 0.5 or 0), or -1 while unplayed.
	Cross   [][]float64
	Members []EvoMember
	// Last is the previous generation's ranking, best first (nil before
	// the first ends): its first two became this generation's parents.
	Last      []int
	LastGen   int
	LastLabel []string
	LastCross [][]float64 // its crosstable, complete
	// Best is the first layer of the best network of generation BestGen
	// (the member carried first into the next), nil before one ends.
	Best    *player.NetPage
	BestGen int
	Curve   []EvoPoint
	Note    string // what the last Keep did: the file written, or why none
}

// Evolution is the evolution page's run: at most one at a time.
type Evolution struct {
	st  EvoState
	run *evoRun
	gen int // bumped by the person's actions (Start, Stop, Keep), not by news
}

// State returns the latest state; callers must not change it.
func (e *Evolution) State() *EvoState { return &e.st }

// Gen changes whenever the person starts, stops or keeps; the runner's news
// is reported by Poll instead (the window redraws for it at its own pace).
func (e *Evolution) Gen() int { return e.gen }

// Running reports whether a run goes on.
func (e *Evolution) Running() bool { return e.run != nil && e.st.Running }

// Poll takes the runner's latest state; it reports whether one came.
func (e *Evolution) Poll() bool {
	if e.run == nil {
		return false
	}
	select {
	case st := <-e.run.out:
		note, stopped := e.st.Note, !e.st.Running
		e.st = st
		if stopped {
			e.st.Running = false // a state sent before Stop
		}
		if e.st.Note == "" {
			e.st.Note = note
		}
		return true
	default:
		return false
	}
}

// Stop asks the run to stop, without waiting; its goroutine ends after the
// move in hand, and the page keeps showing what it had.
func (e *Evolution) Stop() {
	if e.run == nil {
		return
	}
	e.run.stop()
	e.st.Running = false
	e.gen++
}

// Close stops the run and removes its working folder.
func (e *Evolution) Close() {
	if e.run == nil {
		return
	}
	e.run.close()
	e.run = nil
}
