package match

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

func near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

func TestStats(t *testing.T) {
	var s Stats
	// 60 wins, 20 draws, 20 losses: score 0.7.
	for i := 0; i < 60; i++ {
		s.Add(i%2 == 0, 1)
	}
	for i := 0; i < 20; i++ {
		s.Add(i%2 == 0, 0.5)
		s.Add(i%2 == 1, 0)
	}
	if s.Games() != 100 || s.AsWhite.Wins != 30 || s.AsBlack.Losses != 10 {
		t.Fatalf("counts %+v", s)
	}
	if !near(s.Score(), 0.7, 1e-12) {
		t.Fatalf("score %v", s.Score())
	}
	// var = (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16; se = 0.04; d = 1.96*0.04.
	lo, hi := s.CI()
	if !near(lo, 0.7-z95*0.04, 1e-9) || !near(hi, 0.7+z95*0.04, 1e-9) {
		t.Fatalf("CI [%v, %v]", lo, hi)
	}
	d, dlo, dhi := s.Elo()
	if !near(d, -400*math.Log10(1/0.7-1), 1e-9) || !(dlo < d && d < dhi) {
		t.Fatalf("Elo %v [%v, %v]", d, dlo, dhi)
	}
	if s.Significant() != 1 {
		t.Fatal("0.7 over 100 games should be significant")
	}
	if !near(ScoreFromElo(EloFromScore(0.3)), 0.3, 1e-12) {
		t.Fatal("ScoreFromElo is not the inverse of EloFromScore")
	}
	var even Stats
	even.Add(true, 1)
	even.Add(false, 0)
	if even.Significant() != 0 || even.Score() != 0.5 {
		t.Fatal("1-1 is not significant")
	}
	if FormatElo(EloFromScore(1)) != "+inf" {
		t.Fatal("score 1 should be +inf Elo")
	}
	if !strings.Contains(s.Summary("a", "b"), "a is stronger") {
		t.Fatal(s.Summary("a", "b"))
	}
}

func TestRandomOpening(t *testing.T) {
	o1 := RandomOpening(rand.New(rand.NewPCG(1, 2)), 6)
	o2 := RandomOpening(rand.New(rand.NewPCG(1, 2)), 6)
	if len(o1) != 6 || len(o2) != 6 {
		t.Fatalf("opening lengths %d %d", len(o1), len(o2))
	}
	for i := range o1 {
		if o1[i] != o2[i] {
			t.Fatal("same seed gave different openings")
		}
	}
	c := Config{OpeningPlies: 4, Seed: 9}
	a, b, d := c.Opening(0), c.Opening(1), c.Opening(2)
	if len(a) != 4 || a[0] != b[0] || a[3] != b[3] {
		t.Fatal("games 0 and 1 should share an opening")
	}
	same := true
	for i := range a {
		same = same && a[i] == d[i]
	}
	if same {
		t.Fatal("games 0 and 2 should have different openings")
	}
}

// badPlayer plays a fixed illegal move or fails.
type badPlayer struct{ fail bool }

func (badPlayer) Name() string { return "bad" }
func (b badPlayer) Move(ctx context.Context, pos game.Position, h []uint64, _ func(ai.Info)) (ai.Result, error) {
	if b.fail {
		return ai.Result{}, errors.New("broken")
	}
	return ai.Result{Move: game.NewMove(game.Sq(4, 4), game.Sq(4, 8))}, nil
}

func TestPlayForfeitAndLimit(t *testing.T) {
	ctx := context.Background()
	r, err := Play(ctx, badPlayer{}, player.NewRandom(1), nil, 0)
	if err != nil || r.Outcome != game.BlackWins || !strings.Contains(r.Note, "illegal") {
		t.Fatalf("illegal move: %+v %v", r, err)
	}
	r, err = Play(ctx, player.NewRandom(1), badPlayer{fail: true}, nil, 0)
	if err != nil || r.Outcome != game.WhiteWins || !strings.Contains(r.Note, "forfeits") {
		t.Fatalf("failing player: %+v %v", r, err)
	}
	r, err = Play(ctx, player.NewRandom(1), player.NewRandom(2), nil, 3)
	if err != nil || !r.Adjudicated || r.Outcome != game.Draw || r.Game.Ply() != 3 || r.ScoreFor(game.White) != 0.5 {
		t.Fatalf("ply limit: %+v %v", r, err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Play(cctx, player.NewRandom(1), player.NewRandom(2), nil, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

func TestRunRecords(t *testing.T) {
	dir := t.TempDir()
	h, _ := player.ParseSpec("heuristic")
	h.Depth = 1
	r, _ := player.ParseSpec("random")
	games := 6
	if testing.Short() {
		games = 4
	}
	calls := 0
	c := Config{A: h, B: r, Games: games, OpeningPlies: 2, MaxPlies: 120, Parallel: 2, Seed: 7, RecordsDir: dir,
		OnGame: func(i int, res GameResult, aWhite bool, s Stats) { calls++ }}
	st, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if st.Games() != games || calls != games || st.AsWhite.Games() != games/2 {
		t.Fatalf("stats %+v after %d calls", st, calls)
	}
	for i := 1; i <= games; i++ {
		f, err := os.Open(filepath.Join(dir, "game-000"+string(rune('0'+i))+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		g, meta, err := game.ReadRecord(f)
		f.Close()
		if err != nil {
			t.Fatalf("record %d: %v", i, err)
		}
		want := [2]string{"heuristic", "random"}
		if i%2 == 0 {
			want = [2]string{"random", "heuristic"}
		}
		if meta.White != want[0] || meta.Black != want[1] || g.Ply() < 2 {
			t.Fatalf("record %d: %+v, %d plies", i, meta, g.Ply())
		}
	}
	// The same seed replays the same match.
	c.RecordsDir, c.OnGame = "", nil
	st2, err := Run(context.Background(), c)
	if err != nil || st2 != st {
		t.Fatalf("replay gave %+v (%v), want %+v", st2, err, st)
	}
}

func TestConfigParallel(t *testing.T) {
	h := player.Spec{Kind: player.Heuristic, MoveTime: 1}
	d := player.Spec{Kind: player.Heuristic, Depth: 2}
	if (Config{A: h, B: d}).ParallelGames() != 1 {
		t.Fatal("wall-clock matches must play one game at a time")
	}
	if (Config{A: d, B: d, Parallel: 3}).ParallelGames() != 3 {
		t.Fatal("-parallel must be obeyed")
	}
}

func TestRatings(t *testing.T) {
	ct := Crosstable{Names: []string{"a", "b", "c"}, Pair: [][]Stats{make([]Stats, 3), make([]Stats, 3), make([]Stats, 3)}}
	set := func(i, j int, w, d, l int) {
		ct.Pair[i][j] = Stats{AsWhite: WDL{w, d, l}}
		ct.Pair[j][i] = Stats{AsBlack: WDL{l, d, w}}
	}
	set(0, 1, 7, 0, 3)
	set(1, 2, 7, 0, 3)
	set(0, 2, 8, 0, 2)
	r := ct.Ratings()
	if !(r[0] > r[1] && r[1] > r[2]) || !near(r[0]+r[1]+r[2], 0, 1e-6) {
		t.Fatalf("ratings %v", r)
	}
	if p, g := ct.Points(0); p != 15 || g != 20 {
		t.Fatalf("points %v/%d", p, g)
	}
	s := ct.String()
	if !strings.Contains(s, "15/20") {
		t.Fatal(s)
	}
}

func TestTournament(t *testing.T) {
	r1 := player.Spec{Kind: player.Random}
	h := player.Spec{Kind: player.Heuristic, Depth: 1}
	tour := Tournament{Players: []player.Spec{r1, h, r1}, Base: Config{Games: 2, MaxPlies: 60, Parallel: 1, Seed: 3}}
	ct, err := tour.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if _, g := ct.Points(i); g != 4 {
			t.Fatalf("player %d played %d games", i, g)
		}
	}
}

func TestCIOneSided(t *testing.T) {
	var s Stats
	for i := 0; i < 10; i++ {
		s.Add(true, 1)
	}
	lo, hi := s.CI()
	if hi != 1 || !(lo < 1 && lo > 0.5) {
		t.Fatalf("10/0/0: CI [%v, %v]", lo, hi)
	}
	if _, dlo, _ := s.Elo(); math.IsInf(dlo, 0) {
		t.Fatal("10/0/0: lower Elo bound should be finite")
	}
}
