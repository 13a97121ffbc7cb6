package procs

import (
	"os"
	"runtime"
	"testing"
)

// TestAddSpare: one P more than the default, however often it is asked for.
func TestAddSpare(t *testing.T) {
	if os.Getenv("GOMAXPROCS") != "" {
		t.Skip("GOMAXPROCS is set by the environment")
	}
	want := runtime.GOMAXPROCS(0) + 1
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	AddSpare()
	AddSpare()
	if got := runtime.GOMAXPROCS(0); got != want {
		t.Fatalf("GOMAXPROCS = %d, want %d", got, want)
	}
}
