//go:build unix

package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/regfile/fifotest"
)

// Named pipes as settings.json and last-game.txt in the configuration folder
// do not stop the window: the controller comes up with the defaults and says
// why in one line, no last game is offered, and neither the kept choices nor
// the game on the board are written into the pipes, which stay as they were.
// Before, reading settings.json waited for a writer for ever, and the window
// never opened.
func TestWindowOpensBesidePipes(t *testing.T) {
	dir := t.TempDir()
	settings, last := filepath.Join(dir, PrefsName), filepath.Join(dir, lastGameName)
	fifotest.Make(t, settings)
	fifotest.Make(t, last)
	c := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: DirStore{Dir: dir}, KeepLastGame: true})
	s, _ := c.Panel()
	assert.Equal(t, DefaultSettings(), s)
	want := settings + ": is not a regular file (a named pipe)"
	assert.Contains(t, c.PanelNotice(), want)
	assert.Contains(t, c.PanelNotice(), "the defaults are used")
	assert.NotContains(t, c.PanelNotice(), "\n")

	assert.False(t, c.OfferLastGame())
	assert.Contains(t, c.Message(), "Cannot read the last game: cannot read "+last+": is not a regular file (a named pipe)")

	c.SetMuted(true)
	assert.Contains(t, c.Message(), want)
	start(t, c, Human, Human)
	playFirstMove(t, c)
	assert.Contains(t, c.Message(), "Cannot keep the game for next time")
	assert.Contains(t, c.Message(), last+": is not a regular file (a named pipe)")
	c.Close()
	for _, p := range []string{settings, last} {
		fi, err := os.Lstat(p)
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "%s was replaced", p)
	}
}

// A named pipe given to -load (or chosen in a file dialog) is refused at
// once with one line in the status line.
func TestLoadFileRefusesPipe(t *testing.T) {
	pipe := filepath.Join(t.TempDir(), "game.txt")
	fifotest.Make(t, pipe)
	c, _ := newTestController(t)
	err := c.LoadFile(pipe)
	require.Error(t, err)
	for _, msg := range []string{err.Error(), c.Message()} {
		// The status line's sentence starts with a capital.
		assert.Contains(t, strings.ToLower(msg), strings.ToLower("cannot open record "+pipe))
		assert.Contains(t, msg, pipe+": is not a regular file (a named pipe)")
		assert.NotContains(t, msg, "\n")
	}
}
