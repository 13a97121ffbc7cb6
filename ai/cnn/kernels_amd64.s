//go:build amd64 && !purego

// AVX2/FMA kernels for Forward; see kernels_amd64.go for the Go declarations
// and kernels_generic.go for the pure-Go equivalents they are tested against.

#include "textflag.h"

// Constants of the rational tanh (see tanh.go), each replicated 8 times so that
// it can be a 256-bit memory operand.
// hi = 7.905311107635498 at +0
DATA tanhc<>+0(SB)/4, $0x40fcf84f
DATA tanhc<>+4(SB)/4, $0x40fcf84f
DATA tanhc<>+8(SB)/4, $0x40fcf84f
DATA tanhc<>+12(SB)/4, $0x40fcf84f
DATA tanhc<>+16(SB)/4, $0x40fcf84f
DATA tanhc<>+20(SB)/4, $0x40fcf84f
DATA tanhc<>+24(SB)/4, $0x40fcf84f
DATA tanhc<>+28(SB)/4, $0x40fcf84f
// lo = -7.905311107635498 at +32
DATA tanhc<>+32(SB)/4, $0xc0fcf84f
DATA tanhc<>+36(SB)/4, $0xc0fcf84f
DATA tanhc<>+40(SB)/4, $0xc0fcf84f
DATA tanhc<>+44(SB)/4, $0xc0fcf84f
DATA tanhc<>+48(SB)/4, $0xc0fcf84f
DATA tanhc<>+52(SB)/4, $0xc0fcf84f
DATA tanhc<>+56(SB)/4, $0xc0fcf84f
DATA tanhc<>+60(SB)/4, $0xc0fcf84f
// a13 = -2.76076847742355e-16 at +64
DATA tanhc<>+64(SB)/4, $0xa59f25c0
DATA tanhc<>+68(SB)/4, $0xa59f25c0
DATA tanhc<>+72(SB)/4, $0xa59f25c0
DATA tanhc<>+76(SB)/4, $0xa59f25c0
DATA tanhc<>+80(SB)/4, $0xa59f25c0
DATA tanhc<>+84(SB)/4, $0xa59f25c0
DATA tanhc<>+88(SB)/4, $0xa59f25c0
DATA tanhc<>+92(SB)/4, $0xa59f25c0
// a11 = 2.00018790482477e-13 at +96
DATA tanhc<>+96(SB)/4, $0x2a61337e
DATA tanhc<>+100(SB)/4, $0x2a61337e
DATA tanhc<>+104(SB)/4, $0x2a61337e
DATA tanhc<>+108(SB)/4, $0x2a61337e
DATA tanhc<>+112(SB)/4, $0x2a61337e
DATA tanhc<>+116(SB)/4, $0x2a61337e
DATA tanhc<>+120(SB)/4, $0x2a61337e
DATA tanhc<>+124(SB)/4, $0x2a61337e
// a9 = -8.60467152213735e-11 at +128
DATA tanhc<>+128(SB)/4, $0xaebd37ff
DATA tanhc<>+132(SB)/4, $0xaebd37ff
DATA tanhc<>+136(SB)/4, $0xaebd37ff
DATA tanhc<>+140(SB)/4, $0xaebd37ff
DATA tanhc<>+144(SB)/4, $0xaebd37ff
DATA tanhc<>+148(SB)/4, $0xaebd37ff
DATA tanhc<>+152(SB)/4, $0xaebd37ff
DATA tanhc<>+156(SB)/4, $0xaebd37ff
// a7 = 5.12229709037114e-08 at +160
DATA tanhc<>+160(SB)/4, $0x335c0041
DATA tanhc<>+164(SB)/4, $0x335c0041
DATA tanhc<>+168(SB)/4, $0x335c0041
DATA tanhc<>+172(SB)/4, $0x335c0041
DATA tanhc<>+176(SB)/4, $0x335c0041
DATA tanhc<>+180(SB)/4, $0x335c0041
DATA tanhc<>+184(SB)/4, $0x335c0041
DATA tanhc<>+188(SB)/4, $0x335c0041
// a5 = 1.48572235717979e-05 at +192
DATA tanhc<>+192(SB)/4, $0x3779434a
DATA tanhc<>+196(SB)/4, $0x3779434a
DATA tanhc<>+200(SB)/4, $0x3779434a
DATA tanhc<>+204(SB)/4, $0x3779434a
DATA tanhc<>+208(SB)/4, $0x3779434a
DATA tanhc<>+212(SB)/4, $0x3779434a
DATA tanhc<>+216(SB)/4, $0x3779434a
DATA tanhc<>+220(SB)/4, $0x3779434a
// a3 = 0.000637261928875436 at +224
DATA tanhc<>+224(SB)/4, $0x3a270ded
DATA tanhc<>+228(SB)/4, $0x3a270ded
DATA tanhc<>+232(SB)/4, $0x3a270ded
DATA tanhc<>+236(SB)/4, $0x3a270ded
DATA tanhc<>+240(SB)/4, $0x3a270ded
DATA tanhc<>+244(SB)/4, $0x3a270ded
DATA tanhc<>+248(SB)/4, $0x3a270ded
DATA tanhc<>+252(SB)/4, $0x3a270ded
// a1 = 0.00489352455891786 at +256
DATA tanhc<>+256(SB)/4, $0x3ba059dc
DATA tanhc<>+260(SB)/4, $0x3ba059dc
DATA tanhc<>+264(SB)/4, $0x3ba059dc
DATA tanhc<>+268(SB)/4, $0x3ba059dc
DATA tanhc<>+272(SB)/4, $0x3ba059dc
DATA tanhc<>+276(SB)/4, $0x3ba059dc
DATA tanhc<>+280(SB)/4, $0x3ba059dc
DATA tanhc<>+284(SB)/4, $0x3ba059dc
// b6 = 1.19825839466702e-06 at +288
DATA tanhc<>+288(SB)/4, $0x35a0d3d8
DATA tanhc<>+292(SB)/4, $0x35a0d3d8
DATA tanhc<>+296(SB)/4, $0x35a0d3d8
DATA tanhc<>+300(SB)/4, $0x35a0d3d8
DATA tanhc<>+304(SB)/4, $0x35a0d3d8
DATA tanhc<>+308(SB)/4, $0x35a0d3d8
DATA tanhc<>+312(SB)/4, $0x35a0d3d8
DATA tanhc<>+316(SB)/4, $0x35a0d3d8
// b4 = 0.000118534705686654 at +320
DATA tanhc<>+320(SB)/4, $0x38f895d6
DATA tanhc<>+324(SB)/4, $0x38f895d6
DATA tanhc<>+328(SB)/4, $0x38f895d6
DATA tanhc<>+332(SB)/4, $0x38f895d6
DATA tanhc<>+336(SB)/4, $0x38f895d6
DATA tanhc<>+340(SB)/4, $0x38f895d6
DATA tanhc<>+344(SB)/4, $0x38f895d6
DATA tanhc<>+348(SB)/4, $0x38f895d6
// b2 = 0.002268434632439 at +352
DATA tanhc<>+352(SB)/4, $0x3b14aa05
DATA tanhc<>+356(SB)/4, $0x3b14aa05
DATA tanhc<>+360(SB)/4, $0x3b14aa05
DATA tanhc<>+364(SB)/4, $0x3b14aa05
DATA tanhc<>+368(SB)/4, $0x3b14aa05
DATA tanhc<>+372(SB)/4, $0x3b14aa05
DATA tanhc<>+376(SB)/4, $0x3b14aa05
DATA tanhc<>+380(SB)/4, $0x3b14aa05
// b0 = 0.00489352518554385 at +384
DATA tanhc<>+384(SB)/4, $0x3ba059dd
DATA tanhc<>+388(SB)/4, $0x3ba059dd
DATA tanhc<>+392(SB)/4, $0x3ba059dd
DATA tanhc<>+396(SB)/4, $0x3ba059dd
DATA tanhc<>+400(SB)/4, $0x3ba059dd
DATA tanhc<>+404(SB)/4, $0x3ba059dd
DATA tanhc<>+408(SB)/4, $0x3ba059dd
DATA tanhc<>+412(SB)/4, $0x3ba059dd
GLOBL tanhc<>(SB), RODATA|NOPTR, $416

#define HI 0
#define LO 32
#define A13 64
#define A11 96
#define A9 128
#define A7 160
#define A5 192
#define A3 224
#define A1 256
#define B6 288
#define B4 320
#define B2 352
#define B0 384

// func tanhAsm(x *float32, n int)
// x[i] = tanh(x[i]) for i < n; n is a multiple of 8.
TEXT ·tanhAsm(SB), NOSPLIT, $0-16
	MOVQ x+0(FP), DI
	MOVQ n+8(FP), CX
	SHRQ $3, CX
	JZ   tdone
	LEAQ tanhc<>(SB), SI

tloop:
	VMOVUPS     (DI), Y0
	VMINPS      HI(SI), Y0, Y0
	VMAXPS      LO(SI), Y0, Y0
	VMULPS      Y0, Y0, Y1      // x2
	VMOVUPS     A13(SI), Y2     // p
	VFMADD213PS A11(SI), Y1, Y2 // p = p*x2 + a11
	VFMADD213PS A9(SI), Y1, Y2
	VFMADD213PS A7(SI), Y1, Y2
	VFMADD213PS A5(SI), Y1, Y2
	VFMADD213PS A3(SI), Y1, Y2
	VFMADD213PS A1(SI), Y1, Y2
	VMULPS      Y0, Y2, Y2      // p *= x
	VMOVUPS     B6(SI), Y3      // q
	VFMADD213PS B4(SI), Y1, Y3
	VFMADD213PS B2(SI), Y1, Y3
	VFMADD213PS B0(SI), Y1, Y3
	VDIVPS      Y3, Y2, Y2      // p / q
	VMOVUPS     Y2, (DI)
	ADDQ        $32, DI
	DECQ        CX
	JNZ         tloop

tdone:
	VZEROUPPER
	RET

// func layer1Asm(dst *float32, table *float32, offs *int32, npix int)
// For each of npix pixels: offs holds a count then up to 9 byte offsets into
// table; dst gets the sum of those 64-float table rows (64 floats per pixel).
// offs advances 10 int32 per pixel.
TEXT ·layer1Asm(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ table+8(FP), SI
	MOVQ offs+16(FP), BX
	MOVQ npix+24(FP), CX
	TESTQ CX, CX
	JZ   l1done

l1pix:
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	MOVL   (BX), DX
	LEAQ   4(BX), R8
	TESTL  DX, DX
	JZ     l1store

l1tap:
	MOVLQSX (R8), AX
	ADDQ    SI, AX
	VADDPS  0(AX), Y0, Y0
	VADDPS  32(AX), Y1, Y1
	VADDPS  64(AX), Y2, Y2
	VADDPS  96(AX), Y3, Y3
	VADDPS  128(AX), Y4, Y4
	VADDPS  160(AX), Y5, Y5
	VADDPS  192(AX), Y6, Y6
	VADDPS  224(AX), Y7, Y7
	ADDQ    $4, R8
	DECL    DX
	JNZ     l1tap

l1store:
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	VMOVUPS Y4, 128(DI)
	VMOVUPS Y5, 160(DI)
	VMOVUPS Y6, 192(DI)
	VMOVUPS Y7, 224(DI)
	ADDQ    $256, DI
	ADDQ    $40, BX
	DECQ    CX
	JNZ     l1pix

l1done:
	VZEROUPPER
	RET

// One input channel k of a row of output pixels times 16 filters: two 8-wide
// weight loads, then per pixel one broadcast and two FMAs.
#define PIX(off, b, acc0, acc1) \
	VBROADCASTSS off(SI), b; \
	VFMADD231PS  Y10, b, acc0; \
	VFMADD231PS  Y11, b, acc1

// func conv2RowAsm(dst *float32, src *float32, w *float32)
// Layer 2, one output row: 5 pixels x 16 filters.
// src: layer-1 activations (7x7x64, HWC) at the first pixel of input row y.
// w: packed layer-2 weights [ky][kx][c][32] offset to the first of the 16 filters.
// dst: layer-2 pre-activations (5x5x32, HWC) at pixel (y, 0), same filter offset.
TEXT ·conv2RowAsm(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7
	VXORPS Y8, Y8, Y8
	VXORPS Y9, Y9, Y9
	MOVQ   $3, BX      // kernel rows

c2ky:
	MOVQ $96, CX       // 192 channels (3 columns x 64), 2 per iteration

c2k:
	VMOVUPS (DX), Y10
	VMOVUPS 32(DX), Y11
	PIX(0, Y12, Y0, Y1)
	PIX(256, Y13, Y2, Y3)
	PIX(512, Y14, Y4, Y5)
	PIX(768, Y15, Y6, Y7)
	PIX(1024, Y12, Y8, Y9)
	VMOVUPS 128(DX), Y10
	VMOVUPS 160(DX), Y11
	PIX(4, Y13, Y0, Y1)
	PIX(260, Y14, Y2, Y3)
	PIX(516, Y15, Y4, Y5)
	PIX(772, Y12, Y6, Y7)
	PIX(1028, Y13, Y8, Y9)
	ADDQ $8, SI
	ADDQ $256, DX
	DECQ CX
	JNZ  c2k
	ADDQ $1024, SI     // next input row: (7*64 - 192) floats
	DECQ BX
	JNZ  c2ky

	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 128(DI)
	VMOVUPS Y3, 160(DI)
	VMOVUPS Y4, 256(DI)
	VMOVUPS Y5, 288(DI)
	VMOVUPS Y6, 384(DI)
	VMOVUPS Y7, 416(DI)
	VMOVUPS Y8, 512(DI)
	VMOVUPS Y9, 544(DI)
	VZEROUPPER
	RET

// func conv3RowAsm(dst *float32, src *float32, w *float32)
// Layer 3, one output row: 3 pixels x 16 filters.
// src: layer-2 activations (5x5x32, HWC) at the first pixel of input row y.
// w: packed layer-3 weights [ky][kx][c][16].
// dst: layer-3 pre-activations (3x3x16, HWC) at pixel (y, 0).
TEXT ·conv3RowAsm(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ w+16(FP), DX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	MOVQ   $3, BX

c3ky:
	MOVQ $48, CX       // 96 channels (3 columns x 32), 2 per iteration

c3k:
	VMOVUPS (DX), Y10
	VMOVUPS 32(DX), Y11
	PIX(0, Y12, Y0, Y1)
	PIX(128, Y13, Y2, Y3)
	PIX(256, Y14, Y4, Y5)
	VMOVUPS 64(DX), Y10
	VMOVUPS 96(DX), Y11
	PIX(4, Y15, Y0, Y1)
	PIX(132, Y12, Y2, Y3)
	PIX(260, Y13, Y4, Y5)
	ADDQ $8, SI
	ADDQ $128, DX
	DECQ CX
	JNZ  c3k
	ADDQ $256, SI      // next input row: (5*32 - 96) floats
	DECQ BX
	JNZ  c3ky

	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	VMOVUPS Y4, 128(DI)
	VMOVUPS Y5, 160(DI)
	VZEROUPPER
	RET
