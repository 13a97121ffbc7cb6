package evolve

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/tablut-ai/tablut/internal/lab/match"
)

// ParentTest is the parent test of one generation (Config.ParentGames): its
// new champion against its parent, the individual in slot 0 of the
// generation (the previous generation's champion, or the Init network in
// generation 0). Counts and scores are the champion's.
type ParentTest struct {
	Champion string `json:"champion"`
	Parent   string `json:"parent"`
	// Same is set when the generation's champion is its parent: no games are
	// played and the other fields stay zero.
	Same   bool `json:"same,omitempty"`
	Games  int  `json:"games"`
	Wins   int  `json:"wins"`
	Draws  int  `json:"draws"`
	Losses int  `json:"losses"`
	// WhiteWins, WhiteDraws and WhiteLosses are the champion's record in the
	// games it played as White.
	WhiteWins   int     `json:"white_wins"`
	WhiteDraws  int     `json:"white_draws"`
	WhiteLosses int     `json:"white_losses"`
	Score       float64 `json:"score"`
	// Lo and Hi bound the 95% interval of Score by the normal approximation
	// over single games (match.Stats.GameCI).
	Lo float64 `json:"ci_low"`
	Hi float64 `json:"ci_high"`
	// Beats is Lo > 1/2: the champion is stronger than its parent at 95%.
	Beats bool `json:"beats"`
}

// newParentTest summarises the champion's games against its parent, s being
// counted from the champion's point of view.
func newParentTest(champion, parent string, s match.Stats) ParentTest {
	lo, hi := s.GameCI()
	t, w := s.Total(), s.AsWhite
	return ParentTest{Champion: champion, Parent: parent, Games: t.Games(), Wins: t.Wins, Draws: t.Draws, Losses: t.Losses,
		WhiteWins: w.Wins, WhiteDraws: w.Draws, WhiteLosses: w.Losses,
		Score: s.Score(), Lo: lo, Hi: hi, Beats: t.Games() > 0 && lo > 0.5}
}

// String writes the test as one line of the printed tables.
func (p ParentTest) String() string {
	if p.Same {
		return fmt.Sprintf("Parent test: the champion is its parent %s (no games)", p.Parent)
	}
	verdict := "does not beat"
	if p.Beats {
		verdict = "beats"
	}
	return fmt.Sprintf("Parent test: %s vs %s: %.3f [%.3f, %.3f] over %d games (+%d =%d -%d; as White +%d =%d -%d): %s its parent at 95%%",
		p.Champion, p.Parent, p.Score, p.Lo, p.Hi, p.Games, p.Wins, p.Draws, p.Losses,
		p.WhiteWins, p.WhiteDraws, p.WhiteLosses, verdict)
}

// parentTest plays the parent test of generation g, whose champion is the
// individual champ: nil when the test is off or the generation has no parent
// (generation 0 of a run without Init). The games' openings and searcher
// seeds derive from (seed, generation, game), so a replayed generation plays
// the same games.
func (t *Trainer) parentTest(ctx context.Context, g, champ int, lines *bytes.Buffer, report func(int)) (*ParentTest, error) {
	cfg := &t.st.Config
	if cfg.ParentGames == 0 || g == 0 && cfg.Init == "" {
		return nil, nil
	}
	c, p := t.pop[champ], t.pop[0]
	if champ == 0 {
		return &ParentTest{Champion: c.Net.Label, Parent: p.Net.Label, Same: true}, nil
	}
	ce, pe := t.eval(c.Net), t.eval(p.Net)
	jobs := make([]job, cfg.ParentGames)
	for k := range jobs {
		jb := job{
			kind:    "parent",
			opening: randomOpening(newRand(cfg.Seed, streamParent, uint64(g), uint64(k/2)), cfg.Openings),
			seed:    derive(cfg.Seed, streamParent, uint64(g), uint64(k), 1),
		}
		if k%2 == 0 {
			jb.white, jb.black, jb.wi, jb.bi = ce, pe, champ, 0
		} else {
			jb.white, jb.black, jb.wi, jb.bi = pe, ce, 0, champ
		}
		jobs[k] = jb
	}
	results, err := t.play(ctx, g, jobs, report)
	if err != nil {
		return nil, err
	}
	var s match.Stats
	for k := 0; k < len(jobs); k += 2 {
		a, b := results[k].whiteScore(), 1-results[k+1].whiteScore()
		s.Add(true, a)
		s.Add(false, b)
		s.AddPair(a + b)
		writeGameLine(lines, g, jobs[k], results[k])
		writeGameLine(lines, g, jobs[k+1], results[k+1])
	}
	pt := newParentTest(c.Net.Label, p.Net.Label, s)
	return &pt, nil
}

// parentTableEvery is how often (in generations) the printed tables repeat
// the whole table of parent tests; it is printed after the last generation
// too, and each generation prints its own test's line.
const parentTableEvery = 10

// writeParentTable prints the parent tests of the generations so far, one line
// each, after a generation's tables.
func writeParentTable(w io.Writer, hist []GenRecord) {
	fmt.Fprintf(w, "\nParent tests\n\ngen\tchampion\tparent\tgames\tscore\t95%% CI\t\tbeats\n")
	for _, r := range hist {
		p := r.Parent
		switch {
		case p == nil:
			continue
		case p.Same:
			fmt.Fprintf(w, "%d\t%s\t%s\t0\t-\t-\t\tunchanged\n", r.Gen, p.Champion, p.Parent)
		default:
			fmt.Fprintf(w, "%d\t%s\t%s\t%d\t%.3f\t[%.3f, %.3f]\t%v\n", r.Gen, p.Champion, p.Parent, p.Games, p.Score, p.Lo, p.Hi, p.Beats)
		}
	}
}
