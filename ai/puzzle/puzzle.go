package puzzle

import (
	"bytes"
	_ "embed"
	"fmt"
	"sort"
	"sync"

	"github.com/tablut-ai/tablut/game"
)

// Puzzle is one shipped puzzle: the side to move (the solver) wins in Depth of
// its moves.
type Puzzle struct {
	ID     int           // 1-based, stable number in the shipped set (tablut -puzzle N, ?puzzle=N)
	Start  game.Position // the solver is Start's side to move
	Depth  int           // the solver's moves to the win, 1..5
	Line   []game.Move   // the solution: solver, longest defence, solver, ...: 2*Depth-1 moves
	Themes []string      // tags, e.g. "escape", "double-threat", "capture-throne", "capture-camp", "sacrifice"
	Rating int           // difficulty on a lichess-like scale (about 600..2400)
	Source string        // where it came from (record file and move number), one line
	// Others[i] is how many other solver moves also win in the moves left at
	// the solver's i-th step of Line (Depth entries; Others[0] is 0: the first
	// move is unique). A later step with Others > 0 accepts any winning move.
	Others []int
}

// Solver returns the side that solves the puzzle (Start's side to move).
func (p Puzzle) Solver() game.Color { return p.Start.SideToMove() }

// Title says the task, e.g. "White to move and win in 2".
func (p Puzzle) Title() string {
	return fmt.Sprintf("%v to move and win in %d", p.Solver(), p.Depth)
}

// Themes the generator tags (theme.go in internal/lab/puzzles decides them).
const (
	ThemeEscape        = "escape"         // the king runs out along an open line
	ThemeDoubleThreat  = "double-threat"  // two ways out at once; one block cannot stop both
	ThemeCaptureThrone = "capture-throne" // the king captured on or next to the throne
	ThemeCaptureCamp   = "capture-camp"   // the king captured against a camp square
	ThemeCapture       = "capture"        // the king captured between two black pawns
	ThemeSacrifice     = "sacrifice"      // the solver lets a pawn be captured on the way
)

//go:embed puzzles.txt
var shippedText []byte

var (
	shippedOnce sync.Once
	shipped     []Puzzle
	byID        map[int]int
)

// Shipped returns the embedded puzzle set, sorted by Rating then ID. The
// slice is shared: do not modify it. The data is parsed once; its tests prove
// it parses, so a failure here is a broken build and panics.
func Shipped() []Puzzle {
	shippedOnce.Do(func() {
		ps, err := Read(bytes.NewReader(shippedText))
		if err != nil {
			panic("puzzle: the embedded puzzles.txt is broken: " + err.Error())
		}
		sort.SliceStable(ps, func(i, j int) bool {
			if ps[i].Rating != ps[j].Rating {
				return ps[i].Rating < ps[j].Rating
			}
			return ps[i].ID < ps[j].ID
		})
		byID = make(map[int]int, len(ps))
		for i, p := range ps {
			byID[p.ID] = i
		}
		shipped = ps
	})
	return shipped
}

// ByID returns the shipped puzzle with the given ID.
func ByID(id int) (Puzzle, bool) {
	ps := Shipped()
	i, ok := byID[id]
	if !ok {
		return Puzzle{}, false
	}
	return ps[i], true
}
