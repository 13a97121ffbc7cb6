package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui/session"
)

// The thinking AI's time bar lies between the status box's lines, clear of
// their text (it used to be drawn over the "Arrows: ..." line).
func TestTimeBarClearsTheStatusLines(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	for _, size := range [][2]int{{1180, 780}, {1280, 800}, {640, 420}, {900, 1400}, {2560, 1600}} {
		g := newGeometry(size[0], size[1], false, true, true)
		bar := a.statusBar(&g)
		for i, y := range statusLines(&g) {
			half := 9 * g.u // half the height of a 16-unit line
			if bar.y < y+half && y-half < bar.y+bar.h {
				t.Errorf("%v: the time bar [%.0f, %.0f] crosses line %d [%.0f, %.0f]", size, bar.y, bar.y+bar.h, i+1, y-half, y+half)
			}
		}
		in := g.status.inset(12 * g.u)
		assert.LessOrEqual(t, statusLines(&g)[2]+9*g.u, in.y+in.h+12*g.u, "%v: the last line leaves the box", size)
	}
}

// A capture is said once: in the status box, not again in the footer.
func TestCaptureIsSaidOnce(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	p, err := game.ParsePosition("........./...B...../W......../........./....K..../........./........./........./B........ W")
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, game.NewGame(p).WriteRecord(&b, game.RecordMeta{White: session.Human, Black: session.Human}))
	require.NoError(t, a.ctl.Load(strings.NewReader(b.String()), "capture.txt"))
	a.ctl.Select(sq(t, "a3"))
	require.True(t, a.ctl.Select(sq(t, "d3")))
	v := a.statusView(&a.geo)
	assert.Equal(t, "D2 captured between d3 and the camp d1", strings.ToUpper(v.l3[:1])+v.l3[1:])
	assert.NotContains(t, a.ctl.Message(), "captured", "the footer repeats the capture")
}

// No chance is shown for a position not yet estimated: the bar is grey
// with no number, not an even 50%, and the status says the estimate comes.
func TestUnknownEvaluationIsGrey(t *testing.T) {
	a := newTestApp(t, session.Human, session.Human)
	v := a.evalView(&a.geo)
	assert.False(t, v.known)
	assert.NotContains(t, v.label, "%")
	assert.Contains(t, a.statusView(&a.geo).l3, "Estimating this position")
}

// tablut -teach on a first launch (no settings, no game) showed the start
// panel, behind which the classroom was open and hidden, so that Esc, Back
// and T did nothing to be seen. It opens the classroom on a game with the
// panel's choices, and T then closes it onto the board.
func TestTeachOnAFirstLaunchOpensTheClassroom(t *testing.T) {
	a, err := NewApp(Options{Teach: true, TeachPage: session.TeachSearch,
		Config: session.Config{Engines: session.DepthEngine(1), SaveDir: t.TempDir(), Dialogs: noDialogs{}, Store: session.NewMemStore()}})
	require.NoError(t, err)
	t.Cleanup(a.Close)
	require.Equal(t, session.ScreenGame, a.ctl.Screen(), "the start panel hides the classroom")
	require.True(t, a.teachShown())
	a.ToggleTeach()
	assert.False(t, a.teachShown())
	assert.Equal(t, session.ScreenGame, a.ctl.Screen())
}
