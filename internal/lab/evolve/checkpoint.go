package evolve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/rundir"
)

// stateFile is the commit point of a run directory.
const stateFile = "state.json"

// stateVersion is the version of the state.json layout.
const stateVersion = 1

// Log files of a run directory, appended once per generation.
const (
	gamesLog = "games.jsonl"
	gensLog  = "generations.jsonl"
	evalsLog = "evals.jsonl"
	tables   = "tables.txt"
)

var logFiles = []string{gamesLog, gensLog, evalsLog, tables}

// runs describes training run folders to package rundir. A new run makes
// pop/, then its first checkpoint writes generation 0's networks (see
// popFile) and state.json: a run killed before then leaves pop/ and some
// of those networks at most.
var runs = rundir.Kind{Name: "training", State: stateFile, Dirs: []string{"pop"}, Early: []string{"pop/g0000-*.tnn"}}

// popFile is the file, relative to the run folder, of individual i of the
// population of generation g.
func popFile(g, i int) string { return fmt.Sprintf("pop/g%04d-%d.tnn", g, i) }

// memberState is one individual of the population to play next.
type memberState struct {
	File   string  `json:"file"` // relative to the run directory
	Sigma  float64 `json:"sigma"`
	Origin string  `json:"origin"`
}

// state is everything needed to continue a run: the configuration, the next
// generation to play and its population, the generation-0 champion, the
// history, and the sizes of the logs at the time of the checkpoint.
type state struct {
	Version      int              `json:"version"`
	Config       Config           `json:"config"`
	Generation   int              `json:"generation"` // the next generation to play
	Population   []memberState    `json:"population"`
	Gen0Champion string           `json:"gen0_champion,omitempty"`
	History      []GenRecord      `json:"history"`
	Evals        []EvalPoint      `json:"evals"`
	Elapsed      float64          `json:"elapsed_seconds"` // wall time of the completed generations
	LogSizes     map[string]int64 `json:"log_sizes"`
}

// saveState writes state.json atomically.
func saveState(dir string, st *state) error {
	b, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteBytes(filepath.Join(dir, stateFile), b); err != nil {
		return fmt.Errorf("cannot write the checkpoint in %s: %w", dir, err)
	}
	return nil
}

// loadState reads state.json of a run directory.
func loadState(dir string) (*state, error) {
	st := new(state)
	if err := runs.ReadState(dir, st); err != nil {
		return nil, err
	}
	if st.Version != stateVersion {
		return nil, fmt.Errorf("the checkpoint in %s has version %d, this program reads version %d", dir, st.Version, stateVersion)
	}
	return st, nil
}

// check reports a checkpoint whose counters disagree with each other or with
// the logs on disk, before anything is changed: the generation must lie in
// 0..Generations with one history record per generation played, the
// population must be the configured size with finite sigmas, and every log
// must be recorded and at least as long as recorded (a shorter log has lost
// history; a longer one holds an interrupted generation, cut off later).
func (st *state) check(dir string) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("the checkpoint %s is damaged (%s); start a new run", filepath.Join(dir, stateFile), fmt.Sprintf(format, args...))
	}
	switch {
	case st.Generation < 0 || st.Generation > st.Config.Generations:
		return bad("generation %d is outside 0..%d", st.Generation, st.Config.Generations)
	case len(st.History) != st.Generation:
		return bad("%d history records for %d generations", len(st.History), st.Generation)
	case len(st.Population) != st.Config.Population:
		return bad("%d networks listed for a population of %d", len(st.Population), st.Config.Population)
	case st.LogSizes == nil:
		return bad("log_sizes is missing")
	}
	for _, m := range st.Population {
		if math.IsNaN(m.Sigma) || math.IsInf(m.Sigma, 0) || m.Sigma < 0 {
			return bad("network %s has sigma %v", m.File, m.Sigma)
		}
	}
	for _, name := range logFiles {
		want, ok := st.LogSizes[name]
		if !ok {
			if st.Generation > 0 {
				return bad("the size of %s is not recorded", name)
			}
			continue
		}
		fi, err := os.Stat(filepath.Join(dir, name))
		size := int64(0)
		if err == nil {
			size = fi.Size()
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot read log %s: %w", filepath.Join(dir, name), err)
		}
		if want < 0 || size < want {
			return bad("log %s holds %d bytes, the checkpoint recorded %d", name, size, want)
		}
	}
	return nil
}

// loadNet reads a network of the run directory.
func loadNet(dir, file string) (*cnn.Network, error) {
	if !filepath.IsLocal(file) {
		return nil, fmt.Errorf("the checkpoint %s is damaged (%q is not a file inside the run folder); start a new run", filepath.Join(dir, stateFile), file)
	}
	n, err := cnn.LoadFile(filepath.Join(dir, file))
	if err != nil {
		return nil, fmt.Errorf("cannot load network %s of the checkpoint: %w", file, err)
	}
	return n, nil
}

// truncateLogs cuts the logs back to the sizes recorded in the checkpoint,
// dropping lines of a generation that was interrupted.
func truncateLogs(dir string, sizes map[string]int64) error {
	for _, name := range logFiles {
		path := filepath.Join(dir, name)
		fi, err := os.Stat(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if want := sizes[name]; fi.Size() > want {
			if err := os.Truncate(path, want); err != nil {
				return fmt.Errorf("cannot truncate log %s: %w", path, err)
			}
		}
	}
	return nil
}

// appendLog appends data to a log of the run directory and returns its size.
func appendLog(dir, name string, data []byte) (int64, error) {
	f, err := os.OpenFile(filepath.Join(dir, name), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	if _, err := f.Write(data); err != nil {
		return 0, err
	}
	if err := f.Sync(); err != nil {
		return 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}
