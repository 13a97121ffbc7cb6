package evolve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
)

// Individual is one member of the population.
type Individual struct {
	Net *cnn.Network
	// Sigma is the standard deviation of the Gaussian noise used when this
	// individual is mutated (constant unless Config.SelfAdaptive).
	Sigma float64
	// Origin says where the individual came from: "random", "parent g3-1",
	// "cross g3-0 g3-1", "mutant g3-0".
	Origin string
}

// tau is the learning rate of the self-adaptive sigma (Blondie24:
// tau = 1/sqrt(2*sqrt(n)) for n weights).
var tau = 1 / math.Sqrt(2*math.Sqrt(cnn.NumParams))

// label names individual i of generation g, e.g. "g005-3".
func label(g, i int) string { return fmt.Sprintf("g%03d-%d", g, i) }

// initialPopulation draws the generation-0 networks from a Gaussian of
// standard deviation cfg.InitSigma; individual i uses its own stream. With
// cfg.ResidualScale they are residual networks on the heuristic. With init
// (tablut train -init) individual 0 is a copy of init and the others are its
// mutants instead.
func initialPopulation(cfg *Config, init *cnn.Network) []*Individual {
	pop := make([]*Individual, cfg.Population)
	for i := range pop {
		rng := newRand(cfg.Seed, streamInit, uint64(i))
		var n *cnn.Network
		origin := "random"
		if init != nil {
			n, origin = init.Clone(), "init "+init.Label
			if i > 0 {
				mutate(n, rng, cfg.MutationProb, cfg.MutationSigma)
			}
		} else {
			n = cnn.NewRandom(rng, cfg.InitSigma)
		}
		n.Label = label(0, i)
		if cfg.ResidualScale > 0 {
			n.Base, n.Scale = cnn.BaseHeuristic, float32(cfg.ResidualScale)
		}
		if cfg.EvolveBase {
			n.BaseParams = cfg.baseParams(n.BaseParams)
			if i > 0 {
				mutateBase(n.BaseParams, newRand(cfg.Seed, streamBase, uint64(i)), 1, cfg.BaseSigma)
			}
		}
		n.Prepare()
		pop[i] = &Individual{Net: n, Sigma: cfg.MutationSigma, Origin: origin}
	}
	return pop
}

// baseParams returns the heuristic weights a generation-0 network starts with,
// given those it already carries (an -init network's; none for a random one):
// the defaults when it carries none; with SidedBase one set for each side,
// White's then Black's, copied from a single set when it carries only one
// (White's alone without SidedBase). With CaptureWeight each set has the
// Capture weight, CaptureWeight where it was zero or missing; without, sets
// keep the length they have (the defaults without Capture, as before it
// existed).
func (c *Config) baseParams(have []int32) []int32 {
	sets := [][]int32{have}
	if w, b, sided := ai.SplitSides(have); sided {
		sets = [][]int32{w, b}
	}
	if len(have) == 0 {
		sets[0] = ai.DefaultWeights.Params()[:ai.NumWeights-1]
	}
	switch {
	case c.SidedBase && len(sets) == 1:
		sets = append(sets, sets[0])
	case !c.SidedBase && len(sets) == 2:
		sets = sets[:1]
	}
	var p []int32
	for _, set := range sets {
		set = slices.Clone(set)
		if c.CaptureWeight > 0 {
			set = append(set, 0)[:ai.NumWeights]
			if set[ai.NumWeights-1] == 0 {
				set[ai.NumWeights-1] = c.CaptureWeight
			}
		}
		p = append(p, set...)
	}
	return p
}

// breed returns generation g+1 from the individuals of generation g ranked
// best first: the parents (best first), then complementary pairs of children by
// whole-layer crossover of consecutive parents, then mutants of the parents in
// turn. With one parent there is no crossover.
func breed(cfg *Config, g int, ranked []*Individual) []*Individual {
	rng := newRand(cfg.Seed, streamBreed, uint64(g))
	k := cfg.Parents
	next := make([]*Individual, 0, cfg.Population)
	for i := 0; i < k; i++ {
		p := ranked[i]
		c := &Individual{Net: p.Net.Clone(), Sigma: p.Sigma, Origin: "parent " + p.Net.Label}
		next = append(next, c)
	}
	cross := 0
	if k >= 2 {
		cross = min(k, cfg.Population-k)
	}
	for pair := 0; len(next) < k+cross; pair++ {
		a, b := ranked[pair%k], ranked[(pair+1)%k]
		// A mask of the layers taken from a; never all or none, so that both
		// children really mix their parents. With EvolveBase the heuristic
		// weights are a fifth layer (bit 4); with SidedBase each side's set
		// is a layer of its own (White's bit 4, Black's bit 5).
		sets := cfg.baseSets()
		genes := len(a.Net.W) + sets
		mask := 1 + rng.IntN(1<<genes-2)
		for _, m := range []int{mask, ^mask} {
			if len(next) == k+cross {
				break
			}
			n := cnn.NewInput("", a.Net.Input)
			n.Base, n.Scale = a.Net.Base, a.Net.Scale
			for l := range n.W {
				src := b.Net.W[l]
				if m>>l&1 == 1 {
					src = a.Net.W[l]
				}
				copy(n.W[l], src)
			}
			// A piece-planes network's layer-3 biases go with layer 3.
			if m>>2&1 == 1 {
				copy(n.SideBias, a.Net.SideBias)
			} else {
				copy(n.SideBias, b.Net.SideBias)
			}
			if sets > 0 {
				size := len(a.Net.BaseParams) / sets
				n.BaseParams = make([]int32, 0, len(a.Net.BaseParams))
				for set := range sets {
					src := b.Net.BaseParams
					if m>>(len(n.W)+set)&1 == 1 {
						src = a.Net.BaseParams
					}
					n.BaseParams = append(n.BaseParams, src[set*size:(set+1)*size]...)
				}
			}
			sigma := math.Sqrt(a.Sigma * b.Sigma)
			next = append(next, &Individual{Net: n, Sigma: sigma, Origin: "cross " + a.Net.Label + " " + b.Net.Label})
		}
	}
	for m := 0; len(next) < cfg.Population; m++ {
		p := ranked[m%k]
		n := p.Net.Clone()
		sigma := p.Sigma
		if cfg.SelfAdaptive {
			sigma *= math.Exp(tau * rng.NormFloat64())
		} else {
			sigma = cfg.MutationSigma
		}
		mutate(n, rng, cfg.MutationProb, sigma)
		if cfg.EvolveBase {
			mutateBase(n.BaseParams, rng, cfg.MutationProb, cfg.BaseSigma)
		}
		next = append(next, &Individual{Net: n, Sigma: sigma, Origin: "mutant " + p.Net.Label})
	}
	for i, ind := range next {
		ind.Net.Label = label(g+1, i)
		ind.Net.Prepare()
	}
	return next
}

// mutate adds Gaussian noise of standard deviation sigma to each weight of n
// (and each layer-3 bias of a piece-planes network) with probability prob
// (the seed's mutation). The caller calls Prepare.
func mutate(n *cnn.Network, rng *rand.Rand, prob, sigma float64) {
	for l := range len(n.W) + 1 {
		w := n.SideBias
		if l < len(n.W) {
			w = n.W[l]
		}
		for i := range w {
			if rng.Float64() < prob {
				w[i] += float32(rng.NormFloat64() * sigma)
			}
		}
	}
}

// mutateBase multiplies each heuristic weight in w, with probability prob, by
// exp(sigma*N(0,1)), rounded; a weight keeps its sign and never becomes zero.
func mutateBase(w []int32, rng *rand.Rand, prob, sigma float64) {
	for i, v := range w {
		if rng.Float64() < prob {
			f := math.Round(float64(v) * math.Exp(sigma*rng.NormFloat64()))
			if f == 0 {
				f = math.Copysign(1, float64(v))
			}
			w[i] = int32(max(-ai.MaxEval, min(ai.MaxEval, f)))
		}
	}
}
