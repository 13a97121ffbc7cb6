package puzzles

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// levelRating is the strength assumed for each level on the puzzle scale,
// Beginner to Master: 300 points apart, as a class apart is on lichess. The
// levels' limits are depth or node counts, so what each finds does not depend
// on the machine.
var levelRating = map[string]float64{
	"beginner": 800, "casual": 1100, "club": 1400, "expert": 1700, "master": 2000,
}

// Tries counts, per level, how many of its searches (one per seed) played
// the puzzle's first move.
type Tries struct {
	Level       string
	Found, Runs int
}

// tryLevels runs every level (or those in only) with seeds seed, seed+1, ... on start and counts
// how often it plays first.
func tryLevels(ctx context.Context, start game.Position, first game.Move, seed uint64, seeds int, only []string) ([]Tries, error) {
	var out []Tries
	for _, l := range player.Levels {
		if len(only) > 0 && !slices.Contains(only, l.Name) {
			continue
		}
		spec, err := player.ParseSpec(player.LevelKind + ":" + l.Name)
		if err != nil {
			return nil, err
		}
		t := Tries{Level: l.Name}
		runs := seeds
		if l.Noise == 0 && runs > 1 {
			// Without noise the seed only breaks ties between equal moves:
			// two runs show whether there is a tie that matters.
			runs = 2
		}
		for s := 0; s < runs; s++ {
			spec.Seed = seed + uint64(s)
			spec.Threads = 1
			pl, err := player.New(spec)
			if err != nil {
				return nil, fmt.Errorf("level %s: %v", l.Name, err)
			}
			res, err := pl.Move(ctx, start, []uint64{start.Hash()}, nil)
			if err != nil {
				return nil, err
			}
			t.Runs++
			if res.Move == first {
				t.Found++
			}
		}
		out = append(out, t)
	}
	return out, nil
}

// Rating turns what the levels found and the depth into a rating on a
// lichess-like scale. As on lichess, a solver rated L solves a puzzle rated R
// with probability 1/(1+10^((R-L)/400)); each level's search is one such
// solver at its assumed rating, and the depth gives the prior (a normal
// distribution centred on 700 + 300 per move beyond the first, standard
// deviation 350): the rating is the most likely one, searched on a grid of
// 5 points and kept within 600..2400.
func Rating(depth int, tries []Tries) int {
	prior := 700 + 300*float64(depth-1)
	best, bestLL := 600.0, math.Inf(-1)
	for r := 600.0; r <= 2400; r += 5 {
		ll := -0.5 * math.Pow((r-prior)/350, 2)
		for _, t := range tries {
			lr, ok := levelRating[t.Level]
			if !ok {
				continue
			}
			p := 1 / (1 + math.Pow(10, (r-lr)/400))
			ll += float64(t.Found)*math.Log(p) + float64(t.Runs-t.Found)*math.Log(1-p)
		}
		if ll > bestLL {
			best, bestLL = r, ll
		}
	}
	return int(best)
}
