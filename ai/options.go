package ai

import (
	"fmt"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/game"
)

// Limits bound one search. Zero fields are unlimited; at least one should be set.
type Limits struct {
	MoveTime time.Duration // wall time for the move; the search stops at 90% of it
	Depth    int           // maximum nominal depth in plies
	Nodes    int64         // node budget
	// RootMoves, when not empty, restricts the search to these moves of the
	// root (the legal ones among them; all when none is), as UCI's
	// "searchmoves": searchers that share out a position's moves search
	// one share each (the web page's workers, web/searchmsg). The result
	// is the best move of the share; a share of one move is still
	// searched, for its score.
	RootMoves []game.Move
}

// DefaultContempt is the players' contempt for draws by repetition (see
// Options.Contempt): a tenth of a pawn-sized advantage in the heuristic's
// scale, enough for the engine to play on in an even position rather than
// repeat, small against the scores that say a position is truly lost.
const DefaultContempt = 100

// Options configure a Searcher.
type Options struct {
	// TTSizeMB is the transposition table size in megabytes (default 64, at
	// most MaxTTSizeMB).
	TTSizeMB int
	// Threads is the number of search goroutines, sharing the table (Lazy
	// SMP) and deferring moves another thread is searching (default
	// runtime.NumCPU(); the GUI passes NumCPU-1 to keep a core for drawing).
	Threads int
	// Seed drives the random tie-break among equally good root moves: the root
	// moves are shuffled from Seed and the position's key before the first
	// iteration, and alpha-beta keeps the first of equally scored moves. Zero means
	// no shuffling (generation order breaks ties), in every mode.
	Seed uint64
	// Contempt is how much the engine dislikes a draw by repetition, in
	// evaluator units: a repetition scores -Contempt for the side the engine
	// plays in this search (and +Contempt for its opponent), so the engine
	// repeats only when it judges its position worse than that. Zero scores a
	// draw as an even position; DefaultContempt is what the players use.
	Contempt int32
	// StartLevels holds, for an engine playing each colour (indexed by
	// game.Color), the start position's score (White's view) by the
	// evaluator that engine searches with (a SidedEvaluator's side), when
	// that score is its expectation of the result, as for a network trained
	// to predict the result (ai/player sets it for networks that lead their
	// evaluation), and zero for an evaluator whose level is arbitrary. The
	// engine of a side its evaluator puts behind there adds that deficit to
	// its contempt: a repetition is worth to it what the start is worth, less
	// Contempt, so it never takes a draw that looks better than the start,
	// while the reported scores keep the evaluator's scale. (The shipped
	// champion's network puts White well behind at the start, see
	// docs/measurements.md, section Start-position scores: left alone, as
	// White it would take any repetition within reach from the first move
	// on, and a draw against a weaker opponent gives away a win.)
	StartLevels [2]int32
	// FixedSoftLimit starts no new iteration after softFraction of the move
	// time, whatever the iterations say, instead of the time policy that gives
	// a stable best move less time and a changing one more (for measuring it).
	FixedSoftLimit bool
	// FullTime starts new iterations until the hard limit, however settled
	// the best move: for a fixed time per move (matches, a Challenge
	// server's limit), where the time a move leaves unused is lost, not
	// carried over to later moves. It wins over FixedSoftLimit.
	FullTime bool
	// Deterministic forces one thread so that a search limited by depth or nodes
	// returns the same result every time (given the same Seed and a cleared or
	// equally filled table).
	Deterministic bool
	// OnNode, if set, is called with every quiet position the search has
	// finished searching with at least OnNodeMinDepth plies below it (1 if
	// less), the root included, with its searched value and whether that
	// value is exact or a bound (Node; report.go): the samples of TreeStrap.
	// Only the main thread reports, so calls never overlap; they come from
	// the search's goroutine, in the order the nodes finish. A search
	// without it pays one nil check per node.
	OnNode         func(Node)
	OnNodeMinDepth int

	// Off switches search techniques off, for measuring what each one earns
	// (ParseFeatures reads their names; zero keeps them all).
	Off Feature
}

// contemptFor returns the contempt of an engine playing c: Contempt, plus
// the deficit StartLevels[c] gives c at the start when it is behind there.
func (o Options) contemptFor(c game.Color) int32 {
	view := o.StartLevels[c]
	if c == game.Black {
		view = -view
	}
	if view < 0 {
		return o.Contempt - view
	}
	return o.Contempt
}

// Feature is a set of search techniques that can be switched off for
// measurement (Options.Off).
type Feature uint32

const (
	featTTCut    Feature = 1 << iota // transposition table cut-offs
	featOrdering                     // killers and history heuristic
	featThreats                      // Black's escape-threat move filter
	featQuiesce                      // quiescence search on escape threats
	featPVS                          // null-window search of later moves
	featLMR                          // late move reductions
	featLazy                         // lazy evaluation (BoundedEvaluator)
	featLMP                          // late move pruning near the leaves
	featDefer                        // threads defer moves another thread is searching
	featFutility                     // futility pruning at the frontier
)

// featureNames are the names ParseFeatures accepts, in the order
// FeatureNames lists them.
var featureNames = []struct {
	name string
	f    Feature
}{
	{"tt", featTTCut}, {"ordering", featOrdering}, {"threats", featThreats},
	{"quiescence", featQuiesce}, {"pvs", featPVS}, {"lmr", featLMR},
	{"lazy", featLazy}, {"lmp", featLMP}, {"defer", featDefer},
	{"futility", featFutility},
}

// FeatureNames lists the names of the techniques that Options.Off can switch off.
func FeatureNames() []string {
	names := make([]string, len(featureNames))
	for i, n := range featureNames {
		names[i] = n.name
	}
	return names
}

// ParseFeatures reads a comma-separated list of technique names (see
// FeatureNames); the empty string and "none" are the empty set.
func ParseFeatures(s string) (Feature, error) {
	var f Feature
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" || part == "none" {
			continue
		}
		known := false
		for _, n := range featureNames {
			if n.name == part {
				f, known = f|n.f, true
			}
		}
		if !known {
			return 0, fmt.Errorf("unknown search technique %q (known: %s)", part, strings.Join(FeatureNames(), ", "))
		}
	}
	return f, nil
}

// String lists the techniques of f by name, comma-separated.
func (f Feature) String() string {
	var names []string
	for _, n := range featureNames {
		if f&n.f != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, ",")
}
