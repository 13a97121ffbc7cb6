package windowtest

import (
	"fmt"
	"testing"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
)

// clickPuzzleButton clicks the puzzle's button whose label starts with label.
func clickPuzzleButton(t *testing.T, app *ui.App, label string) {
	t.Helper()
	var x, y float64
	var ok bool
	onLoop(t, func() { x, y, ok = app.PuzzleButtonCenter(label) })
	if !ok {
		t.Fatalf("the puzzle has no button %q", label)
	}
	xdo(t, "mousemove", "--window", "WIN", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
	frames(t, 4)
	xdo(t, "mousemove", "--window", "WIN", "2", "2")
	frames(t, 2)
}

// puzzleNow returns the puzzle on the app's board.
func puzzleNow(t *testing.T, app *ui.App) session.PuzzleView {
	t.Helper()
	var v session.PuzzleView
	var ok bool
	onLoop(t, func() { v, ok = app.Controller().PuzzleNow() })
	if !ok {
		t.Fatal("no puzzle is on the board")
	}
	return v
}

// waitPhase lets frames pass until the puzzle is in one of the phases.
func waitPhase(t *testing.T, app *ui.App, phases ...session.PuzzlePhase) session.PuzzleView {
	t.Helper()
	var v session.PuzzleView
	waitFor(t, fmt.Sprint("the puzzle in phase ", phases), func() bool {
		v, _ = app.Controller().PuzzleNow()
		for _, p := range phases {
			if v.Phase == p {
				return true
			}
		}
		return false
	})
	return v
}

// The start panel's Puzzles button opens the easiest puzzle; its solution
// played with real clicks solves it (the engine answering each step),
// the rating goes up; Next opens another, a wrong move there fails it with
// the refutation on the board, Try again takes it back, Show plays the
// solution, Esc leaves.
func TestPuzzleWithRealClicks(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	var app *ui.App
	onLoop(t, func() { app = newApp(t, ui.Options{Config: session.Config{Store: session.NewMemStore()}}) })
	frames(t, 5)
	shoot(t, app, "puzzle-panel")
	clickItem(t, app, "Puzzles")
	v := puzzleNow(t, app)
	p, _ := puzzle.ByID(v.ID)
	if v.ID != puzzle.Shipped()[0].ID {
		t.Fatalf("Puzzles opened puzzle %d, want the easiest, %d", v.ID, puzzle.Shipped()[0].ID)
	}
	shoot(t, app, "puzzle-start")
	for i := 0; i < p.Depth; i++ {
		var ply int
		onLoop(t, func() { ply = app.Controller().Game().Ply() })
		m := p.Line[ply]
		tapAt(t, app, m.From())
		tapAt(t, app, m.To())
		v = waitPhase(t, app, session.PuzzleToMove, session.PuzzleSolved, session.PuzzleFailed)
		if v.Phase == session.PuzzleFailed {
			t.Fatalf("the solution's move %v failed: %s", m, v.Say)
		}
	}
	if v.Phase != session.PuzzleSolved || v.Change <= 0 {
		t.Fatalf("after the solution: phase %d, rating change %d; want solved, up", v.Phase, v.Change)
	}
	frames(t, 30)
	shoot(t, app, "puzzle-solved")

	clickPuzzleButton(t, app, "Next")
	v = puzzleNow(t, app)
	if v.ID == p.ID || v.Phase != session.PuzzleToMove {
		t.Fatalf("Next left puzzle %d in phase %d", v.ID, v.Phase)
	}
	q, _ := puzzle.ByID(v.ID)
	var wrong game.Move
	for _, m := range game.NewGame(q.Start).LegalMoves() {
		if m != q.Line[0] {
			wrong = m
			break
		}
	}
	tapAt(t, app, wrong.From())
	tapAt(t, app, wrong.To())
	v = waitPhase(t, app, session.PuzzleFailed, session.PuzzleRight, session.PuzzleSolved)
	if v.Phase != session.PuzzleFailed || v.Say == "" || v.Change >= 0 {
		t.Fatalf("the wrong move %v: phase %d, said %q, change %d", wrong, v.Phase, v.Say, v.Change)
	}
	frames(t, 30)
	shoot(t, app, "puzzle-failed")
	clickPuzzleButton(t, app, "Try again")
	var ply int
	onLoop(t, func() { ply = app.Controller().Game().Ply() })
	if v = puzzleNow(t, app); v.Phase != session.PuzzleToMove || ply != 0 {
		t.Fatalf("Try again: phase %d at ply %d", v.Phase, ply)
	}
	clickPuzzleButton(t, app, "Show")
	waitPhase(t, app, session.PuzzleShown)
	var played []game.Move
	onLoop(t, func() { played = app.Controller().Game().Moves() })
	if fmt.Sprint(played) != fmt.Sprint(q.Line) {
		t.Fatalf("Show played %v, want %v", played, q.Line)
	}
	key(t, "Escape")
	if app.Controller().InPuzzle() || app.Controller().Screen() != session.ScreenStart {
		t.Fatal("Esc did not leave the puzzle for the start panel")
	}
}

// ui.Options.Puzzle (tablut -puzzle N) opens puzzle N at once; T shows
// the classroom's search page with the puzzle's proof.
func TestPuzzleOption(t *testing.T) {
	needDisplay(t)
	resize(t, 1280, 800)
	id := 0
	for _, p := range puzzle.Shipped() {
		if p.Depth == 3 {
			id = p.ID
			break
		}
	}
	var app *ui.App
	onLoop(t, func() {
		app = newApp(t, ui.Options{Puzzle: id, Config: session.Config{Store: session.NewMemStore()}})
	})
	frames(t, 5)
	if v := puzzleNow(t, app); v.ID != id {
		t.Fatalf("opened puzzle %d, want %d", v.ID, id)
	}
	key(t, "t")
	waitFor(t, "the proof", func() bool {
		pr, _ := app.Controller().PuzzleProof()
		return pr.Done || pr.Err != ""
	})
	frames(t, 20)
	shoot(t, app, "puzzle-proof")
	if pr, _ := app.Controller().PuzzleProof(); pr.Err != "" {
		t.Fatal(pr.Err)
	}
	key(t, "t")
}
