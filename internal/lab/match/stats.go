package match

import (
	"fmt"
	"math"
	"strings"

	"github.com/tablut-ai/tablut/game"
)

// WDL counts wins, draws and losses from one player's point of view.
type WDL struct {
	Wins, Draws, Losses int
}

// Games returns the number of games counted.
func (w WDL) Games() int { return w.Wins + w.Draws + w.Losses }

// Add counts one game with the given score for the player (1, 0.5 or 0).
func (w *WDL) Add(score float64) {
	switch {
	case score > 0.75:
		w.Wins++
	case score < 0.25:
		w.Losses++
	default:
		w.Draws++
	}
}

// String returns "W/D/L", e.g. "12/3/5".
func (w WDL) String() string { return fmt.Sprintf("%d/%d/%d", w.Wins, w.Draws, w.Losses) }

// Stats are the results of a match from player A's point of view, split by the
// colour A played, and counted again by pairs of games.
type Stats struct {
	AsWhite WDL // games in which A played White
	AsBlack WDL // games in which A played Black
	// Pairs counts the finished pairs of games (the two games of one opening,
	// each player White once) by A's points in the pair, in half points:
	// Pairs[k] pairs in which A scored k/2 of 2 (the pentanomial counts).
	Pairs [5]int
	// Endings counts how the games ended, by the colour A played (0 White,
	// 1 Black) and the reason (game.EndReason; game.NotOver counts the games
	// adjudicated at the ply limit), for the games counted by AddEnding.
	Endings [2][game.Resignation + 1]int
}

// AddEnding counts how a game ended: aWhite says whether A played White.
func (s *Stats) AddEnding(aWhite bool, r game.EndReason) {
	c := 0
	if !aWhite {
		c = 1
	}
	if int(r) < len(s.Endings[c]) {
		s.Endings[c][r]++
	}
}

// endingNames are the summary's words for the endings (Stats.Endings).
var endingNames = [...]string{"adjudicated", "king escaped", "king captured", "repetition", "no legal move", "resigned or forfeited"}

// endingsLine returns the summary line of how the games of A's colour c ended
// ("" when none were counted), e.g. "king escaped 4, king captured 1".
func (s Stats) endingsLine(c int) string {
	var parts []string
	for r, n := range s.Endings[c] {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", endingNames[r], n))
		}
	}
	return strings.Join(parts, ", ")
}

// Total returns the results over both colours.
func (s Stats) Total() WDL {
	return WDL{s.AsWhite.Wins + s.AsBlack.Wins, s.AsWhite.Draws + s.AsBlack.Draws, s.AsWhite.Losses + s.AsBlack.Losses}
}

// Games returns the number of games played.
func (s Stats) Games() int { return s.Total().Games() }

// CheckCounts reports, as an error, counts that a finished match of games
// games (both colours on each opening, so games/2 as each colour) cannot
// have: a negative count, games other than games/2 as a colour, more pairs
// than the games make, or more endings than games. A reader of saved results
// (curve.json, say) calls it so that an edited or damaged file is refused
// rather than rated: a negative win count would otherwise come out as an Elo
// of -10000 and an interval of [-Inf, +Inf].
func (s Stats) CheckCounts(games int) error {
	for c, w := range []WDL{s.AsWhite, s.AsBlack} {
		colour := [...]string{"as White", "as Black"}[c]
		if w.Wins < 0 || w.Draws < 0 || w.Losses < 0 {
			return fmt.Errorf("negative count %s (%v)", colour, w)
		}
		if w.Games() != games/2 {
			return fmt.Errorf("%d games %s, want %d of a %d-game match", w.Games(), colour, games/2, games)
		}
	}
	for _, n := range s.Pairs {
		if n < 0 {
			return fmt.Errorf("negative pair count (%v)", s.Pairs)
		}
	}
	if p := s.PairCount(); 2*p > games {
		return fmt.Errorf("%d pairs in a %d-game match", p, games)
	}
	for c, e := range s.Endings {
		n := 0
		for _, k := range e {
			if k < 0 {
				return fmt.Errorf("negative count of endings (%v)", e)
			}
			n += k
		}
		if n > games/2 {
			return fmt.Errorf("%d endings counted for %d games as %s", n, games/2, [...]string{"White", "Black"}[c])
		}
	}
	return nil
}

// Add counts one game: aWhite says whether A played White, score is A's score.
func (s *Stats) Add(aWhite bool, score float64) {
	if aWhite {
		s.AsWhite.Add(score)
	} else {
		s.AsBlack.Add(score)
	}
}

// AddPair counts a finished pair of games in which A scored points (0 to 2,
// in half points).
func (s *Stats) AddPair(points float64) {
	s.Pairs[min(4, max(0, int(math.Round(2*points))))]++
}

// PairCount returns the number of finished pairs counted by AddPair.
func (s Stats) PairCount() int {
	n := 0
	for _, c := range s.Pairs {
		n += c
	}
	return n
}

// minPairs is the number of pairs from which CI measures the spread over
// pairs of games rather than over games (see CI).
const minPairs = 10

// ByPairs reports whether CI uses the pairs: at least minPairs of them, and
// every game counted belongs to a finished pair.
func (s Stats) ByPairs() bool {
	n := s.PairCount()
	return n >= minPairs && 2*n == s.Games()
}

// Score returns A's mean score per game, s = (W + D/2) / N (0.5 with no games).
func (s Stats) Score() float64 {
	t := s.Total()
	n := t.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(t.Wins) + 0.5*float64(t.Draws)) / float64(n)
}

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// CI returns the 95% confidence interval of the score: PairCI when ByPairs,
// GameCI otherwise.
//
// Why pairs: the two games of a pair share an opening and swap colours, so
// their results are not independent. Where one colour wins most games, as in
// Tablut between engines of similar strength, A's two results in a pair
// mostly add up to one point, and a spread measured over single games
// (GameCI) is too wide (docs/measurements.md, section How to read these
// figures); the spread of the pair totals measures
// what varies from one opening to the next (the "pentanomial" model of chess
// engine testing).
func (s Stats) CI() (lo, hi float64) {
	if s.ByPairs() {
		return s.PairCI()
	}
	return s.GameCI()
}

// PairCI returns the 95% interval of the score by the normal approximation
// over pairs of games: s +- 1.96 * sqrt(var / P), where P is the number of
// pairs and var the sample variance of A's mean score per pair (0, 1/4, 1/2,
// 3/4 or 1). When every pair had the same total, var is computed with one
// virtual pair of two wins and one of two losses added (as GameCI does). With
// no pairs the interval is [0, 1].
func (s Stats) PairCI() (lo, hi float64) {
	n := float64(s.PairCount())
	if n == 0 {
		return 0, 1
	}
	m := s.Score()
	if s.Games() != 2*s.PairCount() {
		_, m = moments(s.Pairs[:], pairValues) // the pairs alone, when some games are unpaired
	}
	v := variance(s.Pairs[:], pairValues, m, n)
	if v == 0 {
		v = varianceWithExtremes(s.Pairs[:], pairValues)
	}
	h := z95 * math.Sqrt(v/n)
	return math.Max(0, m-h), math.Min(1, m+h)
}

// GameCI returns the 95% confidence interval of the score by the normal
// approximation over single games: s +- 1.96 * sqrt(var / N), where var is
// the sample variance of the per-game scores (1, 1/2 or 0),
// var = (W(1-s)^2 + D(1/2-s)^2 + L s^2) / N, so draws narrow the interval.
// When every game had the same result var is 0; so that the interval does not
// collapse to a point, var is then computed with one virtual win and one virtual
// loss added to the games (the centre stays the actual score). The bounds are
// clipped to [0, 1]. With no games the interval is [0, 1].
func (s Stats) GameCI() (lo, hi float64) {
	t := s.Total()
	n := float64(t.Games())
	if n == 0 {
		return 0, 1
	}
	m := s.Score()
	counts := []int{t.Losses, t.Draws, t.Wins}
	v := variance(counts, gameValues, m, n)
	if v == 0 { // the same with one more win and one more loss
		v = varianceWithExtremes(counts, gameValues)
	}
	h := z95 * math.Sqrt(v/n)
	return math.Max(0, m-h), math.Min(1, m+h)
}

// The scores a unit can have, in the order of the counts: a game (a loss, a
// draw, a win) and a pair of games (A's mean score in it, Stats.Pairs).
var (
	gameValues = []float64{0, 0.5, 1}
	pairValues = []float64{0, 0.25, 0.5, 0.75, 1}
)

// moments returns the number of units and their mean score (0 with none).
func moments(counts []int, values []float64) (n, mean float64) {
	for k, c := range counts {
		n += float64(c)
		mean += float64(c) * values[k]
	}
	if n == 0 {
		return 0, 0
	}
	return n, mean / n
}

// variance returns the variance of the units' scores about mean.
func variance(counts []int, values []float64, mean, n float64) float64 {
	v := 0.0
	for k, c := range counts {
		d := values[k] - mean
		v += float64(c) * d * d
	}
	return v / n
}

// varianceWithExtremes is the variance of the units' scores with one unit
// of each extreme score (the first and last of values) added: what the
// intervals use when every unit scored the same, so that they do not shrink
// to a point.
func varianceWithExtremes(counts []int, values []float64) float64 {
	ext := append([]int(nil), counts...)
	ext[0]++
	ext[len(ext)-1]++
	n, m := moments(ext, values)
	return variance(ext, values, m, n)
}

// eloFromScore converts an expected score into an Elo difference by the
// logistic model, E = 1 / (1 + 10^(-D/400)), so D = -400 log10(1/E - 1).
// It returns +Inf for a score of 1 and -Inf for 0.
func eloFromScore(score float64) float64 {
	switch {
	case score >= 1:
		return math.Inf(1)
	case score <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/score-1)
}

// scoreFromElo is the inverse of eloFromScore: the expected score of a player
// rated d points above its opponent.
func scoreFromElo(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// Elo returns the Elo difference of A over B, eloFromScore(Score()), and its 95%
// interval: the score interval's bounds mapped through the same (increasing)
// function. A bound is infinite when the score interval reaches 0 or 1.
func (s Stats) Elo() (d, lo, hi float64) {
	l, h := s.CI()
	return eloFromScore(s.Score()), eloFromScore(l), eloFromScore(h)
}

// Significant returns +1 when A is better than B with 95% confidence (the score
// interval lies above 1/2), -1 when A is worse (it lies below), and 0 otherwise.
func (s Stats) Significant() int {
	lo, hi := s.CI()
	switch {
	case s.Games() == 0:
		return 0
	case lo > 0.5:
		return 1
	case hi < 0.5:
		return -1
	}
	return 0
}

// formatElo writes an Elo difference with a sign, "+inf" or "-inf".
func formatElo(d float64) string {
	switch {
	case math.IsInf(d, 1):
		return "+inf"
	case math.IsInf(d, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", d)
}

// Summary returns a few lines describing the match for a person:
// results per colour, the score with its interval, the Elo difference with its
// interval, and the verdict at 95%; with the pair counts and both intervals
// when the interval is measured over pairs (see CI).
func (s Stats) Summary(a, b string) string {
	t := s.Total()
	lo, hi := s.CI()
	d, dlo, dhi := s.Elo()
	verdict := "no significant difference at 95%"
	switch s.Significant() {
	case 1:
		verdict = a + " is stronger (95% confidence)"
	case -1:
		verdict = b + " is stronger (95% confidence)"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s vs %s: %d games\n", a, b, t.Games())
	// A match of one colour (match -side) has no line for the other.
	if s.AsWhite.Games() > 0 || s.AsBlack.Games() == 0 {
		fmt.Fprintf(&sb, "  %s as White  W/D/L %s\n", a, s.AsWhite)
	}
	if s.AsBlack.Games() > 0 || s.AsWhite.Games() == 0 {
		fmt.Fprintf(&sb, "  %s as Black  W/D/L %s\n", a, s.AsBlack)
	}
	fmt.Fprintf(&sb, "  total        W/D/L %s\n", t)
	for c, colour := range []string{"White", "Black"} {
		if e := s.endingsLine(c); e != "" {
			fmt.Fprintf(&sb, "  endings as %s  %s\n", colour, e)
		}
	}
	if s.PairCount() > 0 {
		p := s.Pairs
		fmt.Fprintf(&sb, "  pairs        %d: %s scored 0/0.5/1/1.5/2 points in %d/%d/%d/%d/%d\n",
			s.PairCount(), a, p[0], p[1], p[2], p[3], p[4])
	}
	how := ""
	if s.ByPairs() {
		glo, ghi := s.GameCI()
		how = fmt.Sprintf(" over pairs (over games [%.3f, %.3f])", glo, ghi)
	}
	fmt.Fprintf(&sb, "  score %.3f  95%% CI [%.3f, %.3f]%s\n"+
		"  Elo %s  95%% CI [%s, %s]\n"+
		"  %s\n",
		s.Score(), lo, hi, how, formatElo(d), formatElo(dlo), formatElo(dhi), verdict)
	return sb.String()
}
