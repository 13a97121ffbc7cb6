package player

import (
	"context"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
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
		if !assert.NoError(t, err, "ParseSpec(%q)", c.in) {
			continue
		}
		assert.Equal(t, c.want, s, "ParseSpec(%q)", c.in)
		assert.Equal(t, c.str, s.String(), "ParseSpec(%q).String()", c.in)
		back, err := ParseSpec(s.String())
		if assert.NoError(t, err, "round trip of %q", c.in) {
			assert.Equal(t, s, back, "round trip of %q", c.in)
		}
	}
	for _, in := range []string{"", "alphabeta", "cnn", "cnn:", "cnn:nosuchnet", "heuristic:x"} {
		_, err := ParseSpec(in)
		if !assert.Error(t, err, "ParseSpec(%q) accepted a bad player", in) {
			continue
		}
		if !strings.Contains(err.Error(), "heuristic") && !strings.Contains(err.Error(), "shipped") {
			t.Errorf("ParseSpec(%q) error does not list the valid players: %v", in, err)
		}
	}
}

func TestNames(t *testing.T) {
	n := Names()
	require.GreaterOrEqual(t, len(n), 3)
	assert.Equal(t, []string{Human, Random, Heuristic}, n[:3], "the first names")
	for _, name := range n {
		_, err := ParseSpec(name)
		assert.NoError(t, err, "Names() lists %q but ParseSpec rejects it", name)
	}
}

func TestFlags(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	f := AddFlags(fs)
	require.NoError(t, fs.Parse([]string{"-depth", "3"}))
	s := f.Apply(fs, Spec{Kind: Heuristic})
	assert.Equal(t, 3, s.Depth, "-depth 3 alone")
	assert.Zero(t, s.MoveTime, "-depth 3 alone")
	assert.False(t, s.WallClock(), "-depth 3 alone")
	fs = flag.NewFlagSet("x", flag.ContinueOnError)
	f = AddFlags(fs)
	require.NoError(t, fs.Parse([]string{"-depth", "3", "-movetime", "1s"}))
	s = f.Apply(fs, Spec{Kind: Heuristic})
	assert.Equal(t, 3, s.Depth, "-depth 3 -movetime 1s")
	assert.Equal(t, time.Second, s.MoveTime, "-depth 3 -movetime 1s")
	assert.True(t, s.WallClock(), "-depth 3 -movetime 1s")
	assert.Equal(t, DefaultMoveTime, (Spec{Kind: Heuristic}).Limits().MoveTime, "default limits")
}

// TestTableSizeFlag: the default table size is kept as 0 in the spec, so the
// spec of a match recorded before -tt existed still equals today's and the
// match resumes; another size is kept and described.
func TestTableSizeFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{{nil, 0}, {[]string{"-tt", "16"}, 0}, {[]string{"-tt", "64"}, 64}} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		f := AddFlags(fs)
		require.NoError(t, fs.Parse(c.args))
		s := f.Apply(fs, Spec{Kind: Heuristic})
		assert.Equal(t, c.want, s.TTSizeMB, "%v", c.args)
		assert.Equal(t, c.want != 0, strings.Contains(s.Describe(), "MB table"), "%v: %s", c.args, s.Describe())
	}
}

// TestRowPatchesFlag: -row-patches sets the process's row limit, and
// without it Apply restores the tools' default.
func TestRowPatchesFlag(t *testing.T) {
	defer SetRowPatchLimit(cnn.DefaultRowPatchLimit)
	for _, c := range []struct {
		args []string
		want int
	}{{[]string{"-row-patches", "8192"}, WindowRowPatches}, {nil, cnn.DefaultRowPatchLimit}, {[]string{"-row-patches", "0"}, 0}} {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		f := AddFlags(fs)
		require.NoError(t, fs.Parse(c.args))
		f.Apply(fs, Spec{Kind: Heuristic})
		assert.Equal(t, c.want, cnn.RowPatchLimit(), "%v", c.args)
	}
}

func TestHuman(t *testing.T) {
	_, err := New(Spec{Kind: Human})
	assert.ErrorIs(t, err, ErrHuman)
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
		require.NoError(t, err)
		require.NoError(t, g.Play(r.Move), p.Name())
	}
	return g
}

func TestRandomDeterministic(t *testing.T) {
	g1 := playOut(t, NewRandom(1), NewRandom(2), 200)
	g2 := playOut(t, NewRandom(1), NewRandom(2), 200)
	assert.Equal(t, g1.Moves(), g2.Moves(), "same seeds gave different games")
}

func TestEngineLegal(t *testing.T) {
	h, err := New(Spec{Kind: Heuristic, Depth: 1})
	require.NoError(t, err)
	g := playOut(t, h, NewRandom(3), 60)
	assert.NotZero(t, g.Ply(), "no move played")
	r, err := New(Spec{Kind: Random, Seed: 5})
	require.NoError(t, err)
	assert.Equal(t, "random", r.Name())
}

// An engine that ponders plays a legal game against one that does not; the
// replies its principal variation expected count as hits, the others as
// misses, and every move after its first is one or the other.
func TestEnginePonders(t *testing.T) {
	a := NewEngine(Spec{Kind: Heuristic, Depth: 3, Seed: 1, Ponder: true}, newHeuristic())
	b := NewEngine(Spec{Kind: Heuristic, Depth: 2, Seed: 2}, newHeuristic())
	g := game.NewGame(game.StartPosition())
	moves := 0
	for ply := 0; ply < 16 && g.Outcome() == game.Ongoing; ply++ {
		p, pos := Player(b), g.Position()
		if pos.SideToMove() == game.White {
			p = a
			moves++
		}
		r, err := p.Move(context.Background(), pos, g.RepetitionHistory(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(r.Move); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
	Settle(a)
	hits, misses := a.PonderStats()
	if hits+misses > moves-1 || hits+misses < moves-2 {
		t.Errorf("%d hits and %d misses in %d moves", hits, misses, moves)
	}
	t.Logf("%d hits, %d misses in %d moves", hits, misses, moves)
}

// After NewGame an engine searches as a fresh one does: the same move, score
// and node count, where the table of its earlier game changed them.
func TestEngineNewGameForgets(t *testing.T) {
	spec := Spec{Kind: Heuristic, Depth: 5, Threads: 1, Seed: 1}
	pos := game.StartPosition()
	for _, m := range []string{"e3-b3", "d9-d7", "d5-d2", "d7-d6"} {
		mv, err := game.ParseMove(m)
		require.NoError(t, err)
		pos.Make(mv)
	}
	fresh, err := New(spec)
	require.NoError(t, err)
	want, err := fresh.(*Engine).Move(context.Background(), pos, nil, nil)
	require.NoError(t, err)

	used, err := New(spec)
	require.NoError(t, err)
	e := used.(*Engine)
	_, err = e.Move(context.Background(), pos, nil, nil) // the table now knows pos
	require.NoError(t, err)
	again, err := e.Move(context.Background(), pos, nil, nil)
	require.NoError(t, err)
	require.NotEqual(t, want.Nodes, again.Nodes, "the table changed nothing: the test shows nothing")
	e.NewGame()
	got, err := e.Move(context.Background(), pos, nil, nil)
	require.NoError(t, err)
	assert.Equal(t, want.Move, got.Move)
	assert.Equal(t, want.Score, got.Score)
	assert.Equal(t, want.Nodes, got.Nodes)
}
