package player

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"weak"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/cnn"
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

// Two players of one network built at the same moment (the window's
// estimate and an AI's search both start at a new position): the second
// copies the shared integer form while the first gives it its evaluation
// cache. The race detector caught the two unordered in a window test
// (TestCaptureIsMarkedOnTheBoard, 2026-11-29); under -race this test fails
// when a shared form is given its cache after it is shared.
func TestPlayersOfOneNetworkBuiltAtOnce(t *testing.T) {
	if os.Getenv(PathEnv) != "" && os.Getenv(PathEnv) != "auto" {
		t.Skip("a forced path")
	}
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 3 {
		// A network no other player holds, so that the first is fresh.
		path := filepath.Join(t.TempDir(), fmt.Sprintf("net%d.tnn", i))
		require.NoError(t, cnn.NewRandom(r, 0.2).SaveFile(path))
		n1, err := LoadNet(path)
		require.NoError(t, err)
		n2, err := LoadNet(path)
		require.NoError(t, err)
		key := netKey(t, n1)
		first := make(chan any)
		go func() {
			e, _ := NetEvaluator(n1)
			first <- e
		}()
		// The second player starts once the first has shared its form.
		for {
			if w, ok := quantized.Load(key); ok && w.(weak.Pointer[cnn.Quantized]).Value() != nil {
				break
			}
			runtime.Gosched()
		}
		e2, err := NetEvaluator(n2)
		require.NoError(t, err)
		e1 := <-first
		require.NotNil(t, e1)
		p := game.StartPosition()
		type evaluator interface{ Evaluate(*game.Position) int32 }
		assert.Equal(t, e1.(evaluator).Evaluate(&p), e2.(evaluator).Evaluate(&p))
	}
}

// netKey is the key of n's integer form in quantized.
func netKey(t *testing.T, n *cnn.Network) uint64 {
	h := fnv.New64a()
	require.NoError(t, n.Save(h))
	return h.Sum64()
}
