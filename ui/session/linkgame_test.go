package session

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keptGame plays a move against the heuristic with KeepLastGame on, closes
// the window, and returns the store holding the kept game and its moves.
func keptGame(t *testing.T) (Store, int) {
	t.Helper()
	store := NewMemStore()
	c, _ := newTestController(t)
	c.cfg.Store, c.cfg.KeepLastGame = store, true
	start(t, c, Human, "heuristic")
	playFirstMove(t, c)
	settle(t, c, func() bool { return c.Game().Ply() == 2 })
	plies := c.Game().Ply()
	c.Close()
	return store, plies
}

// A link's game over a kept, unfinished game asks first: the kept game is
// on the board under the question and stands still; keeping it leaves the
// link's choices in the start panel; starting the link replaces it.
func TestLinkAsksBeforeReplacingTheKeptGame(t *testing.T) {
	link := Settings{White: Human, Black: "level:club", MoveTime: 2 * time.Second}
	store, plies := keptGame(t)
	open := func() *Controller {
		c := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: store, KeepLastGame: true})
		t.Cleanup(c.Close)
		asked, err := c.OfferLink(link)
		require.NoError(t, err)
		require.True(t, asked, "a kept game is replaced without asking")
		return c
	}

	c := open()
	offer, ok := c.LinkOffered()
	require.True(t, ok)
	assert.Equal(t, ScreenLink, c.Screen())
	assert.Equal(t, "Human vs Club", offer.Players)
	assert.Equal(t, plies, offer.KeptMoves)
	assert.Equal(t, plies, c.Game().Ply(), "the kept game is not on the board under the question")
	c.Update()
	assert.False(t, c.Busy(), "an AI thinks while the question is up")

	// Keep playing: the kept game goes on, the link waits in New.
	c.DeclineLink()
	_, ok = c.LinkOffered()
	assert.False(t, ok)
	assert.Equal(t, ScreenGame, c.Screen())
	assert.Equal(t, plies, c.Game().Ply())
	assert.Contains(t, c.Message(), "Human vs Club")
	c.ShowStart()
	panel, _ := c.Panel()
	assert.Equal(t, link.White, panel.White)
	assert.Equal(t, link.Black, panel.Black)
	assert.Equal(t, link.MoveTime, panel.MoveTime)
	c.Back()
	c.ShowStart()
	panel, _ = c.Panel()
	assert.Equal(t, "heuristic", panel.Black, "the declined link's choices come back more than once")

	// Start the link's game: the new game is on the board, and the store
	// no longer holds the old one.
	c = open()
	require.NoError(t, c.AcceptLink())
	assert.Equal(t, ScreenGame, c.Screen())
	assert.Equal(t, 0, c.Game().Ply())
	assert.Equal(t, "level:club", c.Settings().Black)
	b, err := store.Load(lastGameName)
	require.NoError(t, err)
	assert.Empty(t, b, "the replaced game is still kept")
}

// Without a kept game, or with KeepLastGame off, a link starts at once;
// a link naming an unknown player is an error and the kept game stays.
func TestLinkWithoutAKeptGameStartsAtOnce(t *testing.T) {
	link := Settings{White: Human, Black: "level:club", MoveTime: time.Second}
	c := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: NewMemStore(), KeepLastGame: true})
	defer c.Close()
	asked, err := c.OfferLink(link)
	require.NoError(t, err)
	assert.False(t, asked)

	store, _ := keptGame(t)
	c2 := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: store})
	defer c2.Close()
	asked, err = c2.OfferLink(link)
	require.NoError(t, err)
	assert.False(t, asked, "without KeepLastGame there is nothing to ask about")

	c3 := New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: store, KeepLastGame: true})
	defer c3.Close()
	_, err = c3.OfferLink(Settings{White: Human, Black: "nosuch:engine"})
	require.Error(t, err)
	b, err := store.Load(lastGameName)
	require.NoError(t, err)
	assert.NotEmpty(t, b)
}
