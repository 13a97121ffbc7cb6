package ui

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/ebitengine/oto/v3"
	"github.com/tablut-ai/tablut/ui/session"
)

// Sound: a short tap for a move, a double knock for a capture and a little
// arpeggio at the end of the game, synthesised here (sine partials under an
// exponential decay) rather than loaded from files. They play through oto
// (cgo-free: PulseAudio or ALSA on Linux, loaded at run time) directly, not
// through Ebitengine's audio package: that package reports a missing sound
// device as an error of the game loop, which would close the window on a
// machine with no sound card, whereas oto only records it, and the game then
// plays silently and says so.

const sampleRate = 44100

// synth renders notes (frequency in Hz, start and length in seconds) as 16-bit
// little-endian stereo PCM: each note a sine with a soft octave partial, a
// 3 ms attack and an exponential decay.
func synth(total float64, notes [][3]float64, volume float64) []byte {
	n := int(total * sampleRate)
	mix := make([]float64, n)
	for _, nt := range notes {
		f, start, dur := nt[0], nt[1], nt[2]
		i0 := int(start * sampleRate)
		for i := 0; i < int(dur*sampleRate) && i0+i < n; i++ {
			t := float64(i) / sampleRate
			env := math.Min(1, t/0.003) * math.Exp(-t*5/dur)
			mix[i0+i] += env * (math.Sin(2*math.Pi*f*t) + 0.3*math.Sin(4*math.Pi*f*t))
		}
	}
	out := make([]byte, 4*n)
	for i, v := range mix {
		s := int16(math.Max(-1, math.Min(1, v*volume)) * 32767)
		binary.LittleEndian.PutUint16(out[4*i:], uint16(s))
		binary.LittleEndian.PutUint16(out[4*i+2:], uint16(s))
	}
	return out
}

// cueSounds are the PCM of each cue.
var cueSounds = sync.OnceValue(func() map[session.Cue][]byte {
	return map[session.Cue][]byte{
		session.CueMove:    synth(0.09, [][3]float64{{523, 0, 0.07}}, 0.35),
		session.CueCapture: synth(0.22, [][3]float64{{784, 0, 0.08}, {392, 0.09, 0.12}}, 0.4),
		session.CueEnd:     synth(0.9, [][3]float64{{523, 0, 0.5}, {659, 0.12, 0.5}, {784, 0.24, 0.6}}, 0.3),
	}
})

// audioOut is the process's one oto context (oto allows a single one), made
// on first use; err says why there is no sound.
var audioOut = sync.OnceValues(func() (*oto.Context, error) {
	if err := soundDevice(); err != nil {
		return nil, err
	}
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: sampleRate, ChannelCount: 2, Format: oto.FormatSignedInt16LE})
	if err != nil {
		return nil, err
	}
	<-ready
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return ctx, nil
})

// soundDevice reports, on Linux and the BSDs, when there is plainly no sound
// device: no ALSA device nodes and no PulseAudio (or PipeWire) socket. Asking
// ALSA anyway would only fill the terminal with its complaints.
func soundDevice() error {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" || runtime.GOOS == "js" {
		return nil // a browser's audio starts after the person's first click or key (oto waits for it)
	}
	if _, err := os.Stat("/dev/snd"); err == nil {
		return nil
	}
	if os.Getenv("PULSE_SERVER") != "" {
		return nil
	}
	if dir := os.Getenv("XDG_RUNTIME_DIR"); dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "pulse", "native")); err == nil {
			return nil
		}
	}
	return errors.New("no sound device (no /dev/snd, no PulseAudio)")
}

// sounds plays the cues unless muted; it never blocks the game loop: the
// device is opened on a goroutine when the window opens (NewApp), and
// cues that come before it is ready are dropped.
type sounds struct {
	mu      sync.Mutex
	ctx     *oto.Context
	failed  error
	started bool
	muted   bool
	playing []*oto.Player
}

// newSounds returns the sound player, muted if asked (the choice is kept
// with the other settings, session.Prefs).
func newSounds(muted bool) *sounds { return &sounds{muted: muted} }

// start opens the device in the background, once.
func (s *sounds) start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.started || s.muted {
		return
	}
	s.started = true
	go func() {
		ctx, err := audioOut()
		if err == nil {
			cueSounds() // made before the first cue, not during it
		}
		s.mu.Lock()
		s.ctx, s.failed = ctx, err
		s.mu.Unlock()
	}()
}

// play plays c if the sound is on and the device is ready.
func (s *sounds) play(c session.Cue) {
	s.start()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.muted || s.ctx == nil {
		return
	}
	kept := s.playing[:0]
	for _, p := range s.playing {
		if p.IsPlaying() {
			kept = append(kept, p)
		}
	}
	p := s.ctx.NewPlayer(bytes.NewReader(cueSounds()[c]))
	p.Play()
	s.playing = append(kept, p)
}

// toggleMute switches the sound off or on and returns a line for the
// status; the caller keeps the choice (App.toggleSound).
func (s *sounds) toggleMute() string {
	s.mu.Lock()
	s.muted = !s.muted
	muted := s.muted
	s.mu.Unlock()
	if muted {
		return "Sound off (M turns it on)"
	}
	s.start()
	if err := s.problem(); err != nil {
		return "Sound on, but there is no sound device: " + err.Error()
	}
	return "Sound on (M turns it off)"
}

// problem returns why there is no sound, once the device was tried.
func (s *sounds) problem() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failed
}

// Muted reports whether the sound is off.
func (s *sounds) Muted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.muted
}
