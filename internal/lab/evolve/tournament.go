package evolve

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// standing is one individual's tournament result.
type standing struct {
	Player int     // index in the population
	Score  float64 // wins + draws/2, heuristic games included
	Wins   int
	Ties   int
	Losses int
	// HScore is the part of Score won against the heuristic (HeuristicGames).
	HScore float64
	// WhiteScore is the part of Score won in games as White; WhiteGames and
	// BlackGames count the games played with each colour.
	WhiteScore             float64
	WhiteGames, BlackGames int
}

// addAs counts one game played as White (white) or Black with the given score.
func (s *standing) addAs(white bool, score float64) {
	if white {
		s.WhiteScore += score
		s.WhiteGames++
	} else {
		s.BlackGames++
	}
	s.add(score)
}

// fitness returns the quantity the ranking sorts on with White weight w
// (Config.WhiteWeight): the plain score for w = 0 (the seed), else
// 2*(w*S_white + (1-w)*S_black), which equals the plain score at w = 1/2 when
// both colours were played equally often and counts games as White only at
// w = 1.
func (s *standing) fitness(w float64) float64 {
	if w == 0 {
		return s.Score
	}
	return 2 * (w*s.WhiteScore + (1-w)*(s.Score-s.WhiteScore))
}

// maxFitness returns the fitness of winning every game counted in s.
func (s *standing) maxFitness(w float64) float64 {
	if w == 0 {
		return float64(s.WhiteGames + s.BlackGames)
	}
	return 2 * (w*float64(s.WhiteGames) + (1-w)*float64(s.BlackGames))
}

func (s *standing) add(score float64) {
	s.Score += score
	switch score {
	case 1:
		s.Wins++
	case 0:
		s.Losses++
	default:
		s.Ties++
	}
}

// rank sorts the standings best first: higher score, then more wins, then the
// smaller index, so that the ranking is a function of the results alone.
func rank(st []standing) []standing { return rankBy(st, 0) }

// rankBy is rank with the score replaced by the fitness of White weight w
// (standing.fitness); w = 0 is rank.
func rankBy(st []standing, w float64) []standing {
	r := append([]standing(nil), st...)
	sort.SliceStable(r, func(a, b int) bool {
		x, y := r[a], r[b]
		if fx, fy := x.fitness(w), y.fitness(w); fx != fy {
			return fx > fy
		}
		if x.Wins != y.Wins {
			return x.Wins > y.Wins
		}
		return x.Player < y.Player
	})
	return r
}

// formatScore writes 1, 0, 0.5 or 7.5 as the seed does (no trailing zeros for
// whole matrix entries, one decimal in the ranking).
func formatResult(v float64) string {
	switch v {
	case 1:
		return "1"
	case 0:
		return "0"
	}
	return fmt.Sprintf("%g", v)
}

// writeTables prints the match matrix (row = White, column = Black) and the
// ranking table P S W T L in the layout of the seed; the column H (score
// against the heuristic) is added when heuristic games count, and the columns
// SW (score as White) and F (the fitness ranked on) when whiteWeight is set.
func writeTables(w io.Writer, matrix [][]float64, ranked []standing, withH bool, whiteWeight float64) {
	var b strings.Builder
	n := len(matrix)
	b.WriteString("Match results (1=white, 0=black, 0.5=draw)\n\n")
	for j := 0; j < n; j++ {
		fmt.Fprintf(&b, "\t%d", j)
	}
	b.WriteString("\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%d", i)
		for j := 0; j < n; j++ {
			b.WriteString("\t")
			if i != j {
				b.WriteString(formatResult(matrix[i][j]))
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("\nRanking\n\nP\tS\tW\tT\tL")
	if withH {
		b.WriteString("\tH")
	}
	if whiteWeight != 0 {
		b.WriteString("\tSW\tF")
	}
	b.WriteString("\n")
	for _, s := range ranked {
		fmt.Fprintf(&b, "%d\t%.1f\t%d\t%d\t%d", s.Player, s.Score, s.Wins, s.Ties, s.Losses)
		if withH {
			fmt.Fprintf(&b, "\t%.1f", s.HScore)
		}
		if whiteWeight != 0 {
			fmt.Fprintf(&b, "\t%.1f\t%.2f", s.WhiteScore, s.fitness(whiteWeight))
		}
		b.WriteString("\n")
	}
	io.WriteString(w, b.String())
}
