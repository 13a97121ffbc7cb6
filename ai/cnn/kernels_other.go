//go:build (!amd64 && !arm64) || purego

package cnn

// This build has no assembly kernels.
const (
	hasAVX2  = false
	floatAsm = false
	// floatAsmName is unused: FloatKernel says float32-go.
	floatAsmName = ""
)

func tanhAsm(x *float32, n int) { panic("cnn: no assembly kernels") }
func layer1Asm(dst *float32, table *float32, offs *int32, npix int) {
	panic("cnn: no assembly kernels")
}
func conv2RowAsm(dst *float32, src *float32, w *float32) { panic("cnn: no assembly kernels") }
func conv3RowAsm(dst *float32, src *float32, w *float32) { panic("cnn: no assembly kernels") }
