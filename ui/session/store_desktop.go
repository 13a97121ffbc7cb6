//go:build !js

package session

import (
	"os"
	"path/filepath"
)

// DefaultStore returns the folder "tablut" in the user's configuration
// folder (os.UserConfigDir: ~/.config on Linux, ~/Library/Application
// Support on macOS, %AppData% on Windows), or a store in memory when the
// system names none.
func DefaultStore() Store {
	dir, err := os.UserConfigDir()
	if err != nil || dir == "" {
		return NewMemStore()
	}
	return DirStore{Dir: filepath.Join(dir, "tablut")}
}

// RecordsDir is the folder in the person's home where games are saved when no
// file dialog is available: ~/Tablut (%USERPROFILE%\Tablut on Windows), or
// the working directory when there is no home.
func RecordsDir() string {
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return "."
	}
	return filepath.Join(home, "Tablut")
}
