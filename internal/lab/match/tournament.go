package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/tablut-ai/tablut/ai/player"
)

// Tournament is a round robin: every pair of players plays a match of Games
// games with the settings of Base (its A, B and OnGame are replaced).
type Tournament struct {
	Players []player.Spec
	Base    Config
	// OnPair, if set, is called after each pairing with the indices of the
	// players and the statistics from i's point of view.
	OnPair func(i, j int, s Stats)
}

// Crosstable holds the results of a round robin: Pair[i][j] is the match of
// player i against player j from i's point of view (Pair[j][i] mirrors it).
type Crosstable struct {
	Names []string
	Pair  [][]Stats
}

// pairing returns the configuration of the match between players i and j.
func (t Tournament) pairing(i, j int) Config {
	n := len(t.Players)
	c := t.Base
	c.A, c.B = t.Players[i], t.Players[j]
	c.Seed = t.Base.Seed + uint64(i*n+j)
	if c.RecordsDir != "" {
		c.RecordsDir = fmt.Sprintf("%s/%d-%d", t.Base.RecordsDir, i+1, j+1)
	}
	if c.Event == "" {
		c.Event = "tournament"
	}
	return c
}

// check does what each pairing's match checks before its first game, for
// all of them at once: every player can be built (its network read), and
// no records folder of a new tournament holds game records already.
func (t Tournament) check() error {
	if t.Base.Games <= 0 {
		return errors.New("a match needs at least one game")
	}
	for _, p := range t.Players {
		if _, err := factory(p, nil); err != nil {
			return err
		}
	}
	if t.Base.RecordsDir == "" || t.Base.Resume {
		return nil
	}
	if fi, err := os.Stat(t.Base.RecordsDir); err == nil && !fi.IsDir() {
		return fmt.Errorf("cannot create the records folder %s: it is a file", t.Base.RecordsDir)
	}
	for i := range t.Players {
		for j := i + 1; j < len(t.Players); j++ {
			if err := heldRecords(t.pairing(i, j).RecordsDir); err != nil {
				return err
			}
		}
	}
	return nil
}

// Run plays every pairing once. Records go to Base.RecordsDir/I-J/ per
// pairing. Every player and every pairing's records folder is checked
// before the first game: a tournament refused for its last player or
// pairing has played nothing.
func (t Tournament) Run(ctx context.Context) (Crosstable, error) {
	n := len(t.Players)
	ct := Crosstable{Names: make([]string, n), Pair: make([][]Stats, n)}
	for i, p := range t.Players {
		ct.Names[i] = p.String()
		ct.Pair[i] = make([]Stats, n)
	}
	if n < 2 {
		return ct, fmt.Errorf("a tournament needs at least two players, got %d", n)
	}
	if err := t.check(); err != nil {
		return ct, err
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			st, err := Run(ctx, t.pairing(i, j))
			ct.Pair[i][j] = st
			ct.Pair[j][i] = st.Flip()
			if t.OnPair != nil {
				t.OnPair(i, j, st)
			}
			if err != nil {
				return ct, err
			}
		}
	}
	return ct, nil
}

func flip(w WDL) WDL { return WDL{Wins: w.Losses, Draws: w.Draws, Losses: w.Wins} }

// Flip returns the statistics from B's point of view.
func (s Stats) Flip() Stats {
	f := Stats{AsWhite: flip(s.AsBlack), AsBlack: flip(s.AsWhite)}
	f.Endings[0], f.Endings[1] = s.Endings[1], s.Endings[0] // B was White where A was Black
	for k, c := range s.Pairs {
		f.Pairs[4-k] = c
	}
	return f
}

// Points returns player i's total points (wins plus half the draws) and games.
func (ct Crosstable) Points(i int) (points float64, games int) {
	for j := range ct.Pair[i] {
		if j == i {
			continue
		}
		t := ct.Pair[i][j].Total()
		points += float64(t.Wins) + 0.5*float64(t.Draws)
		games += t.Games()
	}
	return points, games
}

// Ratings fits Elo ratings to the results by maximum likelihood under the
// logistic model (Bradley-Terry, a draw counting as half a win for each):
// player i's expected score against j is 1 / (1 + 10^((r_j - r_i)/400)), and
// the ratings are the ones whose expected total scores equal the actual ones.
// They are found by the minorisation-maximisation iteration of Hunter (2004) on
// gamma_i = 10^(r_i/400) and shifted so their mean is 0. A player with all
// wins or all losses has no finite maximum; its rating is capped at +-1000
// around the others by a prior of one drawn game against an equal opponent.
func (ct Crosstable) Ratings() []float64 {
	n := len(ct.Names)
	// w[i][j] = points of i against j (plus the prior), m[i][j] = games.
	w := make([][]float64, n)
	m := make([][]float64, n)
	for i := range w {
		w[i] = make([]float64, n)
		m[i] = make([]float64, n)
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			t := ct.Pair[i][j].Total()
			w[i][j] = float64(t.Wins) + 0.5*float64(t.Draws)
			m[i][j] = float64(t.Games())
		}
	}
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	const prior = 0.5 // half a point in one virtual game against a gamma-1 player
	for iter := 0; iter < 2000; iter++ {
		next := make([]float64, n)
		change := 0.0
		for i := 0; i < n; i++ {
			num, den := prior, 1/(gamma[i]+1)
			for j := 0; j < n; j++ {
				if j == i || m[i][j] == 0 {
					continue
				}
				num += w[i][j]
				den += m[i][j] / (gamma[i] + gamma[j])
			}
			next[i] = num / den
		}
		// normalise to geometric mean 1 (mean rating 0)
		lg := 0.0
		for _, g := range next {
			lg += math.Log(g)
		}
		lg /= float64(n)
		for i := range next {
			next[i] /= math.Exp(lg)
			change = math.Max(change, math.Abs(math.Log(next[i]/gamma[i])))
		}
		gamma = next
		if change < 1e-9 {
			break
		}
	}
	r := make([]float64, n)
	for i, g := range gamma {
		r[i] = 400 * math.Log10(g)
		r[i] = math.Max(-1000, math.Min(1000, r[i]))
	}
	return r
}

// String formats the crosstable: one row per player with its score against
// each opponent (points/games), total points, and rating.
func (ct Crosstable) String() string {
	n := len(ct.Names)
	r := ct.Ratings()
	w := 6
	for _, s := range ct.Names {
		w = max(w, len(s))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-3s %-*s", "#", w, "player")
	for j := 0; j < n; j++ {
		fmt.Fprintf(&sb, " %9d", j+1)
	}
	fmt.Fprintf(&sb, " %11s %6s\n", "points", "Elo")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "%-3d %-*s", i+1, w, ct.Names[i])
		for j := 0; j < n; j++ {
			if i == j {
				fmt.Fprintf(&sb, " %9s", "-")
				continue
			}
			t := ct.Pair[i][j].Total()
			fmt.Fprintf(&sb, " %9s", fmt.Sprintf("%g/%d", float64(t.Wins)+0.5*float64(t.Draws), t.Games()))
		}
		p, g := ct.Points(i)
		fmt.Fprintf(&sb, " %11s %+6.0f\n", fmt.Sprintf("%g/%d", p, g), r[i])
	}
	return sb.String()
}
