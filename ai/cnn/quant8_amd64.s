//go:build amd64 && !purego

// Integer kernels of the quantised network, continued (quant_amd64.s says
// how they work): the int8 kernels (VPDPBUSD, and VPMADDUBSW on AVX2), the
// narrowing of int16 activations to bytes, and layer 4.

#include "textflag.h"
#include "quant_amd64.h"
// func narrowVNNI(dst *uint8, src *int16, blocks int)
//
// blocks blocks of 32 activations: VPMULHRSW by 2033 (narrow8), VPMOVWB to
// bytes (no saturation: |a| <= 127), XOR 0x80 (a+128 as an unsigned byte).
TEXT ·narrowVNNI(SB), NOSPLIT, $0-24
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVL         $2033, AX
	VPBROADCASTW AX, Z1
	MOVL         $0x80, AX
	VPBROADCASTB AX, Z2
	MOVQ         blocks+16(FP), CX

nv:
	VMOVDQU16 (SI), Z0
	VPMULHRSW Z1, Z0, Z0
	VPMOVWB   Z0, Y0
	VPXOR     Y2, Y0, Y0
	VMOVDQU   Y0, (DI)
	ADDQ      $64, SI
	ADDQ      $32, DI
	DECQ      CX
	JNZ       nv
	VZEROUPPER
	RET

// func conv2Int8VNNI(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32)
//
// As conv2VNNI with VPDPBUSD: per output row the 32 filters of the 5 pixels
// in Z0-Z9, started at the filters' offset corrections (Z25, Z26); per
// channel quad two weight registers and five broadcasts feed 10 VPDPBUSD.
TEXT ·conv2Int8VNNI(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         w+16(FP), DX
	MOVQ         mult+24(FP), CX
	MOVQ         lut+32(FP), R8
	MOVQ         bias+40(FP), AX
	VMOVDQU32    (AX), Z25
	VMOVDQU32    64(AX), Z26
	VMOVUPS      (CX), Z19
	VMOVUPS      64(CX), Z20
	VBROADCASTSS quantc<>+0(SB), Z21
	VBROADCASTSS quantc<>+4(SB), Z22
	VPBROADCASTD quantc<>+8(SB), Z23
	XORQ         R9, R9 // y

brow2:
	VMOVDQA32 Z25, Z0
	VMOVDQA32 Z26, Z1
	VMOVDQA32 Z25, Z2
	VMOVDQA32 Z26, Z3
	VMOVDQA32 Z25, Z4
	VMOVDQA32 Z26, Z5
	VMOVDQA32 Z25, Z6
	VMOVDQA32 Z26, Z7
	VMOVDQA32 Z25, Z8
	VMOVDQA32 Z26, Z9
	MOVQ      R9, AX
	IMULQ     $448, AX
	LEAQ      (SI)(AX*1), R10
	MOVQ      DX, R11
	MOVQ      $3, R12

bky2:
	MOVQ R10, R13
	MOVQ $48, R14

bp2:
	VMOVDQU32    (R11), Z10
	VMOVDQU32    64(R11), Z11
	VPBROADCASTD (R13), Z12
	VPBROADCASTD 64(R13), Z13
	VPBROADCASTD 128(R13), Z14
	VPBROADCASTD 192(R13), Z15
	VPBROADCASTD 256(R13), Z16
	VPDPBUSD     Z10, Z12, Z0
	VPDPBUSD     Z11, Z12, Z1
	VPDPBUSD     Z10, Z13, Z2
	VPDPBUSD     Z11, Z13, Z3
	VPDPBUSD     Z10, Z14, Z4
	VPDPBUSD     Z11, Z14, Z5
	VPDPBUSD     Z10, Z15, Z6
	VPDPBUSD     Z11, Z15, Z7
	VPDPBUSD     Z10, Z16, Z8
	VPDPBUSD     Z11, Z16, Z9
	ADDQ         $128, R11
	ADDQ         $4, R13
	DECQ         R14
	JNZ          bp2

	ADDQ $448, R10
	DECQ R12
	JNZ  bky2

	STOREROW16

	INCQ R9
	CMPQ R9, $5
	JLT  brow2
	VZEROUPPER
	RET

// func narrowAVX2(dst *uint8, abs *uint8, src *int16, blocks int)
//
// blocks blocks of 32 activations: VPMULHRSW by 2033 (narrow8), VPACKSSWB
// (no saturation: |a| <= 127) and VPERMQ to undo its lane interleaving; the
// bytes and their VPABSB.
TEXT ·narrowAVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         abs+8(FP), BX
	MOVQ         src+16(FP), SI
	MOVL         $2033, AX
	MOVD         AX, X15
	VPBROADCASTW X15, Y15
	MOVQ         blocks+24(FP), CX

na:
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	VPMULHRSW Y15, Y0, Y0
	VPMULHRSW Y15, Y1, Y1
	VPACKSSWB Y1, Y0, Y0
	VPERMQ    $0xD8, Y0, Y0
	VMOVDQU   Y0, (DI)
	VPABSB    Y0, Y0
	VMOVDQU   Y0, (BX)
	ADDQ      $64, SI
	ADDQ      $32, DI
	ADDQ      $32, BX
	DECQ      CX
	JNZ       na
	VZEROUPPER
	RET

// func conv2Int8AVX2(dst *int16, src *uint8, abs *uint8, w *int8, mult *float32, lut *int16)
//
// As conv2AVX2: each output row in two passes of 16 filters, the 5 pixels'
// accumulators in Y0-Y9; BX holds abs-src so that one pointer walks both.
TEXT ·conv2Int8AVX2(SB), NOSPLIT, $0-48
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         w+24(FP), DX
	MOVQ         lut+40(FP), R8
	MOVL         $0x00010001, AX
	MOVD         AX, X15
	VPBROADCASTD X15, Y15
	XORQ         R9, R9 // y

crow2:
	XORQ CX, CX // pass: 0 or 64 (bytes of 16 filters' weights of a quad / factors)

cpass2:
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
	IMULQ $448, AX
	LEAQ  (SI)(AX*1), R10
	LEAQ  (DX)(CX*1), R11
	MOVQ  abs+16(FP), BX
	SUBQ  SI, BX
	MOVQ  $3, R12

cky2:
	MOVQ R10, R13
	MOVQ $48, R14

cp2:
	VMOVDQU      (R11), Y10
	VMOVDQU      32(R11), Y11
	VPBROADCASTD (R13), Y12
	VPBROADCASTD (R13)(BX*1), Y13
	SMADD8(Y10, Y12, Y13, Y14, Y0)
	SMADD8(Y11, Y12, Y13, Y14, Y1)
	VPBROADCASTD 64(R13), Y12
	VPBROADCASTD 64(R13)(BX*1), Y13
	SMADD8(Y10, Y12, Y13, Y14, Y2)
	SMADD8(Y11, Y12, Y13, Y14, Y3)
	VPBROADCASTD 128(R13), Y12
	VPBROADCASTD 128(R13)(BX*1), Y13
	SMADD8(Y10, Y12, Y13, Y14, Y4)
	SMADD8(Y11, Y12, Y13, Y14, Y5)
	VPBROADCASTD 192(R13), Y12
	VPBROADCASTD 192(R13)(BX*1), Y13
	SMADD8(Y10, Y12, Y13, Y14, Y6)
	SMADD8(Y11, Y12, Y13, Y14, Y7)
	VPBROADCASTD 256(R13), Y12
	VPBROADCASTD 256(R13)(BX*1), Y13
	SMADD8(Y10, Y12, Y13, Y14, Y8)
	SMADD8(Y11, Y12, Y13, Y14, Y9)
	ADDQ         $128, R11
	ADDQ         $4, R13
	DECQ         R14
	JNZ          cp2

	ADDQ $448, R10
	DECQ R12
	JNZ  cky2

	MOVQ mult+32(FP), R11
	STOREROW8

	ADDQ $64, CX
	CMPQ CX, $128
	JLT  cpass2
	INCQ R9
	CMPQ R9, $5
	JLT  crow2
	VZEROUPPER
	RET

// func layer4VNNI(a3 *int32, m3 *float32, bias *float32, lut3 *float32, w4 *float32) float32
//
// Layer 4 as layer4 defines it: for each of the 9 pixels, the 16 sums to
// float32, times the factors, plus the pixel's biases, clamped, plus 3072.5,
// truncated, gathered from the tanh table, times the weights and added into
// Z0; then the lanes added pairwise down to one.
TEXT ·layer4VNNI(SB), NOSPLIT, $0-44
	MOVQ         a3+0(FP), SI
	MOVQ         m3+8(FP), CX
	MOVQ         bias+16(FP), BX
	MOVQ         lut3+24(FP), R8
	MOVQ         w4+32(FP), DX
	VMOVUPS      (CX), Z1
	VBROADCASTSS quantc<>+12(SB), Z2
	VBROADCASTSS quantc<>+16(SB), Z3
	VBROADCASTSS quantc<>+20(SB), Z4
	VXORPS       Z0, Z0, Z0
	MOVQ         $9, R9

l4:
	VCVTDQ2PS  (SI), Z5
	VMULPS     Z1, Z5, Z5
	VADDPS     (BX), Z5, Z5
	VMINPS     Z2, Z5, Z5
	VMAXPS     Z3, Z5, Z5
	VADDPS     Z4, Z5, Z5
	VCVTTPS2DQ Z5, Z5
	KXNORW     K1, K1, K1
	VGATHERDPS (R8)(Z5*4), K1, Z6
	VMULPS     (DX), Z6, Z6
	VADDPS     Z6, Z0, Z0
	ADDQ       $64, SI
	ADDQ       $64, BX
	ADDQ       $64, DX
	DECQ       R9
	JNZ        l4

	VEXTRACTF64X4 $1, Z0, Y1
	VADDPS        Y1, Y0, Y0
	VEXTRACTF128  $1, Y0, X1
	VADDPS        X1, X0, X0
	VPERMILPS     $0x0E, X0, X1
	VADDPS        X1, X0, X0
	VPERMILPS     $0x01, X0, X1
	VADDSS        X1, X0, X0
	VZEROUPPER
	MOVSS         X0, ret+40(FP)
	RET

// func layer4AVX2(a3 *int32, m3 *float32, bias *float32, lut3 *float32, w4 *float32) float32
//
// layer4VNNI with AVX2: lanes 0-7 in Y0, lanes 8-15 in Y1, so that the
// first pairwise step (lane i plus lane i+8) is Y0+Y1.
TEXT ·layer4AVX2(SB), NOSPLIT, $0-44
	MOVQ         a3+0(FP), SI
	MOVQ         m3+8(FP), CX
	MOVQ         bias+16(FP), BX
	MOVQ         lut3+24(FP), R8
	MOVQ         w4+32(FP), DX
	VBROADCASTSS quantc<>+12(SB), Y2
	VBROADCASTSS quantc<>+16(SB), Y3
	VBROADCASTSS quantc<>+20(SB), Y4
	VXORPS       Y0, Y0, Y0
	VXORPS       Y1, Y1, Y1
	MOVQ         $9, R9

a4:
	L4HALF(0, Y0)
	L4HALF(32, Y1)
	ADDQ $64, SI
	ADDQ $64, BX
	ADDQ $64, DX
	DECQ R9
	JNZ  a4

	VADDPS       Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VPERMILPS    $0x0E, X0, X1
	VADDPS       X1, X0, X0
	VPERMILPS    $0x01, X0, X1
	VADDSS       X1, X0, X0
	VZEROUPPER
	MOVSS        X0, ret+40(FP)
	RET

// The int8 kernels of layer 3: activations 5x5x32 bytes, HWC (a kernel row of
// one pixel is 96 contiguous bytes, 24 channel quads; an input row 160
// bytes); weights packed [ky][quad][filter][4], 64 bytes per quad.

// func conv3Int8VNNI(dst *int32, src *uint8, w *int8, bias *int32)
//
// As conv3VNNI with VPDPBUSD: per output row the 16 filters of the 3 pixels
// in Z0-Z2 (even quads, started at the offset corrections) and Z3-Z5 (odd
// quads, started at zero), added at the end.
TEXT ·conv3Int8VNNI(SB), NOSPLIT, $0-32
	MOVQ      dst+0(FP), DI
	MOVQ      src+8(FP), SI
	MOVQ      w+16(FP), DX
	MOVQ      bias+24(FP), AX
	VMOVDQU32 (AX), Z25
	XORQ      R9, R9

drow3:
	VMOVDQA32 Z25, Z0
	VMOVDQA32 Z25, Z1
	VMOVDQA32 Z25, Z2
	VPXORD    Z3, Z3, Z3
	VPXORD    Z4, Z4, Z4
	VPXORD    Z5, Z5, Z5
	MOVQ      R9, AX
	IMULQ     $160, AX
	LEAQ      (SI)(AX*1), R10
	MOVQ      DX, R11
	MOVQ      $3, R12

dky3:
	MOVQ R10, R13
	MOVQ $12, R14

dp3:
	VMOVDQU32    (R11), Z10
	VMOVDQU32    64(R11), Z11
	VPBROADCASTD (R13), Z12
	VPBROADCASTD 32(R13), Z13
	VPBROADCASTD 64(R13), Z14
	VPDPBUSD     Z10, Z12, Z0
	VPDPBUSD     Z10, Z13, Z1
	VPDPBUSD     Z10, Z14, Z2
	VPBROADCASTD 4(R13), Z12
	VPBROADCASTD 36(R13), Z13
	VPBROADCASTD 68(R13), Z14
	VPDPBUSD     Z11, Z12, Z3
	VPDPBUSD     Z11, Z13, Z4
	VPDPBUSD     Z11, Z14, Z5
	ADDQ         $128, R11
	ADDQ         $8, R13
	DECQ         R14
	JNZ          dp3

	ADDQ $160, R10
	DECQ R12
	JNZ  dky3

	VPADDD    Z3, Z0, Z0
	VPADDD    Z4, Z1, Z1
	VPADDD    Z5, Z2, Z2
	MOVQ      R9, AX
	IMULQ     $192, AX
	LEAQ      (DI)(AX*1), BX
	VMOVDQU32 Z0, (BX)
	VMOVDQU32 Z1, 64(BX)
	VMOVDQU32 Z2, 128(BX)

	INCQ R9
	CMPQ R9, $3
	JLT  drow3
	VZEROUPPER
	RET

// func conv3Int8AVX2(dst *int32, src *uint8, abs *uint8, w *int8)
//
// As conv3AVX2 with SMADD8: per output row the 16 filters of the 3 pixels in
// Y0-Y5 (pixel x: Y(2x) filters 0-7, Y(2x+1) filters 8-15); BX holds
// abs-src.
TEXT ·conv3Int8AVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVQ         abs+16(FP), BX
	SUBQ         SI, BX
	MOVQ         w+24(FP), DX
	MOVL         $0x00010001, AX
	MOVD         AX, X15
	VPBROADCASTD X15, Y15
	XORQ         R9, R9

erow3:
	VPXOR Y0, Y0, Y0
	VPXOR Y1, Y1, Y1
	VPXOR Y2, Y2, Y2
	VPXOR Y3, Y3, Y3
	VPXOR Y4, Y4, Y4
	VPXOR Y5, Y5, Y5
	MOVQ  R9, AX
	IMULQ $160, AX
	LEAQ  (SI)(AX*1), R10
	MOVQ  DX, R11
	MOVQ  $3, R12

eky3:
	MOVQ R10, R13
	MOVQ $24, R14

ep3:
	VMOVDQU      (R11), Y10
	VMOVDQU      32(R11), Y11
	VPBROADCASTD (R13), Y12
	VPBROADCASTD (R13)(BX*1), Y13
	SMADD8(Y10, Y12, Y13, Y14, Y0)
	SMADD8(Y11, Y12, Y13, Y14, Y1)
	VPBROADCASTD 32(R13), Y12
	VPBROADCASTD 32(R13)(BX*1), Y13
	SMADD8(Y10, Y12, Y13, Y14, Y2)
	SMADD8(Y11, Y12, Y13, Y14, Y3)
	VPBROADCASTD 64(R13), Y12
	VPBROADCASTD 64(R13)(BX*1), Y13
	SMADD8(Y10, Y12, Y13, Y14, Y4)
	SMADD8(Y11, Y12, Y13, Y14, Y5)
	ADDQ         $64, R11
	ADDQ         $4, R13
	DECQ         R14
	JNZ          ep3

	ADDQ $160, R10
	DECQ R12
	JNZ  eky3

	MOVQ    R9, AX
	IMULQ   $192, AX
	ADDQ    DI, AX
	VMOVDQU Y0, (AX)
	VMOVDQU Y1, 32(AX)
	VMOVDQU Y2, 64(AX)
	VMOVDQU Y3, 96(AX)
	VMOVDQU Y4, 128(AX)
	VMOVDQU Y5, 160(AX)

	INCQ R9
	CMPQ R9, $3
	JLT  erow3
	VZEROUPPER
	RET

// func conv2Rows512(dst *int16, rows **[288]int32, mult *float32, lut *int16)
//
// Layer 2 from patch rows (rows.go): output row y's five pixels, 32 filters
// each, in Z0-Z9; each pixel adds the rows of its nine taps, tap (ky, kx)
// reading pixel (y+ky)*7+x+kx's row block at (ky*3+kx)*128 bytes. R10
// points at the row pointers of layer-1 row y.
TEXT ·conv2Rows512(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	MOVQ         rows+8(FP), R10
	MOVQ         mult+16(FP), CX
	MOVQ         lut+24(FP), R8
	VMOVUPS      (CX), Z19
	VMOVUPS      64(CX), Z20
	VBROADCASTSS quantc<>+0(SB), Z21
	VBROADCASTSS quantc<>+4(SB), Z22
	VPBROADCASTD quantc<>+8(SB), Z23
	XORQ         R9, R9 // y

rrow2:
	MOVQ      (R10), AX
	VMOVDQU32 (AX), Z0
	VMOVDQU32 64(AX), Z1
	MOVQ      8(R10), AX
	VPADDD    128(AX), Z0, Z0
	VPADDD    192(AX), Z1, Z1
	MOVQ      16(R10), AX
	VPADDD    256(AX), Z0, Z0
	VPADDD    320(AX), Z1, Z1
	MOVQ      56(R10), AX
	VPADDD    384(AX), Z0, Z0
	VPADDD    448(AX), Z1, Z1
	MOVQ      64(R10), AX
	VPADDD    512(AX), Z0, Z0
	VPADDD    576(AX), Z1, Z1
	MOVQ      72(R10), AX
	VPADDD    640(AX), Z0, Z0
	VPADDD    704(AX), Z1, Z1
	MOVQ      112(R10), AX
	VPADDD    768(AX), Z0, Z0
	VPADDD    832(AX), Z1, Z1
	MOVQ      120(R10), AX
	VPADDD    896(AX), Z0, Z0
	VPADDD    960(AX), Z1, Z1
	MOVQ      128(R10), AX
	VPADDD    1024(AX), Z0, Z0
	VPADDD    1088(AX), Z1, Z1
	MOVQ      8(R10), AX
	VMOVDQU32 (AX), Z2
	VMOVDQU32 64(AX), Z3
	MOVQ      16(R10), AX
	VPADDD    128(AX), Z2, Z2
	VPADDD    192(AX), Z3, Z3
	MOVQ      24(R10), AX
	VPADDD    256(AX), Z2, Z2
	VPADDD    320(AX), Z3, Z3
	MOVQ      64(R10), AX
	VPADDD    384(AX), Z2, Z2
	VPADDD    448(AX), Z3, Z3
	MOVQ      72(R10), AX
	VPADDD    512(AX), Z2, Z2
	VPADDD    576(AX), Z3, Z3
	MOVQ      80(R10), AX
	VPADDD    640(AX), Z2, Z2
	VPADDD    704(AX), Z3, Z3
	MOVQ      120(R10), AX
	VPADDD    768(AX), Z2, Z2
	VPADDD    832(AX), Z3, Z3
	MOVQ      128(R10), AX
	VPADDD    896(AX), Z2, Z2
	VPADDD    960(AX), Z3, Z3
	MOVQ      136(R10), AX
	VPADDD    1024(AX), Z2, Z2
	VPADDD    1088(AX), Z3, Z3
	MOVQ      16(R10), AX
	VMOVDQU32 (AX), Z4
	VMOVDQU32 64(AX), Z5
	MOVQ      24(R10), AX
	VPADDD    128(AX), Z4, Z4
	VPADDD    192(AX), Z5, Z5
	MOVQ      32(R10), AX
	VPADDD    256(AX), Z4, Z4
	VPADDD    320(AX), Z5, Z5
	MOVQ      72(R10), AX
	VPADDD    384(AX), Z4, Z4
	VPADDD    448(AX), Z5, Z5
	MOVQ      80(R10), AX
	VPADDD    512(AX), Z4, Z4
	VPADDD    576(AX), Z5, Z5
	MOVQ      88(R10), AX
	VPADDD    640(AX), Z4, Z4
	VPADDD    704(AX), Z5, Z5
	MOVQ      128(R10), AX
	VPADDD    768(AX), Z4, Z4
	VPADDD    832(AX), Z5, Z5
	MOVQ      136(R10), AX
	VPADDD    896(AX), Z4, Z4
	VPADDD    960(AX), Z5, Z5
	MOVQ      144(R10), AX
	VPADDD    1024(AX), Z4, Z4
	VPADDD    1088(AX), Z5, Z5
	MOVQ      24(R10), AX
	VMOVDQU32 (AX), Z6
	VMOVDQU32 64(AX), Z7
	MOVQ      32(R10), AX
	VPADDD    128(AX), Z6, Z6
	VPADDD    192(AX), Z7, Z7
	MOVQ      40(R10), AX
	VPADDD    256(AX), Z6, Z6
	VPADDD    320(AX), Z7, Z7
	MOVQ      80(R10), AX
	VPADDD    384(AX), Z6, Z6
	VPADDD    448(AX), Z7, Z7
	MOVQ      88(R10), AX
	VPADDD    512(AX), Z6, Z6
	VPADDD    576(AX), Z7, Z7
	MOVQ      96(R10), AX
	VPADDD    640(AX), Z6, Z6
	VPADDD    704(AX), Z7, Z7
	MOVQ      136(R10), AX
	VPADDD    768(AX), Z6, Z6
	VPADDD    832(AX), Z7, Z7
	MOVQ      144(R10), AX
	VPADDD    896(AX), Z6, Z6
	VPADDD    960(AX), Z7, Z7
	MOVQ      152(R10), AX
	VPADDD    1024(AX), Z6, Z6
	VPADDD    1088(AX), Z7, Z7
	MOVQ      32(R10), AX
	VMOVDQU32 (AX), Z8
	VMOVDQU32 64(AX), Z9
	MOVQ      40(R10), AX
	VPADDD    128(AX), Z8, Z8
	VPADDD    192(AX), Z9, Z9
	MOVQ      48(R10), AX
	VPADDD    256(AX), Z8, Z8
	VPADDD    320(AX), Z9, Z9
	MOVQ      88(R10), AX
	VPADDD    384(AX), Z8, Z8
	VPADDD    448(AX), Z9, Z9
	MOVQ      96(R10), AX
	VPADDD    512(AX), Z8, Z8
	VPADDD    576(AX), Z9, Z9
	MOVQ      104(R10), AX
	VPADDD    640(AX), Z8, Z8
	VPADDD    704(AX), Z9, Z9
	MOVQ      144(R10), AX
	VPADDD    768(AX), Z8, Z8
	VPADDD    832(AX), Z9, Z9
	MOVQ      152(R10), AX
	VPADDD    896(AX), Z8, Z8
	VPADDD    960(AX), Z9, Z9
	MOVQ      160(R10), AX
	VPADDD    1024(AX), Z8, Z8
	VPADDD    1088(AX), Z9, Z9

	STOREROW16

	ADDQ $56, R10
	INCQ R9
	CMPQ R9, $5
	JLT  rrow2
	VZEROUPPER
	RET

// func buildRows512(dst *int32, act *uint8, w *int8, corr *int32)
//
// The rows of one patch (rows.go): for each of the nine taps, the 32
// filters' sums of act (the patch's 64 activations plus 128, as t1b holds
// them) times the tap's weights (w2bq: tap t's 16 channel quads at t*2048
// bytes, each 32 filters by 4 bytes), started at corr (-128 times the sum
// of the tap's weights, per filter), as VPDPBUSD computes them in
// conv2Int8VNNI.
TEXT ·buildRows512(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ act+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ corr+24(FP), CX
	MOVQ $9, R9

brows:
	VMOVDQU32 (CX), Z0
	VMOVDQU32 64(CX), Z1
	VPBROADCASTD (SI), Z2
	VPDPBUSD     (DX), Z2, Z0
	VPDPBUSD     64(DX), Z2, Z1
	VPBROADCASTD 4(SI), Z2
	VPDPBUSD     128(DX), Z2, Z0
	VPDPBUSD     192(DX), Z2, Z1
	VPBROADCASTD 8(SI), Z2
	VPDPBUSD     256(DX), Z2, Z0
	VPDPBUSD     320(DX), Z2, Z1
	VPBROADCASTD 12(SI), Z2
	VPDPBUSD     384(DX), Z2, Z0
	VPDPBUSD     448(DX), Z2, Z1
	VPBROADCASTD 16(SI), Z2
	VPDPBUSD     512(DX), Z2, Z0
	VPDPBUSD     576(DX), Z2, Z1
	VPBROADCASTD 20(SI), Z2
	VPDPBUSD     640(DX), Z2, Z0
	VPDPBUSD     704(DX), Z2, Z1
	VPBROADCASTD 24(SI), Z2
	VPDPBUSD     768(DX), Z2, Z0
	VPDPBUSD     832(DX), Z2, Z1
	VPBROADCASTD 28(SI), Z2
	VPDPBUSD     896(DX), Z2, Z0
	VPDPBUSD     960(DX), Z2, Z1
	VPBROADCASTD 32(SI), Z2
	VPDPBUSD     1024(DX), Z2, Z0
	VPDPBUSD     1088(DX), Z2, Z1
	VPBROADCASTD 36(SI), Z2
	VPDPBUSD     1152(DX), Z2, Z0
	VPDPBUSD     1216(DX), Z2, Z1
	VPBROADCASTD 40(SI), Z2
	VPDPBUSD     1280(DX), Z2, Z0
	VPDPBUSD     1344(DX), Z2, Z1
	VPBROADCASTD 44(SI), Z2
	VPDPBUSD     1408(DX), Z2, Z0
	VPDPBUSD     1472(DX), Z2, Z1
	VPBROADCASTD 48(SI), Z2
	VPDPBUSD     1536(DX), Z2, Z0
	VPDPBUSD     1600(DX), Z2, Z1
	VPBROADCASTD 52(SI), Z2
	VPDPBUSD     1664(DX), Z2, Z0
	VPDPBUSD     1728(DX), Z2, Z1
	VPBROADCASTD 56(SI), Z2
	VPDPBUSD     1792(DX), Z2, Z0
	VPDPBUSD     1856(DX), Z2, Z1
	VPBROADCASTD 60(SI), Z2
	VPDPBUSD     1920(DX), Z2, Z0
	VPDPBUSD     1984(DX), Z2, Z1
	VMOVDQU32 Z0, (DI)
	VMOVDQU32 Z1, 64(DI)
	ADDQ      $2048, DX
	ADDQ      $128, CX
	ADDQ      $128, DI
	DECQ      R9
	JNZ       brows
	VZEROUPPER
	RET

// func conv2RowsAVX2(dst *int16, rows **[288]int32, mult *float32, lut *int16)
//
// conv2Rows512 with AVX2: each output row in two passes of 16 filters (CX
// 0 or 64, the byte offset of the pass's filters in a tap's row and in the
// factors), the 5 pixels' sums in Y0-Y9, requantised by STOREROW8.
TEXT ·conv2RowsAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ rows+8(FP), SI
	MOVQ lut+24(FP), R8
	XORQ R9, R9 // y

arow2:
	XORQ CX, CX

apass2:
	MOVQ  R9, R10
	IMULQ $56, R10
	ADDQ  SI, R10
	MOVQ    (R10), AX
	VMOVDQU (AX)(CX*1), Y0
	VMOVDQU 32(AX)(CX*1), Y1
	MOVQ    8(R10), AX
	VPADDD  128(AX)(CX*1), Y0, Y0
	VPADDD  160(AX)(CX*1), Y1, Y1
	MOVQ    16(R10), AX
	VPADDD  256(AX)(CX*1), Y0, Y0
	VPADDD  288(AX)(CX*1), Y1, Y1
	MOVQ    56(R10), AX
	VPADDD  384(AX)(CX*1), Y0, Y0
	VPADDD  416(AX)(CX*1), Y1, Y1
	MOVQ    64(R10), AX
	VPADDD  512(AX)(CX*1), Y0, Y0
	VPADDD  544(AX)(CX*1), Y1, Y1
	MOVQ    72(R10), AX
	VPADDD  640(AX)(CX*1), Y0, Y0
	VPADDD  672(AX)(CX*1), Y1, Y1
	MOVQ    112(R10), AX
	VPADDD  768(AX)(CX*1), Y0, Y0
	VPADDD  800(AX)(CX*1), Y1, Y1
	MOVQ    120(R10), AX
	VPADDD  896(AX)(CX*1), Y0, Y0
	VPADDD  928(AX)(CX*1), Y1, Y1
	MOVQ    128(R10), AX
	VPADDD  1024(AX)(CX*1), Y0, Y0
	VPADDD  1056(AX)(CX*1), Y1, Y1
	MOVQ    8(R10), AX
	VMOVDQU (AX)(CX*1), Y2
	VMOVDQU 32(AX)(CX*1), Y3
	MOVQ    16(R10), AX
	VPADDD  128(AX)(CX*1), Y2, Y2
	VPADDD  160(AX)(CX*1), Y3, Y3
	MOVQ    24(R10), AX
	VPADDD  256(AX)(CX*1), Y2, Y2
	VPADDD  288(AX)(CX*1), Y3, Y3
	MOVQ    64(R10), AX
	VPADDD  384(AX)(CX*1), Y2, Y2
	VPADDD  416(AX)(CX*1), Y3, Y3
	MOVQ    72(R10), AX
	VPADDD  512(AX)(CX*1), Y2, Y2
	VPADDD  544(AX)(CX*1), Y3, Y3
	MOVQ    80(R10), AX
	VPADDD  640(AX)(CX*1), Y2, Y2
	VPADDD  672(AX)(CX*1), Y3, Y3
	MOVQ    120(R10), AX
	VPADDD  768(AX)(CX*1), Y2, Y2
	VPADDD  800(AX)(CX*1), Y3, Y3
	MOVQ    128(R10), AX
	VPADDD  896(AX)(CX*1), Y2, Y2
	VPADDD  928(AX)(CX*1), Y3, Y3
	MOVQ    136(R10), AX
	VPADDD  1024(AX)(CX*1), Y2, Y2
	VPADDD  1056(AX)(CX*1), Y3, Y3
	MOVQ    16(R10), AX
	VMOVDQU (AX)(CX*1), Y4
	VMOVDQU 32(AX)(CX*1), Y5
	MOVQ    24(R10), AX
	VPADDD  128(AX)(CX*1), Y4, Y4
	VPADDD  160(AX)(CX*1), Y5, Y5
	MOVQ    32(R10), AX
	VPADDD  256(AX)(CX*1), Y4, Y4
	VPADDD  288(AX)(CX*1), Y5, Y5
	MOVQ    72(R10), AX
	VPADDD  384(AX)(CX*1), Y4, Y4
	VPADDD  416(AX)(CX*1), Y5, Y5
	MOVQ    80(R10), AX
	VPADDD  512(AX)(CX*1), Y4, Y4
	VPADDD  544(AX)(CX*1), Y5, Y5
	MOVQ    88(R10), AX
	VPADDD  640(AX)(CX*1), Y4, Y4
	VPADDD  672(AX)(CX*1), Y5, Y5
	MOVQ    128(R10), AX
	VPADDD  768(AX)(CX*1), Y4, Y4
	VPADDD  800(AX)(CX*1), Y5, Y5
	MOVQ    136(R10), AX
	VPADDD  896(AX)(CX*1), Y4, Y4
	VPADDD  928(AX)(CX*1), Y5, Y5
	MOVQ    144(R10), AX
	VPADDD  1024(AX)(CX*1), Y4, Y4
	VPADDD  1056(AX)(CX*1), Y5, Y5
	MOVQ    24(R10), AX
	VMOVDQU (AX)(CX*1), Y6
	VMOVDQU 32(AX)(CX*1), Y7
	MOVQ    32(R10), AX
	VPADDD  128(AX)(CX*1), Y6, Y6
	VPADDD  160(AX)(CX*1), Y7, Y7
	MOVQ    40(R10), AX
	VPADDD  256(AX)(CX*1), Y6, Y6
	VPADDD  288(AX)(CX*1), Y7, Y7
	MOVQ    80(R10), AX
	VPADDD  384(AX)(CX*1), Y6, Y6
	VPADDD  416(AX)(CX*1), Y7, Y7
	MOVQ    88(R10), AX
	VPADDD  512(AX)(CX*1), Y6, Y6
	VPADDD  544(AX)(CX*1), Y7, Y7
	MOVQ    96(R10), AX
	VPADDD  640(AX)(CX*1), Y6, Y6
	VPADDD  672(AX)(CX*1), Y7, Y7
	MOVQ    136(R10), AX
	VPADDD  768(AX)(CX*1), Y6, Y6
	VPADDD  800(AX)(CX*1), Y7, Y7
	MOVQ    144(R10), AX
	VPADDD  896(AX)(CX*1), Y6, Y6
	VPADDD  928(AX)(CX*1), Y7, Y7
	MOVQ    152(R10), AX
	VPADDD  1024(AX)(CX*1), Y6, Y6
	VPADDD  1056(AX)(CX*1), Y7, Y7
	MOVQ    32(R10), AX
	VMOVDQU (AX)(CX*1), Y8
	VMOVDQU 32(AX)(CX*1), Y9
	MOVQ    40(R10), AX
	VPADDD  128(AX)(CX*1), Y8, Y8
	VPADDD  160(AX)(CX*1), Y9, Y9
	MOVQ    48(R10), AX
	VPADDD  256(AX)(CX*1), Y8, Y8
	VPADDD  288(AX)(CX*1), Y9, Y9
	MOVQ    88(R10), AX
	VPADDD  384(AX)(CX*1), Y8, Y8
	VPADDD  416(AX)(CX*1), Y9, Y9
	MOVQ    96(R10), AX
	VPADDD  512(AX)(CX*1), Y8, Y8
	VPADDD  544(AX)(CX*1), Y9, Y9
	MOVQ    104(R10), AX
	VPADDD  640(AX)(CX*1), Y8, Y8
	VPADDD  672(AX)(CX*1), Y9, Y9
	MOVQ    144(R10), AX
	VPADDD  768(AX)(CX*1), Y8, Y8
	VPADDD  800(AX)(CX*1), Y9, Y9
	MOVQ    152(R10), AX
	VPADDD  896(AX)(CX*1), Y8, Y8
	VPADDD  928(AX)(CX*1), Y9, Y9
	MOVQ    160(R10), AX
	VPADDD  1024(AX)(CX*1), Y8, Y8
	VPADDD  1056(AX)(CX*1), Y9, Y9

	MOVQ mult+16(FP), R11
	STOREROW8

	ADDQ $64, CX
	CMPQ CX, $128
	JLT  apass2
	INCQ R9
	CMPQ R9, $5
	JLT  arow2
	VZEROUPPER
	RET
