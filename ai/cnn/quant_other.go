//go:build !amd64 || purego

package cnn

// This build has no assembly integer kernels.
const hasVNNI512 = false

func conv2VNNI(dst *int16, src *int16, w *int16, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
func conv3VNNI(dst *int32, src *int16, w *int16) { panic("cnn: no assembly kernels") }
func conv2AVX2(dst *int16, src *int16, w *int16, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
func conv3AVX2(dst *int32, src *int16, w *int16) { panic("cnn: no assembly kernels") }
