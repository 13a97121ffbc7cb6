//go:build !amd64 || purego

package cnn

// hasAVX2 is false: this build has no assembly kernels.
const hasAVX2 = false

func tanhAVX(x *float32, n int) { panic("cnn: no assembly kernels") }
func layer1AVX(dst *float32, table *float32, offs *int32, npix int) {
	panic("cnn: no assembly kernels")
}
func conv2RowAVX(dst *float32, src *float32, w *float32) { panic("cnn: no assembly kernels") }
func conv3RowAVX(dst *float32, src *float32, w *float32) { panic("cnn: no assembly kernels") }
