package player

import (
	"fmt"
	"strings"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
)

// Level is a named strength for people to play against, from Beginner to
// Master. A level is an engine with fixed search limits (depth or nodes, so
// that it plays the same on any machine fast enough; on a slower one the
// move time the person chose stops it first, levelcap.go) and, below the top,
// deliberate imperfection: noise added to its evaluation, so that it misjudges
// positions the way a weaker player does and sometimes prefers a worse move.
// The ladder is calibrated with tablut match so that each level clearly beats
// the one below it (docs/measurements.md, section Levels).
type Level struct {
	Name  string // "beginner", ...; written level:NAME as a player
	Title string // "Beginner", for people
	About string // one line for the start panel
	Eval  string // the evaluator's spec: "heuristic" or "cnn:NAME"
	Depth int    // search depth in plies (0 = none)
	Nodes int64  // node budget per move (0 = none)
	// Noise is the amplitude of the evaluation noise, in the evaluators'
	// units (ai.MaxEval is a won position): each position's score moves by a
	// pseudo-random amount in [-Noise, +Noise], fixed per position and seed.
	Noise int32
}

// LevelKind is the kind of a level player: "level:NAME".
const LevelKind = "level"

// Levels lists the levels from the weakest to the strongest.
var Levels = []Level{
	{Name: "beginner", Title: "Beginner", About: "looks one move ahead, and often misjudges", Eval: Heuristic, Depth: 1, Noise: 3000},
	{Name: "casual", Title: "Casual", About: "looks two moves ahead, with some mistakes", Eval: Heuristic, Depth: 2, Noise: 1200},
	{Name: "club", Title: "Club", About: "looks three moves ahead", Eval: Heuristic, Depth: 3},
	{Name: "expert", Title: "Expert", About: "the trained network, a short search", Eval: CNN + ":champion", Nodes: 20_000},
	{Name: "master", Title: "Master", About: "the trained network, a long search", Eval: CNN + ":champion", Nodes: 200_000},
}

// LevelNamed returns the level called name (case-insensitive).
func LevelNamed(name string) (Level, bool) {
	for _, l := range Levels {
		if strings.EqualFold(l.Name, name) {
			return l, true
		}
	}
	return Level{}, false
}

func levelNames() string {
	names := make([]string, len(Levels))
	for i, l := range Levels {
		names[i] = l.Name
	}
	return strings.Join(names, ", ")
}

// Limits returns the level's search limits.
func (l Level) Limits() ai.Limits { return ai.Limits{Depth: l.Depth, Nodes: l.Nodes} }

// evaluator returns the level's evaluator: its engine's, with the noise.
func (l Level) evaluator(seed uint64) (ai.Evaluator, error) {
	base, err := ParseSpec(l.Eval)
	if err != nil {
		return nil, fmt.Errorf("level %s: %v", l.Name, err)
	}
	e, err := NewEvaluator(base)
	if err != nil {
		return nil, err
	}
	if l.Noise <= 0 {
		return e, nil
	}
	noisy := func(e ai.Evaluator) ai.Evaluator {
		return &noisyEval{base: e, amp: l.Noise, seed: seed, name: LevelKind + ":" + l.Name}
	}
	if s, ok := e.(*ai.Sided); ok {
		// Each side's evaluator gets the noise, so that the search still
		// finds the evaluator of the side it plays.
		return &ai.Sided{White: noisy(s.White), Black: noisy(s.Black)}, nil
	}
	return noisy(e), nil
}

// noisyEval adds to an evaluation a pseudo-random amount in [-amp, amp]
// drawn from the position's Zobrist key and a seed (splitmix64), so that a
// position always gets the same noise within a game: the search stays
// consistent (a transposition reads the same score), while the engine's
// judgement is blurred. Proven results are not blurred.
type noisyEval struct {
	base ai.Evaluator
	amp  int32
	seed uint64
	name string
}

// Evaluate returns the base score plus the position's noise, kept inside
// (-ai.MaxEval, ai.MaxEval).
func (n *noisyEval) Evaluate(p *game.Position) int32 {
	s := n.base.Evaluate(p)
	if s >= ai.MaxEval || s <= -ai.MaxEval {
		return s
	}
	z := p.Hash() ^ n.seed
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	noise := int32(z%uint64(2*n.amp+1)) - n.amp
	return min(max(s+noise, -ai.MaxEval+1), ai.MaxEval-1)
}

// Name returns "level:NAME".
func (n *noisyEval) Name() string { return n.name }
