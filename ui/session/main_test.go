package session

import (
	"os"
	"testing"
)

// TestMain points the user's configuration folder at a temporary one, so
// that a test that forgets Config.Store never reads or writes the real one.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tablut-session-test")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
