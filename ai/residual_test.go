package ai

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		assert.Equal(t, c.want, r.Evaluate(&p), "net %d scale %d", c.net, c.scale)
	}
	r := &Residual{Base: fixedEval(MaxEval - 1), Net: fixedEval(MaxEval - 1), Scale: MaxEval}
	assert.EqualValues(t, MaxEval-1, r.Evaluate(&p), "clamp high")
	r = &Residual{Base: fixedEval(-(MaxEval - 1)), Net: fixedEval(-(MaxEval - 1)), Scale: MaxEval}
	assert.EqualValues(t, -(MaxEval - 1), r.Evaluate(&p), "clamp low")
	assert.Equal(t, "fixed+fixed", r.Name())
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
	require.NotZero(t, skipped, "the network was never skipped")
}

// TestLazySameResult: with the techniques whose tree shape depends on exact
// values switched off, lazy evaluation finds the same score and move as full
// evaluation, in fewer network calls.
func TestLazySameResult(t *testing.T) {
	r := &Residual{Base: NewHeuristic(), Net: hashEval{}, Scale: 200}
	for _, np := range benchPositions(t) {
		var res [2]Result
		for i, off := range []Feature{featLMR | featTTCut, featLMR | featTTCut | featLazy} {
			s := NewSearcher(r, Options{TTSizeMB: 4, Deterministic: true, Off: off})
			res[i] = s.Search(context.Background(), np.Pos, nil, Limits{Depth: 3}, nil)
		}
		if res[0].Score != res[1].Score || res[0].Move != res[1].Move {
			t.Errorf("%s: lazy %v %d, full %v %d", np.Name, res[0].Move, res[0].Score, res[1].Move, res[1].Score)
		}
	}
}

// countingEval is a heuristic that counts its calls.
type countingEval struct {
	Heuristic
	calls atomic.Int64
}

func (c *countingEval) Evaluate(p *game.Position) int32 {
	c.calls.Add(1)
	return c.Heuristic.Evaluate(p)
}

// TestSidedResidual: a network with one set of heuristic weights for each side
// becomes a Sided evaluator whose halves use their own weights, and a search
// uses only the evaluator of the side to move at its root, finding the move a
// plain search with that evaluator finds.
func TestSidedResidual(t *testing.T) {
	white := Weights{100, -80, -30, -60, 400, 40, -20, 0}
	black := Weights{150, -150, -25, -65, 330, 45, -15, 60}
	e, err := NewResidual(fixedEval(0), 30, append(white.Params(), black.Params()...))
	require.NoError(t, err)
	require.IsType(t, &Sided{}, e, "14 weights")
	sided := e.(*Sided)
	p := game.StartPosition()
	p.Make(p.GenerateMoves(nil)[3])
	for c, w := range map[game.Color]Weights{game.White: white, game.Black: black} {
		h := &Heuristic{W: w}
		assert.Equal(t, h.Evaluate(&p), sided.ForSide(c).Evaluate(&p), "side %v: want the heuristic with its weights", c)
	}
	assert.Equal(t, sided.Black.Evaluate(&p), sided.Evaluate(&p), "Evaluate with Black to move: want Black's")
	e, err = NewResidual(fixedEval(0), 30, white.Params())
	require.NoError(t, err)
	assert.IsType(t, &Residual{}, e, "7 weights")
	_, err = NewResidual(fixedEval(0), 30, make([]int32, 10))
	assert.Error(t, err, "10 weights were accepted")

	// At scale MaxEval a side with no weights is the network alone; the
	// other side adds its heuristic terms to the network's whole output.
	e, err = NewResidual(fixedEval(1234), MaxEval, append(white.Params(), make([]int32, NumWeights)...))
	require.NoError(t, err)
	require.IsType(t, &Sided{}, e)
	assert.Equal(t, fixedEval(1234), e.(*Sided).Black, "Black's side without weights is the network itself")
	require.IsType(t, &Residual{}, e.(*Sided).White)
	assert.Equal(t, clampEval((&Heuristic{W: white}).Evaluate(&p)+1234), e.(*Sided).White.Evaluate(&p), "White's: heuristic plus the network's whole output")
	e, err = NewResidual(fixedEval(1234), 30, append(white.Params(), make([]int32, NumWeights)...))
	require.NoError(t, err)
	assert.IsType(t, &Residual{}, e.(*Sided).Black, "below scale MaxEval zero weights are still a residual")

	w, b := &countingEval{Heuristic: Heuristic{W: white}}, &countingEval{Heuristic: Heuristic{W: black}}
	s := NewSearcher(&Sided{White: w, Black: b}, Options{TTSizeMB: 1, Deterministic: true})
	lim := Limits{Depth: 3}
	for _, pos := range []game.Position{game.StartPosition(), p} {
		own, other := w, b
		if pos.SideToMove() == game.Black {
			own, other = b, w
		}
		before := other.calls.Load()
		got := s.Search(context.Background(), pos, nil, lim, nil)
		if other.calls.Load() != before || own.calls.Load() == 0 {
			t.Errorf("%v to move: the other side's evaluator was called", pos.SideToMove())
		}
		plain := NewSearcher(&Heuristic{W: own.W}, Options{TTSizeMB: 1, Deterministic: true})
		if want := plain.Search(context.Background(), pos, nil, lim, nil); got.Move != want.Move || got.Score != want.Score {
			t.Errorf("%v to move: sided search %v %d, plain search %v %d", pos.SideToMove(), got.Move, got.Score, want.Move, want.Score)
		}
	}
}
