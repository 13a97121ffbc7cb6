package evolve

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/internal/lab/match"
)

// crossStandings tallies a hand-made crosstable (row = White, column = Black,
// White's score) the way the trainer tallies a generation's games.
func crossStandings(m [][]float64) []standing {
	st := make([]standing, len(m))
	for i := range st {
		st[i].Player = i
	}
	for i := range m {
		for j := range m {
			if i != j {
				st[i].addAs(true, m[i][j])
				st[j].addAs(false, 1-m[i][j])
			}
		}
	}
	return st
}

func players(r []standing) []int {
	var out []int
	for _, s := range r {
		out = append(out, s.Player)
	}
	return out
}

// TestWhiteWeightedRanking: on a crosstable in which Black wins most games,
// the seed's count ranks by total points, while a White-weighted fitness
// ranks first the player that wins as White; the default weight ranks as rank
// does.
func TestWhiteWeightedRanking(t *testing.T) {
	// Totals: 0: 0.5 as White + 2 as Black = 2.5; 1: 3 + 3 = 6; 2: 1 + 2 =
	// 3; 3: 0 + 0.5 = 0.5.
	m := [][]float64{
		{0, 0, 0, 0.5},
		{1, 0, 1, 1},
		{0, 0, 0, 1},
		{0, 0, 0, 0},
	}
	st := crossStandings(m)
	for i, s := range st {
		white, black := 0.0, 0.0
		for j := range m {
			if j != i {
				white += m[i][j]
				black += 1 - m[j][i]
			}
		}
		if s.WhiteScore != white || s.Score != white+black || s.WhiteGames != 3 || s.BlackGames != 3 {
			t.Fatalf("player %d: %+v, want %v as White and %v in all", i, s, white, white+black)
		}
	}
	if got, want := players(rankBy(st, 0)), players(rank(st)); !slices.Equal(got, want) {
		t.Errorf("weight 0 ranks %v, rank gives %v", got, want)
	}
	if got, want := players(rank(st)), []int{1, 2, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("seed ranking %v, want %v", got, want)
	}
	// A table in which the seed's count puts a strong Black (0) before a
	// stronger White (2), and the White weight the other way round.
	m = [][]float64{
		{0, 0, 0, 0},
		{0, 0, 1, 1},
		{0, 0, 0, 1},
		{0, 0, 0, 0},
	}
	// 0: White 0, Black 3 (it beats everyone as Black) -> 3, fitness(1) 0.
	// 1: White 2, Black 3 -> 5.
	// 2: White 1, Black 2 -> 3, fitness(1) 2.
	// 3: White 0, Black 1 -> 1.
	st = crossStandings(m)
	if got, want := players(rank(st)), []int{1, 0, 2, 3}; !slices.Equal(got, want) {
		t.Errorf("seed ranking %v, want %v (0 and 2 level on points and wins: the smaller index)", got, want)
	}
	if got, want := players(rankBy(st, 1)), []int{1, 2, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("White-only ranking %v, want %v", got, want)
	}
	if got, want := players(rankBy(st, 0.75)), []int{1, 2, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("ranking at White weight 0.75 %v, want %v", got, want)
	}
	for _, c := range []struct {
		player    int
		w, fit, m float64
	}{
		{0, 1, 0, 6}, {2, 1, 2, 6}, {2, 0.75, 2 * (0.75*1 + 0.25*2), 6}, {2, 0.5, 3, 6}, {2, 0, 3, 6},
	} {
		if got := st[c.player].fitness(c.w); math.Abs(got-c.fit) > 1e-12 {
			t.Errorf("player %d at weight %v: fitness %v, want %v", c.player, c.w, got, c.fit)
		}
		if got := st[c.player].maxFitness(c.w); got != c.m {
			t.Errorf("weight %v: max fitness %v, want %v", c.w, got, c.m)
		}
	}
}

// TestDefaultRecordUnchanged: without the new options a generation's record
// ranks by points, then wins, then index, as the seed's schedule does, and
// carries none of the new fields.
func TestDefaultRecordUnchanged(t *testing.T) {
	dir := t.TempDir()
	tr, err := start(tinyConfig(2), dir)
	if err != nil {
		t.Fatal(err)
	}
	run(t, tr)
	for _, r := range tr.History() {
		want := []int{0, 1, 2, 3}
		slices.SortStableFunc(want, func(a, b int) int {
			switch {
			case r.Scores[a] != r.Scores[b]:
				return map[bool]int{true: -1, false: 1}[r.Scores[a] > r.Scores[b]]
			case r.Wins[a] != r.Wins[b]:
				return map[bool]int{true: -1, false: 1}[r.Wins[a] > r.Wins[b]]
			}
			return a - b
		})
		if !slices.Equal(r.Ranking, want) {
			t.Errorf("generation %d ranks %v, want %v by points, wins, index", r.Gen, r.Ranking, want)
		}
		if r.Best != r.Scores[r.Ranking[0]] || r.MaxScore != 6 || r.Fitness != nil || r.WhiteScores != nil || r.Parent != nil {
			t.Errorf("generation %d: best %v of %v, fitness %v, parent %v", r.Gen, r.Best, r.MaxScore, r.Fitness, r.Parent)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, gensLog))
	for _, f := range []string{"fitness", "white_scores", "parent_test"} {
		if bytes.Contains(b, []byte(f)) {
			t.Errorf("%s of a default run holds %q", gensLog, f)
		}
	}
}

// TestParentTestStatistics: the verdict and interval on known results. 15
// wins and 5 losses in 20 games score 0.75 with per-game variance 3/16, so
// the interval is 0.75 +- 1.96*sqrt(3/16/20) = [0.560, 0.940], above 1/2.
func TestParentTestStatistics(t *testing.T) {
	stats := func(w, d, l int) match.Stats {
		var s match.Stats
		for k := range w + d + l {
			score := 0.0
			switch {
			case k < w:
				score = 1
			case k < w+d:
				score = 0.5
			}
			s.Add(k%2 == 0, score)
		}
		return s
	}
	for _, c := range []struct {
		w, d, l       int
		score, lo, hi float64
		beats         bool
	}{
		{15, 0, 5, 0.75, 0.560230, 0.939770, true},
		{12, 0, 8, 0.6, 0.385297, 0.814703, false},
		{10, 20, 10, 0.5, 0.345, 0.655, false},
		{30, 10, 0, 0.875, 0.8, 0.95, true},
	} {
		p := newParentTest("c", "p", stats(c.w, c.d, c.l))
		if c.w == 10 || c.w == 30 {
			// Computed here rather than by hand: the same formula.
			n := float64(c.w + c.d + c.l)
			v := (float64(c.w)*(1-c.score)*(1-c.score) + float64(c.d)*(0.5-c.score)*(0.5-c.score) + float64(c.l)*c.score*c.score) / n
			h := 1.959963984540054 * math.Sqrt(v/n)
			c.lo, c.hi = c.score-h, c.score+h
		}
		if p.Games != c.w+c.d+c.l || p.Wins != c.w || p.Draws != c.d || p.Losses != c.l || p.Score != c.score ||
			math.Abs(p.Lo-c.lo) > 1e-5 || math.Abs(p.Hi-c.hi) > 1e-5 || p.Beats != c.beats {
			t.Errorf("%d/%d/%d: %+v, want score %v [%.6f, %.6f] beats %v", c.w, c.d, c.l, p, c.score, c.lo, c.hi, c.beats)
		}
		if p.WhiteWins+p.WhiteDraws+p.WhiteLosses != p.Games/2 {
			t.Errorf("%d/%d/%d: %d games as White of %d", c.w, c.d, c.l, p.WhiteWins+p.WhiteDraws+p.WhiteLosses, p.Games)
		}
		if line := p.String(); strings.Contains(line, "does not") == c.beats {
			t.Errorf("%d/%d/%d: printed %q", c.w, c.d, c.l, line)
		}
	}
	if p := newParentTest("c", "p", match.Stats{}); p.Beats {
		t.Error("no games beat the parent")
	}
}

// TestResumeDuringParentGames: a run with a White-weighted fitness and the
// parent test, killed in the middle of a parent test and resumed, ends like
// the uninterrupted run: same population, same games, same parent tests.
func TestResumeDuringParentGames(t *testing.T) {
	cfg := tinyConfig(3)
	cfg.WhiteWeight = 0.75
	cfg.HeuristicGames, cfg.HeuristicWhite, cfg.HeuristicNodes = 2, true, 300
	cfg.ParentGames = 4
	cfg.Init = "test"
	init := cnn.NewRandom(newRand(99, 1), 0.2)
	init.Label = "test"

	full, err := StartFrom(cfg, t.TempDir(), init, false)
	if err != nil {
		t.Fatal(err)
	}
	run(t, full)
	want := populationBytes(full)
	played := 0
	for _, r := range full.History() {
		if r.Parent == nil {
			t.Fatalf("generation %d has no parent test", r.Gen)
		}
		if !r.Parent.Same {
			played++
			if r.Parent.Games != 4 || r.Parent.Parent != r.Players[0] || r.Parent.Champion != r.Champion {
				t.Errorf("generation %d: parent test %+v, players %v", r.Gen, r.Parent, r.Players)
			}
		} else if r.Champion != r.Players[0] {
			t.Errorf("generation %d: champion %s is not its parent %s", r.Gen, r.Champion, r.Players[0])
		}
		if len(r.Fitness) != cfg.Population || r.MaxScore != 2*(0.75*(3+2)+0.25*3) {
			t.Errorf("generation %d: fitness %v of %v", r.Gen, r.Fitness, r.MaxScore)
		}
	}
	if played == 0 {
		t.Fatal("no generation played a parent test; the test cannot interrupt one")
	}
	if _, err := os.Stat(filepath.Join(full.Dir(), "parent.png")); err != nil {
		t.Error(err)
	}
	b, _ := os.ReadFile(filepath.Join(full.Dir(), tables))
	if !strings.Contains(string(b), "Parent tests") || !strings.Contains(string(b), "\tSW\tF") {
		t.Errorf("%s lacks the parent tests or the fitness columns", tables)
	}

	dir := t.TempDir()
	tr, err := StartFrom(cfg, dir, init, false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	killedAt, seen := -1, 0
	tr.Game = func(g GameReport) {
		if g.Kind == "parent" {
			if seen++; seen == played*cfg.ParentGames-2 && killedAt < 0 { // in the middle of the last test
				killedAt = g.Gen
				cancel()
			}
		}
	}
	if err := tr.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run returned %v, want context.Canceled", err)
	}
	tr.Close()
	if killedAt < 0 {
		t.Fatal("the run was not interrupted during a parent test")
	}
	if tr, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	if tr.Generation() != killedAt {
		t.Fatalf("resumed at generation %d, want %d", tr.Generation(), killedAt)
	}
	run(t, tr)
	if !slices.Equal(populationBytes(tr), want) {
		t.Fatal("a run interrupted during a parent test and resumed differs from an uninterrupted run")
	}
	for i, r := range tr.History() {
		if got, want := *r.Parent, *full.History()[i].Parent; got != want {
			t.Errorf("generation %d: parent test %+v after the resume, %+v uninterrupted", i, got, want)
		}
	}
	for _, name := range []string{gamesLog, evalsLog} {
		want, _ := os.ReadFile(filepath.Join(full.Dir(), name))
		got, _ := os.ReadFile(filepath.Join(dir, name))
		if !bytes.Equal(got, want) {
			t.Errorf("%s after the resume differs from the uninterrupted run's", name)
		}
	}
}

// TestFitnessAndParentBounds: the new options are checked like the others.
func TestFitnessAndParentBounds(t *testing.T) {
	for name, c := range map[string]struct {
		edit func(*Config)
		want string
	}{
		"negative white weight":     {func(c *Config) { c.WhiteWeight = -0.1 }, "white weight"},
		"white weight above 1":      {func(c *Config) { c.WhiteWeight = 1.5 }, "white weight"},
		"NaN white weight":          {func(c *Config) { c.WhiteWeight = math.NaN() }, "white weight"},
		"odd parent games":          {func(c *Config) { c.ParentGames = 3 }, "parent games"},
		"negative parent games":     {func(c *Config) { c.ParentGames = -2 }, "parent games"},
		"huge parent games":         {func(c *Config) { c.ParentGames = 1 << 30 }, "parent games"},
		"heuristic white, no games": {func(c *Config) { c.HeuristicWhite = true }, "heuristic-games"},
	} {
		cfg := tinyConfig(1)
		c.edit(&cfg)
		err := cfg.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", name, err, c.want)
		}
	}
	for _, edit := range []func(*Config){
		func(c *Config) { c.WhiteWeight = 1 },
		func(c *Config) { c.WhiteWeight = 0.5 },
		func(c *Config) { c.ParentGames = 40 },
		func(c *Config) { c.HeuristicGames, c.HeuristicWhite = 3, true },
	} {
		cfg := tinyConfig(1)
		edit(&cfg)
		if err := cfg.Validate(); err != nil {
			t.Errorf("%+v refused: %v", cfg, err)
		}
	}
	cfg := tinyConfig(3)
	cfg.ParentGames = 10
	if got, want := cfg.TotalGames(1), 2*(12+10+2*cfg.EvalGames); got != want {
		t.Errorf("TotalGames = %d, want %d", got, want)
	}
}
