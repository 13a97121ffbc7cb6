package session

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// The handicap divides Black's thinking time only between two engines.
func TestHandicapDividesBlacksTime(t *testing.T) {
	s := Settings{White: "cnn:learned", Black: "cnn:learned2", MoveTime: 2 * time.Second, Handicap: 8}
	assert.Equal(t, 2*time.Second, s.MoveTimeOf(game.White))
	assert.Equal(t, 250*time.Millisecond, s.MoveTimeOf(game.Black))
	assert.Equal(t, "", s.HandicapNote(game.White))
	assert.Equal(t, "1/8 of the time", s.HandicapNote(game.Black))
	s.Black = Human
	assert.Equal(t, 2*time.Second, s.MoveTimeOf(game.Black), "never against a person")
	s.Black, s.White = "cnn:learned2", Human
	assert.Equal(t, 2*time.Second, s.MoveTimeOf(game.Black), "never against a person")
	s.White, s.Handicap = "heuristic", 1
	assert.Equal(t, 2*time.Second, s.MoveTimeOf(game.Black), "a handicap of 1 is none")
}

// Watching from the panel turns the handicap on for the default pair; the
// panel's toggle turns it off; the engines get their own move times; the
// choice is remembered.
func TestWatchPairPlaysWithTheHandicap(t *testing.T) {
	var mu sync.Mutex
	times := map[string]time.Duration{}
	st := NewMemStore()
	depth := DepthEngine(1)
	c := New(Config{Engines: func(spec string, mt time.Duration) (Engine, error) {
		mu.Lock()
		times[spec] = mt
		mu.Unlock()
		return depth(spec, mt)
	}, HintSpec: "heuristic", SaveDir: t.TempDir(), Store: st})
	require.NoError(t, c.WatchNow())
	w, b := WatchPair()
	require.Equal(t, WatchHandicap, c.Settings().Handicap)
	assert.Equal(t, DefaultMoveTime, times[w])
	assert.Equal(t, DefaultMoveTime/WatchHandicap, times[b])
	assert.Equal(t, WatchHandicap, newPanelController(t, st).Prefs().Handicap, "remembered")

	c.ShowStart()
	c.TogglePanelHandicap()
	require.NoError(t, c.StartPanel())
	assert.Equal(t, 0, c.Settings().Handicap)
	assert.Equal(t, DefaultMoveTime, times[b])
	assert.Equal(t, 0, newPanelController(t, st).Prefs().Handicap, "remembered off")
}
