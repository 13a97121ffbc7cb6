package player

import (
	"context"
	"errors"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/tablut-ai/tablut/game"
)

func TestParseSpec(t *testing.T) {
	good := []struct {
		in   string
		want Spec
		str  string
	}{
		{"human", Spec{Kind: Human}, "human"},
		{"Random", Spec{Kind: Random}, "random"},
		{" heuristic ", Spec{Kind: Heuristic}, "heuristic"},
		{"cnn:runs/gen42.tnn", Spec{Kind: CNN, Net: "runs/gen42.tnn"}, "cnn:runs/gen42.tnn"},
		{"cnn:x.tnn", Spec{Kind: CNN, Net: "x.tnn"}, "cnn:x.tnn"},
	}
	for _, c := range good {
		s, err := ParseSpec(c.in)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", c.in, err)
			continue
		}
		if s != c.want || s.String() != c.str {
			t.Errorf("ParseSpec(%q) = %+v (%q), want %+v (%q)", c.in, s, s.String(), c.want, c.str)
		}
		if back, err := ParseSpec(s.String()); err != nil || back != s {
			t.Errorf("round trip of %q: %+v, %v", c.in, back, err)
		}
	}
	for _, in := range []string{"", "alphabeta", "cnn", "cnn:", "cnn:nosuchnet", "heuristic:x"} {
		_, err := ParseSpec(in)
		if err == nil {
			t.Errorf("ParseSpec(%q) accepted a bad player", in)
			continue
		}
		if !strings.Contains(err.Error(), "heuristic") && !strings.Contains(err.Error(), "shipped") {
			t.Errorf("ParseSpec(%q) error does not list the valid players: %v", in, err)
		}
	}
}

func TestNames(t *testing.T) {
	n := Names()
	if len(n) < 3 || n[0] != Human || n[1] != Random || n[2] != Heuristic {
		t.Fatalf("Names() = %v", n)
	}
	for _, name := range n {
		if _, err := ParseSpec(name); err != nil {
			t.Errorf("Names() lists %q but ParseSpec rejects it: %v", name, err)
		}
	}
}

func TestFlags(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	f := AddFlags(fs)
	if err := fs.Parse([]string{"-depth", "3"}); err != nil {
		t.Fatal(err)
	}
	s := f.Apply(fs, Spec{Kind: Heuristic})
	if s.Depth != 3 || s.MoveTime != 0 || s.WallClock() {
		t.Errorf("-depth 3 alone: %+v", s)
	}
	fs = flag.NewFlagSet("x", flag.ContinueOnError)
	f = AddFlags(fs)
	if err := fs.Parse([]string{"-depth", "3", "-movetime", "1s"}); err != nil {
		t.Fatal(err)
	}
	s = f.Apply(fs, Spec{Kind: Heuristic})
	if s.Depth != 3 || s.MoveTime != time.Second || !s.WallClock() {
		t.Errorf("-depth 3 -movetime 1s: %+v", s)
	}
	if l := (Spec{Kind: Heuristic}).Limits(); l.MoveTime != DefaultMoveTime {
		t.Errorf("default limits %+v", l)
	}
}

func TestHuman(t *testing.T) {
	if _, err := New(Spec{Kind: Human}); !errors.Is(err, ErrHuman) {
		t.Errorf("New(human) = %v, want ErrHuman", err)
	}
}

// playOut plays a game between a and b from the start and checks every move
// is legal.
func playOut(t *testing.T, a, b Player, maxPlies int) *game.Game {
	t.Helper()
	g := game.NewGame(game.StartPosition())
	for g.Outcome() == game.Ongoing && g.Ply() < maxPlies {
		pos := g.Position()
		p := a
		if pos.SideToMove() == game.Black {
			p = b
		}
		r, err := p.Move(context.Background(), pos, g.RepetitionHistory(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(r.Move); err != nil {
			t.Fatalf("%s: %v", p.Name(), err)
		}
	}
	return g
}

func TestRandomDeterministic(t *testing.T) {
	g1 := playOut(t, NewRandom(1), NewRandom(2), 200)
	g2 := playOut(t, NewRandom(1), NewRandom(2), 200)
	if len(g1.Moves()) != len(g2.Moves()) {
		t.Fatal("same seeds gave different games")
	}
	for i, m := range g1.Moves() {
		if g2.Moves()[i] != m {
			t.Fatalf("same seeds gave different games at ply %d", i)
		}
	}
}

func TestEngineLegal(t *testing.T) {
	h, err := New(Spec{Kind: Heuristic, Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	g := playOut(t, h, NewRandom(3), 60)
	if g.Ply() == 0 {
		t.Fatal("no move played")
	}
	r, err := New(Spec{Kind: Random, Seed: 5})
	if err != nil || r.Name() != "random" {
		t.Fatalf("New(random) = %v, %v", r, err)
	}
}
