package cnn

import "math"

// The int8 path's arithmetic, one step at a time, for training that sees it
// (quantisation-aware fine-tuning in package internal/lab/learn). Each function is the
// definition Quantize's int8 kernels use, so a forward pass built from them
// gives Quantized's int8 output bit for bit (internal/lab/learn's tests check it).

// Int8Act8Scale is the scale of the narrowed int8 activations of layers 2
// and 3's inputs: an activation a in [-1, 1] becomes about a*Int8Act8Scale.
const Int8Act8Scale = act8Scale

// QuantizeFilterInt8 converts one filter's float weights w to int8 as the
// int8 path does (its largest |w| maps to 127, rounding to even) and returns
// the scale: w[i] is about q[i]*scale.
func QuantizeFilterInt8(w []float32, q []int8) (scale float64) {
	var maxAbs float64
	for _, v := range w {
		maxAbs = max(maxAbs, math.Abs(float64(v)))
	}
	scale = maxAbs / maxWeight8
	for i, v := range w {
		var x int8
		if scale > 0 {
			x = int8(min(max(math.RoundToEven(float64(v)/scale), -maxWeight8), maxWeight8))
		}
		q[i] = x
	}
	return scale
}

// Int8Requant returns the requantisation factor of a filter of layer l (1 or
// 2, 0-based: layers 2 and 3) with weight scale scale: an int32 sum times it
// is the pre-activation in tanh-table steps.
func Int8Requant(l int, scale float64) float32 {
	res := float64(lutRes2)
	if l == 2 {
		res = lutRes3
	}
	return float32(scale / act8Scale * res)
}

// Act16 returns the 12-bit integer activation round(2047*tanh(pre)) of a
// layer-1 pre-activation computed in float64, as the layer-1 patch table
// holds it.
func Act16(pre float64) int16 { return quantAct(math.Tanh(pre)) }

// Narrow8 narrows an integer activation to int8 (VPMULHRSW's rounding).
func Narrow8(a int16) int8 { return narrow8(a) }

// Int8Act2 returns layer 2's integer activation for the int32 sum of a
// filter with factor m (Int8Requant): the tanh-table lookup.
func Int8Act2(sum int32, m float32) int16 {
	return act2Table[requantIndex(sum, m, lutHalf2)+lutHalf2]
}

// Int8Act3 returns layer 3's activation (float32, fed to layer 4) for the
// int32 sum of a filter with factor m and a layer-3 bias in pre-activation
// units: the fine tanh table, indexed as layer4 does.
func Int8Act3(sum int32, m, bias float32) float32 {
	const h = lutHalf3
	x := min(max(float32(sum)*m+float32(bias*lutRes3), -h), h)
	return act3Table[int32(x+(h+0.5))]
}

// act2Table and act3Table are the tanh tables of every Quantized (lut2 and
// lut3), shared by the functions above.
var (
	act2Table = func() (t [2*lutHalf2 + 1]int16) {
		for i := range t {
			t[i] = quantAct(math.Tanh(float64(i-lutHalf2) / lutRes2))
		}
		return t
	}()
	act3Table = func() (t [2*lutHalf3 + 1]float32) {
		for i := range t {
			t[i] = float32(math.Tanh(float64(i-lutHalf3) / lutRes3))
		}
		return t
	}()
)
