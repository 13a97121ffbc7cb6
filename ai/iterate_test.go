package ai

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// keepPartial: a later root move that beat the first at the unfinished depth
// is taken even when its score fell below the last depth's; the first move's
// own new score replaces the last depth's only if it is no lower; nothing
// finished, nothing taken.
func TestKeepPartial(t *testing.T) {
	for _, c := range []struct {
		bestIdx          int
		score, lastScore int32
		keep             bool
		why              string
	}{
		{-1, 0, -inf, false, "no root move finished"},
		{0, 120, 100, true, "the first move, scored higher"},
		{0, 100, 100, true, "the first move, scored the same"},
		{0, 80, 100, false, "the first move, scored lower: the last depth's line stays"},
		{3, 150, 100, true, "a later move, above the last depth's score"},
		{3, 60, 100, true, "a later move that beat the first, below the last depth's score"},
		{1, -900, -200, true, "a later move, both falling"},
	} {
		assert.Equal(t, c.keep, keepPartial(c.bestIdx, c.score, c.lastScore), c.why)
	}
}
