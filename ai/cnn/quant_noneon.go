//go:build !arm64 || purego

package cnn

// This build has no NEON integer kernels.
const (
	hasNEON    = false
	hasDotProd = false
)

func conv2NEON(dst *int16, src *int16, w *int16, mult *float32, lut *int16, tmp *int32) {
	panic("cnn: no NEON kernels")
}
func conv3NEON(dst *int32, src *int16, w *int16) { panic("cnn: no NEON kernels") }
func conv2Int8NEON(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, tmp *int32) {
	panic("cnn: no NEON kernels")
}
func conv3Int8NEON(dst *int32, src *uint8, w *int8) { panic("cnn: no NEON kernels") }
func narrowNEON(dst *uint8, src *int16, blocks int) { panic("cnn: no NEON kernels") }
func conv2RowsNEON(dst *int16, rows **[rowLen]int32, mult *float32, lut *int16, tmp *int32) {
	panic("cnn: no NEON kernels")
}
