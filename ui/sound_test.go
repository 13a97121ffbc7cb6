package ui

import (
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

func TestMuteIsRemembered(t *testing.T) {
	prefs := filepath.Join(t.TempDir(), "tablut", "sound")
	s := newSounds(prefs)
	require.False(t, s.Muted())
	assert.Contains(t, s.toggleMute(), "Sound off")
	assert.True(t, newSounds(prefs).Muted(), "the mute setting is not remembered")
	s.toggleMute()
	assert.False(t, newSounds(prefs).Muted())
}
