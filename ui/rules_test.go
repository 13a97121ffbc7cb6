package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// Every card of the rules page shows a real position, legal moves and squares
// that exist; the capture cards' moves capture what they mark.
func TestRuleCards(t *testing.T) {
	for _, rc := range ruleCards {
		p, err := game.ParsePosition(rc.pos)
		require.NoError(t, err, rc.title)
		for _, ms := range rc.moves {
			m, err := game.ParseMove(ms)
			require.NoError(t, err, rc.title)
			assert.True(t, p.IsLegal(m), "%s: %s is not legal", rc.title, ms)
		}
		for _, mk := range rc.marks {
			_, err := game.ParseSquare(mk.sq)
			require.NoError(t, err, rc.title)
		}
	}
	byTitle := func(title string) ruleCard {
		for _, rc := range ruleCards {
			if rc.title == title {
				return rc
			}
		}
		t.Fatalf("no card %q", title)
		return ruleCard{}
	}
	for title, want := range map[string]game.Outcome{
		"King on the throne": game.BlackWins, "King next to it": game.BlackWins,
		"King elsewhere": game.BlackWins, "Escape": game.WhiteWins,
	} {
		rc := byTitle(title)
		p, _ := game.ParsePosition(rc.pos)
		m, _ := game.ParseMove(rc.moves[0])
		p.Make(m)
		assert.Equal(t, want, p.Status(), title)
	}
	for _, title := range []string{"Capture", "Against the throne", "Against a camp"} {
		rc := byTitle(title)
		p, _ := game.ParsePosition(rc.pos)
		m, _ := game.ParseMove(rc.moves[0])
		caps := game.CapturesOf(p, m)
		require.Len(t, caps, 1, title)
		assert.Equal(t, rc.marks[0].sq, caps[0].Victim.String(), title)
		assert.Equal(t, rc.marks[1].sq, caps[0].Beyond.String(), title)
	}
	p, _ := game.ParsePosition(byTitle("No move left").pos)
	g := game.NewGame(p)
	assert.Equal(t, game.WhiteWins, g.Outcome(), "the side to move has no move and loses")
}

// Every card says its rule in full sentences, and the rules in words are all
// inside the game: nothing points to a file the player may not have.
func TestRulesAreFullSentencesInsideTheGame(t *testing.T) {
	check := func(where, s string) {
		assert.Regexp(t, `^[A-Z].*[a-z0-9)]\.$`, s, "%s: not a full sentence", where)
		assert.NotContains(t, s, ".md", "%s points to a file", where)
		assert.NotContains(t, s, "docs/", "%s points to a file", where)
	}
	for _, rc := range ruleCards {
		check(rc.title, rc.text)
	}
	for _, sec := range fullRules {
		check(sec.title, sec.text)
	}
	for _, want := range []string{"throne", "camp", "edge", "brings back a position", "three", "four", "no legal move"} {
		found := false
		for _, sec := range fullRules {
			found = found || strings.Contains(strings.ToLower(sec.text), want)
		}
		assert.True(t, found, "the rules in full never mention %q", want)
	}
}

// The keys page speaks of what Save and Open do where the game runs: in a
// page a download and the file picker, never the desktop's file dialog or
// folder; on a desktop the file dialog.
func TestKeysPageWordsForThePage(t *testing.T) {
	join := func(inPage bool) string {
		var b strings.Builder
		for _, l := range helpLines(inPage) {
			b.WriteString(l[0] + " " + l[1] + "\n")
		}
		return b.String()
	}
	page, desk := join(true), join(false)
	for _, no := range []string{"file dialog", "~/Tablut", "window", "drop a file"} {
		assert.NotContains(t, page, no, "the page's keys")
	}
	assert.Contains(t, page, "download")
	assert.Contains(t, page, "file picker")
	assert.Contains(t, desk, "file dialog")
	assert.Equal(t, len(helpLines(true)), len(helpLines(false)))
}

// The Repetition card is a picture, like the others (it was a string of
// moves): two pawns each go out and back, and played in turn those four
// moves bring the position back and draw the game.
func TestTheRepetitionCardIsAPicture(t *testing.T) {
	var rc ruleCard
	for _, c := range ruleCards {
		if c.title == "Repetition" {
			rc = c
		}
	}
	require.Len(t, rc.trips, 2, "the card draws the moves out and back")
	assert.Less(t, len(rc.text), 110, "the card's text tells the moves instead of showing them")
	p, err := game.ParsePosition(rc.pos)
	require.NoError(t, err)
	g := game.NewGame(p)
	var out, back []game.Move
	for _, ms := range rc.trips {
		m, err := game.ParseMove(ms)
		require.NoError(t, err)
		out = append(out, m)
		back = append(back, game.NewMove(m.To(), m.From()))
	}
	for _, m := range append(out, back...) {
		require.NoError(t, g.Play(m), "%v on the Repetition card", m)
	}
	assert.Equal(t, game.Draw, g.Outcome())
	assert.Equal(t, game.Repetition, g.Reason())
}
