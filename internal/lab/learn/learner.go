package learn

import (
	"fmt"
	"math"
	"sync"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
)

// Sample is one training position: the encoded board (cnn.Encode), the side
// to move and the target value for White in (-1, 1). Networks with the seed's
// single input plane do not see the side to move; networks with piece planes
// (cnn.InputPieces) do.
type Sample struct {
	In     [81]float32
	Black  bool // Black to move
	Target float32
	// Bound says whether Target is the value (ai.ExactValue, every sample
	// but TreeStrap's) or a bound on it, which the loss counts only when
	// the output lies on its wrong side (oneSided, tree.go).
	Bound ai.Bound
}

// AdamConfig holds the optimiser's settings (Kingma and Ba 2015).
type AdamConfig struct {
	LR, Beta1, Beta2, Eps float64
}

// defaultAdam is Adam with its usual settings and a learning rate of 1e-3.
var defaultAdam = AdamConfig{LR: 1e-3, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}

// shards is the fixed number of parts a batch is cut into; each part's
// gradient is summed on its own and the parts are added in order, so a step's
// result does not depend on how many goroutines compute it.
const shards = 8

// Learner trains a pure TabZAI network by mini-batch gradient descent with
// Adam on the squared error of its tanh output. Its network is Net; the Adam
// moments M and V and the step count T are exported so a checkpoint can save
// and restore them exactly.
type Learner struct {
	Net  *cnn.Network
	Adam AdamConfig
	// M and V are Adam's first and second moment estimates, shaped like the
	// network's parameters (the four layers' weights, then the layer-3 biases
	// of a piece-planes network).
	M, V params
	// T is the number of steps taken.
	T int
	// Threads is the number of goroutines a step uses (at least 1).
	Threads int
	// QAT, when set, trains the int8 path of cnn.Quantize (qat.go): the loss
	// of a sample is the squared error of the int8 output plus Gap times the
	// squared difference between the int8 output and the float one.
	QAT bool
	// Gap weighs the int8-float difference in the QAT loss. Its gradient
	// goes straight through the int8 pass and exactly through the float one,
	// so it is the change of that difference with the rounding errors held
	// fixed: it lowers the network's sensitivity to them, the quantity
	// cnn.Quantize's int8 tolerance is about.
	Gap float64

	pool  sync.Pool // *pass
	qpool sync.Pool // *qpass
	qw    *qweights
	grads [shards]*params
}

// newLearner returns a learner that trains net in place (net must be a pure
// network: residual networks are not trained here).
func newLearner(net *cnn.Network, adam AdamConfig, threads int) (*Learner, error) {
	if net.Base != "" {
		return nil, fmt.Errorf("network %q corrects %q; only pure networks can be learned", net.Label, net.Base)
	}
	if err := net.CheckShape(); err != nil {
		return nil, err
	}
	lr := &Learner{Net: net, Adam: adam, Threads: max(1, threads)}
	lr.M, lr.V = *newGrads(net.Input), *newGrads(net.Input)
	for i := range lr.grads {
		lr.grads[i] = newGrads(net.Input)
	}
	lr.pool.New = func() any { return newPass() }
	lr.qpool.New = func() any { return newQPass() }
	return lr, nil
}

// Predict returns the network's output for in, computed by the learner's own
// float32 forward pass (equal to cnn.Network.ForwardReference within rounding).
func (lr *Learner) Predict(in *[81]float32, black bool) float32 {
	p := lr.pool.Get().(*pass)
	defer lr.pool.Put(p)
	w := paramsOf(lr.Net)
	return p.forward(&w, lr.Net.Input, in, black)
}

// Gradient returns the mean squared error over batch (of the int8 output
// with QAT; a bound's error counts only on its wrong side, oneSided) and adds the gradient of the loss with respect to the weights to
// g. The work is split into fixed shards that
// Threads goroutines take in turn; the sum is in shard order, so the result is
// the same for every thread count.
func (lr *Learner) Gradient(batch []Sample, g *params) float64 {
	var losses [shards]float64
	for _, sg := range lr.grads {
		for l := range sg {
			clear(sg[l])
		}
	}
	next := make(chan int, shards)
	for s := 0; s < shards; s++ {
		next <- s
	}
	close(next)
	w := paramsOf(lr.Net)
	if lr.QAT {
		if lr.qw == nil {
			lr.qw = newQWeights()
		}
		lr.qw.update(&w)
	}
	n := float32(len(batch))
	var wg sync.WaitGroup
	for t := 0; t < min(lr.Threads, shards); t++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := lr.pool.Get().(*pass)
			defer lr.pool.Put(p)
			var qp *qpass
			if lr.QAT {
				qp = lr.qpool.Get().(*qpass)
				defer lr.qpool.Put(qp)
			}
			for s := range next {
				lo, hi := s*len(batch)/shards, (s+1)*len(batch)/shards
				for i := lo; i < hi; i++ {
					smp := &batch[i]
					if !lr.QAT {
						out := p.forward(&w, lr.Net.Input, &smp.In, smp.Black)
						e := oneSided(out-smp.Target, smp.Bound)
						if e == 0 {
							continue // no gradient (a bound that holds)
						}
						losses[s] += float64(e * e)
						// d/d out of mean((out-t)^2) = 2(out-t)/n.
						p.backward(&w, 2*e/n, lr.grads[s])
						continue
					}
					out := qp.forward(&w, lr.qw, lr.Net.Input, &smp.In, smp.Black)
					e := oneSided(out-smp.Target, smp.Bound)
					losses[s] += float64(e * e)
					dq := 2 * e / n
					if lr.Gap > 0 {
						d := out - p.forward(&w, lr.Net.Input, &smp.In, smp.Black)
						k := 2 * float32(lr.Gap) * d / n
						dq += k
						p.backward(&w, -k, lr.grads[s])
					}
					qp.backward(&w, lr.qw, dq, lr.grads[s])
				}
			}
		}()
	}
	wg.Wait()
	var loss float64
	for s := 0; s < shards; s++ {
		loss += losses[s]
		for l := range g {
			for i, v := range lr.grads[s][l] {
				g[l][i] += v
			}
		}
	}
	return loss / float64(max(1, len(batch)))
}

// Step takes one Adam step on batch and returns the batch's mean squared
// error before the step. The network's packed weights are rebuilt (Prepare).
func (lr *Learner) Step(batch []Sample) float64 {
	g := newGrads(lr.Net.Input)
	loss := lr.Gradient(batch, g)
	lr.T++
	a := lr.Adam
	c1 := 1 - math.Pow(a.Beta1, float64(lr.T))
	c2 := 1 - math.Pow(a.Beta2, float64(lr.T))
	b1, b2 := float32(a.Beta1), float32(a.Beta2)
	net := paramsOf(lr.Net)
	for l := range g {
		w, m, v := net[l], lr.M[l], lr.V[l]
		for i, gi := range g[l] {
			m[i] = b1*m[i] + (1-b1)*gi
			v[i] = b2*v[i] + (1-b2)*gi*gi
			mh := float64(m[i]) / c1
			vh := float64(v[i]) / c2
			w[i] -= float32(a.LR * mh / (math.Sqrt(vh) + a.Eps))
		}
	}
	lr.Net.Prepare()
	return loss
}

// Loss returns the mean squared error of the network on samples (one-sided
// for bounds), without
// changing anything.
func (lr *Learner) Loss(samples []Sample) float64 {
	var sum float64
	for i := range samples {
		e := float64(oneSided(lr.Predict(&samples[i].In, samples[i].Black)-samples[i].Target, samples[i].Bound))
		sum += e * e
	}
	return sum / float64(max(1, len(samples)))
}
