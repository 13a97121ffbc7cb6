package windowtest

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// recordFrom writes a record of the game from position pos with moves.
func recordFrom(t *testing.T, pos string, white, black string, moves ...string) string {
	t.Helper()
	p, err := game.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	g := game.NewGame(p)
	for _, s := range moves {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	if err := g.WriteRecord(&b, game.RecordMeta{White: white, Black: black}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// showAfter runs setup on the loop, lets frames pass, then runs check on a
// drawn frame (and keeps it as name.png under $TABLUT_SHOTS).
func showAfter(t *testing.T, name string, wait int, setup func() *ui.App, check func(app *ui.App, screen *ebiten.Image)) {
	t.Helper()
	var app *ui.App
	onLoop(t, func() { app = setup() })
	if app == nil {
		t.Fatal("no app")
	}
	done := false
	run(t, 30*time.Second, &task{
		update: func(frame int) bool { return done },
		draw: func(frame int, screen *ebiten.Image) {
			if frame < wait || done {
				return
			}
			done = true
			app.Invalidate()
			app.Draw(screen)
			if check != nil {
				check(app, screen)
			}
			keepShot(t, screen, name)
		},
	})
}

// A capture is marked on the board: the capturing pawn ringed, the camp it
// captured against framed, in the capture colour.
func TestCaptureIsMarkedOnTheBoard(t *testing.T) {
	needDisplay(t)
	rec := recordFrom(t, "...BBB.../...BB..../.W......./B.......B/BB..K..BB/B.......B/........./....B..../...BBB... W", "human", "human")
	// The marks last 3 s of the controller's clock. Under the race detector on
	// a busy machine 50 frames can take longer, so the clock given to the
	// window runs 2 s past the move (the 160 ms slide ends) and then waits
	// there: the check does not depend on how fast frames come.
	var mu sync.Mutex
	var stopAt time.Time
	now := func() time.Time {
		t := time.Now()
		mu.Lock()
		defer mu.Unlock()
		if !stopAt.IsZero() && t.After(stopAt) {
			return stopAt
		}
		return t
	}
	showAfter(t, "capture", 50, func() *ui.App {
		app := newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: session.Human, MoveTime: time.Second}, Config: session.Config{Now: now}})
		if app == nil {
			return nil
		}
		c := app.Controller()
		if err := c.Load(strings.NewReader(rec), "capture.txt"); err != nil {
			t.Error(err)
			return nil
		}
		// b3-d3 takes d2 against the camp d1.
		c.Select(square(t, "b3"))
		if !c.Select(square(t, "d3")) {
			t.Error("b3-d3 was not played")
		}
		mu.Lock()
		stopAt = time.Now().Add(2 * time.Second)
		mu.Unlock()
		return app
	}, func(app *ui.App, screen *ebiten.Image) {
		if len(app.Controller().CaptureMarks()) == 0 {
			t.Fatalf("no capture marked after b3-d3; message %q", app.Controller().Message())
		}
		checkPixels(t, snapshot(screen), app, []pixelCheck{
			{"d2", 0, 0, "square"},      // the captured pawn is gone
			{"d1", -0.48, 0, "capture"}, // the camp it was captured against is framed
			{"d3", 0, 0, "whitePiece"},
		})
	})
}

// The Help button opens the rules page: small boards with their pieces.
func TestRulesPageShowsIllustratedBoards(t *testing.T) {
	needDisplay(t)
	showAfter(t, "rules", 10, func() *ui.App {
		app := newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: session.Human, MoveTime: time.Second}})
		if app != nil {
			app.Controller().ShowHelp(session.HelpRules)
		}
		return app
	}, func(app *ui.App, screen *ebiten.Image) {
		if !app.Controller().HelpShown() || app.Controller().HelpPage() != session.HelpRules {
			t.Fatal("the rules page is not shown")
		}
		// The cards' boards show camp squares and black pawns somewhere.
		img := snapshot(screen)
		pal := ui.Colors()
		camps, blacks := 0, 0
		for y := 0; y < img.Rect.Dy(); y += 2 {
			for x := 0; x < img.Rect.Dx(); x += 2 {
				c := img.At(x, y)
				if near(c, pal["camp"], 4) {
					camps++
				}
				if near(c, pal["blackPiece"], 4) {
					blacks++
				}
			}
		}
		if camps < 500 || blacks < 100 {
			t.Errorf("the rules page shows %d camp and %d black-pawn pixels: no boards drawn", camps, blacks)
		}
	})
}

// The start panel offers the levels; a click on one chooses it.
func TestStartPanelOffersLevels(t *testing.T) {
	needDisplay(t)
	var app *ui.App
	onLoop(t, func() { app = newApp(t, ui.Options{}) })
	frames(t, 5)
	onLoop(t, func() { app.Controller().SetPanelSide(game.Black, "level:casual") })
	showAfter(t, "levels", 5, func() *ui.App { return app }, func(app *ui.App, screen *ebiten.Image) {
		s, _ := app.Controller().Panel()
		if s.Black != "level:casual" {
			t.Errorf("Black is %q, want level:casual", s.Black)
		}
	})
	onLoop(t, func() {
		if err := app.Controller().StartPanel(); err != nil {
			t.Error(err)
		}
	})
	if got := app.Controller().Settings().Black; got != "level:casual" {
		t.Fatalf("the game started with Black %q, want level:casual", got)
	}
}

// selfPlay plays plies moves of the heuristic at depth 2 against itself and
// returns the record.
func selfPlay(t *testing.T, plies int) string {
	t.Helper()
	p, err := player.New(player.Spec{Kind: player.Heuristic, Depth: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	g := game.NewGame(game.StartPosition())
	for g.Ply() < plies && g.Outcome() == game.Ongoing {
		r, err := p.Move(context.Background(), g.Position(), g.RepetitionHistory(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(r.Move); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	if err := g.WriteRecord(&b, game.RecordMeta{White: "heuristic", Black: "heuristic"}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A loaded game is browsed: the position after the chosen move shows, the
// move is highlighted in the list, later moves are dimmed.
func TestReplayOfALoadedGame(t *testing.T) {
	needDisplay(t)
	rec := selfPlay(t, 24)
	showAfter(t, "replay", 10, func() *ui.App {
		app := newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: session.Human, MoveTime: time.Second}})
		if app == nil {
			return nil
		}
		c := app.Controller()
		if err := c.Load(strings.NewReader(rec), "replay.txt"); err != nil {
			t.Error(err)
			return nil
		}
		c.GoTo(9)
		return app
	}, func(app *ui.App, screen *ebiten.Image) {
		c := app.Controller()
		if c.Game().Ply() != 9 || !c.Browsing() || len(c.Game().Line()) != 24 {
			t.Errorf("ply %d of %d, browsing %v; want ply 9 of 24 while browsing", c.Game().Ply(), len(c.Game().Line()), c.Browsing())
		}
		if !c.Paused() {
			t.Error("a loaded game between two engines is not paused")
		}
	})
}

// The end banner speaks to the person and offers a rematch.
func TestEndBannerSpeaksToThePlayer(t *testing.T) {
	needDisplay(t)
	rec := recordFrom(t, "...BBB.../....B..../........./B.K.....B/BB......B/B.......B/........./....B..../...BBB... W", "human", "level:beginner")
	showAfter(t, "gameover", 40, func() *ui.App {
		app := newApp(t, ui.Options{Settings: &session.Settings{White: session.Human, Black: "level:beginner", MoveTime: time.Second}})
		if app == nil {
			return nil
		}
		c := app.Controller()
		if err := c.Load(strings.NewReader(rec), "end.txt"); err != nil {
			t.Error(err)
			return nil
		}
		c.Select(square(t, "c4"))
		if !c.Select(square(t, "c1")) {
			t.Error("c4-c1 was not played")
		}
		return app
	}, func(app *ui.App, screen *ebiten.Image) {
		if !app.Controller().Over() {
			t.Fatal("the king's escape did not end the game")
		}
	})
}
