package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// Defect 2: "Watch AI vs AI" keeps the computer players chosen in the panel.
func TestWatchKeepsThePlayersChosen(t *testing.T) {
	c, _ := newTestController(t)
	c.SetPanelSide(game.White, "heuristic")
	c.SetPanelSide(game.Black, "random")
	c.PanelWatch()
	require.NoError(t, c.StartPanel())
	assert.Equal(t, "heuristic", c.Settings().White)
	assert.Equal(t, "random", c.Settings().Black)

	// A side left to a human gets a computer player.
	c.ShowStart()
	c.SetPanelSide(game.White, Human)
	c.PanelWatch()
	require.NoError(t, c.StartPanel())
	assert.False(t, c.IsHuman(game.White))
	assert.Equal(t, "random", c.Settings().Black)
}

// Defect 3: with a human at the board, Space and "." do not stop the AI from
// answering, and the AI-vs-AI controls are off.
func TestPauseKeysDoNotSilenceTheAIAgainstAHuman(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "heuristic")
	assert.False(t, c.WatchControls())
	c.TogglePause()
	c.Step()
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	assert.False(t, c.Paused())
	assert.True(t, c.HumanToMove())

	start(t, c, "heuristic", "heuristic")
	assert.True(t, c.WatchControls())
	c.TogglePause()
	assert.True(t, c.Paused())
}

// Defect 4: after undo the evaluation is that of the position on the board.
func TestUndoRestoresTheEvaluation(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "heuristic")
	_, had := c.Eval()
	require.False(t, had, "an evaluation before any search")
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	_, ok := c.Eval()
	require.True(t, ok)
	require.True(t, c.Undo())
	_, ok = c.Eval()
	assert.False(t, ok, "the undone position's evaluation is still shown")

	// Back at ply 2 the answer's evaluation returns.
	c.Hint()
	settle(t, c, func() bool { return c.HintMove() != game.NoMove })
	e0, ok := c.Eval()
	require.True(t, ok)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	require.True(t, c.Undo())
	e1, ok := c.Eval()
	require.True(t, ok)
	assert.Equal(t, e0, e1, "the start position's evaluation is not the one found there")
}

// Defect 5: a loaded record keeps its player names.
func TestLoadKeepsPlayerNames(t *testing.T) {
	g := game.NewGame(game.StartPosition())
	for _, m := range []string{"e3-b3", "d1-d2"} {
		mv, err := game.ParseMove(m)
		require.NoError(t, err)
		require.NoError(t, g.Play(mv))
	}
	var rec strings.Builder
	require.NoError(t, g.WriteRecord(&rec, game.RecordMeta{White: "Ada", Black: "Grace"}))
	c, _ := newTestController(t)
	start(t, c, Human, Human)
	require.NoError(t, c.Load(strings.NewReader(rec.String()), "names.txt"))
	assert.Equal(t, "Ada", c.PlayerName(game.White))
	assert.Equal(t, "Grace", c.PlayerName(game.Black))
	assert.Equal(t, "Ada", playerLabel(c.PlayerName(game.White)))

	// Saved games name their players as specs: they play on.
	start(t, c, Human, "heuristic")
	path, err := c.Save()
	require.NoError(t, err)
	d, _ := newTestController(t)
	require.NoError(t, d.LoadFile(path))
	assert.Equal(t, "heuristic", d.PlayerName(game.Black))
	assert.False(t, d.IsHuman(game.Black))
	assert.True(t, d.IsHuman(game.White))
}
