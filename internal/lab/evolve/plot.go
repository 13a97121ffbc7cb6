package evolve

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"path/filepath"

	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/lab/plot"
	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// Plot writes the plots of the run so far into the run directory:
// scores.png (best, mean and worst tournament score of every generation, as a
// fraction of the maximum), learning.png (the learning curve with 95%
// confidence bars), parent.png (the parent tests, when any games were
// played) and filters.png (the first-layer filters of the current champion,
// cnn.DrawFilters).
func (t *Trainer) Plot() error {
	if len(t.st.History) > 0 {
		if err := t.plotScores(); err != nil {
			return err
		}
		if err := t.plotParents(); err != nil {
			return err
		}
	}
	if len(t.st.Evals) > 0 {
		if err := t.plotLearning(); err != nil {
			return err
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, t.Champion().DrawFilters()); err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(t.dir, "filters.png"), b.Bytes())
}

// series is one named, coloured line of a plot.
type series struct {
	name string
	xys  plotter.XYs
	col  color.Color
}

func (t *Trainer) plotScores() error {
	p := gonum.New()
	cfg := &t.st.Config
	p.Title.Text = fmt.Sprintf("Tournament scores (population %d, seed %d)", cfg.Population, cfg.Seed)
	p.X.Label.Text = "generation"
	p.Y.Label.Text = "score / maximum"
	p.Y.Min, p.Y.Max = 0, 1
	var best, mean, worst, heur plotter.XYs
	for _, r := range t.st.History {
		x := float64(r.Gen)
		best = append(best, plotter.XY{X: x, Y: r.Best / r.MaxScore})
		mean = append(mean, plotter.XY{X: x, Y: r.Mean / r.MaxScore})
		worst = append(worst, plotter.XY{X: x, Y: r.Worst / r.MaxScore})
		if len(r.HScores) > 0 && cfg.HeuristicGames > 0 {
			sum := 0.0
			for _, v := range r.HScores {
				sum += v
			}
			heur = append(heur, plotter.XY{X: x, Y: sum / float64(len(r.HScores)*cfg.HeuristicGames)})
		}
	}
	lines := []series{{"best", best, plot.Blue}, {"mean", mean, plot.Green}, {"worst", worst, plot.Red}}
	if len(heur) > 0 {
		// The population's mean score in its games against the heuristic: an
		// absolute measure, where the tournament's mean is 0.5 by construction.
		lines = append(lines, series{"mean vs heuristic", heur, plot.Purple})
	}
	for _, s := range lines {
		l, err := plotter.NewLine(s.xys)
		if err != nil {
			return err
		}
		l.Color = s.col
		p.Add(l)
		p.Legend.Add(s.name, l)
	}
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	return plot.Save(p, filepath.Join(t.dir, "scores.png"))
}

func (t *Trainer) plotLearning() error {
	p := gonum.New()
	cfg := &t.st.Config
	budget := fmt.Sprintf("depth %d", cfg.Depth)
	if cfg.Nodes > 0 {
		budget = fmt.Sprintf("%d nodes", cfg.Nodes)
		if cfg.Depth > 0 {
			budget += fmt.Sprintf(", depth %d", cfg.Depth)
		}
	}
	if cfg.HeuristicNodes > 0 {
		budget += fmt.Sprintf("; heuristic %d nodes", cfg.HeuristicNodes)
	}
	p.Title.Text = fmt.Sprintf("Champion's score against fixed references (%s, 95%% CI)", budget)
	p.X.Label.Text = "generation"
	p.Y.Label.Text = "score"
	p.Y.Min, p.Y.Max = 0, 1
	cols := map[string]color.Color{"heuristic": plot.Red, "gen0": plot.Blue}
	for i, opp := range []string{"heuristic", "gen0"} {
		var pts []plot.Score
		shift := 0.15 * float64(2*i-1) // keep the two series' bars apart
		for _, e := range t.st.Evals {
			if e.Opponent == opp {
				pts = append(pts, plot.Score{X: float64(e.Gen) + shift, Score: e.Score, Lo: e.Lo, Hi: e.Hi})
			}
		}
		if len(pts) == 0 {
			continue
		}
		if err := plot.Interval(p, "vs "+opp, pts, cols[opp]); err != nil {
			return err
		}
	}
	plot.Even(p)
	p.Legend.Top = true
	return plot.Save(p, filepath.Join(t.dir, "learning.png"))
}

// plotParents draws parent.png: every generation's parent test, the new
// champion's score against its parent with its 95% interval (a generation
// whose champion is its parent plays no games and has no point). Nothing is
// drawn before the first test with games.
func (t *Trainer) plotParents() error {
	var pts []plot.Score
	for _, r := range t.st.History {
		if p := r.Parent; p != nil && !p.Same {
			pts = append(pts, plot.Score{X: float64(r.Gen), Score: p.Score, Lo: p.Lo, Hi: p.Hi})
		}
	}
	if len(pts) == 0 {
		return nil
	}
	p := gonum.New()
	cfg := &t.st.Config
	p.Title.Text = fmt.Sprintf("New champion against its parent (%d games, 95%% CI)", cfg.ParentGames)
	p.X.Label.Text = "generation"
	p.Y.Label.Text = "score"
	p.Y.Min, p.Y.Max = 0, 1
	if err := plot.Interval(p, "", pts, plot.Blue); err != nil {
		return err
	}
	plot.Even(p)
	return plot.Save(p, filepath.Join(t.dir, "parent.png"))
}
