// Command web is the game as a web page: built with GOOS=js GOARCH=wasm it is
// the tablut.wasm that index.html loads (go run ./web/mksite makes the whole
// site folder). It holds only the game, opened through package ui: no
// command-line tools, training, plotting or server code, which keeps the
// page's download small (docs/measurements.md, section Web build).
//
// The page's address may carry the start panel's choices, so that a teacher
// can share a link that starts a game at once: ?white=human&black=level:club&movetime=2s
// (each optional; without them the start panel opens); ?puzzle=N opens the
// shipped puzzle N instead. The AI thinks in
// search workers (web/worker), one per spare core (?workers=N chooses).
// ?bench=1 measures the
// search speed instead (package web/nps) and shows it, ?bench=worker the
// workers' against the page's; ?test=1 also
// publishes the board's state after every frame for the browser test
// (web/browsertest).
//
//   - main.go: the page's options read from its address, the window opened
//     through ui.Run, the bench mode.
//   - page_js.go, page_other.go: talking to the page (its address, its
//     messages: a failure, the first frame, the bench's figures, the test's
//     state); outside a browser, an empty address and standard output.
//   - workers_js.go, workers_other.go: the search workers (a pool of Web
//     Workers running web/worker, sharing each search out with
//     web/searchmsg) and the engines that use them; none outside a browser.
//   - benchworker_js.go, benchworker_other.go: ?bench=worker.
//   - imports_test.go: the build links none of the tools.
package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/session"
	"github.com/tablut-ai/tablut/web/nps"
)

func main() {
	q := pageQuery()
	if q.Get("bench") != "" {
		run := bench
		if q.Get("bench") == "worker" {
			run = benchWorkers
		}
		if err := run(q); err != nil {
			pageFail("The speed measurement failed: " + err.Error())
		}
		return
	}
	opts, err := options(q)
	if err != nil {
		pageFail("Cannot start the game: " + err.Error() + ".")
		return
	}
	opts.Config.Engines = startWorkers(q.Get("workers")) // nil: in the page
	opts.Config.EstimateBy = workerEstimates()           // the bar's figures, off the page's thread too (nil: in the page)
	if err := ui.Run(opts); err != nil {
		pageFail("The game stopped: " + err.Error() + ". Reload the page to play again.")
	}
}

// options turns the page's address into the window's options.
func options(q url.Values) (ui.Options, error) {
	opts := ui.Options{Config: session.Config{KeepLastGame: true}}
	def := session.DefaultSettings()
	given := false
	for _, side := range []struct {
		key  string
		spec *string
	}{{"white", &def.White}, {"black", &def.Black}} {
		if v := q.Get(side.key); v != "" {
			if err := session.CheckSpec(v); err != nil {
				return opts, fmt.Errorf("the address names a player the game does not know (%s=%s): %v", side.key, v, err)
			}
			*side.spec, given = v, true
		}
	}
	if v := q.Get("movetime"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return opts, fmt.Errorf("the address gives a bad move time (movetime=%s): write it like 2s or 500ms", v)
		}
		def.MoveTime, given = d, true
	}
	if given {
		// A link's game asks before it replaces a kept, unfinished one.
		opts.Settings, opts.AskFirst = &def, true
	}
	if v := q.Get("puzzle"); v != "" {
		n, err := strconv.Atoi(v)
		if err == nil {
			err = session.CheckPuzzleID(n)
		} else {
			err = fmt.Errorf("write a number")
		}
		if err != nil {
			return opts, fmt.Errorf("the address names a bad puzzle (puzzle=%s): %v", v, err)
		}
		opts.Puzzle, opts.Settings, opts.AskFirst = n, nil, false
	}
	test := q.Get("test") != ""
	frames := 0
	opts.AfterDraw = func(a *ui.App) {
		frames++
		if frames == 1 {
			pageCall("tablutFirstFrame")
		}
		if test {
			pageReport("state", testState(a, frames))
		}
	}
	return opts, nil
}

// point is a place on the page in CSS pixels.
type point struct{ X, Y float64 }

// state is what the browser test reads after each frame.
type state struct {
	Frame int
	Ply   int
	Busy  bool // a search runs (an AI thinks)
	// Estimated: the position on the board has its estimate (the bar's
	// figure, made by a search worker: session.Config.EstimateBy).
	Estimated bool
	Human     bool // a person may move
	// Moves are the legal moves, where their squares are drawn (a JSON list
	// of move, kept while the position and the screen stay the same).
	Moves json.RawMessage
	// Search is the search workers' state (workers_js.go).
	Search workerState
	// Link: the link's question over the kept game, its players and
	// buttons; nil when none is up.
	Link *linkQuestion `json:",omitempty"`

	// For the touch test: what the screen shows and where its buttons are.
	Screen   string          // "start" (the start panel) or "game"
	Selected string          // the selected square, "" for none
	Flipped  bool            // the board is drawn with Black at the bottom
	Dragging bool            // a piece follows the pointer
	Start    *point          // the start panel's Start button, while the panel shows
	Buttons  json.RawMessage // the panel's buttons by label: a JSON object of box
	Played   json.RawMessage // the game's moves up to the position shown: a JSON list
	// Puzzle is the puzzle on the board, nil when none is (its buttons
	// are in Buttons).
	Puzzle *puzzleState `json:",omitempty"`
}

// puzzleState is what the test reads of a puzzle.
type puzzleState struct {
	ID    int
	Phase int // session.PuzzlePhase: 0 to move, 1 checking, 2 right, 3 solved, 4 failed, 5 showing, 6 shown
	Line  []string
	Say   string
}

type linkQuestion struct {
	Players     string
	Start, Keep point
}

// box is a rectangle on the page in CSS pixels.
type box struct{ X, Y, W, H float64 }

type move struct {
	Name     string
	From, To point
}

// testLists are the lists of the test's state, made again only when what
// they describe may have changed: written out every frame they cost the
// page more than its own drawing, which would blur the frame gaps that the
// browser test measures.
type testLists struct {
	key                    listKey
	panel                  []ui.PanelButton
	moves, buttons, played json.RawMessage
}

// listKey is what the lists depend on.
type listKey struct {
	hash                uint64
	ply, moves          int
	human, flipped      bool
	screen              session.Screen
	x0, y0, x1, y1, dpr float64 // two squares' centres: the board's place and size
}

var lists testLists

// testState describes the board for the browser test, as JSON.
func testState(a *ui.App, frame int) string {
	c := a.Controller()
	_, estimated := c.Eval()
	s := state{Frame: frame, Ply: c.Game().Ply(), Busy: c.Busy(), Human: c.HumanToMove(), Estimated: estimated,
		Screen: "game", Flipped: c.Flipped(), Dragging: a.Dragging(), Search: poolState()}
	scale := cssScale()
	if q := c.Selected(); q != game.NoSquare {
		s.Selected = q.String()
	}
	if c.Screen() == session.ScreenStart {
		s.Screen = "start"
		if x, y, ok := a.StartItemCenter("Start"); ok {
			s.Start = &point{x / scale, y / scale}
		}
	}
	if sx, sy, ok := a.LinkButtonCenter(true); ok {
		o, _ := c.LinkOffered()
		kx, ky, _ := a.LinkButtonCenter(false)
		s.Link = &linkQuestion{o.Players, point{sx / scale, sy / scale}, point{kx / scale, ky / scale}}
	}
	buttons := append(a.PanelButtons(), a.PuzzleButtons()...)
	if v, ok := c.PuzzleNow(); ok {
		p, _ := puzzle.ByID(v.ID)
		s.Puzzle = &puzzleState{ID: v.ID, Phase: int(v.Phase), Say: v.Say}
		for _, m := range p.Line {
			s.Puzzle.Line = append(s.Puzzle.Line, m.String())
		}
	}
	pos := c.Game().Position()
	k := listKey{hash: pos.Hash(), ply: s.Ply, moves: len(c.Game().Moves()), human: s.Human,
		flipped: s.Flipped, screen: c.Screen(), dpr: scale}
	k.x0, k.y0 = a.SquareCenter(game.Square(0))
	k.x1, k.y1 = a.SquareCenter(game.Square(80))
	if lists.moves == nil || k != lists.key || !slices.Equal(buttons, lists.panel) {
		lists.key, lists.panel = k, buttons
		at := func(q game.Square) point {
			x, y := a.SquareCenter(q)
			return point{x / scale, y / scale}
		}
		moves := []move{}
		if s.Human {
			for _, m := range c.Game().LegalMoves() {
				moves = append(moves, move{m.String(), at(m.From()), at(m.To())})
			}
		}
		played := []string{}
		for _, m := range c.Game().Moves() {
			played = append(played, m.String())
		}
		boxes := map[string]box{}
		for _, b := range buttons {
			boxes[b.Label] = box{b.X / scale, b.Y / scale, b.W / scale, b.H / scale}
		}
		lists.moves, _ = json.Marshal(moves)
		lists.played, _ = json.Marshal(played)
		lists.buttons, _ = json.Marshal(boxes)
	}
	s.Moves, s.Played, s.Buttons = lists.moves, lists.played, lists.buttons
	b, _ := json.Marshal(s)
	return string(b)
}

// bench measures the search speed with the heuristic and the champion
// network (?movetime= per position, default 500ms) and shows it.
func bench(q url.Values) error {
	per := 500 * time.Millisecond
	if v := q.Get("movetime"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("bad movetime %q", v)
		}
		per = d
	}
	out := map[string]float64{}
	for _, spec := range []string{"heuristic", "cnn:champion"} {
		pageReport("progress", "measuring "+spec)
		r, err := nps.Measure(spec, per)
		if err != nil {
			return err
		}
		out[spec] = r.NPS()
	}
	b, _ := json.Marshal(out)
	pageReport("bench", string(b))
	return nil
}
