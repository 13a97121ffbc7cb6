package windowtest

import (
	"fmt"
	"image"
	"testing"

	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// A game where Master plays White from the start, chosen by real clicks in
// the start panel: its first move comes from the opening book at once and
// the panel's status says so; T opens the classroom's search page on the
// position Master answered, where the "Opening book" box is drawn (its
// accent stripe and its fill read back from the screen), at the window's
// two usual sizes.
func TestBookMoveInThePanelAndTheClassroom(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	defer resize(t, 1180, 780)
	cfg := session.Config{Engines: session.DepthEngine(1), HintSpec: "heuristic", SaveDir: t.TempDir(),
		Store: session.NewMemStore(), NoPonder: true}
	var app *ui.App
	onLoop(t, func() { app = newApp(t, ui.Options{Config: cfg}) })
	if app == nil {
		t.Fatal("no app")
	}
	defer onLoop(t, closeApp)
	frames(t, 5)
	clickItem(t, app, "I play Black")
	clickItem(t, app, "Master")
	clickItem(t, app, "Start")
	c := app.Controller()
	if c.Screen() != session.ScreenGame || c.Settings().White != "level:master" || !c.IsHuman(1) {
		t.Fatalf("the clicks started %+v, want Master as White against a person", c.Settings())
	}
	waitFor(t, "Master's book move", func() bool {
		_, ok := c.LastBookMove()
		return ok && !c.Busy()
	})
	shoot(t, app, "book-panel")

	key(t, "t")
	for _, size := range [][2]int{{1280, 800}, {1180, 780}, {820, 1000}} {
		resize(t, size[0], size[1])
		waitFor(t, "the opening book box", func() bool {
			st := app.TeachStatus()
			return st.Open && st.Page == session.TeachSearch && st.BookBox[2] > 0
		})
		checkBookBox(t, app)
		shoot(t, app, "book-classroom-"+fmt.Sprint(size[0]))
	}

	// H lets Master think about the position on the board, Black's, which
	// no book has: the page follows the live search and the box goes.
	key(t, "h")
	waitFor(t, "Master's live search of Black's position", func() bool {
		rec, ok := c.Search()
		return ok && !rec.Running && rec.Name == "level:master" && rec.Ply == 1 && len(rec.Infos) > 0 &&
			app.TeachStatus().BookBox[2] == 0
	})
	shoot(t, app, "book-classroom-then-search")
}

// checkBookBox reads the search page's "Opening book" box back from a drawn
// frame: the accent stripe on its left edge and its fill at its right end,
// clear of the text.
func checkBookBox(t *testing.T, app *ui.App) {
	t.Helper()
	drawnImage(t, app, "", func(img *image.RGBA) {
		b := app.TeachStatus().BookBox
		x, y, w, h := int(b[0]), int(b[1]), int(b[2]), int(b[3])
		if w < 100 || h < 60 {
			t.Errorf("the book box is %dx%d, too small for its text", w, h)
			return
		}
		if got := img.At(x+1, y+h/2); !near(got, ui.Colors()["accent"], 10) {
			t.Errorf("the book box's stripe at (%d,%d) is %v", x+1, y+h/2, got)
		}
		for _, yy := range []int{y + 3, y + h/2, y + h - 3} {
			if got := img.At(x+w-4, yy); !near(got, ui.Colors()["panelInset"], 10) {
				t.Errorf("the book box's fill at (%d,%d) is %v", x+w-4, yy, got)
			}
		}
		if bounds := img.Bounds(); x+w > bounds.Dx() || y+h > bounds.Dy() {
			t.Errorf("the book box %v leaves the window %v", b, bounds)
		}
	})
}
