//go:build amd64 && !purego

// Integer kernels of the quantised network (quant.go): AVX-512 VNNI and AVX2.
// Each reproduces the pure-Go kernel of quant_generic.go bit for bit.
//
// VPDPWSSD (AVX-512 VNNI) multiplies, in each 32-bit lane, the two int16 of
// one source by the two of the other and adds both products to the lane;
// VPMADDWD followed by VPADDD (AVX2) does the same in two instructions. Here
// the lanes are output filters and the two int16 two input channels: the
// activations of one pixel's channel pair are broadcast to every lane and the
// weights (packed [ky][pair][filter][2] by packPairs) are loaded 16 (zmm) or
// 8 (ymm) filters at a time. Sums are exact in int32.
//
// The int16 kernels are here; quant8_amd64.s holds the int8 ones and layer
// 4, quantvex_amd64.s the 256-bit VNNI ones (AVX-VNNI and AVX-512 VL), and
// quant_amd64.h the constants and macros all three share.

#include "textflag.h"
#include "quant_amd64.h"


// func conv2VNNI(dst *int16, src *int16, w *int16, mult *float32, lut *int16)
//
// For each output row y (5 pixels) the 32 filters of the 5 pixels live in
// Z0-Z9 (pixel x: Z(2x) filters 0-15, Z(2x+1) filters 16-31). For kernel row
// ky the 192 inputs of pixel x are contiguous (three pixels of 64 channels,
// 384 bytes), so each of 96 channel pairs feeds 10 VPDPWSSD from two weight
// registers and five broadcasts.
TEXT ·conv2VNNI(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ mult+24(FP), CX
	MOVQ lut+32(FP), R8
	VMOVUPS      (CX), Z19
	VMOVUPS      64(CX), Z20
	VBROADCASTSS quantc<>+0(SB), Z21
	VBROADCASTSS quantc<>+4(SB), Z22
	VPBROADCASTD quantc<>+8(SB), Z23
	XORQ R9, R9 // y

row2:
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	VPXORD Z6, Z6, Z6
	VPXORD Z7, Z7, Z7
	VPXORD Z8, Z8, Z8
	VPXORD Z9, Z9, Z9
	MOVQ  R9, AX
	IMULQ $896, AX
	LEAQ  (SI)(AX*1), R10 // input row y+ky, starting at ky = 0
	MOVQ  DX, R11         // weights: 128 bytes per pair, ky after ky
	MOVQ  $3, R12

ky2:
	MOVQ R10, R13
	MOVQ $96, R14

p2:
	VMOVDQU32    (R11), Z10
	VMOVDQU32    64(R11), Z11
	VPBROADCASTD (R13), Z12
	VPBROADCASTD 128(R13), Z13
	VPBROADCASTD 256(R13), Z14
	VPBROADCASTD 384(R13), Z15
	VPBROADCASTD 512(R13), Z16
	VPDPWSSD     Z10, Z12, Z0
	VPDPWSSD     Z11, Z12, Z1
	VPDPWSSD     Z10, Z13, Z2
	VPDPWSSD     Z11, Z13, Z3
	VPDPWSSD     Z10, Z14, Z4
	VPDPWSSD     Z11, Z14, Z5
	VPDPWSSD     Z10, Z15, Z6
	VPDPWSSD     Z11, Z15, Z7
	VPDPWSSD     Z10, Z16, Z8
	VPDPWSSD     Z11, Z16, Z9
	ADDQ $128, R11
	ADDQ $4, R13
	DECQ R14
	JNZ  p2

	ADDQ $896, R10
	DECQ R12
	JNZ  ky2

	STOREROW16

	INCQ R9
	CMPQ R9, $5
	JLT  row2
	VZEROUPPER
	RET

// func conv3VNNI(dst *int32, src *int16, w *int16)
//
// Layer 3 likewise: per output row, the 16 filters of the 3 pixels in Z0-Z2
// for even channel pairs and Z3-Z5 for odd ones (two short dependency chains
// instead of one long one), 48 pairs per kernel row.
TEXT ·conv3VNNI(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	XORQ R9, R9

row3:
	VPXORD Z0, Z0, Z0
	VPXORD Z1, Z1, Z1
	VPXORD Z2, Z2, Z2
	VPXORD Z3, Z3, Z3
	VPXORD Z4, Z4, Z4
	VPXORD Z5, Z5, Z5
	MOVQ  R9, AX
	IMULQ $320, AX
	LEAQ  (SI)(AX*1), R10
	MOVQ  DX, R11
	MOVQ  $3, R12

ky3:
	MOVQ R10, R13
	MOVQ $24, R14

p3:
	VMOVDQU32    (R11), Z10
	VMOVDQU32    64(R11), Z11
	VPBROADCASTD (R13), Z12
	VPBROADCASTD 64(R13), Z13
	VPBROADCASTD 128(R13), Z14
	VPDPWSSD     Z10, Z12, Z0
	VPDPWSSD     Z10, Z13, Z1
	VPDPWSSD     Z10, Z14, Z2
	VPBROADCASTD 4(R13), Z12
	VPBROADCASTD 68(R13), Z13
	VPBROADCASTD 132(R13), Z14
	VPDPWSSD     Z11, Z12, Z3
	VPDPWSSD     Z11, Z13, Z4
	VPDPWSSD     Z11, Z14, Z5
	ADDQ $128, R11
	ADDQ $8, R13
	DECQ R14
	JNZ  p3

	ADDQ $320, R10
	DECQ R12
	JNZ  ky3

	VPADDD Z3, Z0, Z0
	VPADDD Z4, Z1, Z1
	VPADDD Z5, Z2, Z2
	MOVQ   R9, AX
	IMULQ  $192, AX
	LEAQ   (DI)(AX*1), BX
	VMOVDQU32 Z0, (BX)
	VMOVDQU32 Z1, 64(BX)
	VMOVDQU32 Z2, 128(BX)

	INCQ R9
	CMPQ R9, $3
	JLT  row3
	VZEROUPPER
	RET

// func conv2AVX2(dst *int16, src *int16, w *int16, mult *float32, lut *int16)
//
// As conv2VNNI with 8-lane registers: each output row is done in two passes
// of 16 filters, the 5 pixels' accumulators in Y0-Y9 (pixel x: Y(2x) filters
// 0-7 of the pass, Y(2x+1) filters 8-15).
TEXT ·conv2AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ lut+32(FP), R8
	XORQ R9, R9 // y

arow2:
	XORQ CX, CX // pass: 0 or 64 (bytes of 16 filters' int32 / float32)

apass2:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	VPXOR Y7, Y7, Y7
	VPXOR Y8, Y8, Y8
	VPXOR Y9, Y9, Y9
	MOVQ  R9, AX
	IMULQ $896, AX
	LEAQ  (SI)(AX*1), R10
	LEAQ  (DX)(CX*1), R11
	MOVQ  $3, R12

aky2:
	MOVQ R10, R13
	MOVQ $96, R14

ap2:
	VMOVDQU      (R11), Y10
	VMOVDQU      32(R11), Y11
	VPBROADCASTD (R13), Y12
	MADD8(Y10, Y12, Y13, Y0)
	MADD8(Y11, Y12, Y14, Y1)
	VPBROADCASTD 128(R13), Y12
	MADD8(Y10, Y12, Y13, Y2)
	MADD8(Y11, Y12, Y14, Y3)
	VPBROADCASTD 256(R13), Y12
	MADD8(Y10, Y12, Y13, Y4)
	MADD8(Y11, Y12, Y14, Y5)
	VPBROADCASTD 384(R13), Y12
	MADD8(Y10, Y12, Y13, Y6)
	MADD8(Y11, Y12, Y14, Y7)
	VPBROADCASTD 512(R13), Y12
	MADD8(Y10, Y12, Y13, Y8)
	MADD8(Y11, Y12, Y14, Y9)
	ADDQ $128, R11
	ADDQ $4, R13
	DECQ R14
	JNZ  ap2

	ADDQ $896, R10
	DECQ R12
	JNZ  aky2

	MOVQ mult+24(FP), R11
	STOREROW8

	ADDQ $64, CX
	CMPQ CX, $128
	JLT  apass2
	INCQ R9
	CMPQ R9, $5
	JLT  arow2
	VZEROUPPER
	RET

// func conv3AVX2(dst *int32, src *int16, w *int16)
//
// Layer 3 with AVX2: per output row the 16 filters of the 3 pixels in Y0-Y5
// (pixel x: Y(2x) filters 0-7, Y(2x+1) filters 8-15).
TEXT ·conv3AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	XORQ R9, R9

arow3:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	MOVQ  R9, AX
	IMULQ $320, AX
	LEAQ  (SI)(AX*1), R10
	MOVQ  DX, R11
	MOVQ  $3, R12

aky3:
	MOVQ R10, R13
	MOVQ $48, R14

ap3:
	VMOVDQU      (R11), Y10
	VMOVDQU      32(R11), Y11
	VPBROADCASTD (R13), Y12
	MADD8(Y10, Y12, Y13, Y0)
	MADD8(Y11, Y12, Y14, Y1)
	VPBROADCASTD 64(R13), Y12
	MADD8(Y10, Y12, Y13, Y2)
	MADD8(Y11, Y12, Y14, Y3)
	VPBROADCASTD 128(R13), Y12
	MADD8(Y10, Y12, Y13, Y4)
	MADD8(Y11, Y12, Y14, Y5)
	ADDQ $64, R11
	ADDQ $4, R13
	DECQ R14
	JNZ  ap3

	ADDQ $320, R10
	DECQ R12
	JNZ  aky3

	MOVQ    R9, AX
	IMULQ   $192, AX
	LEAQ    (DI)(AX*1), BX
	VMOVDQU Y0, (BX)
	VMOVDQU Y1, 32(BX)
	VMOVDQU Y2, 64(BX)
	VMOVDQU Y3, 96(BX)
	VMOVDQU Y4, 128(BX)
	VMOVDQU Y5, 160(BX)

	INCQ R9
	CMPQ R9, $3
	JLT  arow3
	VZEROUPPER
	RET

// The int8 kernels of layer 2 (quant8.go). Activations are bytes, HWC: a
// kernel row of one pixel is 192 contiguous bytes (48 channel quads), an
// input row 448 bytes; weights are packed [ky][quad][filter][4] by packQuads,
// 128 bytes per quad.
