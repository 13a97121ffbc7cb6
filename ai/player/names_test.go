package player

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/weights"
)

// TestShippedNets: the list is the weights package's, every name on it is a
// valid player and is shipped, and a name not on it is not.
func TestShippedNets(t *testing.T) {
	names := ShippedNets()
	assert.Equal(t, weights.Names(), names)
	for _, n := range names {
		assert.True(t, IsShippedNet(n), n)
		_, err := ParseSpec(CNN + ":" + n)
		assert.NoError(t, err, n)
	}
	assert.False(t, IsShippedNet("no-such-network"))
	assert.False(t, IsShippedNet(""))
}

// TestFilterPicture: the picture is the top of DrawFilters' figure, pixel for
// pixel, without the caption below the (square) grid of a one-plane network,
// and the caption gives the largest weight of the first layer.
func TestFilterPicture(t *testing.T) {
	n := cnn.NewRandom(rand.New(rand.NewPCG(5, 6)), 0.1)
	n.Label = "filters"
	for i := range n.W[0] {
		n.W[0][i] = 0.01
		if i%2 == 1 {
			n.W[0][i] = -0.01
		}
	}
	n.W[0][5] = -0.75
	path := filepath.Join(t.TempDir(), "filters.tnn")
	require.NoError(t, n.SaveFile(path))

	img, caption, err := FilterPicture(path)
	require.NoError(t, err)
	assert.Equal(t, "full brightness: |w| = 0.75", caption)
	full := n.DrawFilters()
	b, fb := img.Bounds(), full.Bounds()
	require.Equal(t, fb.Dx(), b.Dx())
	require.Equal(t, b.Dx(), b.Dy(), "the grid of a one-plane network is square")
	require.Less(t, b.Dy(), fb.Dy(), "the caption is cut off")
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			require.Equal(t, full.At(x, y), img.At(x, y), "pixel (%d, %d)", x, y)
		}
	}

	_, _, err = FilterPicture(filepath.Join(t.TempDir(), "missing.tnn"))
	assert.ErrorContains(t, err, "missing.tnn")
}
