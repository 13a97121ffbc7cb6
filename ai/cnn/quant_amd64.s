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

#include "textflag.h"

// Requantisation constants: the tanh table's half width as float32 (+-4864.0)
// and as int32 (4864); see lutHalf2. Then layer 4's: +-3072.0 and 3072.5
// (lutHalf3 and lutHalf3 + 1/2). Then the weights of patch rows 1 and 2
// (27, 729; patchCodes).
DATA quantc<>+0(SB)/4, $0x45980000
DATA quantc<>+4(SB)/4, $0xc5980000
DATA quantc<>+8(SB)/4, $4864
DATA quantc<>+12(SB)/4, $0x45400000
DATA quantc<>+16(SB)/4, $0xc5400000
DATA quantc<>+20(SB)/4, $0x45400800
DATA quantc<>+24(SB)/4, $27
DATA quantc<>+28(SB)/4, $729
GLOBL quantc<>(SB), RODATA|NOPTR, $32

// REQUANT16 turns the 16 int32 sums in acc into 16 activations: convert to
// float32, multiply by the per-filter factor mul, clamp to +-4864 (Z21, Z22),
// round to nearest even, add 4864 (Z23), gather from the int16 tanh table at
// R8 (4 bytes read per entry, the low 2 kept) and store as int16.
#define REQUANT16(acc, mul, out) \
	VCVTDQ2PS  acc, acc       \
	VMULPS     mul, acc, acc  \
	VMINPS     Z21, acc, acc  \
	VMAXPS     Z22, acc, acc  \
	VCVTPS2DQ  acc, acc       \
	VPADDD     Z23, acc, acc  \
	KXNORW     K1, K1, K1     \
	VPGATHERDD (R8)(acc*2), K1, Z24 \
	VPMOVDW    Z24, out

// STOREROW16 requantises output row R9 of layer 2 (5 pixels by 32 filters in
// Z0-Z9, factors in Z19-Z20) into the int16 activations at DI.
#define STOREROW16 \
	MOVQ  R9, AX                 \
	IMULQ $320, AX               \
	LEAQ  (DI)(AX*1), BX         \
	REQUANT16(Z0, Z19, (BX))     \
	REQUANT16(Z1, Z20, 32(BX))   \
	REQUANT16(Z2, Z19, 64(BX))   \
	REQUANT16(Z3, Z20, 96(BX))   \
	REQUANT16(Z4, Z19, 128(BX))  \
	REQUANT16(Z5, Z20, 160(BX))  \
	REQUANT16(Z6, Z19, 192(BX))  \
	REQUANT16(Z7, Z20, 224(BX))  \
	REQUANT16(Z8, Z19, 256(BX))  \
	REQUANT16(Z9, Z20, 288(BX))

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

// MADD8 adds the pair products of the broadcast activations act and the
// weights w into acc (AVX2 has no VPDPWSSD): tmp = VPMADDWD(w, act), acc += tmp.
#define MADD8(w, act, tmp, acc) \
	VPMADDWD w, act, tmp \
	VPADDD   tmp, acc, acc

// REQUANT8 is REQUANT16 for 8 sums with AVX2 (constants in Y10-Y12): the
// gathered dwords are sign-extended from their low word, packed to words and
// the two 64-bit halves holding them moved together.
#define REQUANT8(acc, mul, out) \
	VCVTDQ2PS  acc, acc       \
	VMULPS     mul, acc, acc  \
	VMINPS     Y10, acc, acc  \
	VMAXPS     Y11, acc, acc  \
	VCVTPS2DQ  acc, acc       \
	VPADDD     Y12, acc, acc  \
	VPCMPEQD   Y13, Y13, Y13  \
	VPGATHERDD Y13, (R8)(acc*2), Y14 \
	VPSLLD     $16, Y14, Y14  \
	VPSRAD     $16, Y14, Y14  \
	VPACKSSDW  Y14, Y14, Y14  \
	VPERMQ     $0x08, Y14, Y14 \
	VMOVDQU    X14, out

// STOREROW8 requantises the pass CX (0 or 64: filters 0-15 or 16-31) of
// output row R9 of layer 2 (5 pixels by 16 filters in Y0-Y9) into the int16
// activations at DI, with the factors at R11 (advanced to the pass's).
#define STOREROW8 \
	VBROADCASTSS quantc<>+0(SB), Y10   \
	VBROADCASTSS quantc<>+4(SB), Y11   \
	VPBROADCASTD quantc<>+8(SB), Y12   \
	ADDQ  CX, R11                      \
	MOVQ  R9, AX                       \
	IMULQ $320, AX                     \
	LEAQ  (DI)(AX*1), BX               \
	MOVQ  CX, AX                       \
	SHRQ  $1, AX                       \
	ADDQ  AX, BX                       \
	REQUANT8(Y0, (R11), (BX))          \
	REQUANT8(Y1, 32(R11), 16(BX))      \
	REQUANT8(Y2, (R11), 64(BX))        \
	REQUANT8(Y3, 32(R11), 80(BX))      \
	REQUANT8(Y4, (R11), 128(BX))       \
	REQUANT8(Y5, 32(R11), 144(BX))     \
	REQUANT8(Y6, (R11), 192(BX))       \
	REQUANT8(Y7, 32(R11), 208(BX))     \
	REQUANT8(Y8, (R11), 256(BX))       \
	REQUANT8(Y9, 32(R11), 272(BX))

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

// SMADD8 adds into acc the quad sums of the weights w and the broadcast
// activations whose bytes are act and whose absolute values are abs:
// VPSIGNB gives the weights act's signs, VPMADDUBSW multiplies |act| by them
// and adds pairs into int16 (at most 2*127*127, no saturation), VPMADDWD by
// the int16 ones in Y15 adds the pairs into int32.
#define SMADD8(w, act, abs, tmp, acc) \
	VPSIGNB    act, w, tmp   \
	VPMADDUBSW tmp, abs, tmp \
	VPMADDWD   Y15, tmp, tmp \
	VPADDD     tmp, acc, acc

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

// L4HALF computes 8 of the 16 lanes of one pixel of layer 4 (see
// layer4VNNI) at byte offset off of the sums, factors, biases and weights
// into acc.
#define L4HALF(off, acc) \
	VCVTDQ2PS  off(SI), Y5        \
	VMULPS     off(CX), Y5, Y5    \
	VADDPS     off(BX), Y5, Y5    \
	VMINPS     Y2, Y5, Y5         \
	VMAXPS     Y3, Y5, Y5         \
	VADDPS     Y4, Y5, Y5         \
	VCVTTPS2DQ Y5, Y5             \
	VPCMPEQD   Y7, Y7, Y7         \
	VGATHERDPS Y7, (R8)(Y5*4), Y6 \
	VMULPS     off(DX), Y6, Y6    \
	VADDPS     Y6, acc, acc

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

// The 256-bit VNNI kernels (AVX-VNNI, and their AVX-512 VNNI twins): the
// bodies are in quant_vnni256_amd64.h, assembled once per encoding.
//
// Go's assembler knows VPDPWSSD and VPDPBUSD only in their EVEX (AVX-512)
// forms, so both encodings are written out as bytes from the register
// numbers (Y0-Y15 only), register operands only:
//
//	VEX  (AVX-VNNI):      C4 [~R ~X ~B 00010] [0 ~vvvv 1 01] op modrm
//	EVEX (AVX512VL+VNNI): 62 [~R ~X ~B ~R' 00 10] [0 ~vvvv 1 01] [0 01 0 ~V' 000] op modrm
//
// with op 0x50 (VPDPBUSD) or 0x52 (VPDPWSSD), map 0F38, prefix 66, W0, 256
// bits (VEX.L 1, EVEX.L'L 01), no masking; modrm = 11 acc[2:0] w[2:0]; R and
// B bit 3 of acc and w (X, R' and V' are 0: no register above 15); vvvv the
// number of act, VPDPBUSD's unsigned source. objdump -d prints the VEX ones as
// "{vex} vpdpbusd %ymm10,%ymm12,%ymm9" (acc += act . w, AT&T order w, act,
// acc).
#define VEXDOT(op, w, act, acc) \
	BYTE $0xC4; \
	BYTE $(0x42 | ((((acc)>>3)^1)<<7) | ((((w)>>3)^1)<<5)); \
	BYTE $((((act)^15)<<3) | 0x05); \
	BYTE $(op); \
	BYTE $(0xC0 | (((acc)&7)<<3) | ((w)&7))

#define EVEXDOT(op, w, act, acc) \
	BYTE $0x62; \
	BYTE $(0x52 | ((((acc)>>3)^1)<<7) | ((((w)>>3)^1)<<5)); \
	BYTE $((((act)^15)<<3) | 0x05); \
	BYTE $0x28; \
	BYTE $(op); \
	BYTE $(0xC0 | (((acc)&7)<<3) | ((w)&7))

#define DOTW(w, act, acc) VEXDOT(0x52, w, act, acc)
#define DOTB(w, act, acc) VEXDOT(0x50, w, act, acc)

// func conv2AVXVNNI(dst *int16, src *int16, w *int16, mult *float32, lut *int16)
TEXT ·conv2AVXVNNI(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ lut+32(FP), R8
#define YMM_CONV2W
#include "quant_vnni256_amd64.h"
#undef YMM_CONV2W

// func conv3AVXVNNI(dst *int32, src *int16, w *int16)
TEXT ·conv3AVXVNNI(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
#define YMM_CONV3W
#include "quant_vnni256_amd64.h"
#undef YMM_CONV3W

// func conv2Int8AVXVNNI(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32)
TEXT ·conv2Int8AVXVNNI(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ lut+32(FP), R8
#define YMM_CONV2B
#include "quant_vnni256_amd64.h"
#undef YMM_CONV2B

// func conv3Int8AVXVNNI(dst *int32, src *uint8, w *int8, bias *int32)
TEXT ·conv3Int8AVXVNNI(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ bias+24(FP), BX
#define YMM_CONV3B
#include "quant_vnni256_amd64.h"
#undef YMM_CONV3B

#undef DOTW
#undef DOTB
#define DOTW(w, act, acc) EVEXDOT(0x52, w, act, acc)
#define DOTB(w, act, acc) EVEXDOT(0x50, w, act, acc)

// func conv2VNNI256(dst *int16, src *int16, w *int16, mult *float32, lut *int16)
TEXT ·conv2VNNI256(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ lut+32(FP), R8
#define YMM_CONV2W
#include "quant_vnni256_amd64.h"
#undef YMM_CONV2W

// func conv3VNNI256(dst *int32, src *int16, w *int16)
TEXT ·conv3VNNI256(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
#define YMM_CONV3W
#include "quant_vnni256_amd64.h"
#undef YMM_CONV3W

// func conv2Int8VNNI256(dst *int16, src *uint8, w *int8, mult *float32, lut *int16, bias *int32)
TEXT ·conv2Int8VNNI256(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ lut+32(FP), R8
#define YMM_CONV2B
#include "quant_vnni256_amd64.h"
#undef YMM_CONV2B

// func conv3Int8VNNI256(dst *int32, src *uint8, w *int8, bias *int32)
TEXT ·conv3Int8VNNI256(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	MOVQ bias+24(FP), BX
#define YMM_CONV3B
#include "quant_vnni256_amd64.h"
#undef YMM_CONV3B

// func narrowAVXVNNI(dst *uint8, src *int16, blocks int)
//
// narrowVNNI with AVX2 only: VPMULHRSW by 2033 (narrow8), VPACKSSWB (no
// saturation: |a| <= 127), VPERMQ to undo its lane interleaving, XOR 0x80.
TEXT ·narrowAVXVNNI(SB), NOSPLIT, $0-24
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	MOVL         $2033, AX
	MOVD         AX, X15
	VPBROADCASTW X15, Y15
	MOVL         $0x80808080, AX
	MOVD         AX, X14
	VPBROADCASTD X14, Y14
	MOVQ         blocks+16(FP), CX

nx:
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	VPMULHRSW Y15, Y0, Y0
	VPMULHRSW Y15, Y1, Y1
	VPACKSSWB Y1, Y0, Y0
	VPERMQ    $0xD8, Y0, Y0
	VPXOR     Y14, Y0, Y0
	VMOVDQU   Y0, (DI)
	ADDQ      $64, SI
	ADDQ      $32, DI
	DECQ      CX
	JNZ       nx
	VZEROUPPER
	RET

// func vnni256Code() (vex, evex [4]*byte)
//
// The entry points of the four AVX-VNNI kernels and of their twins, in the
// order conv2, conv3, conv2Int8, conv3Int8, for TestVNNI256Twins.
TEXT ·vnni256Code(SB), NOSPLIT, $0-64
	LEAQ ·conv2AVXVNNI(SB), AX
	MOVQ AX, vex_0+0(FP)
	LEAQ ·conv3AVXVNNI(SB), AX
	MOVQ AX, vex_1+8(FP)
	LEAQ ·conv2Int8AVXVNNI(SB), AX
	MOVQ AX, vex_2+16(FP)
	LEAQ ·conv3Int8AVXVNNI(SB), AX
	MOVQ AX, vex_3+24(FP)
	LEAQ ·conv2VNNI256(SB), AX
	MOVQ AX, evex_0+32(FP)
	LEAQ ·conv3VNNI256(SB), AX
	MOVQ AX, evex_1+40(FP)
	LEAQ ·conv2Int8VNNI256(SB), AX
	MOVQ AX, evex_2+48(FP)
	LEAQ ·conv3Int8VNNI256(SB), AX
	MOVQ AX, evex_3+56(FP)
	RET

// func copyRows128(dst *int16, table *int16, idx *int32)
//
// Layer 1: the 49 rows idx[i] of 128 bytes of the patch table, in order.
TEXT ·copyRows128(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ table+8(FP), SI
	MOVQ idx+16(FP), BX
	MOVQ $49, CX

cr128:
	MOVL    (BX), AX
	SHLQ    $7, AX
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VMOVDQU 64(SI)(AX*1), Y2
	VMOVDQU 96(SI)(AX*1), Y3
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ    $4, BX
	ADDQ    $128, DI
	DECQ    CX
	JNZ     cr128
	VZEROUPPER
	RET

// func copyRows64(dst *uint8, table *uint8, idx *int32)
//
// Layer 1 for the VNNI int8 kernels: the 49 rows idx[i] of 64 bytes.
TEXT ·copyRows64(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ table+8(FP), SI
	MOVQ idx+16(FP), BX
	MOVQ $49, CX

cr64:
	MOVL    (BX), AX
	SHLQ    $6, AX
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	ADDQ    $4, BX
	ADDQ    $64, DI
	DECQ    CX
	JNZ     cr64
	VZEROUPPER
	RET

// func patchCodes(idx *int32, d *uint8)
//
// Row codes first, for every square s at once: e[s] = d[s] + 3*d[s+1] +
// 9*d[s+2] (at most 26, bytes), three 32-byte blocks of squares kept on the
// stack; then each output row y of 7 pixels, as 8 int32 lanes: e[9y+x] +
// 27*e[9y+9+x] + 729*e[9y+18+x].
TEXT ·patchCodes(SB), NOSPLIT, $96-16
	MOVQ idx+0(FP), DI
	MOVQ d+8(FP), SI
	XORQ CX, CX

pc1:
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 1(SI)(CX*1), Y1
	VMOVDQU 2(SI)(CX*1), Y2
	VPADDB  Y2, Y1, Y1
	VPADDB  Y2, Y1, Y1
	VPADDB  Y2, Y1, Y1      // d[s+1] + 3*d[s+2]
	VPADDB  Y1, Y0, Y0
	VPADDB  Y1, Y0, Y0
	VPADDB  Y1, Y0, Y0      // e[s]
	VMOVDQU Y0, e-96(SP)(CX*1)
	ADDQ    $32, CX
	CMPQ    CX, $96
	JLT     pc1

	VPBROADCASTD quantc<>+24(SB), Y4
	VPBROADCASTD quantc<>+28(SB), Y5
	XORQ         CX, CX // 9y

pc2:
	VPMOVZXBD e-96(SP)(CX*1), Y0
	VPMOVZXBD e-87(SP)(CX*1), Y1
	VPMOVZXBD e-78(SP)(CX*1), Y2
	VPMULLD   Y4, Y1, Y1
	VPMULLD   Y5, Y2, Y2
	VPADDD    Y1, Y0, Y0
	VPADDD    Y2, Y0, Y0
	VMOVDQU   Y0, (DI)
	ADDQ      $28, DI
	ADDQ      $9, CX
	CMPQ      CX, $63
	JLT       pc2
	VZEROUPPER
	RET
