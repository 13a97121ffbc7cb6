//go:build !js

package session

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/lab/evolve"
)

// TestEvolutionMembers: the page reads how each member was made from
// evolve's origins and its weights: a crossover child's layers are marked
// with the parent each came from, a mutant's with the share of each layer
// that differs from its parent's; a new generation's crosstable is empty.
func TestEvolutionMembers(t *testing.T) {
	a, err := player.LoadNet("seed")
	require.NoError(t, err)
	b, err := player.LoadNet("challenger")
	require.NoError(t, err)
	a.Label, b.Label = "g001-0", "g001-1"
	cross := a.Clone()
	copy(cross.W[1], b.W[1])
	copy(cross.W[3], b.W[3])
	mutant := b.Clone()
	for i := range mutant.W[0] {
		if i%4 == 0 {
			mutant.W[0][i] += 0.5
		}
	}
	pop := []*evolve.Individual{
		{Net: a, Origin: "parent g000-3"},
		{Net: b, Origin: "parent g000-5"},
		{Net: cross, Origin: "cross g000-3 g000-5"},
		{Net: mutant, Origin: "mutant g000-5"},
	}
	m := members(pop)
	require.Len(t, m, 4)
	assert.Equal(t, EvoParent, m[0].Kind)
	assert.Equal(t, EvoParent, m[1].Kind)
	assert.Equal(t, EvoCross, m[2].Kind)
	var from []int
	for _, l := range m[2].Layers {
		from = append(from, l.From)
	}
	assert.Equal(t, []int{0, 1, 0, 1}, from, "each layer's parent")
	assert.Equal(t, EvoMutant, m[3].Kind)
	assert.Equal(t, 1, m[3].Parent)
	n := len(mutant.W[0])
	assert.InDelta(t, float64((n+3)/4)/float64(n), m[3].Layers[0].Mutated, 1e-9)
	for _, l := range m[3].Layers[1:] {
		assert.Zero(t, l.Mutated, "layers the mutation left alone")
	}

	// A new generation starts with an unplayed crosstable.
	st := EvoState{}
	st.newGeneration(0, pop)
	for i := range st.Cross {
		for j := range st.Cross[i] {
			assert.Equal(t, -1.0, st.Cross[i][j], "unplayed at the start")
		}
	}
}
