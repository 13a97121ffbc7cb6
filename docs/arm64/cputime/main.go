//go:build linux

// Command cputime times every forward path of this machine in thread CPU
// time (getrusage RUSAGE_THREAD, best of 9 rounds), for measurements on a
// shared machine where wall time is spoilt by other work: see
// docs/measurements.md (section arm64). Run: go run ./docs/arm64/cputime (add -tags
// purego for the pure-Go paths). Linux only.
package main

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"syscall"

	"github.com/tablut-ai/tablut/ai/cnn"
)

// threadCPU returns the CPU time this thread has used.
func threadCPU() int64 {
	var ru syscall.Rusage
	_ = syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return ru.Utime.Nano() + ru.Stime.Nano()
}

func main() {
	runtime.LockOSThread()
	n := cnn.NewRandom(rand.New(rand.NewPCG(1, 2)), 0.2)
	q := cnn.Quantize(n)
	pos := cnn.RandomGamePositions(256, rand.New(rand.NewPCG(81, 82)))
	in := make([][81]float32, len(pos))
	for i := range pos {
		cnn.Encode(&pos[i], &in[i])
	}
	var sink float32
	measure := func(name string, slow bool, f func(*[81]float32) float32) {
		reps := 2000
		if slow {
			reps = 300
		}
		best := int64(1 << 62)
		for range 9 {
			t := threadCPU()
			for i := range reps {
				sink += f(&in[i&255])
			}
			best = min(best, threadCPU()-t)
		}
		fmt.Printf("%-18s %10.0f ns per evaluation\n", name, float64(best)/float64(reps))
	}
	measure("reference", true, n.ForwardReference)
	measure(cnn.FloatKernel(), cnn.FloatKernel() == "float32-go", n.Forward)
	for _, k := range cnn.IntKernels() {
		qk, err := q.WithKernel(k)
		if err != nil {
			panic(err)
		}
		measure(k.String(), k == cnn.IntGo || k == cnn.Int8Go || k == cnn.IntSWAR, qk.Forward)
	}
	_ = sink
}
