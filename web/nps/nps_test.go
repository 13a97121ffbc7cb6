package nps

import (
	"testing"
	"time"
)

// Measure counts nodes and time for a shipped evaluator and refuses a bad
// spec.
func TestMeasure(t *testing.T) {
	r, err := Measure("heuristic", 20*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes <= 0 || r.Elapsed < 11*20*time.Millisecond/2 || r.NPS() <= 0 {
		t.Fatalf("Measure(heuristic) = %+v, nps %.0f: want nodes and about 11 x 20 ms", r, r.NPS())
	}
	if _, err := Measure("nosuch", time.Millisecond); err == nil {
		t.Fatal("Measure(nosuch) gave no error")
	}
}
