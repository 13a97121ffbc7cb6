package game

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPerft(t *testing.T) {
	want := []uint64{1, 56, 4408, 248456, 19159224, 1074150880}
	for depth, n := range want {
		if depth >= 4 && testing.Short() || depth >= 5 && raceEnabled {
			t.Logf("perft %d skipped in -short and under the race detector", depth)
			continue
		}
		p := StartPosition()
		before := p
		assert.Equal(t, n, Perft(&p, depth), "perft %d", depth)
		if p != before {
			t.Fatalf("perft %d changed the position to %s", depth, diagram(&p))
		}
	}
}

func TestPerftDivideSums(t *testing.T) {
	p := StartPosition()
	var sum uint64
	for _, n := range PerftDivide(&p, 2) {
		sum += n
	}
	assert.Equal(t, uint64(4408), sum, "perft divide 2 sums")
}

func TestIncrementalHash(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	games := 50
	if testing.Short() {
		games = 10
	}
	for g := 0; g < games; g++ {
		for _, p := range randomGame(r, StartPosition(), 300) {
			if p.Hash() != computeHash(&p) {
				t.Fatalf("incremental hash %x != computeHash %x in %s", p.Hash(), computeHash(&p), diagram(&p))
			}
		}
	}
}

func TestTranspositionSameHash(t *testing.T) {
	play := func(moves ...string) Position {
		g := NewGame(StartPosition())
		for _, s := range moves {
			m, err := ParseMove(s)
			require.NoError(t, err)
			require.NoError(t, g.Play(m))
		}
		return g.Position()
	}
	a := play("e3-d3", "a4-b4", "e7-f7", "d9-d8")
	b := play("e7-f7", "d9-d8", "e3-d3", "a4-b4")
	if a.Hash() != b.Hash() || a != b {
		t.Fatalf("two move orders: %s hash %x\n%s hash %x", diagram(&a), a.Hash(), diagram(&b), b.Hash())
	}
	// The side to move is part of the key.
	c := a
	c.side = Black
	assert.NotEqual(t, a.Hash(), computeHash(&c), "side to move does not change the hash")
}
