package plot

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// TestSaveDrawsEveryPart: a plot with a line, a curve with bars and the even
// line is saved as an 8x5 inch PNG, and a path in a missing folder is one
// error naming the plot.
func TestSaveDrawsEveryPart(t *testing.T) {
	p := gonum.New()
	require.NoError(t, Line(p, "loss", plotter.XYs{{X: 1, Y: 2}, {X: 2, Y: 1}}, Blue, true))
	require.NoError(t, Interval(p, "score", []Score{{X: 1, Score: 0.4, Lo: 0.3, Hi: 0.5}, {X: 2, Score: 0.6, Lo: 0.5, Hi: 0.7}}, Red))
	Even(p)
	path := filepath.Join(t.TempDir(), "curve.png")
	require.NoError(t, Save(p, path))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	b := img.Bounds()
	require.Equal(t, 8*96, b.Dx(), "8 inches at gonum's default 96 dpi")
	require.Equal(t, 5*96, b.Dy())
	err = Save(p, filepath.Join(t.TempDir(), "missing", "curve.png"))
	require.ErrorContains(t, err, "cannot write plot")
}
