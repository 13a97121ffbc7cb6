//go:build !js

package cli

// The window's evolution page (ui/session) runs this command's code; this
// test, here because ui/session's tests must not build on the window,
// checks that it plays the same games.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ui/session"
)

// TestEvolutionPageMatchesTrain: the evolution page runs `tablut train`'s
// code, so for the same seed and budget its crosstable of generation 0,
// filled game by game, is the one `tablut train` plays (read from its
// games.jsonl), its ranking is train's, and the first point of its curve is
// train's learning-curve point against the heuristic.
func TestEvolutionPageMatchesTrain(t *testing.T) {
	from := "champion"
	cfg := session.EvolutionConfig(from)
	require.Equal(t, 8, cfg.Population, "the seed's population")

	var ev session.Evolution
	require.True(t, ev.Available())
	require.NoError(t, ev.Start(from))
	defer ev.Close()
	var st session.EvoState
	seen := 0 // games seen filled in, as the page polls
	deadline := time.Now().Add(5 * time.Minute)
	for st.Last == nil {
		if time.Now().After(deadline) {
			t.Fatalf("generation 0 did not finish: %+v", st)
		}
		if ev.Poll() {
			st = *ev.State()
			require.Empty(t, st.Err)
			if st.Gen == 0 {
				require.GreaterOrEqual(t, st.Games, seen, "the crosstable only fills")
				seen = st.Games
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	ev.Stop() // the machine's cores to train
	require.Positive(t, seen, "the page saw games before the generation ended")
	require.Equal(t, 1, st.Gen, "the next generation is under way")
	for i, m := range st.Members[:cfg.Parents] {
		require.Equal(t, session.EvoParent, m.Kind, "member %d", i)
	}

	dir := t.TempDir()
	args := []string{"train", "-population", fmt.Sprint(cfg.Population), "-nodes", fmt.Sprint(cfg.Nodes),
		"-seed", fmt.Sprint(cfg.Seed), "-init", from, "-eval-every", fmt.Sprint(cfg.EvalEvery),
		"-eval-games", fmt.Sprint(cfg.EvalGames), "-threads", "2", "-generations", "1", "-out", dir, "-quiet"}
	require.NoError(t, run(args))

	want := make([][]float64, cfg.Population)
	for i := range want {
		want[i] = make([]float64, cfg.Population)
		for j := range want[i] {
			want[i][j] = -1
		}
	}
	// A player's name holds its label, gGGG-I (with a prefix and suffix
	// for a residual network, "cnn:g000-3+heuristic/sided").
	label := regexp.MustCompile(`g\d+-(\d+)`)
	index := func(name string) int {
		m := label.FindStringSubmatch(name)
		require.NotNil(t, m, name)
		i, err := strconv.Atoi(m[1])
		require.NoError(t, err, name)
		return i
	}
	f, err := os.Open(filepath.Join(dir, "games.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var heur struct{ games, score float64 }
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var g struct {
			Gen          int
			Kind         string
			White, Black string
			Score        float64 `json:"white_score"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g))
		switch g.Kind {
		case "tournament":
			want[index(g.White)][index(g.Black)] = g.Score
		case "eval-heuristic":
			heur.games++
			if g.White == "heuristic" {
				heur.score += 1 - g.Score
			} else {
				heur.score += g.Score
			}
		}
	}
	require.Equal(t, want, st.LastCross, "the page's crosstable is train's")
	var gens []struct{ Ranking []int }
	b, err := os.ReadFile(filepath.Join(dir, "generations.jsonl"))
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var g struct{ Ranking []int }
		require.NoError(t, json.Unmarshal([]byte(line), &g))
		gens = append(gens, g)
	}
	require.Len(t, gens, 1)
	require.Equal(t, gens[0].Ranking, st.Last, "the page's ranking is train's")
	require.Len(t, st.Curve, 1)
	require.InDelta(t, heur.score/heur.games, st.Curve[0].Score, 1e-9, "the curve's first point is train's")
}
