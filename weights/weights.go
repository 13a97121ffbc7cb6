// Package weights holds the trained networks shipped with the game, embedded in the
// binary. Networks are files NAME.tnn in the format of ai/cnn. Only the networks are
// embedded: the README beside them, docs/training.md (how each was made) and
// docs/runs (the training runs' logs and plots) stay outside the binary.
package weights

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Ext is the file extension of a shipped network.
const Ext = ".tnn"

// Names lists the shipped networks by name (file name without Ext), sorted.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), Ext); ok && !e.IsDir() {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Open returns the bytes of the shipped network name (e.g. "champion").
func Open(name string) ([]byte, error) {
	b, err := files.ReadFile(name + Ext)
	if err != nil {
		return nil, fmt.Errorf("no shipped network named %q (shipped: %s)", name, strings.Join(Names(), ", "))
	}
	return b, nil
}
