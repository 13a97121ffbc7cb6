package player

import (
	"os"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/game"
)

// Two players of one network at the same time share its integer form's
// layer-1 table: the second costs its own evaluation cache, not another
// table; and both evaluate alike.
func TestPlayersOfOneNetworkShareItsTables(t *testing.T) {
	if os.Getenv(PathEnv) != "" && os.Getenv(PathEnv) != "auto" {
		t.Skip("a forced path")
	}
	allocated := func(f func()) uint64 {
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	n1, err := LoadNet("learned")
	require.NoError(t, err)
	n2, err := LoadNet("learned")
	require.NoError(t, err)
	var e1, e2 any
	first := allocated(func() { e1, err = NetEvaluator(n1) })
	require.NoError(t, err)
	second := allocated(func() { e2, err = NetEvaluator(n2) })
	require.NoError(t, err)
	assert.Less(t, second+8<<20, first, "the second player built its own table (first %d B, second %d B)", first, second)
	p := game.StartPosition()
	type evaluator interface{ Evaluate(*game.Position) int32 }
	assert.Equal(t, e1.(evaluator).Evaluate(&p), e2.(evaluator).Evaluate(&p))
	runtime.KeepAlive(e1)
}
