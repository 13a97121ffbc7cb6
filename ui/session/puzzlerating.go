package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"time"

	"github.com/tablut-ai/tablut/ai/puzzle"
)

// The person's puzzle results, kept between runs, and the rating that
// follows them.
//
// The rating is Glicko-2 (Mark Glickman, "Example of the Glicko-2 system",
// 2012), the system lichess rates its puzzles with: every first attempt at
// a puzzle is one game against the puzzle, whose Rating is its strength,
// won when the puzzle is solved without a wrong move and without Show, lost
// otherwise. A puzzle played again later changes nothing (as on lichess:
// only the first try is rated), so the rating cannot be raised by learning
// the answers. Choices of ours: a new player starts at 1500 with the
// deviation 200 and volatility 0.06 (the paper's worked example: with its
// default deviation, 350, one easy puzzle failed after one solved took a
// new player down by over 500 points), so the first results move the
// rating by up to a few hundred points and later ones by tens;
// tau (the system's constant for how fast the volatility may change) is
// 0.75; the person's deviation stays between 60 and 350, so that the
// rating never freezes; the puzzle's own deviation is taken as 75 (its
// Rating is an estimate from the levels' searches, not a measured one).

// PuzzleResultsName is the name under which the puzzle results are kept in
// the Store (a file of the settings folder on the desktop, an entry of the
// page's local storage in a browser).
const PuzzleResultsName = "puzzles.json"

// The Glicko-2 constants (see above).
const (
	glickoScale    = 173.7178 // Glicko-2's unit in rating points
	glickoStart    = 1500.0
	glickoStartRD  = 200.0
	glickoStartVol = 0.06
	glickoTau      = 0.75
	glickoMinRD    = 60.0
	glickoMaxRD    = 350.0
	puzzleRD       = 75.0
)

// PuzzleRating is a player's Glicko-2 rating: the rating, its deviation
// (how unsure it is) and its volatility.
type PuzzleRating struct {
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
	Vol    float64 `json:"vol"`
}

// NewPuzzleRating is a new player's rating.
func NewPuzzleRating() PuzzleRating {
	return PuzzleRating{Rating: glickoStart, RD: glickoStartRD, Vol: glickoStartVol}
}

// Update returns the rating after one game against an opponent rated opp
// with deviation oppRD; score is 1 for a win, 0 for a loss. It follows the
// eight steps of Glickman's paper for a rating period of one game.
func (r PuzzleRating) Update(opp, oppRD, score float64) PuzzleRating {
	mu := (r.Rating - glickoStart) / glickoScale
	phi := r.RD / glickoScale
	muJ := (opp - glickoStart) / glickoScale
	phiJ := oppRD / glickoScale
	g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
	e := 1 / (1 + math.Exp(-g*(mu-muJ)))
	v := 1 / (g * g * e * (1 - e))
	delta := v * g * (score - e)

	// Step 5: the new volatility, by the Illinois algorithm on f.
	a := math.Log(r.Vol * r.Vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(glickoTau*glickoTau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*glickoTau) < 0 && k < 100 {
			k++
		}
		B = a - k*glickoTau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > 1e-6 && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	vol := math.Exp(A / 2)

	// Steps 6 to 8: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*g*(score-e)
	return PuzzleRating{
		Rating: glickoScale*muNew + glickoStart,
		RD:     math.Max(glickoMinRD, math.Min(glickoMaxRD, glickoScale*phiNew)),
		Vol:    vol,
	}
}

// PuzzleResult is what is remembered of one puzzle.
type PuzzleResult struct {
	// First is the first attempt's result, the one that was rated: true
	// when it was solved with no wrong move and no Show.
	First bool `json:"first"`
	// Solved is set once the puzzle was solved, at any attempt.
	Solved bool   `json:"solved"`
	Date   string `json:"date"` // of the first attempt, YYYY-MM-DD
}

// PuzzleResults are the person's puzzle results and rating, kept as JSON
// in the Store under PuzzleResultsName.
type PuzzleResults struct {
	Player PuzzleRating          `json:"player"`
	Done   map[int]*PuzzleResult `json:"done"` // by puzzle ID
}

// loadPuzzleResults reads the kept results from st; nothing kept is a new
// player, and a damaged file is a new player with a notice (the file is
// replaced at the next result).
func loadPuzzleResults(st Store) (PuzzleResults, string) {
	r := PuzzleResults{Player: NewPuzzleRating(), Done: map[int]*PuzzleResult{}}
	b, err := st.Load(PuzzleResultsName)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return r, ""
	case err != nil:
		return r, fmt.Sprintf("Your puzzle results were not read (%v).", err)
	}
	var kept PuzzleResults
	if err := json.Unmarshal(b, &kept); err != nil || kept.Player.RD <= 0 || kept.Player.Vol <= 0 ||
		math.IsNaN(kept.Player.Rating) || math.IsInf(kept.Player.Rating, 0) {
		return r, fmt.Sprintf("Your puzzle results (%s) are damaged and were ignored.", PuzzleResultsName)
	}
	r.Player = kept.Player
	for id, res := range kept.Done {
		if res != nil {
			r.Done[id] = res
		}
	}
	return r, ""
}

// save keeps r in st.
func (r PuzzleResults) save(st Store) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return st.Save(PuzzleResultsName, b)
}

// Counts returns how many puzzles were solved and failed at the first
// attempt.
func (r PuzzleResults) Counts() (solved, failed int) {
	for _, res := range r.Done {
		if res.First {
			solved++
		} else {
			failed++
		}
	}
	return solved, failed
}

// record adds the first attempt at puzzle p (solved or not) on day and
// updates the rating; a puzzle played before only notes a later solution.
// It returns the change of the rating (0 when the attempt was not rated).
func (r *PuzzleResults) record(p puzzle.Puzzle, solved bool, day time.Time) float64 {
	if res, ok := r.Done[p.ID]; ok {
		res.Solved = res.Solved || solved
		return 0
	}
	score := 0.0
	if solved {
		score = 1
	}
	before := r.Player.Rating
	r.Player = r.Player.Update(float64(p.Rating), puzzleRD, score)
	r.Done[p.ID] = &PuzzleResult{First: solved, Solved: solved, Date: day.Format(time.DateOnly)}
	return r.Player.Rating - before
}

// PuzzleOfTheDay returns the puzzle of the day of t (its date where t is
// told): the same puzzle all day for everyone with the same shipped set.
// Day k (days since 1 January 1970) takes the puzzle of index k*step mod n
// in the order of the IDs, step being coprime with n and near n/φ: so
// every puzzle comes once in n days, and the days that follow one another
// jump across the set rather than walking up the IDs (whose order is the
// games' order, not the difficulty's).
func PuzzleOfTheDay(t time.Time) (puzzle.Puzzle, bool) {
	all := puzzle.Shipped()
	if len(all) == 0 {
		return puzzle.Puzzle{}, false
	}
	ids := make([]int, 0, len(all))
	for _, p := range all {
		ids = append(ids, p.ID)
	}
	slices.Sort(ids)
	n := len(ids)
	step := max(1, int(float64(n)*0.618))
	for gcd(step, n) != 1 {
		step++
	}
	y, m, d := t.Date()
	k := int(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
	p, ok := puzzle.ByID(ids[(k%n)*step%n])
	return p, ok
}

// gcd is the greatest common divisor of two positive numbers.
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
