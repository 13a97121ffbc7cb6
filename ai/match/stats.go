package match

import (
	"fmt"
	"math"
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
// colour A played.
type Stats struct {
	AsWhite WDL // games in which A played White
	AsBlack WDL // games in which A played Black
}

// Total returns the results over both colours.
func (s Stats) Total() WDL {
	return WDL{s.AsWhite.Wins + s.AsBlack.Wins, s.AsWhite.Draws + s.AsBlack.Draws, s.AsWhite.Losses + s.AsBlack.Losses}
}

// Games returns the number of games played.
func (s Stats) Games() int { return s.Total().Games() }

// Add counts one game: aWhite says whether A played White, score is A's score.
func (s *Stats) Add(aWhite bool, score float64) {
	if aWhite {
		s.AsWhite.Add(score)
	} else {
		s.AsBlack.Add(score)
	}
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

// CI returns the 95% confidence interval of the score by the normal
// approximation: s +- 1.96 * sqrt(var / N), where var is the sample variance of
// the per-game scores (1, 1/2 or 0),
// var = (W(1-s)^2 + D(1/2-s)^2 + L s^2) / N, so draws narrow the interval.
// When every game had the same result var is 0; so that the interval does not
// collapse to a point, var is then computed with one virtual win and one virtual
// loss added to the games (the centre stays the actual score). The bounds are
// clipped to [0, 1]. With no games the interval is [0, 1].
func (s Stats) CI() (lo, hi float64) {
	t := s.Total()
	n := float64(t.Games())
	if n == 0 {
		return 0, 1
	}
	m := s.Score()
	w, d, l := float64(t.Wins), float64(t.Draws), float64(t.Losses)
	v := (w*(1-m)*(1-m) + d*(0.5-m)*(0.5-m) + l*m*m) / n
	if v == 0 {
		// the same with one more win and one more loss
		m2 := (w + 1 + 0.5*d) / (n + 2)
		v = ((w+1)*(1-m2)*(1-m2) + d*(0.5-m2)*(0.5-m2) + (l+1)*m2*m2) / (n + 2)
	}
	h := z95 * math.Sqrt(v/n)
	return math.Max(0, m-h), math.Min(1, m+h)
}

// EloFromScore converts an expected score into an Elo difference by the
// logistic model, E = 1 / (1 + 10^(-D/400)), so D = -400 log10(1/E - 1).
// It returns +Inf for a score of 1 and -Inf for 0.
func EloFromScore(score float64) float64 {
	switch {
	case score >= 1:
		return math.Inf(1)
	case score <= 0:
		return math.Inf(-1)
	}
	return -400 * math.Log10(1/score-1)
}

// ScoreFromElo is the inverse of EloFromScore: the expected score of a player
// rated d points above its opponent.
func ScoreFromElo(d float64) float64 { return 1 / (1 + math.Pow(10, -d/400)) }

// Elo returns the Elo difference of A over B, EloFromScore(Score()), and its 95%
// interval: the score interval's bounds mapped through the same (increasing)
// function. A bound is infinite when the score interval reaches 0 or 1.
func (s Stats) Elo() (d, lo, hi float64) {
	l, h := s.CI()
	return EloFromScore(s.Score()), EloFromScore(l), EloFromScore(h)
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

// FormatElo writes an Elo difference with a sign, "+inf" or "-inf".
func FormatElo(d float64) string {
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
// interval, and the verdict at 95%.
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
	return fmt.Sprintf("%s vs %s: %d games\n"+
		"  %s as White  W/D/L %s\n"+
		"  %s as Black  W/D/L %s\n"+
		"  total        W/D/L %s\n"+
		"  score %.3f  95%% CI [%.3f, %.3f]\n"+
		"  Elo %s  95%% CI [%s, %s]\n"+
		"  %s\n",
		a, b, t.Games(), a, s.AsWhite, a, s.AsBlack, t, s.Score(), lo, hi,
		FormatElo(d), FormatElo(dlo), FormatElo(dhi), verdict)
}
