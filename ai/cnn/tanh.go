package cnn

// Fast tanh: the rational approximation of Eigen's generic_fast_tanh_float
// (Eigen/src/Core/MathFunctionsImpl.h): tanh(x) ~ x*P(x^2)/Q(x^2) with P of
// degree 6 and Q of degree 3 in x^2, x clamped to +-7.90531110763549805 where
// the float32 result rounds to +-1. Max absolute error against math.Tanh is
// about 3e-7 (TestTanhAccuracy), far below the 1e-5 agreement Forward keeps
// with ForwardReference. kernels_amd64.s evaluates the same formula with the
// same float32 constants, 8 lanes at a time.
const (
	tanhClamp = 7.90531110763549805
	tanhA13   = -2.76076847742355e-16
	tanhA11   = 2.00018790482477e-13
	tanhA9    = -8.60467152213735e-11
	tanhA7    = 5.12229709037114e-08
	tanhA5    = 1.48572235717979e-05
	tanhA3    = 6.37261928875436e-04
	tanhA1    = 4.89352455891786e-03
	tanhB6    = 1.19825839466702e-06
	tanhB4    = 1.18534705686654e-04
	tanhB2    = 2.26843463243900e-03
	tanhB0    = 4.89352518554385e-03
)

// tanh32 is the scalar fast tanh.
func tanh32(x float32) float32 {
	x = min(max(x, -tanhClamp), tanhClamp)
	x2 := x * x
	p := float32(tanhA13)
	p = p*x2 + tanhA11
	p = p*x2 + tanhA9
	p = p*x2 + tanhA7
	p = p*x2 + tanhA5
	p = p*x2 + tanhA3
	p = p*x2 + tanhA1
	p *= x
	q := float32(tanhB6)
	q = q*x2 + tanhB4
	q = q*x2 + tanhB2
	q = q*x2 + tanhB0
	return p / q
}

// tanhSlice applies tanh32 to every element of x.
func tanhSlice(x []float32) {
	for i, v := range x {
		x[i] = tanh32(v)
	}
}

// Tanh32 is the scalar fast tanh of the float path (within 3e-7 of
// math.Tanh), for other packages' float32 passes (the learner's).
func Tanh32(x float32) float32 { return tanh32(x) }
