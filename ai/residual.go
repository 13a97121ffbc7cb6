package ai

import "github.com/tablut-ai/tablut/game"

// Residual is an evaluator that learns a correction on top of another one:
//
//	E(p) = clamp(Base(p) + Scale*Net(p)/MaxEval, ±(MaxEval-1))
//
// Net scores in (-MaxEval, MaxEval) like every evaluator (a network's output
// in (-1, 1) times MaxEval), so the correction is at most Scale in absolute
// value. With a small Net the evaluator starts close to Base; training then
// only has to learn what Base gets wrong. Package ai/cnn stores the base's
// name and the scale in its weight files (format version 2), and package
// ai/player builds a Residual for such a network.
//
// Residual is safe for concurrent use when Base and Net are.
type Residual struct {
	Base  Evaluator // the hand-made evaluator, e.g. NewHeuristic()
	Net   Evaluator // the correction, e.g. a *cnn.Network
	Scale int32     // the largest correction, in evaluator units (0 to MaxEval)
}

// Evaluate returns Base(p) plus Scale times Net(p)/MaxEval, clamped inside
// (-MaxEval, MaxEval).
func (r *Residual) Evaluate(p *game.Position) int32 {
	return r.corrected(p, int64(r.Base.Evaluate(p)))
}

// corrected returns b, Base's score of p, plus the network's correction, clamped.
func (r *Residual) corrected(p *game.Position, b int64) int32 {
	n := int64(r.Net.Evaluate(p))
	return clampEval(int32(max(-2*MaxEval, min(2*MaxEval, b+n*int64(r.Scale)/MaxEval))))
}

// NewResidual returns the evaluator of a network stored with a heuristic base
// (package ai/cnn): the heuristic with the weights params plus scale, rounded
// to evaluator units, times net. params holds no weights (DefaultWeights), one
// set for both sides (NumWeights values in the order of Weights.Params), or
// one set for each side, White's then Black's (SplitSides): then the
// result is a *Sided of two evaluators sharing net, and an engine playing Black
// searches with Black's weights. A set of zero weights under scale MaxEval
// is net alone (the heuristic would add nothing; it is not even counted).
func NewResidual(net Evaluator, scale float32, params []int32) (Evaluator, error) {
	residual := func(params []int32) (Evaluator, error) {
		w, err := WeightsFromParams(params)
		if err != nil {
			return nil, err
		}
		s := int32(scale + 0.5)
		if s >= MaxEval && len(params) > 0 && w == (Weights{}) {
			return net, nil
		}
		return &Residual{Base: &Heuristic{W: w}, Net: net, Scale: s}, nil
	}
	w, b, sided := SplitSides(params)
	if !sided {
		return residual(params)
	}
	white, err := residual(w)
	if err != nil {
		return nil, err
	}
	black, err := residual(b)
	if err != nil {
		return nil, err
	}
	return &Sided{White: white, Black: black}, nil
}

// EvaluateBounded is Evaluate with lazy evaluation (BoundedEvaluator): the
// correction is less than Scale in absolute value, so when Base(p)+Scale is
// still at or below lo, or Base(p)-Scale at or above hi, the window is decided
// without running the network, and that bound is returned instead.
func (r *Residual) EvaluateBounded(p *game.Position, lo, hi int32) int32 {
	b := int64(r.Base.Evaluate(p))
	s := int64(r.Scale)
	switch {
	case b+s <= int64(lo):
		return clampEval(int32(max(-2*MaxEval, b+s)))
	case b-s >= int64(hi):
		return clampEval(int32(min(2*MaxEval, b-s)))
	}
	return r.corrected(p, b)
}

// Name returns the network's name, '+', and the base's name, e.g.
// "cnn:hybrid+heuristic".
func (r *Residual) Name() string { return r.Net.Name() + "+" + r.Base.Name() }

// Sided is a SidedEvaluator made of one evaluator for each side the engine may
// play. Evaluate, outside a search, uses the evaluator of the side to move in
// p (the engine that is about to move there); a search uses ForSide of the
// side to move at its root throughout.
type Sided struct {
	White, Black Evaluator
}

// ForSide returns the evaluator of an engine playing c.
func (s *Sided) ForSide(c game.Color) Evaluator {
	if c == game.Black {
		return s.Black
	}
	return s.White
}

// Evaluate scores p with the evaluator of the side to move in p.
func (s *Sided) Evaluate(p *game.Position) int32 { return s.ForSide(p.SideToMove()).Evaluate(p) }

// Name returns White's evaluator's name followed by "/sided", e.g.
// "cnn:hybrid+heuristic/sided".
func (s *Sided) Name() string { return s.White.Name() + "/sided" }

// Centred shifts an evaluator so that a reference position scores zero:
//
//	E(p) = clamp(Eval(p) - Offset, ±(MaxEval-1))
//
// Why: the search compares evaluations with draws by repetition, which score
// zero (give or take the contempt). An evolved evaluator is only ever judged
// by the moves it picks, and a constant added to all its scores changes no
// choice between two moves; so evolution leaves its level arbitrary. An
// evolved White evaluator may score the start position far below zero (see
// docs/measurements.md, section Start-position scores): as White it then takes
// any repetition it can reach, a draw looking far better than its "normal"
// position. Centring each side's evaluator on the start position
// makes a draw mean "as good as the start" for both colours, and only the
// choices against a repetition change.
//
// Centred keeps lazy evaluation (BoundedEvaluator) when Eval has it.
type Centred struct {
	Eval   Evaluator
	Offset int32 // Eval's score of the reference position
}

// Centre returns e shifted so that ref scores zero (see Centred); a Sided
// evaluator is centred side by side, each on its own score of ref.
func Centre(e Evaluator, ref *game.Position) Evaluator {
	if s, ok := e.(*Sided); ok {
		return &Sided{White: Centre(s.White, ref), Black: Centre(s.Black, ref)}
	}
	return &Centred{Eval: e, Offset: e.Evaluate(ref)}
}

// Evaluate returns Eval's score less the offset, clamped inside (-MaxEval, MaxEval).
func (c *Centred) Evaluate(p *game.Position) int32 {
	return clampEval(int32(max(-2*MaxEval, min(2*MaxEval, int64(c.Eval.Evaluate(p))-int64(c.Offset)))))
}

// EvaluateBounded shifts the window by the offset for Eval's lazy evaluation
// when it has one.
func (c *Centred) EvaluateBounded(p *game.Position, lo, hi int32) int32 {
	b, ok := c.Eval.(BoundedEvaluator)
	if !ok {
		return c.Evaluate(p)
	}
	v := int64(b.EvaluateBounded(p, lo+c.Offset, hi+c.Offset)) - int64(c.Offset)
	return clampEval(int32(max(-2*MaxEval, min(2*MaxEval, v))))
}

// Name returns Eval's name.
func (c *Centred) Name() string { return c.Eval.Name() }
