package session

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// playFirstMove plays the side to move's first legal move with the mouse's
// intents (select, drop).
func playFirstMove(t *testing.T, c *Controller) {
	t.Helper()
	pos := c.Position()
	m := pos.GenerateMoves(nil)[0]
	require.False(t, c.Select(m.From()), "selecting a piece plays nothing")
	require.True(t, c.Drop(m.To()))
}

// A game kept by one run (after its moves, and at Close) comes back behind
// the next run's start panel, players and moves included; Back returns to it.
func TestLastGameKeptAndOffered(t *testing.T) {
	store := NewMemStore()
	c, _ := newTestController(t)
	c.cfg.Store, c.cfg.KeepLastGame = store, true
	start(t, c, Human, "heuristic")
	playFirstMove(t, c)
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	b, err := store.Load(lastGameName)
	require.NoError(t, err)
	_, meta, err := game.ReadRecord(bytes.NewReader(b))
	require.NoError(t, err)
	assert.Equal(t, Human, meta.White)
	assert.Equal(t, "heuristic", meta.Black)
	moves := c.Game().Moves()
	c.Close()

	next := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: store, KeepLastGame: true})
	require.True(t, next.OfferLastGame())
	assert.Equal(t, ScreenStart, next.Screen())
	assert.Contains(t, next.Message(), "2 moves")
	next.Back()
	assert.Equal(t, ScreenGame, next.Screen())
	assert.Equal(t, moves, next.Game().Moves())
	assert.True(t, next.IsHuman(game.White))
	assert.False(t, next.IsHuman(game.Black))
	next.Close()
}

// Without KeepLastGame (tests, tools) the store is never touched; a game
// with no moves leaves nothing to offer.
func TestLastGameOnlyWhenAsked(t *testing.T) {
	store := NewMemStore()
	c, _ := newTestController(t)
	c.cfg.Store = store
	start(t, c, Human, Human)
	playFirstMove(t, c)
	c.Close()
	_, err := store.Load(lastGameName)
	assert.Error(t, err)
	assert.False(t, New(Config{Store: store}).OfferLastGame())

	c.cfg.KeepLastGame = true
	require.NoError(t, c.Start(Settings{White: Human, Black: Human}))
	c.Close()
	b, err := store.Load(lastGameName)
	require.NoError(t, err)
	assert.Empty(t, b)
	assert.False(t, New(Config{Store: store, KeepLastGame: true}).OfferLastGame())
}

// refusingStore fails every call, as a browser's blocked storage does.
type refusingStore struct{ saves *int }

func (refusingStore) Load(string) ([]byte, error) { return nil, errors.New("storage is blocked") }
func (s refusingStore) Save(string, []byte) error {
	*s.saves++
	return errors.New("storage is blocked")
}

// A store that refuses is said once in the status line, and play goes on.
func TestLastGameStoreRefuses(t *testing.T) {
	saves := 0
	c, _ := newTestController(t)
	c.cfg.Store, c.cfg.KeepLastGame = refusingStore{&saves}, true
	start(t, c, Human, Human)
	playFirstMove(t, c)
	assert.Contains(t, c.Message(), "Cannot keep the game for next time: storage is blocked")
	c.Notify("")
	playFirstMove(t, c)
	assert.Equal(t, 2, c.Game().Ply())
	assert.Equal(t, 2, saves)
	assert.Empty(t, c.Message())
	assert.False(t, c.OfferLastGame())
	assert.Contains(t, c.Message(), "Cannot read the last game")
}

// browser is a Dialogs as a web page has them: downloads and a picker.
type browser struct {
	desktop
	name     string
	saved    []byte
	pickName string
	pick     []byte
	pickErr  error
}

func (b *browser) Download(name string, data []byte) error {
	b.name, b.saved = name, data
	return nil
}

func (b *browser) PickFile() (string, []byte, error) { return b.pickName, b.pick, b.pickErr }

// With a browser's dialogs Save downloads the record and Open loads the
// picked file's bytes; no path is involved.
func TestBrowserDialogs(t *testing.T) {
	c, _ := newTestController(t)
	b := &browser{desktop: desktop{err: ErrNoDialog}}
	c.cfg.Dialogs = b
	start(t, c, Human, Human)
	playFirstMove(t, c)
	c.SaveAs()
	assert.False(t, c.DialogOpen())
	assert.True(t, strings.HasPrefix(b.name, "tablut-") && strings.HasSuffix(b.name, ".txt"), b.name)
	assert.Contains(t, c.Message(), "downloads")
	g, _, err := game.ReadRecord(bytes.NewReader(b.saved))
	require.NoError(t, err)
	assert.Equal(t, c.Game().Moves(), g.Moves())

	playFirstMove(t, c)
	b.pickName, b.pick = "mine.txt", b.saved
	c.Open()
	waitDialog(t, c)
	assert.Equal(t, g.Moves(), c.Game().Moves())
	assert.Contains(t, c.Message(), "Loaded mine.txt (1 move)")

	b.pickErr = ErrCancelled
	c.Notify("")
	c.Open()
	waitDialog(t, c)
	assert.Empty(t, c.Message())
}
