package ai

import (
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
