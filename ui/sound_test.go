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

// The sound device opens when the window opens, not at the first move
// (in a browser, opening it held the page's only thread at that move); a
// muted window opens none until the sound is turned on.
func TestSoundOpensWithTheWindow(t *testing.T) {
	st := session.NewMemStore()
	a, err := NewApp(Options{Config: session.Config{Store: st}})
	require.NoError(t, err)
	started := func(s *sounds) bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.started
	}
	assert.True(t, started(a.sound), "the device is opened at start-up")

	a.toggleSound() // off, and kept
	b, err := NewApp(Options{Config: session.Config{Store: st}})
	require.NoError(t, err)
	assert.False(t, started(b.sound), "a muted window opens no device")
	b.toggleSound()
	assert.True(t, started(b.sound), "turning the sound on opens it")
}
