//go:build amd64 && !purego

// Integer kernels of the quantised network, continued (quant_amd64.s says
// how they work): the 256-bit VNNI kernels.

#include "textflag.h"
#include "quant_amd64.h"

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
