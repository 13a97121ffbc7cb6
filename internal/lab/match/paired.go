package match

import (
	"fmt"
	"math"
	"strings"
)

// Paired compares A's scores in two matches opening by opening: the games of
// both folders that started from the same opening with A in the same colour
// form pairs, and the difference of A's scores is averaged over them. Two
// matches of one engine against one opponent on the same openings then differ
// by the engine alone (and the searches' timing), so the paired difference
// has a smaller error than the difference of the two matches' scores
// (issue 40's White matches at 2 s: 0.060 over 100 pairs, against about
// 0.07 unpaired).
type Paired struct {
	// N counts the pairs: games of both matches with the same opening and A
	// in the same colour. Unpaired counts the games of the first match that
	// the second lacks.
	N, Unpaired int
	// Here and There are A's mean scores over the paired games in the first
	// and the second match.
	Here, There float64
	// Diff is Here - There; SE its standard error (0 with fewer than two
	// pairs), and Lo, Hi the normal 95% interval around it.
	Diff, SE, Lo, Hi float64
}

// ComparePaired pairs the games of the match recorded in dir with those of
// the match recorded in base (the -records folders of two matches, read as
// ScoreRecords reads them) by their Opening tag and A's colour.
func ComparePaired(dir, base string) (Paired, error) {
	var p Paired
	_, here, err := readMatch(dir)
	if err != nil {
		return p, err
	}
	_, there, err := readMatch(base)
	if err != nil {
		return p, err
	}
	key := func(r matchRecord) string {
		return fmt.Sprintf("%s|%v", r.opening, r.aWhite)
	}
	byKey := make(map[string]float64, len(there))
	for _, r := range there {
		if r.opening != "" {
			byKey[key(r)] = r.scoreOfA
		}
	}
	var diffs []float64
	for _, r := range here {
		s, ok := byKey[key(r)]
		if !ok { // records without an Opening tag never pair: base's are not in byKey
			p.Unpaired++
			continue
		}
		diffs = append(diffs, r.scoreOfA-s)
		p.Here += r.scoreOfA
		p.There += s
	}
	p.N = len(diffs)
	if p.N == 0 {
		return p, fmt.Errorf("%s and %s have no opening in common (their games' Opening tags, with A in the same colour)", dir, base)
	}
	n := float64(p.N)
	p.Here, p.There = p.Here/n, p.There/n
	p.Diff = p.Here - p.There
	if p.N > 1 {
		var ss float64
		for _, d := range diffs {
			ss += (d - p.Diff) * (d - p.Diff)
		}
		p.SE = math.Sqrt(ss / (n - 1) / n)
	}
	p.Lo, p.Hi = p.Diff-1.96*p.SE, p.Diff+1.96*p.SE
	return p, nil
}

// Summary is the comparison's report, named after the second match's folder.
func (p Paired) Summary(base string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  paired by opening with %s: %d games", base, p.N)
	if p.Unpaired > 0 {
		fmt.Fprintf(&b, " (%d more without a partner there)", p.Unpaired)
	}
	fmt.Fprintf(&b, "\n  on them A scored %.3f here and %.3f there: difference %+.3f, standard error %.3f, 95%% CI [%+.3f, %+.3f]\n",
		p.Here, p.There, p.Diff, p.SE, p.Lo, p.Hi)
	return b.String()
}

// PoolPaired combines comparisons made on different openings (say two opening
// seeds, each a candidate paired with its own baseline) into one estimate of
// the same difference: their Diffs averaged with weights 1/SE², the
// inverse-variance weighting, whose standard error is 1/√(Σ 1/SE²). Here and
// There are weighted alike; N and Unpaired are summed. A comparison without a
// standard error (fewer than two pairs, or every pair the same difference)
// cannot be weighed, and is an error.
func PoolPaired(ps []Paired) (Paired, error) {
	var out Paired
	if len(ps) == 0 {
		return out, fmt.Errorf("no comparisons to pool")
	}
	var wsum float64
	for i, p := range ps {
		if !(p.SE > 0) {
			return out, fmt.Errorf("comparison %d has no standard error (%d pairs, all alike), so it cannot be weighed", i+1, p.N)
		}
		w := 1 / (p.SE * p.SE)
		wsum += w
		out.Diff += w * p.Diff
		out.Here += w * p.Here
		out.There += w * p.There
		out.N += p.N
		out.Unpaired += p.Unpaired
	}
	out.Diff /= wsum
	out.Here /= wsum
	out.There /= wsum
	out.SE = 1 / math.Sqrt(wsum)
	out.Lo, out.Hi = out.Diff-1.96*out.SE, out.Diff+1.96*out.SE
	return out, nil
}

// PooledSummary is the report of a PoolPaired result over k comparisons.
func (p Paired) PooledSummary(k int) string {
	return fmt.Sprintf("  the %d comparisons pooled (weighted by 1/SE²), %d pairs: difference %+.3f, standard error %.3f, 95%% CI [%+.3f, %+.3f]\n",
		k, p.N, p.Diff, p.SE, p.Lo, p.Hi)
}
