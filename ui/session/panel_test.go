package session

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
)

// newPanelController returns a controller over store st with depth-1 engines.
func newPanelController(t *testing.T, st Store) *Controller {
	t.Helper()
	return New(Config{Engines: DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(), Store: st})
}

// The first run proposes the default level to a person playing White.
func TestDefaultOpponentIsTheBeginnerLevel(t *testing.T) {
	c := newPanelController(t, NewMemStore())
	s, _ := c.Panel()
	assert.Equal(t, Human, s.White)
	assert.Equal(t, DefaultLevel, s.Black)
	assert.Equal(t, PlayWhite, c.PanelMode())
	_, ok := LevelOf(DefaultLevel)
	assert.True(t, ok, "the default opponent is a level")
}

// The mode row: the opponent follows the person to the other side; two
// players has no AI; watching fills both sides; back to one person, the
// opponent is an AI again.
func TestPanelModes(t *testing.T) {
	c := newPanelController(t, NewMemStore())
	c.SetPanelSide(game.Black, "level:club")
	c.SetPanelMode(PlayBlack)
	s, _ := c.Panel()
	assert.Equal(t, Settings{White: "level:club", Black: Human, MoveTime: DefaultMoveTime}, s)
	assert.Equal(t, []game.Color{game.White}, c.AISides())
	c.SetPanelMode(PlayTwo)
	s, _ = c.Panel()
	assert.Equal(t, Human, s.White)
	assert.Equal(t, Human, s.Black)
	assert.Empty(t, c.AISides())
	c.SetPanelMode(PlayWatch)
	assert.Equal(t, PlayWatch, c.PanelMode())
	assert.Len(t, c.AISides(), 2)
	c.SetPanelMode(PlayWhite)
	s, _ = c.Panel()
	assert.Equal(t, Human, s.White)
	assert.Equal(t, "level:club", s.Black, "the person's opponent comes back after watching")
}

// The engines behind "More engines...": every shipped network once, weakest
// first as measured, each described in a sentence; the list opens per side
// and closes when a level is chosen.
func TestMoreEnginesAreOrderedAndDescribed(t *testing.T) {
	es := EngineChoices()
	require.Len(t, es, len(player.ShippedNets())+1, "every shipped network and the heuristic")
	pos := map[string]int{}
	for i, e := range es {
		pos[e.Spec] = i
		assert.True(t, strings.HasSuffix(e.About, "."), "%s: %q is not a sentence", e.Spec, e.About)
		assert.NotContains(t, e.Title, "cnn:")
	}
	for _, pair := range [][2]string{{"cnn:seed", "heuristic"}, {"cnn:challenger", "heuristic"}, {"heuristic", "cnn:hybrid"}, {"cnn:hybrid", "cnn:learned"}, {"cnn:learned", "cnn:champion"}} {
		assert.Less(t, pos[pair[0]], pos[pair[1]], "%s is weaker than %s", pair[0], pair[1])
	}
	c := newPanelController(t, NewMemStore())
	c.ToggleMoreEngines(game.Black)
	side, open := c.MoreEnginesFor()
	assert.True(t, open)
	assert.Equal(t, game.Black, side)
	c.SetPanelSide(game.Black, "cnn:learned")
	_, open = c.MoreEnginesFor()
	assert.True(t, open, "choosing an engine keeps the list")
	c.SetPanelSide(game.Black, "level:casual")
	_, open = c.MoreEnginesFor()
	assert.False(t, open, "choosing a level closes the list")
}

// The A key's intent starts the AI-vs-AI game at once, as the panel's watch
// button does (it used to only fill in the players).
func TestWatchNowStartsTheGame(t *testing.T) {
	c := newPanelController(t, NewMemStore())
	require.NoError(t, c.WatchNow())
	assert.Equal(t, ScreenGame, c.Screen())
	assert.False(t, c.IsHuman(game.White))
	assert.False(t, c.IsHuman(game.Black))
	w, b := WatchPair()
	assert.Equal(t, w, c.Settings().White, "the person's Beginner opponent is not kept for watching")
	assert.Equal(t, b, c.Settings().Black)
	// Two engines chosen for watching stay.
	c.ShowStart()
	c.SetPanelSide(game.White, "heuristic")
	require.NoError(t, c.WatchNow())
	assert.Equal(t, "heuristic", c.Settings().White)
}

// The last choices come back in the next run: side, level, move time, clock,
// sound and danger preview.
func TestChoicesAreRememberedBetweenRuns(t *testing.T) {
	st := NewMemStore()
	c := newPanelController(t, st)
	c.SetPanelSide(game.White, "level:club")
	c.SetPanelMode(PlayBlack)
	c.StepPanelMoveTime(1)
	c.SetPanelClock(ClockChoices[2])
	c.SetMuted(true)
	c.SetDangerAlways(true)
	require.NoError(t, c.StartPanel())
	want, _ := c.Panel()

	d := newPanelController(t, st)
	got, _ := d.Panel()
	assert.Equal(t, want, got)
	assert.Equal(t, PlayBlack, d.PanelMode())
	assert.True(t, d.Prefs().Muted)
	assert.True(t, d.Prefs().Danger)
	assert.Empty(t, d.PanelNotice())
	assert.Equal(t, 3*time.Second, got.MoveTime)
}

// A damaged settings file, or one naming players that no longer exist, is
// ignored with a sentence, never an error: the defaults are used.
func TestDamagedSettingsAreIgnoredWithANotice(t *testing.T) {
	st := NewMemStore()
	require.NoError(t, st.Save(PrefsName, []byte("{not json")))
	c := newPanelController(t, st)
	s, _ := c.Panel()
	assert.Equal(t, DefaultSettings(), s)
	assert.Contains(t, c.PanelNotice(), "damaged")
	assert.Contains(t, c.Message(), "damaged")

	require.NoError(t, st.Save(PrefsName, []byte(`{"white":"cnn:gone","black":"level:casual","move_time":1}`)))
	d := newPanelController(t, st)
	s, _ = d.Panel()
	assert.Equal(t, Settings{White: Human, Black: "level:casual", MoveTime: DefaultMoveTime}, s)
	assert.Empty(t, d.PanelNotice())
}

// A store that cannot write says so in the status line; the game goes on.
func TestSettingsThatCannotBeKeptAreANotice(t *testing.T) {
	c := newPanelController(t, failingStore{})
	require.NoError(t, c.StartPanel())
	assert.Contains(t, c.Message(), "Cannot keep your settings")
	assert.Equal(t, ScreenGame, c.Screen())
}

type failingStore struct{}

func (failingStore) Load(string) ([]byte, error) { return nil, os.ErrPermission }
func (failingStore) Save(string, []byte) error   { return os.ErrPermission }

// The strength shown for each level is the one measured: the Levels table
// of docs/measurements.md (the score against the level below, as wins in
// 100 games) and, for Beginner, the section Default level.
func TestLevelStrengthMatchesTheMeasurements(t *testing.T) {
	f, err := os.Open("../../docs/measurements.md")
	require.NoError(t, err)
	defer f.Close()
	section := ""
	checked := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if h, ok := strings.CutPrefix(line, "## "); ok {
			section = h
			continue
		}
		if !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := strings.Split(line, "|")
		if section == "Default level" && strings.TrimSpace(cells[1]) == "Beginner" && strings.TrimSpace(cells[2]) == "random moves" {
			score, err := strconv.ParseFloat(strings.Fields(cells[5])[0], 64)
			require.NoError(t, err, line)
			want := "wins " + strconv.Itoa(int(score*100+0.5)) + " games in 100 against random moves"
			assert.Contains(t, LevelStrength["beginner"], want)
			checked++
			continue
		}
		if section != "Levels" {
			continue
		}
		l, ok := player.LevelNamed(strings.TrimSpace(cells[1]))
		if !ok || l.Name == "beginner" {
			continue
		}
		score, err := strconv.ParseFloat(strings.Fields(cells[6])[0], 64)
		require.NoError(t, err, line)
		want := "wins " + strconv.Itoa(int(score*100+0.5)) + " games in 100 against"
		assert.Contains(t, LevelStrength[l.Name], want, "level %s", l.Name)
		checked++
	}
	assert.Equal(t, len(player.Levels), checked, "levels checked against the tables")
	for _, l := range player.Levels {
		assert.NotEmpty(t, LevelStrength[l.Name], "level %s has no strength line", l.Name)
	}
}

// The W and B keys cycle a side through a person, the levels from the
// easiest, then the engines from the weakest.
func TestCyclingASideGoesThroughTheLevels(t *testing.T) {
	c := newPanelController(t, NewMemStore())
	var seen []string
	for range 1 + len(player.Levels) + len(EngineChoices()) {
		c.CyclePanelSide(game.White)
		s, _ := c.Panel()
		seen = append(seen, s.White)
	}
	assert.Equal(t, append(append(LevelChoices(), AIChoices()...), Human), seen)
}
