// Constants and macros shared by the integer kernels of quant_amd64.s,
// quant8_amd64.s and quantvex_amd64.s (each includes this file once).

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
