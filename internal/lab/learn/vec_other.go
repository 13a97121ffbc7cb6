//go:build !amd64 || purego

package learn

const useAVX2 = false

func dot(a, b []float32) float32 { return dotGo(a, b) }

func axpy(k float32, x, y []float32) { axpyGo(k, x, y) }
