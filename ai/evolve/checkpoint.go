package evolve

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/internal/atomicfile"
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
	b, err := os.ReadFile(filepath.Join(dir, stateFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s holds no training checkpoint (%s is missing); start a run with -out instead", dir, stateFile)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the checkpoint in %s: %w", dir, err)
	}
	st := new(state)
	if err := json.Unmarshal(b, st); err != nil {
		return nil, fmt.Errorf("the checkpoint %s is damaged (%v); start a new run", filepath.Join(dir, stateFile), err)
	}
	if st.Version != stateVersion {
		return nil, fmt.Errorf("the checkpoint in %s has version %d, this program reads version %d", dir, st.Version, stateVersion)
	}
	return st, nil
}

// loadNet reads a network of the run directory.
func loadNet(dir, file string) (*cnn.Network, error) {
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
