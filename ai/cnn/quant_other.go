//go:build !amd64 || purego

package cnn

// This build has no assembly integer kernels.
const (
	hasVNNI512 = false
	hasAVXVNNI = false
	hasVNNI256 = false
)

func conv2VNNI(dst *int16, src *int16, w *int16, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
func conv3VNNI(dst *int32, src *int16, w *int16) { panic("cnn: no assembly kernels") }
func conv2AVX2(dst *int16, src *int16, w *int16, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
func conv3AVX2(dst *int32, src *int16, w *int16)    { panic("cnn: no assembly kernels") }
func narrowVNNI(dst *uint8, src *int16, blocks int) { panic("cnn: no assembly kernels") }
func conv2Int8VNNI(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32) {
	panic("cnn: no assembly kernels")
}
func narrowAVX2(dst *uint8, abs *uint8, src *int16, blocks int) { panic("cnn: no assembly kernels") }
func conv2Int8AVX2(dst *int16, src *uint8, abs *uint8, w *int8, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
func layer4VNNI(a3 *int32, m3 *float32, bias *float32, lut3 *float32, w4 *float32) float32 {
	panic("cnn: no assembly kernels")
}
func layer4AVX2(a3 *int32, m3 *float32, bias *float32, lut3 *float32, w4 *float32) float32 {
	panic("cnn: no assembly kernels")
}
func conv3Int8VNNI(dst *int32, src *uint8, w *int8, bias *int32) { panic("cnn: no assembly kernels") }
func conv3Int8AVX2(dst *int32, src *uint8, abs *uint8, w *int8) {
	panic("cnn: no assembly kernels")
}
func conv2AVXVNNI(dst *int16, src *int16, w *int16, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
func conv3AVXVNNI(dst *int32, src *int16, w *int16) { panic("cnn: no assembly kernels") }
func conv2Int8AVXVNNI(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32) {
	panic("cnn: no assembly kernels")
}
func conv3Int8AVXVNNI(dst *int32, src *uint8, w *int8, bias *int32) {
	panic("cnn: no assembly kernels")
}
func conv2VNNI256(dst *int16, src *int16, w *int16, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
func conv3VNNI256(dst *int32, src *int16, w *int16) { panic("cnn: no assembly kernels") }
func conv2Int8VNNI256(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32) {
	panic("cnn: no assembly kernels")
}
func conv3Int8VNNI256(dst *int32, src *uint8, w *int8, bias *int32) {
	panic("cnn: no assembly kernels")
}
func narrowAVXVNNI(dst *uint8, src *int16, blocks int) { panic("cnn: no assembly kernels") }
func vnni256Code() (vex, evex [4]*byte)                { panic("cnn: no assembly kernels") }
func copyRows128(dst *int16, table *int16, idx *int32) { panic("cnn: no assembly kernels") }
func copyRows64(dst *uint8, table *uint8, idx *int32)  { panic("cnn: no assembly kernels") }
func patchCodes(idx *int32, d *uint8)                  { panic("cnn: no assembly kernels") }
func conv2Rows512(dst *int16, rows **[rowLen]int32, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
func buildRows512(dst *int32, act *uint8, w *int8, corr *int32) { panic("cnn: no assembly kernels") }
func conv2RowsAVX2(dst *int16, rows **[rowLen]int32, mult *float32, lut *int16) {
	panic("cnn: no assembly kernels")
}
