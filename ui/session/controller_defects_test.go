package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

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
	e0 := estimated(t, c)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	e2 := estimated(t, c)
	require.True(t, c.Undo())
	e1, ok := c.Eval()
	require.True(t, ok, "the start position's estimate is kept")
	assert.Equal(t, e0, e1, "the start position's figure changed")
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	got, ok := c.Eval()
	require.True(t, ok, "the same answer's position is known from the cache")
	assert.Equal(t, e2, got, "the deterministic answer leads to the same position and figure")
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
	assert.Equal(t, "Ada", PlayerLabel(c.PlayerName(game.White)))

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

// desktop answers file dialogs as a test scripts it.
type desktop struct {
	path string
	err  error
}

func (d desktop) OpenFile(string) (string, error)         { return d.path, d.err }
func (d desktop) SaveFile(string, string) (string, error) { return d.path, d.err }

// waitDialog runs Update until the dialog's answer is taken.
func waitDialog(t *testing.T, c *Controller) {
	t.Helper()
	for i := 0; c.DialogOpen(); i++ {
		require.Less(t, i, 100000, "the dialog's answer never came")
		c.Update()
	}
}

// Defect 6: saving where the folder cannot be written says so, naming the
// path, in full; Save and Open go through the desktop's dialogs, and without
// one Save writes to the folder in the home and says where.
func TestSaveAndOpenDialogs(t *testing.T) {
	// A folder that cannot be made, even by root: its parent is a file.
	ro := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(ro, nil, 0o444))
	c := New(Config{Engines: DepthEngine(1), SaveDir: filepath.Join(ro, "games"), Dialogs: desktop{err: ErrNoDialog}})
	start(t, c, Human, Human)
	c.SaveAs()
	waitDialog(t, c)
	assert.Contains(t, c.Message(), filepath.Join(ro, "games"))
	assert.True(t, IsErrorMessage(c.Message()))
}

func TestSaveAndOpenThroughTheDialog(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "chosen.txt")
	c := New(Config{Engines: DepthEngine(1), SaveDir: t.TempDir(), Dialogs: desktop{path: path}})
	start(t, c, Human, Human)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	c.SaveAs()
	waitDialog(t, c)
	require.FileExists(t, path)
	assert.Contains(t, c.Message(), path)

	d := New(Config{Engines: DepthEngine(1), SaveDir: t.TempDir(), Dialogs: desktop{path: path}})
	d.Open()
	waitDialog(t, d)
	assert.Equal(t, 1, d.Game().Ply())
	assert.Equal(t, ScreenGame, d.Screen())

	// No dialog: Save writes to the save folder and says where; Open says
	// how else to open a game; a cancelled dialog does nothing.
	saveDir := filepath.Join(t.TempDir(), "Tablut")
	e := New(Config{Engines: DepthEngine(1), SaveDir: saveDir, Dialogs: desktop{err: ErrNoDialog}})
	start(t, e, Human, Human)
	e.SaveAs()
	waitDialog(t, e)
	files, _ := filepath.Glob(filepath.Join(saveDir, "tablut-*.txt"))
	assert.Len(t, files, 1)
	assert.Contains(t, e.Message(), saveDir)
	e.Open()
	waitDialog(t, e)
	assert.Contains(t, e.Message(), "drop a record")
	e.Notify("")
	e.cfg.Dialogs = desktop{err: ErrCancelled}
	e.SaveAs()
	waitDialog(t, e)
	assert.Empty(t, e.Message())
}

// The end banner speaks to the person, and offers a rematch and swapped sides.
func TestEndWordsRematchAndSwap(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "heuristic")
	p, err := game.ParsePosition("........./........./.K......./........./........./........./........./........./......... W")
	require.NoError(t, err)
	c.setGame(game.NewGame(p))
	c.Select(sq(t, "b3"))
	require.True(t, c.Select(sq(t, "b1")))
	title, why := c.EndWords()
	assert.Equal(t, "You win", title)
	assert.Equal(t, "King escaped at b1", why)

	require.NoError(t, c.SwapSides())
	assert.Equal(t, "heuristic", c.Settings().White)
	side, ok := c.HumanSide()
	assert.True(t, ok)
	assert.Equal(t, game.Black, side)
	assert.False(t, c.Over())
	c.setGame(game.NewGame(p))
	settle(t, c, func() bool { return c.Over() })
	title, _ = c.EndWords()
	assert.Equal(t, "You lose", title)

	require.NoError(t, c.Rematch())
	assert.Equal(t, 0, c.Game().Ply())
	assert.Equal(t, "heuristic", c.Settings().White)
}

// Captures are explained as they happen, and threats on the king are said.
func TestCapturesExplainedAndKingWarnings(t *testing.T) {
	c, clk := newTestController(t)
	start(t, c, Human, Human)
	p, err := game.ParsePosition("........./...B...../W......../........./....K..../........./........./........./......... W")
	require.NoError(t, err)
	c.setGame(game.NewGame(p))
	c.Select(sq(t, "a3"))
	require.True(t, c.Select(sq(t, "d3")))
	require.Len(t, c.CaptureMarks(), 1)
	assert.Equal(t, "d2 captured between d3 and the camp d1", CaptureText(c.CaptureMarks()))
	assert.Empty(t, c.Message(), "the capture is said once, in the status box, not again in the footer")
	clk.advance(captureShown)
	assert.Empty(t, c.CaptureMarks())

	// The king on b3 with White to move can escape; with Black to move it
	// threatens to.
	p, err = game.ParsePosition("........./........./.K......./........./........./........./........./B......../......... W")
	require.NoError(t, err)
	c.setGame(game.NewGame(p))
	assert.Contains(t, c.Warning(), "The king can reach the edge now")
	c.Select(sq(t, "b3"))
	require.True(t, c.Select(sq(t, "c3")))
	assert.Contains(t, c.Warning(), "threatens to reach the edge")
}

// Clocks: thinking time comes off, the increment goes on, a flag fall ends
// the game, and an AI budgets its moves from its clock.
func TestClocks(t *testing.T) {
	c, clk := newTestController(t)
	require.NoError(t, c.Start(Settings{White: Human, Black: Human, MoveTime: 2 * time.Second, Clock: time.Minute, Increment: time.Second}))
	clk.advance(10 * time.Second)
	left, ok := c.ClockLeft(game.White)
	require.True(t, ok)
	assert.Equal(t, 50*time.Second, left)
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	left, _ = c.ClockLeft(game.White)
	assert.Equal(t, 51*time.Second, left)
	assert.Equal(t, 2*time.Second, c.moveBudget(game.Black), "a full clock leaves the move time")
	clk.advance(55 * time.Second)
	assert.Equal(t, 250*time.Millisecond+750*time.Millisecond, c.moveBudget(game.Black), "five seconds left: a twentieth and most of the increment")
	clk.advance(6 * time.Second)
	c.Update()
	require.True(t, c.Over())
	assert.Equal(t, game.WhiteWins, c.Game().Outcome())
	_, why := c.EndWords()
	assert.Equal(t, "Black lost on time", why)

	// Without a clock there is none.
	start(t, c, Human, Human)
	_, ok = c.ClockLeft(game.White)
	assert.False(t, ok)
}

// A level that blurs its judgement on purpose does not show its scores as
// the person's chances: the bar shows the estimator's figure.
func TestBlurredLevelsShowNoEvaluation(t *testing.T) {
	c, _ := newTestController(t)
	start(t, c, Human, "level:beginner")
	c.Select(sq(t, "e3"))
	require.True(t, c.Select(sq(t, "b3")))
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	estimated(t, c)
	assert.Equal(t, c.EstimateSpec(), c.EvalBy())
}
