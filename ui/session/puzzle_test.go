package session

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
)

// newPuzzleController returns a controller over st with a clock the test
// moves.
func newPuzzleController(t *testing.T, st Store) (*Controller, *fakeClock) {
	t.Helper()
	clk := &fakeClock{t: time.Date(2025, 3, 14, 10, 0, 0, 0, time.UTC)}
	return New(Config{Engines: DepthEngine(1), Now: clk.now, HintSpec: "heuristic", SaveDir: t.TempDir(), Store: st}), clk
}

// shippedWith returns the easiest shipped puzzle of depth d.
func shippedWith(t *testing.T, d int) puzzle.Puzzle {
	t.Helper()
	for _, p := range puzzle.Shipped() {
		if p.Depth == d {
			return p
		}
	}
	t.Fatalf("no shipped puzzle of depth %d", d)
	return puzzle.Puzzle{}
}

// playPuzzleMove plays m by two clicks, as the window does.
func playPuzzleMove(t *testing.T, c *Controller, m game.Move) {
	t.Helper()
	require.True(t, c.HumanToMove(), "the person may not move before %v", m)
	c.Select(m.From())
	require.True(t, c.Select(m.To()), "%v was not played", m)
}

// untilPhase calls Update, the clock running, until the puzzle is in one of
// the phases.
func untilPhase(t *testing.T, c *Controller, clk *fakeClock, phases ...PuzzlePhase) PuzzleView {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		c.Update()
		v, ok := c.PuzzleNow()
		require.True(t, ok, "the puzzle left the board")
		for _, ph := range phases {
			if v.Phase == ph {
				return v
			}
		}
		clk.advance(50 * time.Millisecond)
		time.Sleep(time.Millisecond)
	}
	v, _ := c.PuzzleNow()
	t.Fatalf("the puzzle stayed in phase %d, want %v", v.Phase, phases)
	return v
}

// wrongMove returns a legal move of the position that is not the
// solution's first move (the shipped puzzles' first moves are unique, so
// it loses the puzzle).
func wrongMove(t *testing.T, p puzzle.Puzzle) game.Move {
	t.Helper()
	g := game.NewGame(p.Start)
	for _, m := range g.LegalMoves() {
		if m != p.Line[0] {
			return m
		}
	}
	t.Fatal("the puzzle's start has one legal move")
	return game.NoMove
}

// The solution played move by move: each move is judged, the defence's
// longest answer follows after a pause, the last move solves it; the
// result and the rating are kept.
func TestPuzzleSolved(t *testing.T) {
	st := NewMemStore()
	c, clk := newPuzzleController(t, st)
	p := shippedWith(t, 2)
	require.NoError(t, c.StartPuzzle(p.ID))
	v, ok := c.PuzzleNow()
	require.True(t, ok)
	assert.Equal(t, p.Title(), v.Title)
	assert.Equal(t, PuzzleToMove, v.Phase)
	assert.Equal(t, p.Solver() == game.Black, c.Flipped(), "the solver's side is at the bottom")
	defender := p.Solver().Other()
	before := c.PuzzleResultsNow().Player.Rating

	for i := 0; i < p.Depth; i++ {
		playPuzzleMove(t, c, p.Line[2*i])
		// A move being judged: no second move, and the defender's side is
		// never the person's.
		if v, _ := c.PuzzleNow(); v.Phase == PuzzleChecking {
			assert.False(t, c.HumanToMove(), "a move may be played while one is judged")
		}
		if i < p.Depth-1 {
			v = untilPhase(t, c, clk, PuzzleRight, PuzzleFailed)
			require.Equal(t, PuzzleRight, v.Phase, "the solution's move %v was refused: %s", p.Line[2*i], v.Say)
			assert.False(t, c.HumanToMove(), "the person may move the defender")
			v = untilPhase(t, c, clk, PuzzleToMove)
			pos := c.Position()
			assert.Equal(t, defender.Other(), pos.SideToMove())
			assert.Equal(t, i+1, v.Step)
			// The defence played is the longest one, the puzzle's line.
			assert.Equal(t, p.Line[2*i+1], c.LastMove(), "the engine's defence")
		}
	}
	v = untilPhase(t, c, clk, PuzzleSolved, PuzzleFailed)
	require.Equal(t, PuzzleSolved, v.Phase, v.Say)
	assert.True(t, v.Good)
	assert.True(t, c.Over())
	res := c.PuzzleResultsNow()
	require.Contains(t, res.Done, p.ID)
	assert.True(t, res.Done[p.ID].First)
	assert.Equal(t, "2025-03-14", res.Done[p.ID].Date)
	assert.Greater(t, res.Player.Rating, before, "a solved puzzle raises the rating")
	assert.Equal(t, int(roundAway(res.Player.Rating-before)), v.Change)

	// Kept: a new controller over the same store reads it back.
	c2, _ := newPuzzleController(t, st)
	res2 := c2.PuzzleResultsNow()
	assert.Equal(t, res.Player, res2.Player)
	assert.Equal(t, *res.Done[p.ID], *res2.Done[p.ID])

	// Played again: solved again, but not rated again.
	require.NoError(t, c2.StartPuzzle(p.ID))
	v, _ = c2.PuzzleNow()
	assert.True(t, v.Replay)
}

// A wrong move: the verdict's sentence, its refutation, a failure rated
// down; Try again takes it back to the same step; Show plays the line.
func TestPuzzleWrongMoveTryAgainShow(t *testing.T) {
	st := NewMemStore()
	c, clk := newPuzzleController(t, st)
	p := shippedWith(t, 1)
	require.NoError(t, c.StartPuzzle(p.ID))
	before := c.PuzzleResultsNow().Player.Rating
	w := wrongMove(t, p)
	playPuzzleMove(t, c, w)
	v := untilPhase(t, c, clk, PuzzleFailed, PuzzleSolved, PuzzleRight)
	require.Equal(t, PuzzleFailed, v.Phase, "%v was accepted", w)
	assert.NotEmpty(t, v.Say)
	assert.False(t, v.Good)
	assert.False(t, c.HumanToMove(), "a failed puzzle waits for Try again")
	verdict, err := puzzle.Judge(t.Context(), game.NewGame(p.Start), w, p.Depth)
	require.NoError(t, err)
	assert.Equal(t, verdict.Why, v.Say)
	assert.Equal(t, verdict.Refute, v.Refute)
	res := c.PuzzleResultsNow()
	require.Contains(t, res.Done, p.ID)
	assert.False(t, res.Done[p.ID].First)
	assert.Less(t, res.Player.Rating, before, "a failed puzzle lowers the rating")

	c.RetryPuzzle()
	v, _ = c.PuzzleNow()
	assert.Equal(t, PuzzleToMove, v.Phase)
	assert.Zero(t, c.Game().Ply(), "Try again did not take the move back")
	assert.Empty(t, v.Refute)
	// Solved at the second try: remembered as solved, the rating unchanged.
	rating := c.PuzzleResultsNow().Player.Rating
	playPuzzleMove(t, c, p.Line[0])
	v = untilPhase(t, c, clk, PuzzleSolved, PuzzleFailed)
	require.Equal(t, PuzzleSolved, v.Phase)
	res = c.PuzzleResultsNow()
	assert.True(t, res.Done[p.ID].Solved)
	assert.False(t, res.Done[p.ID].First)
	assert.Equal(t, rating, res.Player.Rating)

	// Show, from a fresh sitting of a deeper puzzle: the whole line is
	// played, and it counts as a failure.
	q := shippedWith(t, 2)
	require.NoError(t, c.StartPuzzle(q.ID))
	c.ShowPuzzleSolution()
	v = untilPhase(t, c, clk, PuzzleShown)
	assert.Equal(t, q.Line, c.Game().Moves())
	assert.True(t, c.Over())
	assert.False(t, c.PuzzleResultsNow().Done[q.ID].First)
}

// Show after a wrong move at the second step keeps the right first steps
// and plays the rest of the line.
func TestPuzzleShowAfterLaterMistake(t *testing.T) {
	c, clk := newPuzzleController(t, NewMemStore())
	p := shippedWith(t, 2)
	require.NoError(t, c.StartPuzzle(p.ID))
	playPuzzleMove(t, c, p.Line[0])
	untilPhase(t, c, clk, PuzzleToMove)
	g := game.NewGame(p.Start)
	g.Play(p.Line[0])
	g.Play(p.Line[1])
	var wrong game.Move
	for _, m := range g.LegalMoves() {
		v, err := puzzle.Judge(t.Context(), g, m, 1)
		require.NoError(t, err)
		if !v.Wins {
			wrong = m
			break
		}
	}
	require.NotEqual(t, game.NoMove, wrong)
	playPuzzleMove(t, c, wrong)
	untilPhase(t, c, clk, PuzzleFailed)
	c.RetryPuzzle()
	assert.Equal(t, 2, c.Game().Ply(), "Try again goes back to the step, not to the start")
	playPuzzleMove(t, c, wrong)
	untilPhase(t, c, clk, PuzzleFailed)
	c.ShowPuzzleSolution()
	untilPhase(t, c, clk, PuzzleShown)
	assert.Equal(t, p.Line, c.Game().Moves())
}

// Next goes to the easiest puzzle not tried; leaving opens the panel; the
// puzzle's game is never kept as the last game.
func TestPuzzleNextAndLeave(t *testing.T) {
	st := NewMemStore()
	c, clk := newPuzzleController(t, st)
	c.cfg.KeepLastGame = true
	all := puzzle.Shipped()
	require.NoError(t, c.StartNextPuzzle())
	v, _ := c.PuzzleNow()
	require.Equal(t, all[0].ID, v.ID, "the first puzzle is the easiest")
	c.ShowPuzzleSolution() // a failure: tried
	untilPhase(t, c, clk, PuzzleShown)
	c.NextPuzzle()
	v, _ = c.PuzzleNow()
	assert.Equal(t, all[1].ID, v.ID, "Next: the easiest not tried")
	id, ok := c.NextPuzzleID(all[1].ID)
	assert.True(t, ok)
	assert.Equal(t, all[2].ID, id)
	_, err := st.Load(lastGameName)
	assert.Error(t, err, "a puzzle was kept as the last game")
	c.LeavePuzzle()
	assert.False(t, c.InPuzzle())
	assert.Equal(t, ScreenStart, c.Screen())
	assert.False(t, c.CanUndo())
}

// Every puzzle tried and failed: Next offers the failed ones, easiest first.
func TestNextPuzzleOffersUnsolved(t *testing.T) {
	c, _ := newPuzzleController(t, NewMemStore())
	res := c.puzzleResults()
	all := puzzle.Shipped()
	for _, p := range all {
		res.Done[p.ID] = &PuzzleResult{First: true, Solved: true}
	}
	_, ok := c.NextPuzzleID(0)
	assert.False(t, ok, "every puzzle solved")
	res.Done[all[3].ID] = &PuzzleResult{}
	res.Done[all[5].ID] = &PuzzleResult{}
	id, ok := c.NextPuzzleID(0)
	assert.True(t, ok)
	assert.Equal(t, all[3].ID, id)
	id, _ = c.NextPuzzleID(all[3].ID)
	assert.Equal(t, all[5].ID, id)
}

// The puzzle of the day: one per date, the same all day, each puzzle once
// in as many days; opened by StartPuzzleOfTheDay and marked.
func TestPuzzleOfTheDay(t *testing.T) {
	day := time.Date(2025, 3, 14, 0, 30, 0, 0, time.UTC)
	p, ok := PuzzleOfTheDay(day)
	require.True(t, ok)
	q, _ := PuzzleOfTheDay(day.Add(23 * time.Hour))
	assert.Equal(t, p.ID, q.ID, "one puzzle all day")
	// Every puzzle once in as many days as there are puzzles.
	n := len(puzzle.Shipped())
	seen := map[int]bool{}
	for i := range n {
		d, _ := PuzzleOfTheDay(day.AddDate(0, 0, i))
		seen[d.ID] = true
	}
	assert.Len(t, seen, n, "%d days gave %d puzzles", n, len(seen))
	c, _ := newPuzzleController(t, NewMemStore())
	require.NoError(t, c.StartPuzzleOfTheDay())
	v, _ := c.PuzzleNow()
	d, _ := PuzzleOfTheDay(c.Now())
	assert.Equal(t, d.ID, v.ID)
	assert.True(t, v.Daily)
}

// Bad IDs get one line naming the range.
func TestCheckPuzzleID(t *testing.T) {
	lo, hi := PuzzleRange()
	require.Positive(t, hi)
	assert.NoError(t, CheckPuzzleID(lo))
	assert.NoError(t, CheckPuzzleID(hi))
	for _, id := range []int{0, -1, hi + 1} {
		err := CheckPuzzleID(id)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "numbered")
		assert.NotContains(t, err.Error(), "\n")
	}
	c, _ := newPuzzleController(t, NewMemStore())
	assert.Error(t, c.StartPuzzle(hi+1))
	assert.False(t, c.InPuzzle())
}

// Leaving while a move is judged cancels the judge; nothing is recorded.
func TestPuzzleLeaveWhileChecking(t *testing.T) {
	c, _ := newPuzzleController(t, NewMemStore())
	p := shippedWith(t, 3)
	require.NoError(t, c.StartPuzzle(p.ID))
	playPuzzleMove(t, c, p.Line[0])
	c.LeavePuzzle()
	c.Update()
	assert.Empty(t, c.PuzzleResultsNow().Done)
}

// The Glicko-2 update: a win and a loss against an equal are symmetric,
// a harder puzzle solved gains more, the deviation shrinks, and one game
// of Glickman's worked example gives the figure worked out by hand.
func TestPuzzleRatingGlicko(t *testing.T) {
	r := NewPuzzleRating()
	win := r.Update(1500, puzzleRD, 1)
	loss := r.Update(1500, puzzleRD, 0)
	assert.InDelta(t, 1500+(1500-loss.Rating), win.Rating, 0.01, "a win and a loss against an equal are symmetric")
	assert.Greater(t, win.Rating-1500, 50.0, "a new player's first result moves a lot")
	assert.Less(t, win.RD, r.RD)
	hard := r.Update(1900, puzzleRD, 1)
	assert.Greater(t, hard.Rating, win.Rating, "a harder puzzle solved gains more")
	// Glickman's example's player (1500, deviation 200, volatility 0.06)
	// wins against its first opponent (1400, deviation 30) alone: g = 0.9955,
	// E = 0.639, v = 4.38, the new deviation 1.0098 (in Glicko-2 units) and
	// the rating 1500 + 173.7 * 1.0196 * 0.9955 * 0.361 = 1563.6.
	p := PuzzleRating{Rating: 1500, RD: 200, Vol: 0.06}
	one := p.Update(1400, 30, 1)
	assert.InDelta(t, 1563.6, one.Rating, 1.0)
	// Settled: many games later the steps are small.
	for i := range 60 {
		r = r.Update(1500, puzzleRD, float64(i%2))
	}
	step := r.Update(1500, puzzleRD, 1).Rating - r.Rating
	assert.Less(t, step, 40.0)
	assert.GreaterOrEqual(t, r.RD, glickoMinRD)
}

// A damaged results file is ignored with a notice; the results round-trip
// through JSON.
func TestPuzzleResultsStore(t *testing.T) {
	st := NewMemStore()
	require.NoError(t, st.Save(PuzzleResultsName, []byte("{not json")))
	r, note := loadPuzzleResults(st)
	assert.NotEmpty(t, note)
	assert.Equal(t, NewPuzzleRating(), r.Player)
	r.Done[7] = &PuzzleResult{First: false, Solved: true, Date: "2025-01-01"}
	r.Player.Rating = 1234.5
	require.NoError(t, r.save(st))
	b, _ := st.Load(PuzzleResultsName)
	var raw map[string]any
	require.NoError(t, json.Unmarshal(b, &raw))
	back, note := loadPuzzleResults(st)
	assert.Empty(t, note)
	assert.Equal(t, r.Player, back.Player)
	assert.Equal(t, *r.Done[7], *back.Done[7])
	solved, failed := back.Counts()
	assert.Equal(t, 0, solved)
	assert.Equal(t, 1, failed)
}

// The classroom's proof: one step per solver move of the line, each
// defence counted once, the line's defence in the longest group.
func TestPuzzleProof(t *testing.T) {
	c, _ := newPuzzleController(t, NewMemStore())
	_, ok := c.PuzzleProof()
	assert.False(t, ok, "a proof without a puzzle")
	p := shippedWith(t, 3)
	require.NoError(t, c.StartPuzzle(p.ID))
	var pr Proof
	deadline := time.Now().Add(120 * time.Second)
	for !pr.Done && pr.Err == "" && time.Now().Before(deadline) {
		pr, _ = c.PuzzleProof()
		time.Sleep(5 * time.Millisecond)
	}
	require.Empty(t, pr.Err)
	require.True(t, pr.Done, "the proof was not worked out in time")
	require.Len(t, pr.Steps, p.Depth)
	g := game.NewGame(p.Start)
	for i, st := range pr.Steps {
		assert.Equal(t, p.Line[2*i], st.Move)
		require.NoError(t, g.Play(st.Move))
		if i == p.Depth-1 {
			assert.True(t, st.Final)
			break
		}
		total := 0
		for j, gr := range st.Groups {
			total += len(gr.Moves)
			if j > 0 {
				assert.Greater(t, gr.Needs, st.Groups[j-1].Needs)
			}
		}
		assert.Equal(t, len(g.LegalMoves()), total, "step %d: every defence once", i+1)
		last := st.Groups[len(st.Groups)-1]
		assert.Equal(t, p.Depth-i-1, last.Needs, "the longest defence lasts as long as the puzzle says")
		assert.Contains(t, last.Moves, st.Longest)
		require.NoError(t, g.Play(st.Longest))
	}
	c.LeavePuzzle()
	assert.Nil(t, c.proof, "leaving did not stop the proof")
}
