package curve

import (
	"fmt"
	"image/color"
	"math"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/tablut-ai/tablut/internal/lab/plot"
)

// refColours are the references' lines, weakest first (then repeating).
var refColours = []color.Color{
	color.RGBA{R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff},
	plot.Green, plot.Purple,
	color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	plot.Red,
	color.RGBA{R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
}

// Plot draws the curve into path: each rated network's Elo against the
// run's hours, with its 95% interval, and each reference's rating as a
// dashed level line named in the legend.
func (c *Curve) Plot(path string) error {
	p := gonum.New()
	p.Title.Text = fmt.Sprintf("Learning curve: the run's networks (%d nodes a move) on the references' Elo scale, 95%% CI", c.Nodes)
	p.X.Label.Text = "hours of learning"
	p.Y.Label.Text = fmt.Sprintf("Elo (%s = 0)", c.Refs[0])
	refs, _ := c.RefRatings()
	var pts []plot.Score
	xmax := 0.0
	for _, pt := range c.Points {
		r, lo, hi := c.Rating(pt)
		if math.IsNaN(r) {
			continue
		}
		x := pt.Seconds / 3600
		xmax = math.Max(xmax, x)
		pts = append(pts, plot.Score{X: x, Score: r, Lo: lo, Hi: hi})
	}
	if xmax == 0 {
		xmax = 1
	}
	for i, r := range refs {
		if math.IsNaN(r) {
			continue
		}
		line := plotter.XYs{{X: 0, Y: r}, {X: xmax, Y: r}}
		l, err := plotter.NewLine(line)
		if err != nil {
			return err
		}
		l.Color = refColours[i%len(refColours)]
		l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
		l.Width = vg.Points(1.2)
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%s (%+.0f)", c.Refs[i], r), l)
	}
	if len(pts) > 0 {
		if err := plot.Interval(p, "the run's network", pts, plot.Blue); err != nil {
			return err
		}
	}
	p.Add(plotter.NewGrid())
	p.Legend.Top = false
	p.Legend.Left = false
	return plot.Save(p, path)
}
