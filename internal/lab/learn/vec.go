package learn

// dotGo returns the dot product of a and b (len(b) >= len(a)), four
// independent partial sums so the additions pipeline.
func dotGo(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// axpyGo adds k*x to y (len(y) >= len(x)).
func axpyGo(k float32, x, y []float32) {
	y = y[:len(x)]
	i := 0
	for ; i+4 <= len(x); i += 4 {
		y[i] += k * x[i]
		y[i+1] += k * x[i+1]
		y[i+2] += k * x[i+2]
		y[i+3] += k * x[i+3]
	}
	for ; i < len(x); i++ {
		y[i] += k * x[i]
	}
}
