package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The window's handicap is the default pair's: players named on the command
// line play without it, and asking for it then is a one-line error.
func TestPlayHandicapOnlyForTheDefaultPair(t *testing.T) {
	h, err := playHandicap(true, false, 8)
	require.NoError(t, err)
	assert.Equal(t, 8, h, "-watch or -demo: the default")
	h, err = playHandicap(true, true, 3)
	require.NoError(t, err)
	assert.Equal(t, 3, h, "-watch -handicap 3")
	h, err = playHandicap(false, false, 8)
	require.NoError(t, err)
	assert.Zero(t, h, "-white and -black named: none")
	_, err = playHandicap(false, true, 8)
	require.ErrorContains(t, err, "-handicap is for the default pair")
}
