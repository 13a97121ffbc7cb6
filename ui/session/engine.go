package session

import (
	"context"
	"fmt"
	"runtime"
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

// PlayerEngine is the default EngineFactory: an ai/player player searching with
// max(1, NumCPU-1) threads, leaving a core for the window, with the default
// contempt for draws. The controller turns its pondering on against a person.
func PlayerEngine(spec string, moveTime time.Duration) (Engine, error) {
	s, err := player.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
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

// AIChoices lists the engines offered in the start panel besides the levels:
// the heuristic and every shipped network, at full strength for the move time.
func AIChoices() []string {
	out := []string{player.Heuristic}
	for _, n := range player.ShippedNets() {
		out = append(out, player.CNN+":"+n)
	}
	return out
}

// hasNet reports whether a network of that name is shipped.
func hasNet(name string) bool { return player.IsShippedNet(name) }

// DefaultOpponent is cnn:champion, or the heuristic (with a notice) while no
// champion is shipped.
func DefaultOpponent() (spec, notice string) {
	if hasNet("champion") {
		return "cnn:champion", ""
	}
	return player.Heuristic, "no champion network is shipped yet; playing the heuristic instead"
}

// WatchPair is the default AI-vs-AI pairing: two evolved networks that learned
// the game and are of about equal strength, so the audience watches a
// contest: learned (the genetic algorithm's champion) against learned2 (its
// runner-up, a different network; weights/README.md gives their match).
// Champion against challenger, then heuristic against heuristic, while those
// are not shipped.
func WatchPair() (white, black string) {
	switch {
	case hasNet("learned") && hasNet("learned2"):
		return "cnn:learned", "cnn:learned2"
	case hasNet("champion") && hasNet("challenger"):
		return "cnn:champion", "cnn:challenger"
	}
	return player.Heuristic, player.Heuristic
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
