package session

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/lab/match"
)

// The demo plays game after game: the default pair with its handicap, the
// two engines taking turns at White, each game from the opening the
// handicap's match gave its game of that number; a finished game's result
// and why stay on the screen for Demo.Between, then the next starts.
func TestDemoCyclesGames(t *testing.T) {
	clk := &fakeClock{t: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	l := newEngineLog()
	cfg := l.config(t, NewMemStore())
	cfg.Now = clk.now
	cfg.KeepLastGame = true
	require.NoError(t, cfg.Store.Save(lastGameName, []byte("a person's game")))
	c := New(cfg)
	require.NoError(t, c.StartDemo(Demo{MoveTime: 10 * time.Millisecond, Between: 5 * time.Second}))
	require.True(t, c.InDemo())

	w, b := WatchPair()
	var openings [][]game.Move
	for i := range 3 {
		st, ok := c.Demo()
		require.True(t, ok)
		require.Equal(t, i+1, st.Game)
		wantW, wantB := w, b
		if i%2 == 1 {
			wantW, wantB = b, w
		}
		assert.Equal(t, [2]string{wantW, wantB}, [2]string{c.Settings().White, c.Settings().Black}, "game %d", i+1)
		assert.True(t, c.Settings().Handicapped(), "game %d", i+1)
		want := match.Config{Seed: 1, OpeningPlies: 4, Side: "white"}.Opening(i)
		require.Len(t, want, 4)
		assert.Equal(t, want, c.Game().Line()[:4], "game %d opens as the match's game %d", i+1, i+1)
		for _, o := range openings {
			assert.NotEqual(t, o, want, "each game its own opening")
		}
		openings = append(openings, want)
		if i == 2 {
			break
		}

		// Play the game out; a depth-1 search may go on to the demo's
		// adjudication at match.DefaultMaxPlies.
		advanceUntil(t, c, clk, func() bool { s, _ := c.Demo(); return s.Next > 0 })
		st, _ = c.Demo()
		assert.Equal(t, i+1, st.WhiteWins+st.BlackWins+st.Draws, "the finished game counted")
		if c.Over() {
			title, why := c.EndWords()
			assert.NotEmpty(t, title)
			assert.NotEmpty(t, why, "the reason of the end is shown")
		}
		note := c.DemoNote()
		assert.Contains(t, note, "Next game in 5 s")
		nextW := b
		if i%2 == 1 {
			nextW = w
		}
		assert.Contains(t, note, ShortSpec(nextW)+" as White", "the next game's pair is named")
		// Shown for Between, then the next game.
		clk.advance(5*time.Second - time.Millisecond)
		c.Update()
		st, _ = c.Demo()
		require.Equal(t, i+1, st.Game, "the end is shown for Demo.Between")
		clk.advance(time.Millisecond)
		c.Update()
		require.Less(t, c.Game().Ply(), 6, "the next game starts")
	}
	assert.Equal(t, 2, l.built, "the demo keeps its two engines from game to game")
	c.keepGame()
	kept, _ := c.cfg.Store.Load(lastGameName)
	assert.Equal(t, "a person's game", string(kept), "the demo's games are not kept as the person's")

	c.LeaveDemo()
	c.Close()
	kept, _ = c.cfg.Store.Load(lastGameName)
	assert.Equal(t, "a person's game", string(kept), "nor does leaving the demo and closing the window erase the kept one")
	assert.False(t, c.InDemo())
	assert.Equal(t, ScreenStart, c.Screen())
	assert.False(t, c.Busy() && c.job != nil, "no search runs for the left demo")
	c.Back()
	assert.Equal(t, ScreenStart, c.Screen(), "Back does not return to the demo's game")
}

// A demo game without an end is stopped at a ply limit
// (match.DefaultMaxPlies) as a draw, as a match adjudicates it, and the next
// one follows.
func TestDemoAdjudicatesEndlessGames(t *testing.T) {
	clk := &fakeClock{t: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)}
	cfg := newEngineLog().config(t, NewMemStore())
	cfg.Now = clk.now
	c := New(cfg)
	require.NoError(t, c.StartDemo(Demo{MoveTime: time.Millisecond, Between: time.Second}))
	require.Equal(t, match.DefaultMaxPlies, c.demo.maxPlies)
	c.demo.maxPlies = 7 // the opening and three moves
	advanceUntil(t, c, clk, func() bool { s, _ := c.Demo(); return s.Next > 0 })
	require.False(t, c.Over())
	assert.Equal(t, 7, len(c.Game().Line()))
	st, _ := c.Demo()
	assert.Equal(t, 1, st.Draws)
	assert.Equal(t, "No result after 7 plies: a draw", c.Message())
	assert.Contains(t, c.DemoNote(), "Next game in 1 s")
	advanceUntil(t, c, clk, func() bool { s, _ := c.Demo(); return s.Game == 2 })
}
