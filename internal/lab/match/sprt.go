package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test between two hypotheses on A's
// Elo difference over B: H0, A is Elo0 above B, and H1, A is Elo1 above B
// (Elo1 > Elo0). After each game the log-likelihood ratio of the results
// under H1 and H0 (LLR) is compared with two bounds fixed by the error rates:
// at or above the upper one the test accepts H1, at or below the lower one it
// accepts H0, in between it asks for more games. Run stops a match as soon as
// its Config.Stop says so, which is how `tablut match -sprt` uses it.
//
// Why: a fixed number of games is chosen before the result is known, so a
// change that is clearly better or clearly useless costs as many games as one
// that is hard to tell; the SPRT stops each as soon as the evidence suffices,
// with the error rates chosen in advance (Wald 1945). Engine testing
// frameworks decide patches this way.
//
// The LLR is that of the generalized SPRT on the units' scores (games, or
// pairs of games, see LLR): with the observed frequencies p_k of the scores
// a_k, each hypothesis takes the distribution closest to them (maximum
// likelihood) whose mean is its expected score s (s0 or s1, by the same
// logistic Elo model as Stats.Elo): q_k = p_k / (1 + lambda (a_k - s)), with
// lambda making the mean s. Then LLR = N sum_k p_k log(q1_k / q0_k) over N
// units. Every score gets a small prior count (priorUnits), without which an
// early run of one result (three wins, nothing else) has no distribution of
// mean s at all. The bounds are log(Beta / (1 - Alpha)) and
// log((1 - Beta) / Alpha).
//
// A match stopped by the test reports its score and interval as usual; those
// figures lean slightly towards the side the test accepted (stopping when the
// evidence first suffices picks the moment it looks strongest), which is why
// the test's own verdict is printed beside them.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64 // the chances of accepting H1 when H0 holds, and H0 when H1 holds
}

// DefaultSPRTError is the error rate ParseSPRT gives Alpha and Beta when the
// text names none.
const DefaultSPRTError = 0.05

// ParseSPRT reads "ELO0,ELO1" or "ELO0,ELO1,ALPHA,BETA", e.g. "0,30" or
// "0,30,0.05,0.1". Elo1 must be above Elo0 and both error rates between 0
// and 1/2.
func ParseSPRT(s string) (SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return SPRT{}, fmt.Errorf("bad SPRT %q: want ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (e.g. 0,30)", s)
	}
	v := make([]float64, len(parts))
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return SPRT{}, fmt.Errorf("bad SPRT %q: %q is not a number", s, strings.TrimSpace(p))
		}
		v[i] = f
	}
	t := SPRT{Elo0: v[0], Elo1: v[1], Alpha: DefaultSPRTError, Beta: DefaultSPRTError}
	if len(v) == 4 {
		t.Alpha, t.Beta = v[2], v[3]
	}
	return t, t.check(s)
}

func (t SPRT) check(text string) error {
	switch {
	case t.Elo1 <= t.Elo0:
		return fmt.Errorf("bad SPRT %q: ELO1 (%g) must be above ELO0 (%g)", text, t.Elo1, t.Elo0)
	case math.Abs(t.Elo0) > 1000 || math.Abs(t.Elo1) > 1000:
		return fmt.Errorf("bad SPRT %q: the Elo values must lie within -1000 and +1000", text)
	case !(t.Alpha > 0 && t.Alpha < 0.5) || !(t.Beta > 0 && t.Beta < 0.5):
		return fmt.Errorf("bad SPRT %q: ALPHA and BETA must lie between 0 and 0.5", text)
	}
	return nil
}

// Bounds returns the LLR bounds: at or below lo the test accepts H0, at or
// above hi it accepts H1.
func (t SPRT) Bounds() (lo, hi float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 given s. With pairs
// (a match of both colours) the units are the finished pairs of games, each
// worth A's mean score in the pair (0, 1/4, 1/2, 3/4 or 1), since the two
// games of an opening are not independent (see Stats.CI); a game whose
// partner has not finished yet does not count. Without pairs (a match of one
// side) the units are the games. No units give 0.
func (t SPRT) LLR(s Stats, pairs bool) float64 {
	counts, values := s.Pairs[:], pairValues
	if !pairs {
		w := s.Total()
		counts, values = []int{w.Losses, w.Draws, w.Wins}, gameValues
	}
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	// The frequencies with the prior counts.
	p := make([]float64, len(counts))
	prior := priorUnits / float64(len(counts))
	for k, c := range counts {
		p[k] = (float64(c) + prior) / (float64(n) + priorUnits)
	}
	q0 := closestWithMean(p, values, scoreFromElo(t.Elo0))
	q1 := closestWithMean(p, values, scoreFromElo(t.Elo1))
	llr := 0.0
	for k := range p {
		llr += p[k] * math.Log(q1[k]/q0[k])
	}
	return float64(n) * llr
}

// priorUnits is the count shared evenly by the scores a unit can have before
// any game: half a game for each of a game's three results. Simulated tests
// keep their error rates with it, for close hypotheses and for distant ones,
// by games and by pairs (see the tests); an approximation by the normal
// distribution did not for distant ones (about 9% where 5% was asked, at 69
// against 147 Elo).
const priorUnits = 1.5

// closestWithMean returns the distribution over values with mean s that is
// most likely to have produced the frequencies p (all above zero, with s
// strictly between the smallest and largest value): q_k = p_k / (1 +
// lambda (a_k - s)), where lambda solves f(lambda) = sum_k p_k (a_k - s) /
// (1 + lambda (a_k - s)) = 0 (a Lagrange multiplier of the constraint).
// f falls as lambda grows, so Newton's method from lambda = 0 finds the root,
// with a bisection step whenever Newton's would leave the bracket of lambdas
// that keep every q_k positive.
func closestWithMean(p, values []float64, s float64) []float64 {
	lo := -1 / (values[len(values)-1] - s) // values ascend: the largest and the smallest
	hi := 1 / (s - values[0])
	l := 0.0
	for i := 0; i < 200; i++ {
		f, df := 0.0, 0.0
		for k, pk := range p {
			d := values[k] - s
			r := d / (1 + l*d)
			f += pk * r
			df -= pk * r * r
		}
		if f > 0 {
			lo = l
		} else {
			hi = l
		}
		next := l - f/df
		if !(next > lo && next < hi) {
			next = (lo + hi) / 2
		}
		if next == l || f == 0 {
			break
		}
		l = next
	}
	q := make([]float64, len(p))
	for k, pk := range p {
		q[k] = pk / (1 + l*(values[k]-s))
	}
	return q
}

// Verdict returns +1 when the test accepts H1 for s, -1 when it accepts H0,
// and 0 while it goes on; and the LLR.
func (t SPRT) Verdict(s Stats, pairs bool) (int, float64) {
	llr := t.LLR(s, pairs)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return 1, llr
	case llr <= lo:
		return -1, llr
	}
	return 0, llr
}

// Progress is a short text of the test's state for a progress line, e.g.
// "LLR +1.23 (-2.94, +2.94)".
func (t SPRT) Progress(s Stats, pairs bool) string {
	lo, hi := t.Bounds()
	return fmt.Sprintf("LLR %+.2f (%+.2f, %+.2f)", t.LLR(s, pairs), lo, hi)
}

// Summary returns the line of the test's verdict for the match summary, for
// the statistics s of a match that has played as many games as it will.
func (t SPRT) Summary(s Stats, pairs bool, a string) string {
	v, llr := t.Verdict(s, pairs)
	lo, hi := t.Bounds()
	head := fmt.Sprintf("  SPRT H0 Elo %s, H1 Elo %s (alpha %g, beta %g): LLR %+.2f, bounds %+.2f and %+.2f",
		formatElo(t.Elo0), formatElo(t.Elo1), t.Alpha, t.Beta, llr, lo, hi)
	switch v {
	case 1:
		return fmt.Sprintf("%s\n  H1 accepted: the results favour %s Elo over %s for %s\n", head, formatElo(t.Elo1), formatElo(t.Elo0), a)
	case -1:
		return fmt.Sprintf("%s\n  H0 accepted: the results favour %s Elo over %s for %s\n", head, formatElo(t.Elo0), formatElo(t.Elo1), a)
	}
	return fmt.Sprintf("%s\n  no decision yet: more games are needed (go on with -resume and more -games)\n", head)
}
