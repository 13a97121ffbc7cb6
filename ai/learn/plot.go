package learn

import (
	"fmt"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/tablut-ai/tablut/ai/evolve"
)

// Plot writes the run's curves into its directory: loss.png (training and
// validation loss per epoch) and learning.png (the score against the
// heuristic with 95% confidence bars), once there are points to draw.
func (r *Run) Plot() error {
	if len(r.st.History) > 0 {
		p := plot.New()
		p.Title.Text = "Mean squared error of the network's value"
		p.X.Label.Text = "epoch"
		p.Y.Label.Text = "loss"
		var tr, va plotter.XYs
		for _, h := range r.st.History {
			tr = append(tr, plotter.XY{X: float64(h.Epoch), Y: h.TrainLoss})
			if h.ValLoss >= 0 {
				va = append(va, plotter.XY{X: float64(h.Epoch), Y: h.ValLoss})
			}
		}
		for _, s := range []struct {
			name string
			xy   plotter.XYs
			dash bool
		}{{"training", tr, false}, {"validation", va, true}} {
			if len(s.xy) == 0 {
				continue
			}
			l, sc, err := plotter.NewLinePoints(s.xy)
			if err != nil {
				return err
			}
			if s.dash {
				l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			}
			p.Add(l, sc)
			p.Legend.Add(s.name, l, sc)
		}
		p.Add(plotter.NewGrid())
		p.Legend.Top = true
		if err := evolve.SavePlot(p, filepath.Join(r.dir, "loss.png")); err != nil {
			return err
		}
	}
	if len(r.st.Evals) == 0 {
		return nil
	}
	c := &r.st.Config
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Network (%d nodes) against the heuristic (%d nodes), 95%% CI", c.EvalNodes, c.EvalHeuristicNodes)
	p.X.Label.Text = "epoch"
	p.Y.Label.Text = "score"
	p.Y.Min, p.Y.Max = 0, 1
	var d struct {
		plotter.XYs
		plotter.YErrors
	}
	for _, e := range r.st.Evals {
		d.XYs = append(d.XYs, plotter.XY{X: float64(e.Epoch), Y: e.Score})
		d.YErrors = append(d.YErrors, struct{ Low, High float64 }{e.Score - e.Lo, e.Hi - e.Score})
	}
	l, sc, err := plotter.NewLinePoints(d.XYs)
	if err != nil {
		return err
	}
	bars, err := plotter.NewYErrorBars(d)
	if err != nil {
		return err
	}
	half := plotter.NewFunction(func(float64) float64 { return 0.5 })
	half.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(l, sc, bars, half, plotter.NewGrid())
	return evolve.SavePlot(p, filepath.Join(r.dir, "learning.png"))
}
