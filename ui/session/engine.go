package session

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// Engine chooses a move for a position. ai/player's Player satisfies it. Move is
// called from a background goroutine, one call at a time per Engine; it must stop
// soon after ctx is cancelled.
type Engine interface {
	Move(ctx context.Context, pos game.Position, history []uint64, progress func(ai.Info)) (ai.Result, error)
}

// EngineFactory builds the engine for a player spec such as "heuristic" or
// "cnn:champion", searching for moveTime per move.
type EngineFactory func(spec string, moveTime time.Duration) (Engine, error)

// Human is the spec of a side played at the window.
const Human = player.Human

// WindowTTSizeMB is the transposition table of each engine in the window:
// half ai/player's default, because the window holds up to three engines at
// once (two players and the hint engine) and their tables are the largest
// part of its memory (docs/measurements.md, section Memory). The levels'
// node budgets fit in it with room to spare.
const WindowTTSizeMB = player.DefaultTTSizeMB / 2

// PlayerEngine is the default EngineFactory: an ai/player player searching with
// max(1, NumCPU-1) threads, leaving a core for the window, with the default
// contempt for draws and a WindowTTSizeMB table. The controller turns its
// pondering on against a person.
func PlayerEngine(spec string, moveTime time.Duration) (Engine, error) {
	s, err := player.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	s.SetTTSizeMB(WindowTTSizeMB)
	s.MoveTime = moveTime
	s.Contempt = ai.DefaultContempt
	s.Threads = max(1, runtime.NumCPU()-1)
	s.Seed = uint64(time.Now().UnixNano())
	return player.New(s)
}

// DepthEngine returns an EngineFactory whose engines search to a fixed depth with
// one thread and no clock: deterministic, for tests and demonstrations.
func DepthEngine(depth int) EngineFactory {
	return func(spec string, _ time.Duration) (Engine, error) {
		s, err := player.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		s.Depth, s.Threads, s.Seed = depth, 1, 1
		return player.New(s)
	}
}

// LevelChoices lists the levels offered in the start panel, weakest first.
func LevelChoices() []string {
	out := make([]string, len(player.Levels))
	for i, l := range player.Levels {
		out[i] = player.LevelKind + ":" + l.Name
	}
	return out
}

// AIChoices lists the engines offered in the start panel besides the levels
// (behind its "More engines..." button): every shipped network and the
// heuristic, at full strength for the move time, weakest first as
// EngineChoices orders them.
func AIChoices() []string {
	var out []string
	for _, e := range EngineChoices() {
		out = append(out, e.Spec)
	}
	return out
}

// EngineChoice is an engine of the start panel's "More engines..." list,
// described for people.
type EngineChoice struct {
	Spec  string // "heuristic", "cnn:champion"
	Title string // "Champion"
	About string // one plain sentence
}

// engineOrder lists the engines from the weakest to the strongest, by the
// matches of docs/measurements.md: seed and challenger lose to the
// heuristic at 500 nodes (section "Evolved networks at 500 nodes and earlier
// 2 s matches"); the hybrid, learned2 and learned beat it at 2 s, in that
// order (section "The shipped networks at 2 s"; learned against learned2 is
// even, section "Networks against each other"); the champion is learned
// with White's terms added, the only one that beats the heuristic with
// either colour (section "White against the heuristic").
var engineOrder = []EngineChoice{
	{"cnn:seed", "Seed", "The first network the computer evolved by itself; the weakest engine."},
	{"cnn:challenger", "Challenger", "An early evolved network; it still misjudges most positions."},
	{"heuristic", "Classic", "Rules of thumb written by hand: material and the king's paths."},
	{"cnn:hybrid", "Hybrid", "The hand-written rules tuned by evolution, plus a small network."},
	{"cnn:learned2", "Learned 2", "A network that learned from searches; clearly stronger than the classic."},
	{"cnn:learned", "Learned", "The best network on its own; about as strong as Learned 2."},
	{"cnn:champion", "Champion", "The strongest: the best network, helped by hand-written rules as White."},
}

// EngineChoices returns the engines of the "More engines..." list, weakest
// first; shipped networks the list does not describe come last.
func EngineChoices() []EngineChoice {
	var out []EngineChoice
	known := map[string]bool{}
	for _, e := range engineOrder {
		known[e.Spec] = true
		if n, ok := strings.CutPrefix(e.Spec, player.CNN+":"); ok && !hasNet(n) {
			continue
		}
		out = append(out, e)
	}
	for _, n := range player.ShippedNets() {
		if spec := player.CNN + ":" + n; !known[spec] {
			out = append(out, EngineChoice{spec, n, "A shipped network not yet measured against the others."})
		}
	}
	return out
}

// EngineChoiceOf returns the description of an engine spec, if the list has it.
// The listed engines are looked up first without building the list: the
// display names (ShortSpec) are asked for at every frame.
func EngineChoiceOf(spec string) (EngineChoice, bool) {
	for _, e := range engineOrder {
		if n, ok := strings.CutPrefix(e.Spec, player.CNN+":"); e.Spec == spec && (!ok || hasNet(n)) {
			return e, true
		}
	}
	for _, e := range EngineChoices() {
		if e.Spec == spec {
			return e, true
		}
	}
	return EngineChoice{}, false
}

// LevelStrength says in plain words how strong a level measured, from the
// level ladder of docs/measurements.md (section Levels) and, for Beginner,
// its matches against random moves and a greedy one-move player (section
// "Default level"); TestLevelStrengthMatchesTheMeasurements keeps the two
// in step.
var LevelStrength = map[string]string{
	"beginner": "wins 95 games in 100 against random moves, half against a greedy one-move player",
	"casual":   "wins 94 games in 100 against Beginner",
	"club":     "wins 98 games in 100 against Casual",
	"expert":   "wins 96 games in 100 against Club",
	"master":   "wins 85 games in 100 against Expert",
}

// DefaultLevel is the opponent the start panel proposes first: the level a
// newcomer can beat (docs/measurements.md, section "Default level").
const DefaultLevel = player.LevelKind + ":beginner"

// hasNet reports whether a network of that name is shipped.
func hasNet(name string) bool { return player.IsShippedNet(name) }

// DefaultOpponent is the strongest engine, cnn:champion, or the heuristic
// (with a notice) while no champion is shipped: the hint engine, and the
// opponent of the command line's -white without -black.
func DefaultOpponent() (spec, notice string) {
	if hasNet("champion") {
		return "cnn:champion", ""
	}
	return player.Heuristic, "no champion network is shipped yet; playing the heuristic instead"
}

// WatchPair is the default AI-vs-AI pairing: two evolved networks that learned
// the game and are of about equal strength, so the audience watches a
// contest: learned (the genetic algorithm's champion) against learned2 (its
// runner-up, a different network; docs/measurements.md, section Networks
// against each other, gives their match).
// Champion against challenger, then heuristic against heuristic, while those
// are not shipped.
//
// Between equal engines Black wins most games, so the pair plays with
// WatchHandicap.
func WatchPair() (white, black string) {
	switch {
	case hasNet("learned") && hasNet("learned2"):
		return "cnn:learned", "cnn:learned2"
	case hasNet("champion") && hasNet("challenger"):
		return "cnn:champion", "cnn:challenger"
	}
	return player.Heuristic, player.Heuristic
}

// HandicapPair reports whether white against black is a pair the handicap
// was measured for: WatchPair, or the same two engines on the other sides
// (the demo alternates them). Any other pair, one a person picked in the
// panel or named on the command line, plays without it.
func HandicapPair(white, black string) bool {
	w, b := WatchPair()
	return white == w && black == b || white == b && black == w
}

// WatchNodes is White's node budget per move in a handicapped game (Black's
// is WatchNodes/WatchHandicap): a node budget plays the same moves on any
// machine, at any load, where a share of the wall-clock time did not (a
// loaded machine hurt the short search most). It is half the Master
// level's budget, about a tenth of a second on one thread of a typical
// machine, small enough that the 100 games of the handicap's match could
// be played on a busy machine; the window shows each move no sooner than
// the move time after its search began (Settings.MoveTime), so that the
// audience can follow.
const WatchNodes = 100_000

// WatchHandicap is the default AI-vs-AI handicap (Settings.Handicap): Black
// searches this many times fewer nodes than White, so that White wins
// between a third and two thirds of the games of WatchPair
// (docs/measurements.md, section The AI-vs-AI handicap, has the match).
const WatchHandicap = 8

// NodeTTSizeMB is the transposition table of each engine that searches by
// nodes (NodeEngine): 131,072 entries, room enough for WatchNodes, and half
// WindowTTSizeMB, so that a window playing the demo all day stays within
// its memory (docs/measurements.md, section Memory).
const NodeTTSizeMB = WindowTTSizeMB / 2

// NodeEngine is the default Config.NodeEngines: an ai/player player that
// searches nodes nodes a move with one thread, no clock and a fixed seed,
// with the default contempt and a NodeTTSizeMB table: the settings of the
// match that measured the handicap, so that its moves depend on neither
// the machine's speed nor its load.
func NodeEngine(spec string, nodes int64) (Engine, error) {
	s, err := player.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	s.SetTTSizeMB(NodeTTSizeMB)
	s.MoveTime, s.Depth, s.Nodes = 0, 0, nodes
	s.Contempt = ai.DefaultContempt
	s.Threads, s.Seed = 1, 1
	return player.New(s)
}

// CheckSpec validates a player spec for a flag or the start panel.
func CheckSpec(spec string) error {
	if spec == Human {
		return nil
	}
	if _, err := player.ParseSpec(spec); err != nil {
		return fmt.Errorf("%v", err)
	}
	return nil
}
