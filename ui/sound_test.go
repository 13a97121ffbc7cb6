package ui

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ui/session"
)

func TestCueSoundsAreShortAndAudible(t *testing.T) {
	for c, pcm := range cueSounds() {
		require.Zero(t, len(pcm)%4, "cue %d: not whole stereo frames", c)
		secs := float64(len(pcm)/4) / sampleRate
		assert.True(t, secs > 0.05 && secs < 1, "cue %d lasts %.2f s", c, secs)
		peak := 0
		for i := 0; i < len(pcm); i += 2 {
			v := int(int16(binary.LittleEndian.Uint16(pcm[i:])))
			peak = max(peak, v, -v)
		}
		assert.Greater(t, peak, 5000, "cue %d is nearly silent", c)
		assert.Less(t, peak, 32767, "cue %d clips", c)
	}
}

// The mute key's choice is kept in the store with the other settings and
// comes back in the next run.
func TestMuteIsRemembered(t *testing.T) {
	st := session.NewMemStore()
	cfg := session.Config{Store: st}
	a, err := NewApp(Options{Config: cfg})
	require.NoError(t, err)
	require.False(t, a.sound.Muted())
	a.toggleSound()
	assert.Contains(t, a.ctl.Message(), "Sound off")
	b, err := NewApp(Options{Config: cfg})
	require.NoError(t, err)
	assert.True(t, b.sound.Muted(), "the mute setting is not remembered")
	b.toggleSound()
	c, err := NewApp(Options{Config: cfg})
	require.NoError(t, err)
	assert.False(t, c.sound.Muted())
}
