package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tablut-ai/tablut/ai/puzzle"
)

// puzzlePageState is the page's state with the puzzle on the board.
type puzzlePageState struct {
	touchState
	Puzzle *struct {
		ID, Phase int
		Line      []string
		Say       string
	}
}

func readPuzzleState(t *testing.T, ctx context.Context) puzzlePageState {
	t.Helper()
	var s string
	eval(t, ctx, `window.tablut_state || "{}"`, &s)
	var st puzzlePageState
	if err := json.Unmarshal([]byte(s), &st); err != nil {
		t.Fatalf("bad state %q: %v", s, err)
	}
	return st
}

// waitPuzzle polls the page until its puzzle is in one of the phases
// (session.PuzzlePhase's numbers).
func waitPuzzle(t *testing.T, ctx context.Context, phases ...int) puzzlePageState {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		st := readPuzzleState(t, ctx)
		if st.Puzzle != nil {
			for _, p := range phases {
				if st.Puzzle.Phase == p && (p != 0 || st.Human) {
					return st
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 60 s for the puzzle in phase %v; the state: %+v, moves %v", phases, st.Puzzle, st.Played)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// tapMove plays the legal move named name with two taps.
func tapMove(t *testing.T, ctx context.Context, st puzzlePageState, name string) {
	t.Helper()
	for _, m := range st.Moves {
		if m.Name == name {
			fingerTap(t, ctx, m.From.X, m.From.Y)
			fingerTap(t, ctx, m.To.X, m.To.Y)
			return
		}
	}
	t.Fatalf("%s is not among the legal moves", name)
}

// tapButton taps the puzzle's button whose label starts with label.
func tapButton(t *testing.T, ctx context.Context, st puzzlePageState, label string) {
	t.Helper()
	for l, b := range st.Buttons {
		if strings.HasPrefix(l, label) {
			fingerTap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
			return
		}
	}
	t.Fatalf("no button %q among %v", label, st.Buttons)
}

// The page's ?puzzle=N on a phone: solved by touch, the defence answering
// each step; the next puzzle failed by touch, with its sentence; a bad N
// is refused with the valid range.
func TestPuzzleByTouchInBrowser(t *testing.T) {
	srv := serve(t)
	var p puzzle.Puzzle
	for _, q := range puzzle.Shipped() {
		if q.Depth == 2 {
			p = q
			break
		}
	}
	if p.ID == 0 {
		t.Fatal("no shipped puzzle of depth 2")
	}
	d := touchDevices[0]
	ctx := touchBrowser(t, d, fmt.Sprintf("%s/?test=1&puzzle=%d", srv.URL, p.ID))
	st := waitPuzzle(t, ctx, 0)
	if st.Puzzle.ID != p.ID || st.Screen != "game" {
		t.Fatalf("?puzzle=%d opened puzzle %d on screen %q", p.ID, st.Puzzle.ID, st.Screen)
	}
	shot(t, ctx, "puzzle-touch-start")
	for step := 0; ; step++ {
		if step > p.Depth {
			t.Fatal("the solution did not solve the puzzle")
		}
		line := st.Puzzle.Line
		tapMove(t, ctx, st, line[len(st.Played)])
		st = waitPuzzle(t, ctx, 0, 3, 4)
		if st.Puzzle.Phase == 4 {
			t.Fatalf("the solution's move failed: %s", st.Puzzle.Say)
		}
		if st.Puzzle.Phase == 3 {
			break
		}
		if strings.Join(st.Played, " ") != strings.Join(line[:len(st.Played)], " ") {
			t.Fatalf("the defence left the line: %v", st.Played)
		}
	}
	time.Sleep(500 * time.Millisecond) // the last move's animation
	shot(t, ctx, "puzzle-touch-solved")

	tapButton(t, ctx, st, "Next")
	st = waitPuzzle(t, ctx, 0)
	if st.Puzzle.ID == p.ID {
		t.Fatal("Next kept the same puzzle")
	}
	wrong := ""
	for _, m := range st.Moves {
		if m.Name != st.Puzzle.Line[0] {
			wrong = m.Name
			break
		}
	}
	tapMove(t, ctx, st, wrong)
	st = waitPuzzle(t, ctx, 4, 2, 3)
	if st.Puzzle.Phase != 4 || st.Puzzle.Say == "" {
		t.Fatalf("the wrong move %s: phase %d, said %q", wrong, st.Puzzle.Phase, st.Puzzle.Say)
	}
	time.Sleep(500 * time.Millisecond)
	shot(t, ctx, "puzzle-touch-failed")
	if small := smallTargets(st.touchState); small != "" {
		t.Errorf("buttons too small for a finger: %s", small)
	}

	// A bad number: one line naming the range, in place of the game.
	ctx = browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?puzzle=100000")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, `window.tablutError`, 120*time.Second)
	var msg string
	eval(t, ctx, `document.getElementById("msg").textContent`, &msg)
	if !strings.Contains(msg, "numbered 1 to") {
		t.Errorf("?puzzle=100000 says %q", msg)
	}
}
