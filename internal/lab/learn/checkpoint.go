package learn

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/regfile"
	"github.com/tablut-ai/tablut/internal/rundir"
)

const (
	stateFile    = "state.json"
	stateVersion = 2 // 2: samples hold the side to move
	dataFile     = "data.bin"
	valFile      = "val.bin"
	// LearnedFile is the run's latest network, a pure network file.
	LearnedFile = "learned.tnn"
)

// runs describes learning run folders to package rundir. A new run's first
// checkpoint (step 0) writes its network and Adam's moments, then
// state.json: a run killed before then leaves those two at most.
var runs = rundir.Kind{Name: "learning", State: stateFile, Early: []string{netFile(0), adamFile(0)}}

// netFile and adamFile are the network and Adam's moments of the checkpoint
// after step next-1.
func netFile(next int) string  { return fmt.Sprintf("net-%04d.tnn", next) }
func adamFile(next int) string { return fmt.Sprintf("adam-%04d.bin", next) }

// state is the commit point of a run directory: written atomically after
// every step, and after the files it names.
type state struct {
	Version  int           `json:"version"`
	Config   Config        `json:"config"`
	Next     int           `json:"next_step"`
	DataSize int64         `json:"data_bytes"`
	Net      string        `json:"net"`  // network file of the checkpoint
	Adam     string        `json:"adam"` // Adam moments of the checkpoint
	T        int           `json:"adam_steps"`
	History  []EpochRecord `json:"history"`
	Evals    []EvalPoint   `json:"evals"`
	Games    []RoundGames  `json:"games,omitempty"`
	Elapsed  float64       `json:"elapsed_seconds"`
	// TreeSize is the length of tree.bin at the checkpoint (TreeStrap's
	// samples, tree.go), TreeStarts where each TreeStrap round's samples
	// begin in it, TreeGames how each round's games ended. Runs without
	// TreeStrap rounds leave them out, so older checkpoints read as before.
	TreeSize   int64        `json:"tree_bytes,omitempty"`
	TreeStarts []int64      `json:"tree_starts,omitempty"`
	TreeGames  []RoundGames `json:"tree_games,omitempty"`
	// TreeTimes records, for each finished TreeStrap round, the run's wall
	// time when its network was saved: the x axis of a learning curve in
	// hours (tablut curve). Rounds finished by a build before it have none.
	TreeTimes []RoundTime `json:"tree_times,omitempty"`
}

// RoundTime is when TreeStrap round Round (1-based) finished, in seconds of
// the run's own wall time (over all its sessions).
type RoundTime struct {
	Round   int     `json:"round"`
	Seconds float64 `json:"seconds"`
}

// Open continues the run in dir from its last checkpoint; the data file is
// cut back to the checkpoint's length, so work after it is redone exactly.
// The folder is locked until Close (a second process is refused), and the
// whole checkpoint is read and checked before anything in the folder
// changes: a damaged one is a one-line error.
func Open(dir string) (*Run, error) {
	st := new(state)
	if err := runs.ReadState(dir, st); err != nil {
		return nil, err
	}
	lock, err := rundir.Acquire(dir)
	if err != nil {
		return nil, err
	}
	r, err := open(dir, st)
	if err != nil {
		lock.Release()
		return nil, err
	}
	r.lock = lock
	// Only now are the leftovers of the interrupted session removed.
	if err := atomicfile.RemoveStale(dir); err != nil {
		r.Close()
		return nil, fmt.Errorf("cannot tidy the run folder: %w", err)
	}
	if err := r.cutData(); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// open reads the checkpoint st of the run in dir, its network and Adam's
// moments, and checks them.
func open(dir string, st *state) (*Run, error) {
	if err := st.valid(dir); err != nil {
		return nil, err
	}
	net, err := cnn.LoadFile(filepath.Join(dir, st.Net))
	if err != nil {
		return nil, damaged(dir, "cannot load its network: %v", err)
	}
	net.Label = "learned"
	r := &Run{dir: dir, st: st}
	if r.lr, err = newLearner(net, AdamConfig{LR: st.Config.LR, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8}, 1); err != nil {
		return nil, err
	}
	r.lr.T = st.T
	if err := r.loadAdam(); err != nil {
		return nil, err
	}
	return r, nil
}

// valid checks the checkpoint st of the run in dir: its version, its
// configuration (filling in what runs older than QAT lack) and its fields.
func (st *state) valid(dir string) error {
	if st.Version != stateVersion {
		if st.Version == 1 {
			return fmt.Errorf("the run in %s is of checkpoint version 1, whose data lacks the side to move; start a new run", dir)
		}
		return fmt.Errorf("the checkpoint in %s has version %d, this program reads version %d", dir, st.Version, stateVersion)
	}
	if st.Config.QATLR == 0 && st.Config.QATEpochs == 0 { // a run started before QAT existed
		d := DefaultConfig()
		st.Config.QATLR, st.Config.QATGap = d.QATLR, d.QATGap
	}
	if err := st.Config.Validate(); err != nil {
		return fmt.Errorf("the checkpoint in %s has a bad configuration: %v", dir, err)
	}
	return st.check(dir)
}

// damaged is the one-line error of a checkpoint that cannot be resumed.
func damaged(dir, format string, args ...any) error {
	return fmt.Errorf("damaged checkpoint %s (%s); start a new run", filepath.Join(dir, stateFile), fmt.Sprintf(format, args...))
}

// check reports a checkpoint whose fields disagree with the run's plan or
// with the files beside it: the names it gives must be plain file names in
// the run folder (not paths that reach out of it, since a resumed run
// deletes the files of older checkpoints), the next step must be one of the
// plan's (or its end), the counters must not be negative, the recorded
// losses must be numbers, and the validation data must be there once its
// step has run.
func (st *state) check(dir string) error {
	for _, name := range []string{st.Net, st.Adam} {
		if !plainName(name) {
			return damaged(dir, "%q is not a file name in the run folder", name)
		}
	}
	plan := st.Config.plan()
	switch {
	case st.Next < 0 || st.Next > len(plan):
		return damaged(dir, "next_step %d is outside 0..%d", st.Next, len(plan))
	case st.DataSize < 0 || st.DataSize%sampleSize != 0:
		return damaged(dir, "data_bytes %d is not a whole number of samples", st.DataSize)
	case st.TreeSize < 0 || st.TreeSize%treeSampleSize != 0:
		return damaged(dir, "tree_bytes %d is not a whole number of TreeStrap samples", st.TreeSize)
	case len(st.TreeStarts) > st.Config.TreeRounds:
		return damaged(dir, "tree_starts lists %d rounds of %d", len(st.TreeStarts), st.Config.TreeRounds)
	case st.T < 0:
		return damaged(dir, "adam_steps %d is negative", st.T)
	case math.IsNaN(st.Elapsed) || math.IsInf(st.Elapsed, 0) || st.Elapsed < 0:
		return damaged(dir, "elapsed_seconds %v", st.Elapsed)
	}
	last := int64(0)
	for _, b := range st.TreeStarts {
		if b < last || b > st.TreeSize || b%treeSampleSize != 0 {
			return damaged(dir, "tree_starts %v do not divide tree_bytes %d into rounds", st.TreeStarts, st.TreeSize)
		}
		last = b
	}
	for i, t := range st.TreeTimes {
		if t.Round < 1 || t.Round > st.Config.TreeRounds || (i > 0 && t.Round <= st.TreeTimes[i-1].Round) ||
			!finite(t.Seconds) || t.Seconds < 0 {
			return damaged(dir, "tree_times entry %d (round %d, %v s) is out of order or not a time", i+1, t.Round, t.Seconds)
		}
	}
	for _, h := range st.History {
		if !finite(h.TrainLoss, h.ValLoss, h.Seconds, h.Int8Error) {
			return damaged(dir, "epoch %d records a loss that is not a number", h.Epoch)
		}
	}
	for _, e := range st.Evals {
		if !finite(e.Score, e.Lo, e.Hi) {
			return damaged(dir, "the learning curve at epoch %d is not a number", e.Epoch)
		}
	}
	if st.Config.ValGames > 0 && st.Next > 0 && st.Config.DataFrom == "" {
		// The validation games are the plan's first step.
		if err := checkSamples(filepath.Join(dir, valFile)); err != nil {
			return damaged(dir, "its validation data: %v", err)
		}
	}
	return nil
}

// plainName reports whether name is a file name with no folder in it.
func plainName(name string) bool {
	return name != "" && name != "." && name != ".." && filepath.Base(name) == name && filepath.IsLocal(name) && !strings.ContainsAny(name, `/\:`)
}

// finite reports whether every v is a number other than an infinity.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// checkSamples reads a samples file whole, as the epochs will.
func checkSamples(path string) error {
	f, err := regfile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	smp, err := readSamples(f)
	if err == nil && len(smp) == 0 {
		err = errors.New("no samples")
	}
	return err
}

// cutData cuts the data files (data.bin, tree.bin) back to the
// checkpoint's lengths.
func (r *Run) cutData() error {
	for _, f := range []struct {
		name string
		size int64
	}{{dataFile, r.st.DataSize}, {treeFile, r.st.TreeSize}} {
		data := filepath.Join(r.dir, f.name)
		fi, err := os.Stat(data)
		if err == nil {
			// A named pipe would make the run's appends wait for a reader.
			err = regfile.Check(data, fi)
		}
		switch {
		case errors.Is(err, fs.ErrNotExist) && f.size == 0:
		case err != nil:
			return fmt.Errorf("cannot open the run's data: %w", err)
		case fi.Size() < f.size:
			return fmt.Errorf("the run's data %s is shorter than its checkpoint says (%d < %d bytes); start a new run", data, fi.Size(), f.size)
		case fi.Size() > f.size:
			if err := os.Truncate(data, f.size); err != nil {
				return fmt.Errorf("cannot cut the run's data back to its checkpoint: %w", err)
			}
		}
	}
	return nil
}

// Close releases the run folder's lock. A Run must not be used after it.
func (r *Run) Close() error { return r.lock.Release() }

// finiteNet reports the first weight of n that is not a finite number: a
// network that diverged (too high a learning rate) must not be saved, since
// no program could load it.
func finiteNet(n *cnn.Network) error {
	for l, w := range n.W {
		for _, v := range w {
			if !finite(float64(v)) {
				return fmt.Errorf("layer %d has the weight %v", l+1, v)
			}
		}
	}
	for _, v := range n.SideBias {
		if !finite(float64(v)) {
			return fmt.Errorf("a layer-3 bias is %v", v)
		}
	}
	return nil
}

// checkpoint writes the network and Adam's moments under new names, then
// state.json naming them (the commit point), then removes the old files and
// refreshes learned.tnn and the plots.
func (r *Run) checkpoint() error {
	if err := finiteNet(r.lr.Net); err != nil {
		return fmt.Errorf("the network diverged (%v), so it was not saved; the run keeps its last checkpoint: resume it, or start again with a lower -lr", err)
	}
	oldNet, oldAdam := r.st.Net, r.st.Adam
	r.st.Net, r.st.Adam = netFile(r.st.Next), adamFile(r.st.Next)
	r.st.T = r.lr.T
	if err := r.lr.Net.SaveFile(filepath.Join(r.dir, r.st.Net)); err != nil {
		return fmt.Errorf("cannot write the checkpoint's network: %w", err)
	}
	if err := r.saveAdam(); err != nil {
		return err
	}
	if err := r.saveState(); err != nil {
		return err
	}
	for _, f := range []string{oldNet, oldAdam} {
		if f != "" && f != r.st.Net && f != r.st.Adam {
			os.Remove(filepath.Join(r.dir, f))
		}
	}
	if err := r.lr.Net.SaveFile(filepath.Join(r.dir, LearnedFile)); err != nil {
		return fmt.Errorf("cannot write %s: %w", LearnedFile, err)
	}
	return r.Plot()
}

func (r *Run) saveState() error {
	b, err := json.MarshalIndent(r.st, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, stateFile), b); err != nil {
		return fmt.Errorf("cannot write the checkpoint in %s: %w", r.dir, err)
	}
	return nil
}

// saveAdam writes M then V, layer by layer, as little-endian float32.
func (r *Run) saveAdam() error {
	var b []byte
	for _, mv := range []params{r.lr.M, r.lr.V} {
		for _, l := range mv {
			for _, v := range l {
				b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
			}
		}
	}
	if err := atomicfile.WriteBytes(filepath.Join(r.dir, r.st.Adam), b); err != nil {
		return fmt.Errorf("cannot write the optimiser's state: %w", err)
	}
	return nil
}

func (r *Run) loadAdam() error {
	path := filepath.Join(r.dir, r.st.Adam)
	b, err := regfile.ReadFile(path)
	if err != nil {
		return damaged(r.dir, "cannot read the optimiser's state: %v", err)
	}
	if want := 2 * 4 * r.lr.Net.NumParamsOf(); len(b) != want {
		return damaged(r.dir, "the optimiser's state %s has %d bytes, want %d", path, len(b), want)
	}
	for _, mv := range []*params{&r.lr.M, &r.lr.V} {
		for l := range mv {
			for i := range mv[l] {
				mv[l][i] = math.Float32frombits(binary.LittleEndian.Uint32(b))
				b = b[4:]
				if !finite(float64(mv[l][i])) {
					return damaged(r.dir, "the optimiser's state %s holds %v", r.st.Adam, mv[l][i])
				}
			}
		}
	}
	return nil
}
