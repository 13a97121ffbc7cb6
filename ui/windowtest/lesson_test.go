package windowtest

import (
	"fmt"
	"testing"

	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// clickLessonButton clicks the lesson's button labelled label.
func clickLessonButton(t *testing.T, app *ui.App, label string) {
	t.Helper()
	var x, y float64
	var ok bool
	onLoop(t, func() { x, y, ok = app.LessonButtonCenter(label) })
	if !ok {
		t.Fatalf("the lesson has no button %q", label)
	}
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
	frames(t, 4)
}

// The lesson from the start panel's button, with real clicks and keys: a
// wrong move is answered and taken back, the right one solved; Enter goes
// to the next step, the Skip button past one, Esc leaves.
func TestLessonWithRealClicks(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	var app *ui.App
	onLoop(t, func() { app = newApp(t, ui.Options{Config: session.Config{Store: session.NewMemStore()}}) })
	frames(t, 5)
	clickItem(t, app, "Learn to play")
	lesson := func() session.Lesson {
		var l session.Lesson
		var ok bool
		onLoop(t, func() { l, ok = app.Controller().LessonNow() })
		if !ok {
			t.Fatal("the lesson is not on the board")
		}
		return l
	}
	if l := lesson(); l.Step != 0 {
		t.Fatalf("the lesson opened on step %d", l.Step+1)
	}
	tapAt(t, app, square(t, "c3"))
	tapAt(t, app, square(t, "c7"))
	if l := lesson(); l.Solved || l.Say == "" {
		t.Fatalf("after c3-c7: solved %v, said %q; want an answer and no solution", l.Solved, l.Say)
	}
	if app.Controller().Game().Ply() != 0 {
		t.Fatal("the wrong move was not taken back")
	}
	tapAt(t, app, square(t, "c3"))
	tapAt(t, app, square(t, "c8"))
	if l := lesson(); !l.Solved {
		t.Fatalf("c3-c8 did not solve the first step: %q", l.Say)
	}
	frames(t, 30)
	shoot(t, app, "lesson")
	key(t, "Return")
	if l := lesson(); l.Step != 1 {
		t.Fatalf("Enter went to step %d, want 2", l.Step+1)
	}
	clickLessonButton(t, app, "Skip")
	if l := lesson(); l.Step != 2 {
		t.Fatalf("Skip went to step %d, want 3", l.Step+1)
	}
	tapAt(t, app, square(t, "b3"))
	tapAt(t, app, square(t, "b1"))
	if l := lesson(); !l.Solved {
		t.Fatalf("b3-b1 did not capture against the camp: %q", l.Say)
	}
	frames(t, 30)
	shoot(t, app, "lesson-camp")
	key(t, "Escape")
	if app.Controller().InLesson() || app.Controller().Screen() != session.ScreenStart {
		t.Fatal("Esc did not leave the lesson for the start panel")
	}
}

// The rules page (L, a real key) and its page in words (Tab) lead to the
// lesson with a real click on their "Learn to play" button.
func TestRulesPageLeadsToTheLesson(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: session.Human}, Config: session.Config{Store: session.NewMemStore()}})
	})
	frames(t, 5)
	key(t, "l")
	if !app.Controller().HelpShown() || app.Controller().HelpPage() != session.HelpRules {
		t.Fatal("L did not open the rules page")
	}
	shoot(t, app, "rules-cards")
	key(t, "Tab")
	if app.Controller().HelpPage() != session.HelpRulesText {
		t.Fatalf("Tab went to page %d, want the rules in words", app.Controller().HelpPage())
	}
	shoot(t, app, "rules-text")
	var x, y float64
	onLoop(t, func() { x, y = app.RulesLessonButtonCenter() })
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
	frames(t, 4)
	if !app.Controller().InLesson() || app.Controller().HelpShown() {
		t.Fatal("the rules page's button did not open the lesson")
	}
}
