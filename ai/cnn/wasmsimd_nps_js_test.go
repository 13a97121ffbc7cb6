//go:build js

package cnn_test

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/web/nps"
)

// BenchmarkWasmRowsSearch measures the champion's search speed (nodes a
// second, one thread, 300 ms on each bench position: the page's own
// measure, web/nps) with the pure-Go rows kernel and with the SIMD module,
// alternating, twice each: run with -benchtime 1x.
func BenchmarkWasmRowsSearch(b *testing.B) {
	defer os.Setenv(player.PathEnv, os.Getenv(player.PathEnv))
	for b.Loop() {
		for round := 1; round <= 2; round++ {
			for _, k := range []string{"int8-gorows", "int8-wasmrows"} {
				os.Setenv(player.PathEnv, k)
				r, err := nps.Measure("cnn:champion", 300*time.Millisecond)
				require.NoError(b, err)
				b.ReportMetric(r.NPS(), k+"-nodes/s")
				b.Logf("round %d, %s: %.0f nodes a second", round, k, r.NPS())
			}
		}
	}
}
