package ai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tablut-ai/tablut/game"
)

type fixedEval int32

func (c fixedEval) Evaluate(*game.Position) int32 { return int32(c) }
func (c fixedEval) Name() string                  { return "fixed" }

func TestResidual(t *testing.T) {
	p := game.StartPosition()
	h := NewHeuristic()
	base := h.Evaluate(&p)
	cases := []struct {
		net   int32
		scale int32
		want  int32
	}{
		{0, 2000, base},
		{5000, 2000, base + 1000},
		{-10000 + 1, 2000, base - 1999},
		{9999, MaxEval, min(MaxEval-1, base+9999)},
	}
	for _, c := range cases {
		r := &Residual{Base: h, Net: fixedEval(c.net), Scale: c.scale}
		if got := r.Evaluate(&p); got != c.want {
			t.Errorf("net %d scale %d: %d, want %d", c.net, c.scale, got, c.want)
		}
	}
	r := &Residual{Base: fixedEval(MaxEval - 1), Net: fixedEval(MaxEval - 1), Scale: MaxEval}
	if got := r.Evaluate(&p); got != MaxEval-1 {
		t.Errorf("clamp high: %d", got)
	}
	r = &Residual{Base: fixedEval(-(MaxEval - 1)), Net: fixedEval(-(MaxEval - 1)), Scale: MaxEval}
	if got := r.Evaluate(&p); got != -(MaxEval - 1) {
		t.Errorf("clamp low: %d", got)
	}
	if r.Name() != "fixed+fixed" {
		t.Errorf("name %q", r.Name())
	}
}

// hashEval is a position-dependent stand-in for a network: any value in the
// evaluator range, from the position's key.
type hashEval struct{}

func (hashEval) Evaluate(p *game.Position) int32 {
	return int32(p.Hash()%(2*MaxEval-1)) - (MaxEval - 1)
}
func (hashEval) Name() string { return "hash" }

// TestResidualBounded: EvaluateBounded is exact inside the window and otherwise
// a bound on the right side of it, on positions from random games.
func TestResidualBounded(t *testing.T) {
	r := &Residual{Base: NewHeuristic(), Net: hashEval{}, Scale: 300}
	rng := rand.New(rand.NewPCG(7, 7))
	var buf [game.MaxMoves]game.Move
	skipped := 0
	for g := 0; g < 40; g++ {
		p := game.StartPosition()
		for ply := 0; ply < 60 && p.Status() == game.Ongoing; ply++ {
			exact := r.Evaluate(&p)
			for range 8 {
				lo := int32(rng.IntN(3000)) - 1500
				hi := lo + 1 + int32(rng.IntN(400))
				v := r.EvaluateBounded(&p, lo, hi)
				switch {
				case v > lo && v < hi:
					if v != exact {
						t.Fatalf("%s window (%d,%d): %d inside, exact %d", p.String(), lo, hi, v, exact)
					}
				case v <= lo:
					if exact > v {
						t.Fatalf("%s window (%d,%d): %d is not an upper bound of %d", p.String(), lo, hi, v, exact)
					}
				default:
					if exact < v {
						t.Fatalf("%s window (%d,%d): %d is not a lower bound of %d", p.String(), lo, hi, v, exact)
					}
				}
				if v != exact {
					skipped++
				}
			}
			moves := p.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	if skipped == 0 {
		t.Fatal("the network was never skipped")
	}
}

// TestLazySameResult: with the techniques whose tree shape depends on exact
// values switched off, lazy evaluation finds the same score and move as full
// evaluation, in fewer network calls.
func TestLazySameResult(t *testing.T) {
	r := &Residual{Base: NewHeuristic(), Net: hashEval{}, Scale: 200}
	for _, np := range benchPositions(t) {
		var res [2]Result
		for i, off := range []feature{featLMR | featTTCut, featLMR | featTTCut | featLazy} {
			s := NewSearcher(r, Options{TTSizeMB: 4, Deterministic: true, off: off})
			res[i] = s.Search(context.Background(), np.Pos, nil, Limits{Depth: 3}, nil)
		}
		if res[0].Score != res[1].Score || res[0].Move != res[1].Move {
			t.Errorf("%s: lazy %v %d, full %v %d", np.Name, res[0].Move, res[0].Score, res[1].Move, res[1].Score)
		}
	}
}
