package disagree

import (
	"bufio"
	"fmt"
	"io"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/lab/match"
)

// tableOrder is the order of the verdicts in the report's table.
var tableOrder = []Verdict{Agree, Even, NetRight, HeuristicRight, RefereeEven}

// WriteMarkdown writes the report as Markdown: how it was made, the counts of
// every verdict, then each chosen position with its board, side to move, the
// three scores, the referee's best move, depth and line, and an explanation
// when one can be read off the line (Explain).
func (r *Report) WriteMarkdown(w io.Writer) error {
	b := bufio.NewWriter(w)
	cfg := r.Config
	fmt.Fprintf(b, "# Where %s and the heuristic disagree\n\n", r.Net)
	if r.Command != "" {
		fmt.Fprintf(b, "Made with `%s`", r.Command)
		if r.NetPath != "" {
			fmt.Fprintf(b, " (network run on the %s path)", r.NetPath)
		}
		fmt.Fprint(b, ".\n\n")
	}
	maxPlies := cfg.MaxPlies
	if maxPlies <= 0 {
		maxPlies = match.DefaultMaxPlies
	}
	fmt.Fprintf(b, "The positions: every position of %d self-play games of the hand-made heuristic "+
		"(%d nodes a move, %d random opening plies, at most %d plies, seed %d) before each move: %d positions.\n\n",
		cfg.Games, cfg.Nodes, cfg.OpeningPlies, maxPlies, cfg.Seed, r.Positions)
	units := "the network's score is 10000 times its output"
	if cfg.Residual {
		units = "a residual network: the hand-made heuristic, with the file's own weights when it carries them, plus the network's correction"
	}
	fmt.Fprintf(b, "Each is scored by %s as an engine playing it would (%s) "+
		"and by the heuristic (its own units: a white pawn 150, a black pawn 75), both from White's point of view. "+
		"A score within %d of zero for the network, %d for the heuristic and the referee, counts as about even: "+
		"one black pawn's worth. Where the two name different sides as better, the referee decides: "+
		"a deterministic one-thread search of the heuristic, %d nodes, of the position alone (no game history). "+
		"The referee is the heuristic itself looking deeper, so \"right\" means \"sees what the heuristic sees only after a deep search\".\n\n",
		r.Net, units, cfg.NetDeadZone(), heuristicDeadZone, cfg.RefereeNodes)

	fmt.Fprintln(b, "| verdict | positions | share |")
	fmt.Fprintln(b, "|---|---:|---:|")
	for _, v := range tableOrder {
		fmt.Fprintf(b, "| %s | %d | %s |\n", v, r.Counts[v], share(r.Counts[v], r.Positions))
	}
	fmt.Fprintf(b, "| all positions | %d | |\n\n", r.Positions)
	decided := r.Counts[NetRight] + r.Counts[HeuristicRight]
	if decided > 0 {
		fmt.Fprintf(b, "Of the %d disagreements the referee decided, the network was right in %d (%s).\n\n",
			decided, r.Counts[NetRight], share(r.Counts[NetRight], decided))
	}

	if len(r.Chosen) == 0 {
		fmt.Fprintln(b, "No position where the network is right and the heuristic wrong.")
		return b.Flush()
	}
	fmt.Fprintf(b, "## Where the network is right\n\n"+
		"The clearest %d (the referee's margin first; at most one position per game).\n", len(r.Chosen))
	for i, c := range r.Chosen {
		fmt.Fprintf(b, "\n### %d. Game %d, after ply %d: %v to move\n\n", i+1, c.Game, c.Ply, c.Pos.SideToMove())
		fmt.Fprintf(b, "```\n%s```\n\n", c.Pos.Diagram())
		fmt.Fprintf(b, "- network: %s\n", staticScore(c.Net, cfg.NetDeadZone()))
		fmt.Fprintf(b, "- heuristic: %s\n", staticScore(c.Heuristic, heuristicDeadZone))
		fmt.Fprintf(b, "- referee: %s; best move %v, depth %d; line: %s\n",
			refereeScore(c.Referee.Score), c.Referee.Move, c.Referee.Depth, line(c.Referee.PV))
		if e := explain(c); e != "" {
			fmt.Fprintf(b, "- why: %s\n", e)
		}
	}
	return b.Flush()
}

// share is n out of total as a percentage.
func share(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(total))
}

// staticScore writes a static score with its reading, e.g. "+2345 (White better)".
func staticScore(score, dead int32) string {
	return fmt.Sprintf("%+d (%s)", score, reading(score, dead))
}

func reading(score, dead int32) string {
	switch side(score, dead) {
	case 1:
		return "White better"
	case -1:
		return "Black better"
	}
	return "about even"
}

// refereeScore writes a search score: a proven win in words, else as staticScore.
func refereeScore(score int32) string {
	if w, n, ok := ai.ProvenWin(score); ok {
		if n < 0 {
			return fmt.Sprintf("%v wins (score %+d)", w, score)
		}
		return fmt.Sprintf("%v wins in %d %s (score %+d)", w, n, plural(n, "move"), score)
	}
	return staticScore(score, heuristicDeadZone)
}

// line writes a principal variation, "-" when empty.
func line(pv []game.Move) string {
	if len(pv) == 0 {
		return "-"
	}
	return game.MoveList(pv)
}
