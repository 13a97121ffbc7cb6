package curve

import (
	"math"

	"github.com/tablut-ai/tablut/internal/lab/match"
)

// The Elo scale of a curve. Under the logistic model a player rated d above
// its opponent expects the score 1 / (1 + 10^(-d/400)). Every match counts
// one more drawn game than it had (half a point in one virtual game), so
// that a clean sweep, common between a learning network and random moves,
// reads as a large but finite gap: 20 wins of 20 as 20.5 points of 21,
// +645. (The tournament's ratings use a like prior: one virtual draw for
// each player.)

const virtual = 0.5 // points in the one virtual game of each match

// expected returns the score a player rated r expects against one rated o.
func expected(r, o float64) float64 { return 1 / (1 + math.Pow(10, (o-r)/400)) }

// points returns a match's points for A, the virtual draw included, and its
// games.
func points(s match.Stats) (w, n float64) {
	t := s.Total()
	return float64(t.Wins) + 0.5*float64(t.Draws) + virtual, float64(t.Games()) + 1
}

// RefRatings returns the references' ratings: the first at 0, each next one
// above its neighbour by the Elo of the ladder match between them (with the
// virtual draw), and the 95% half-width of each step. References whose
// ladder match is not played yet are NaN.
func (c *Curve) RefRatings() (r, step95 []float64) {
	r = make([]float64, len(c.Refs))
	step95 = make([]float64, len(c.Refs))
	for i := 1; i < len(r); i++ {
		if i-1 >= len(c.Ladder) || math.IsNaN(r[i-1]) {
			r[i], step95[i] = math.NaN(), math.NaN()
			continue
		}
		w, n := points(c.Ladder[i-1])
		p := w / n
		r[i] = r[i-1] - 400*math.Log10(1/p-1)
		// the delta method: dD/dp = 400 / (ln 10 p (1-p)), sd(p) = sqrt(p(1-p)/n)
		step95[i] = 1.96 * 400 / math.Ln10 / math.Sqrt(p*(1-p)*n)
	}
	return r, step95
}

// Rate fits a network's rating to its results against references of the
// given ratings by maximum likelihood (each match with its virtual draw),
// with a 95% interval from the curvature of the likelihood (the references'
// own uncertainty is not in it). Results against references without a
// rating are ignored; with none left the rating is NaN.
func Rate(results []match.Stats, refs []float64) (r, lo, hi float64) {
	var ws, ns, opp []float64
	for j, s := range results {
		if j >= len(refs) || math.IsNaN(refs[j]) {
			continue
		}
		w, n := points(s)
		ws, ns, opp = append(ws, w), append(ns, n), append(opp, refs[j])
	}
	if len(ws) == 0 {
		return math.NaN(), math.NaN(), math.NaN()
	}
	// The expected total rises with r: find where it meets the actual one.
	excess := func(r float64) float64 {
		e := 0.0
		for j := range ws {
			e += ns[j]*expected(r, opp[j]) - ws[j]
		}
		return e
	}
	a, b := -10000.0, 20000.0
	for range 200 {
		m := (a + b) / 2
		if excess(m) > 0 {
			b = m
		} else {
			a = m
		}
	}
	r = (a + b) / 2
	info := 0.0
	for j := range ws {
		p := expected(r, opp[j])
		info += ns[j] * p * (1 - p)
	}
	h := 1.96 * 400 / math.Ln10 / math.Sqrt(info)
	return r, r - h, r + h
}

// Rating returns point p's rating on the curve's scale with its interval.
func (c *Curve) Rating(p Point) (r, lo, hi float64) {
	refs, _ := c.RefRatings()
	return Rate(p.Results, refs)
}
