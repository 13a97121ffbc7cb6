package puzzles

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/tablut-ai/tablut/ai/puzzle"
	"github.com/tablut-ai/tablut/game"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/rundir"
)

// Config is one generation run's settings; a resumed run keeps them.
type Config struct {
	Inputs   []string // record files, or folders searched for game-*.txt
	MaxDepth int      // deepest win looked for, in solver moves (1..5)
	// Window is how many plies before a decisive game's end its positions
	// are candidates (the winner to move); 0 means 2*MaxDepth.
	Window int
	// PerCell caps the puzzles kept per side to move and depth (0: no cap);
	// the run stops once every cell is full.
	PerCell int
	Max     int    // most puzzles in all (0: no cap)
	Budget  int64  // prover nodes per position; a position past it is skipped
	Seed    uint64 // order of the records, and the levels' seeds
	Seeds   int    // searches per noisy level for the rating (levels without noise run twice)
	// Levels names the levels that rate the puzzles (empty: all of them,
	// Beginner to Master).
	Levels []string `json:",omitempty"`
}

// DefaultConfig returns the settings of the shipped set's run.
func DefaultConfig() Config {
	return Config{MaxDepth: 4, PerCell: 60, Budget: 3_000_000, Seed: 1, Seeds: 3}
}

// Check reports the first bad setting as one sentence.
func (c Config) Check() error {
	switch {
	case len(c.Inputs) == 0:
		return errors.New("no input: name record files or folders of game-*.txt records")
	case c.MaxDepth < 1 || c.MaxDepth > 5:
		return fmt.Errorf("the depth %d is out of range 1..5", c.MaxDepth)
	case c.Window < 0 || c.PerCell < 0 || c.Max < 0 || c.Budget < 0:
		return errors.New("window, quotas and budget cannot be negative")
	case c.Seeds < 1 || c.Seeds > 20:
		return fmt.Errorf("%d seeds per level is out of range 1..20", c.Seeds)
	}
	for _, l := range c.Levels {
		if _, ok := levelRating[l]; !ok {
			return fmt.Errorf("no level %q: the levels are beginner, casual, club, expert and master", l)
		}
	}
	return nil
}

// Stats counts what the run saw.
type Stats struct {
	Games      int // records read
	Positions  int // candidate positions proved
	Duplicates int // candidates skipped as already seen
	NoWin      int // no forced win within MaxDepth
	NotUnique  int // a win, but not with one first move only
	OverBudget int // the proof needed more nodes than the budget
	Full       int // skipped: the side's cells were full
	NotRecords int // files named game-*.txt in the folders that are not game records (skipped)
	Nodes      int64
}

// state is the checkpoint: the settings, the records done, the positions
// seen and the counts. The puzzles themselves are in puzzles.txt beside it.
type state struct {
	Config Config
	Done   []string
	Seen   []uint64
	Stats  Stats
}

// File names inside a run folder.
const (
	checkpointFile = "checkpoint.json"
	PuzzlesFile    = "puzzles.txt"
)

// Progress reports after each record: records done of all, and the puzzles so far.
type Progress func(done, total int, st Stats, ps []puzzle.Puzzle)

// Run is a generation run in its folder.
type Run struct {
	dir  string
	lock *rundir.Lock
	st   state
	ps   []puzzle.Puzzle
}

// Create starts a new run in dir (created if missing; it must not hold a
// run already).
func Create(dir string, c Config) (*Run, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, checkpointFile)); err == nil {
		return nil, fmt.Errorf("%s already holds a puzzle run; continue it with -resume %s or choose another folder", dir, dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot create the run folder: %v", err)
	}
	lock, err := rundir.Acquire(dir)
	if err != nil {
		return nil, err
	}
	r := &Run{dir: dir, lock: lock, st: state{Config: c}}
	if err := r.save(); err != nil {
		lock.Release()
		return nil, err
	}
	return r, nil
}

// Open resumes the run in dir.
func Open(dir string) (*Run, error) {
	b, err := os.ReadFile(filepath.Join(dir, checkpointFile))
	if err != nil {
		return nil, fmt.Errorf("%s holds no puzzle run (no %s): %v", dir, checkpointFile, err)
	}
	lock, err := rundir.Acquire(dir)
	if err != nil {
		return nil, err
	}
	r := &Run{dir: dir, lock: lock}
	if err := json.Unmarshal(b, &r.st); err != nil {
		lock.Release()
		return nil, fmt.Errorf("%s: the checkpoint is damaged: %v", dir, err)
	}
	if err := r.st.Config.Check(); err != nil {
		lock.Release()
		return nil, fmt.Errorf("%s: %v", dir, err)
	}
	pf, err := os.ReadFile(filepath.Join(dir, PuzzlesFile))
	if err != nil {
		lock.Release()
		return nil, fmt.Errorf("%s: %v", dir, err)
	}
	if r.ps, err = puzzle.Read(bytes.NewReader(pf)); err != nil {
		lock.Release()
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, PuzzlesFile), err)
	}
	return r, nil
}

// Close releases the run folder.
func (r *Run) Close() { r.lock.Release() }

// Config returns the run's settings.
func (r *Run) Config() Config { return r.st.Config }

// Puzzles returns the puzzles found so far.
func (r *Run) Puzzles() []puzzle.Puzzle { return r.ps }

// Stats returns the counts so far.
func (r *Run) Stats() Stats { return r.st.Stats }

// save writes the puzzles, then the checkpoint, each atomically.
func (r *Run) save() error {
	var buf bytes.Buffer
	if err := puzzle.Write(&buf, r.ps); err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, PuzzlesFile), buf.Bytes()); err != nil {
		return err
	}
	b, err := json.MarshalIndent(r.st, "", " ")
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(filepath.Join(r.dir, checkpointFile), b)
}

// Records lists the record files of the inputs: files as named, folders
// searched for game-*.txt, sorted, then shuffled by seed.
func Records(inputs []string, seed uint64) ([]string, error) {
	var files []string
	for _, in := range inputs {
		fi, err := os.Stat(in)
		if err != nil {
			return nil, fmt.Errorf("input %s: %v", in, err)
		}
		if !fi.IsDir() {
			// A file named by the user must be a record.
			fh, err := os.Open(in)
			if err != nil {
				return nil, fmt.Errorf("input %s: %v", in, err)
			}
			_, _, err = game.ReadRecord(fh)
			fh.Close()
			if err != nil {
				return nil, fmt.Errorf("input %s is not a game record: %v", in, err)
			}
			files = append(files, in)
			continue
		}
		err = filepath.WalkDir(in, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasPrefix(d.Name(), "game-") && strings.HasSuffix(d.Name(), ".txt") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("input %s: %v", in, err)
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no game records (game-*.txt) in %s", strings.Join(inputs, ", "))
	}
	sort.Strings(files)
	files = slices.Compact(files)
	rng := rand.New(rand.NewPCG(seed, 62))
	rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	return files, nil
}

// Generate goes on through the records not done yet, saving after each.
// threads records are proved at once; each record's results are applied in
// the records' order, as one thread would (quotas, duplicates), so the
// puzzles do not depend on threads.
func (r *Run) Generate(ctx context.Context, threads int, progress Progress) error {
	c := r.st.Config
	files, err := Records(c.Inputs, c.Seed)
	if err != nil {
		return err
	}
	threads = max(1, threads)
	done := make(map[string]bool, len(r.st.Done))
	for _, f := range r.st.Done {
		done[f] = true
	}
	seen := make(map[uint64]bool, len(r.st.Seen))
	for _, h := range r.st.Seen {
		seen[h] = true
	}
	type job struct {
		index int
		path  string
		out   chan proved
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// At most threads records are proved at once: the producer takes a
	// token before it starts one, the applier gives it back.
	tokens := make(chan struct{}, threads)
	jobs := make(chan job, threads)
	go func() {
		defer close(jobs)
		for i, f := range files {
			if done[f] {
				continue
			}
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return
			}
			j := job{i, f, make(chan proved, 1)}
			go func() { j.out <- r.prove(ctx, j.path) }()
			jobs <- j // never blocks: the buffer holds as many as there are tokens
		}
	}()
	for j := range jobs {
		if r.full() {
			break
		}
		res := <-j.out
		<-tokens
		if res.err != nil {
			return res.err
		}
		r.apply(res, seen)
		r.st.Done = append(r.st.Done, j.path)
		if err := r.save(); err != nil {
			return err
		}
		if progress != nil {
			progress(j.index+1, len(files), r.st.Stats, r.ps)
		}
	}
	return ctx.Err()
}

// cell counts the puzzles of one side and depth.
func (r *Run) cell(side game.Color, depth int) int {
	n := 0
	for _, p := range r.ps {
		if p.Solver() == side && p.Depth == depth {
			n++
		}
	}
	return n
}

// sideFull reports whether every depth of side is full.
func (r *Run) sideFull(side game.Color) bool {
	if r.st.Config.PerCell == 0 {
		return false
	}
	for d := 1; d <= r.st.Config.MaxDepth; d++ {
		if r.cell(side, d) < r.st.Config.PerCell {
			return false
		}
	}
	return true
}

// full reports whether the run has what it wants.
func (r *Run) full() bool {
	c := r.st.Config
	return c.Max > 0 && len(r.ps) >= c.Max || r.sideFull(game.White) && r.sideFull(game.Black)
}

// candidate is one position of a record with what the prover and the
// levels found.
type candidate struct {
	ply    int
	pos    game.Position
	sol    puzzle.Solution
	budget bool    // the proof ran past the budget
	tries  []Tries // the levels' searches, for a puzzle
}

// proved is what one record gave.
type proved struct {
	path      string
	winner    game.Color
	decisive  bool
	notRecord bool
	cands     []candidate
	err       error
}

// prove reads one record and proves its candidate positions (the winner to
// move in the last plies of a decisive game), rating those with a unique
// first move. It reads only the settings, so records can be proved at once.
func (r *Run) prove(ctx context.Context, path string) proved {
	c := r.st.Config
	out := proved{path: path}
	fh, err := os.Open(path)
	if err != nil {
		out.err = err
		return out
	}
	g, _, err := game.ReadRecord(fh)
	fh.Close()
	if err != nil {
		// Found in a folder under a record's name but not one (an
		// analysis, say): skipped and counted.
		out.notRecord = true
		return out
	}
	winner, ok := g.Outcome().Winner()
	if !ok || (g.Reason() != game.KingEscaped && g.Reason() != game.KingCaptured) {
		return out
	}
	out.winner, out.decisive = winner, true
	window := c.Window
	if window == 0 {
		window = 2 * c.MaxDepth
	}
	for i := max(0, g.Ply()-window); i < g.Ply(); i++ {
		p := g.PositionAt(i)
		if p.SideToMove() != winner {
			continue
		}
		cd := candidate{ply: i, pos: p}
		sol, err := puzzle.Solve(ctx, p, c.MaxDepth, c.Budget)
		cd.sol = sol
		switch {
		case errors.Is(err, puzzle.ErrBudget):
			cd.budget = true
		case err != nil:
			out.err = err
			return out
		case sol.Depth > 0 && sol.Others[0] == 0:
			if cd.tries, err = tryLevels(ctx, p, sol.Line[0], c.Seed, c.Seeds, c.Levels); err != nil {
				out.err = err
				return out
			}
		}
		out.cands = append(out.cands, cd)
	}
	return out
}

// apply takes one record's results in order: a side whose cells are full, a
// position seen before, no win, a first move that is not unique, or a full
// cell skips the position; the rest become puzzles.
func (r *Run) apply(res proved, seen map[uint64]bool) {
	c := r.st.Config
	if res.notRecord {
		r.st.Stats.NotRecords++
		return
	}
	r.st.Stats.Games++
	if !res.decisive {
		return
	}
	winner := res.winner
	for _, cd := range res.cands {
		if r.full() {
			return
		}
		if r.sideFull(winner) {
			r.st.Stats.Full++
			continue
		}
		h := cd.pos.Hash()
		if seen[h] {
			r.st.Stats.Duplicates++
			continue
		}
		seen[h] = true
		r.st.Seen = append(r.st.Seen, h)
		r.st.Stats.Positions++
		r.st.Stats.Nodes += cd.sol.Nodes
		sol := cd.sol
		switch {
		case cd.budget:
			r.st.Stats.OverBudget++
			continue
		case sol.Depth == 0:
			r.st.Stats.NoWin++
			continue
		case sol.Others[0] != 0:
			r.st.Stats.NotUnique++
			continue
		}
		if c.PerCell > 0 && r.cell(winner, sol.Depth) >= c.PerCell {
			r.st.Stats.Full++
			continue
		}
		r.ps = append(r.ps, puzzle.Puzzle{
			ID:     len(r.ps) + 1,
			Start:  cd.pos,
			Depth:  sol.Depth,
			Line:   sol.Line,
			Others: sol.Others,
			Themes: Themes(cd.pos, sol.Line),
			Rating: Rating(sol.Depth, cd.tries),
			Source: fmt.Sprintf("%s, move %d (%v to play)", filepath.ToSlash(res.path), cd.ply/2+1, winner),
		})
	}
}
