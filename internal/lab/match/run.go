package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/rundir"
)

// Config describes a match between players A and B.
type Config struct {
	A, B player.Spec
	// Games is the number of games; A plays White in even-numbered games
	// (0, 2, ...) and Black in odd ones, and games 2k and 2k+1 share an opening
	// (unless Side is set).
	Games int
	// Side, when "white" or "black", makes A play only that colour: game i
	// then has an opening of its own, the one pair i of a match with both
	// colours and the same seed plays, so that A's games as White in both
	// kinds of match start alike. Empty, the colours alternate.
	Side string
	// OpeningPlies is the number of random plies of each opening (0 = none:
	// every pair starts from the start position, which with deterministic
	// engines repeats the same two games).
	OpeningPlies int
	// MaxPlies is the ply limit of a game (0 = DefaultMaxPlies).
	MaxPlies int
	// Parallel is the number of games played at once; 0 chooses: one game at a
	// time when either player is limited by wall time (so each engine gets the
	// cores it was given), else one game per CPU.
	Parallel int
	// Seed seeds the openings and the players' seeds (game i's players get
	// seeds derived from Seed and i, so a match can be replayed).
	Seed uint64
	// RecordsDir, when not empty, receives every game as a record named
	// game-NNNN.txt (created if missing; a folder that already holds such
	// records is refused rather than overwritten).
	RecordsDir string
	// Resume continues the match whose records are in RecordsDir: the games
	// recorded there are counted (and passed to OnGame) as if just played,
	// and only the missing ones are played. The folder's match.json must
	// describe the same match (players, limits, openings, seed; Games may
	// grow). Without Resume, a folder that holds records is refused.
	Resume bool
	// Event is written in each record's Event tag (default "match").
	Event string
	// OnStart, if set, is called once the match is ready to play (players
	// built, records folder locked and read), before the first game: a
	// match refused before it (a bad records folder, a refused resume)
	// never calls it, so its caller prints nothing about it.
	OnStart func()
	// OnGame, if set, is called after each game from the goroutine that
	// played it, under a lock (calls never overlap), with the game's index.
	OnGame func(i int, r GameResult, aWhite bool, s Stats)
	// Stop, if set, is a rule that ends the match early: it is called after
	// each game is counted, and once after the games of a resumed match are,
	// with the statistics so far (after OnGame, under the same lock). When
	// it returns true no new game starts, the games in play are abandoned
	// (neither recorded nor counted: resumed, the match would play them
	// again), and Run returns with no error. An SPRT is such a rule
	// (SPRT.Verdict).
	Stop func(Stats) bool
	// evalA, evalB replace the evaluators built from the specs (see RunWith).
	evalA, evalB ai.Evaluator
}

// ParallelGames returns the number of games Run plays at once for c.
func (c Config) ParallelGames() int {
	if c.Parallel > 0 {
		return c.Parallel
	}
	if c.A.WallClock() || c.B.WallClock() {
		return 1
	}
	return max(1, runtime.NumCPU())
}

// Opening returns the opening of game i: pairs of games share one (with
// Side set, each game has its own, see Side).
func (c Config) Opening(i int) []game.Move {
	return game.SeededOpening(c.Seed, c.pair(i), c.OpeningPlies)
}

// checkSide returns an error for a Config.Side other than "", "white" and
// "black".
func checkSide(side string) error {
	switch side {
	case "", "white", "black":
		return nil
	}
	return fmt.Errorf("side %q: want white, black or none (both colours)", side)
}

// aWhite reports whether A plays White in game i.
func (c Config) aWhite(i int) bool { return aWhiteIn(c.Side, i) }

func aWhiteIn(side string, i int) bool {
	switch side {
	case "white":
		return true
	case "black":
		return false
	}
	return i%2 == 0
}

// pair returns the number of game i's opening: its pair, or i itself with
// Side set.
func (c Config) pair(i int) int {
	if c.Side != "" {
		return i
	}
	return i / 2
}

// RunWith is Run with the evaluators of A and B given rather than built from
// the specs (the trainer passes networks it holds in memory). An evaluator is
// shared by the games played in parallel, so it must be safe for concurrent
// use, as ai.Evaluator requires. A nil evaluator is built from its spec.
func RunWith(ctx context.Context, c Config, evalA, evalB ai.Evaluator) (Stats, error) {
	c.evalA, c.evalB = evalA, evalB
	return Run(ctx, c)
}

// Run plays the match and returns the statistics from A's point of view. It
// stops early when ctx is done, returning the statistics of the games
// finished so far and ctx's error. A game record that cannot be written stops
// the match with an error.
func Run(ctx context.Context, c Config) (Stats, error) {
	var st Stats
	if c.Games <= 0 {
		return st, errors.New("a match needs at least one game")
	}
	mkA, err := factory(c.A, c.evalA)
	if err != nil {
		return st, err
	}
	mkB, err := factory(c.B, c.evalB)
	if err != nil {
		return st, err
	}
	if err := checkSide(c.Side); err != nil {
		return st, err
	}
	tally := tally{Side: c.Side}
	var resumed []matchRecord
	if c.Resume && c.RecordsDir == "" {
		return st, errors.New("resuming a match needs its records folder")
	}
	if c.RecordsDir != "" {
		lock, recs, err := c.openRecords()
		if err != nil {
			return st, err
		}
		defer lock.Release()
		resumed = recs
	}
	if c.OnStart != nil {
		c.OnStart()
	}
	played := make([]bool, c.Games)
	for _, r := range resumed {
		played[r.i] = true
		tally.Add(r.i, r.scoreOfA, r.result.Ending())
		st = tally.Stats
		if c.OnGame != nil {
			c.OnGame(r.i, r.result, r.aWhite, st)
		}
	}
	if c.Stop != nil && c.Stop(st) {
		return st, nil // decided by the games already played
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var (
		mu       sync.Mutex
		firstErr error
		stopped  bool // c.Stop said so: count no more games
		wg       sync.WaitGroup
	)
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel(err)
	}
	jobs := make(chan int)
	for w := 0; w < min(c.ParallelGames(), c.Games); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				seed := c.Seed ^ (uint64(i)+1)*0x9e3779b97f4a7c15
				a, err := mkA(seed)
				if err != nil {
					fail(err)
					return
				}
				b, err := mkB(seed + 1)
				if err != nil {
					fail(err)
					return
				}
				aWhite := c.aWhite(i)
				white, black := a, b
				if !aWhite {
					white, black = b, a
				}
				res, err := play(ctx, white, black, c.Opening(i), c.MaxPlies)
				if err != nil {
					if ctx.Err() == nil {
						fail(err)
					}
					return
				}
				wName, bName := c.A.String(), c.B.String()
				if !aWhite {
					wName, bName = bName, wName
				}
				mu.Lock()
				if stopped { // finished after the match was decided
					mu.Unlock()
					return
				}
				if c.RecordsDir != "" {
					if err := c.writeRecord(i, res, wName, bName); err != nil {
						mu.Unlock()
						fail(err)
						return
					}
				}
				aSide := game.White
				if !aWhite {
					aSide = game.Black
				}
				tally.Add(i, res.ScoreFor(aSide), res.Ending())
				st = tally.Stats
				if c.OnGame != nil {
					c.OnGame(i, res, aWhite, st)
				}
				if c.Stop != nil && c.Stop(st) {
					stopped = true
					cancel(errStopped)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := 0; i < c.Games; i++ {
		if played[i] {
			continue
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return st, firstErr
	}
	if stopped {
		return st, nil
	}
	return st, context.Cause(ctx)
}

// errStopped cancels the games in play when Config.Stop ends a match.
var errStopped = errors.New("the match's stopping rule ended it")

// tally counts the games of a match as they finish, in any order: game i is
// played by A as White when i is even, and games 2k and 2k+1 form a pair
// (one opening, colours swapped), counted in Stats.Pairs once both are in.
// With Side set (Config.Side), A plays that colour in every game, and there
// are no pairs.
type tally struct {
	Stats Stats
	Side  string
	open  map[int]float64 // A's score in the finished game of an unfinished pair
}

// Add counts game i, in which A scored score (1, 0.5 or 0) and which ended
// by end.
func (t *tally) Add(i int, score float64, end game.EndReason) {
	t.Stats.Add(aWhiteIn(t.Side, i), score)
	t.Stats.AddEnding(aWhiteIn(t.Side, i), end)
	if t.Side != "" {
		return
	}
	if t.open == nil {
		t.open = map[int]float64{}
	}
	if other, ok := t.open[i/2]; ok {
		delete(t.open, i/2)
		t.Stats.AddPair(other + score)
	} else {
		t.open[i/2] = score
	}
}

// factory returns a constructor of fresh players for spec: each game gets its
// own searcher (no table shared between games, so games are independent), and
// the evaluator is built once and shared.
func factory(spec player.Spec, eval ai.Evaluator) (func(seed uint64) (player.Player, error), error) {
	switch spec.Kind {
	case player.Random:
		return func(seed uint64) (player.Player, error) { return player.NewRandom(seed), nil }, nil
	case player.Human, "":
		return nil, fmt.Errorf("a match needs two computer players, not %q", spec.String())
	}
	if eval == nil {
		var err error
		if eval, err = player.NewEvaluator(spec); err != nil {
			return nil, err
		}
	}
	return func(seed uint64) (player.Player, error) {
		s := spec
		s.Seed = seed
		return player.NewEngine(s, eval), nil
	}, nil
}

// RecordMeta returns the record header of game i of the match.
func (c Config) recordMeta(i int, res GameResult, white, black string) game.RecordMeta {
	event := c.Event
	if event == "" {
		event = "match"
	}
	meta := game.RecordMeta{
		White: white, Black: black,
		Date:   time.Now().Format("2006-01-02"),
		Reason: res.Note,
		Tags: []game.RecordTag{
			{Key: "Event", Value: event},
			{Key: "Round", Value: fmt.Sprint(i + 1)},
			{Key: "Opening", Value: c.openingTag(i)},
			{Key: "Limits", Value: limitsText(c.A) + " / " + limitsText(c.B)},
		},
	}
	if res.Adjudicated {
		meta.Tags = append(meta.Tags, game.RecordTag{Key: "Adjudication", Value: "draw: " + res.Note})
	}
	return meta
}

// openingTag is the Opening tag of game i's record.
func (c Config) openingTag(i int) string {
	return fmt.Sprintf("%d random plies (seed %d, pair %d)", len(c.Opening(i)), c.Seed, c.pair(i)+1)
}

func limitsText(s player.Spec) string { return s.Describe() }

func (c Config) writeRecord(i int, res GameResult, white, black string) error {
	path := filepath.Join(c.RecordsDir, recordName(i))
	return writeRecordFile(path, res, c.recordMeta(i, res, white, black))
}

// writeRecordFile writes the game of res with meta to path (through a temporary
// file, so a crash leaves no half record).
func writeRecordFile(path string, res GameResult, meta game.RecordMeta) error {
	err := atomicfile.Write(path, func(w io.Writer) error { return res.Game.WriteRecord(w, meta) })
	if err != nil {
		return fmt.Errorf("cannot write the game record %s: %v", path, err)
	}
	return nil
}

// heldRecords refuses a records folder that holds a match's game records
// already: a new match would overwrite them game by game.
func heldRecords(dir string) error {
	old, _ := filepath.Glob(filepath.Join(dir, "game-*.txt"))
	if len(old) == 0 {
		return nil
	}
	return fmt.Errorf("the records folder %s already holds %d game records (%s, ...); choose a new -records folder, move them away, or resume that match",
		dir, len(old), filepath.Base(old[0]))
}

// openRecords makes and locks the records folder (one match at a time per
// folder), then reads the games of a resumed match, removing the temporary
// files of records whose writing a killed match left unfinished; a folder
// that holds another match's records is refused.
func (c Config) openRecords() (*rundir.Lock, []matchRecord, error) {
	if err := os.MkdirAll(c.RecordsDir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("cannot create the records folder %s: %v", c.RecordsDir, err)
	}
	lock, err := rundir.Acquire(c.RecordsDir)
	if err != nil {
		return nil, nil, err
	}
	var recs []matchRecord
	if c.Resume {
		recs, err = c.resume()
		if err == nil {
			err = atomicfile.RemoveStale(c.RecordsDir)
		}
	} else {
		err = heldRecords(c.RecordsDir)
	}
	if err == nil {
		err = c.writeSettings()
	}
	if err != nil {
		lock.Release()
		return nil, nil, err
	}
	return lock, recs, nil
}
