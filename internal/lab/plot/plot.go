// Package plot draws the lab's curves as PNG files: the training runs' losses,
// tournament scores and learning curves with 95% confidence bars. It wraps
// gonum's plot package, so that every run draws its figures the same way.
//
//   - plot.go: Save (an 8x5 inch PNG, written atomically), Line (a named,
//     coloured series), Interval (a curve of scores with asymmetric error bars)
//     and Even (the dashed 0.5 line a score is read against).
package plot

import (
	"bytes"
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/tablut-ai/tablut/internal/atomicfile"
)

// Colours of the lab's series, from matplotlib's default cycle so that the
// figures of every run look alike.
var (
	Blue   = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	Green  = color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}
	Red    = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	Purple = color.RGBA{R: 0x94, G: 0x67, B: 0xbd, A: 0xff}
)

// Save renders p as an 8x5 inch PNG and writes it to path atomically.
func Save(p *plot.Plot, path string) error {
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

// Line adds a named line of points to p in colour col (nil: gonum's default),
// dashed if dash, with its entry in the legend.
func Line(p *plot.Plot, name string, xys plotter.XYs, col color.Color, dash bool) error {
	l, sc, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	if col != nil {
		l.Color, sc.Color = col, col
	}
	if dash {
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	p.Add(l, sc)
	p.Legend.Add(name, l, sc)
	return nil
}

// Score is one point of a learning curve: a score at x and its 95% interval.
type Score struct {
	X, Score, Lo, Hi float64
}

// Interval adds a curve of scores with their confidence bars to p in colour
// col (nil: gonum's default), named in the legend unless name is empty.
func Interval(p *plot.Plot, name string, pts []Score, col color.Color) error {
	var d struct {
		plotter.XYs
		plotter.YErrors
	}
	for _, s := range pts {
		d.XYs = append(d.XYs, plotter.XY{X: s.X, Y: s.Score})
		d.YErrors = append(d.YErrors, struct{ Low, High float64 }{s.Score - s.Lo, s.Hi - s.Score})
	}
	l, sc, err := plotter.NewLinePoints(d.XYs)
	if err != nil {
		return err
	}
	bars, err := plotter.NewYErrorBars(d)
	if err != nil {
		return err
	}
	if col != nil {
		l.Color, sc.Color, bars.Color = col, col, col
	}
	p.Add(l, sc, bars)
	if name != "" {
		p.Legend.Add(name, l, sc)
	}
	return nil
}

// Even adds the dashed line at score 0.5 (an even match) and a grid to p.
func Even(p *plot.Plot) {
	half := plotter.NewFunction(func(float64) float64 { return 0.5 })
	half.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(half, plotter.NewGrid())
}
