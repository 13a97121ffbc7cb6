package learn

import (
	"fmt"
	"image/color"
	"path/filepath"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/tablut-ai/tablut/internal/lab/plot"
)

// Plot writes the run's curves into its directory: loss.png (training and
// validation loss per epoch, the TreeStrap rounds' epochs as their own
// line) and learning.png (the score against the
// heuristic with 95% confidence bars), once there are points to draw.
func (r *Run) Plot() error {
	if len(r.st.History) > 0 {
		p := gonum.New()
		p.Title.Text = "Mean squared error of the network's value"
		p.X.Label.Text = "epoch"
		p.Y.Label.Text = "loss"
		var tr, tt, va plotter.XYs
		for _, h := range r.st.History {
			if h.Tree > 0 {
				tt = append(tt, plotter.XY{X: float64(h.Epoch), Y: h.TrainLoss})
			} else {
				tr = append(tr, plotter.XY{X: float64(h.Epoch), Y: h.TrainLoss})
			}
			if h.ValLoss >= 0 {
				va = append(va, plotter.XY{X: float64(h.Epoch), Y: h.ValLoss})
			}
		}
		if len(tr) > 0 {
			if err := plot.Line(p, "training", tr, nil, false); err != nil {
				return err
			}
		}
		if len(tt) > 0 {
			// TreeStrap rounds' epochs: bounds count on their wrong side only.
			if err := plot.Line(p, "training, TreeStrap rounds (one-sided)", tt, color.RGBA{R: 0xc0, G: 0x30, B: 0x20, A: 0xff}, false); err != nil {
				return err
			}
		}
		if len(va) > 0 {
			if err := plot.Line(p, "validation", va, nil, true); err != nil {
				return err
			}
		}
		p.Add(plotter.NewGrid())
		p.Legend.Top = true
		if err := plot.Save(p, filepath.Join(r.dir, "loss.png")); err != nil {
			return err
		}
	}
	if len(r.st.Evals) == 0 {
		return nil
	}
	c := &r.st.Config
	p := gonum.New()
	p.Title.Text = fmt.Sprintf("Network (%d nodes) against the heuristic (%d nodes), 95%% CI", c.EvalNodes, c.EvalHeuristicNodes)
	p.X.Label.Text = "epoch"
	p.Y.Label.Text = "score"
	p.Y.Min, p.Y.Max = 0, 1
	var pts []plot.Score
	for _, e := range r.st.Evals {
		pts = append(pts, plot.Score{X: float64(e.Epoch), Score: e.Score, Lo: e.Lo, Hi: e.Hi})
	}
	if err := plot.Interval(p, "", pts, nil); err != nil {
		return err
	}
	plot.Even(p)
	return plot.Save(p, filepath.Join(r.dir, "learning.png"))
}
