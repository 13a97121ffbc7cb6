package player

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablut-ai/tablut/ai/cnn"
)

func TestCNNFromFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "net.tnn")
	n := cnn.NewRandom(rand.New(rand.NewPCG(1, 2)), 0.1)
	n.Label = "tiny"
	if err := n.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	spec, err := ParseSpec("cnn:" + path)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := NewEvaluator(spec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(ev.Name(), "cnn:") {
		t.Errorf("evaluator name %q", ev.Name())
	}
	spec.Depth = 1
	p, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	playOut(t, p, NewRandom(1), 6)
	if _, err := NewEvaluator(Spec{Kind: CNN, Net: filepath.Join(t.TempDir(), "missing.tnn")}); err == nil || !strings.Contains(err.Error(), "missing.tnn") {
		t.Errorf("missing file: %v", err)
	}
}
