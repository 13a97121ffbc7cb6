package evolve

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"path/filepath"

	"github.com/tablut-ai/tablut/internal/atomicfile"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Plot writes the plots of the run so far into the run directory:
// scores.png (best, mean and worst tournament score of every generation, as a
// fraction of the maximum), learning.png (the learning curve with 95%
// confidence bars) and filters.png (the first-layer filters of the current
// champion, cnn.DrawFilters).
func (t *Trainer) Plot() error {
	if len(t.st.History) > 0 {
		if err := t.plotScores(); err != nil {
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

var (
	colBest  = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	colMean  = color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}
	colWorst = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	colHeur  = color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff}
)

// series is one named, coloured line of a plot.
type series struct {
	name string
	xys  plotter.XYs
	col  color.Color
}

func (t *Trainer) plotScores() error {
	p := plot.New()
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
	lines := []series{{"best", best, colBest}, {"mean", mean, colMean}, {"worst", worst, colWorst}}
	if len(heur) > 0 {
		// The population's mean score in its games against the heuristic: an
		// absolute measure, where the tournament's mean is 0.5 by construction.
		lines = append(lines, series{"mean vs heuristic", heur, colHeur})
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
	return SavePlot(p, filepath.Join(t.dir, "scores.png"))
}

// ciPoints are learning-curve points with asymmetric error bars.
type ciPoints struct {
	plotter.XYs
	plotter.YErrors
}

func (t *Trainer) plotLearning() error {
	p := plot.New()
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
	cols := map[string]color.Color{"heuristic": colWorst, "gen0": colBest}
	for i, opp := range []string{"heuristic", "gen0"} {
		var d ciPoints
		shift := 0.15 * float64(2*i-1) // keep the two series' bars apart
		for _, e := range t.st.Evals {
			if e.Opponent != opp {
				continue
			}
			d.XYs = append(d.XYs, plotter.XY{X: float64(e.Gen) + shift, Y: e.Score})
			d.YErrors = append(d.YErrors, struct{ Low, High float64 }{e.Score - e.Lo, e.Hi - e.Score})
		}
		if len(d.XYs) == 0 {
			continue
		}
		l, sc, err := plotter.NewLinePoints(d.XYs)
		if err != nil {
			return err
		}
		l.Color, sc.Color = cols[opp], cols[opp]
		bars, err := plotter.NewYErrorBars(d)
		if err != nil {
			return err
		}
		bars.Color = cols[opp]
		p.Add(l, sc, bars)
		p.Legend.Add("vs "+opp, l, sc)
	}
	half := plotter.NewFunction(func(float64) float64 { return 0.5 })
	half.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(half, plotter.NewGrid())
	p.Legend.Top = true
	return SavePlot(p, filepath.Join(t.dir, "learning.png"))
}

// SavePlot renders p as an 8x5 inch PNG and writes it to path atomically
// (package learn draws its curves with it too).
func SavePlot(p *plot.Plot, path string) error {
	w, err := p.WriterTo(8*vg.Inch, 5*vg.Inch, "png")
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if _, err := w.WriteTo(&b); err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(path, b.Bytes()); err != nil {
		return fmt.Errorf("cannot write plot %s: %w", path, err)
	}
	return nil
}
