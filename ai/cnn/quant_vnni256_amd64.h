// The bodies of the 256-bit VNNI kernels of layers 2 and 3, included twice
// by quant_amd64.s: once with DOTW and DOTB emitting the VEX encodings of
// VPDPWSSD and VPDPBUSD (AVX-VNNI), once with the EVEX encodings (AVX-512
// VNNI with AVX512VL). Every other instruction is the same in both, so a CPU
// with AVX-512 VNNI runs and tests the code of the AVX-VNNI kernels
// (TestVNNI256Twins checks that the two differ only in those encodings).
//
// DOTW(w, act, acc) and DOTB(w, act, acc) take register numbers: acc += the
// dot products of the int16 pairs (DOTW) or of the unsigned bytes of act by
// the signed bytes of w (DOTB), 32-bit lane by lane. Only Y0-Y15, the
// registers a VEX prefix can name.
//
// The select macro (YMM_CONV2W, YMM_CONV3W, YMM_CONV2B or YMM_CONV3B) picks
// the body; the TEXT line and the argument loads stay in quant_amd64.s so
// that go vet checks them.

#ifdef YMM_CONV2W
// Layer 2 in int16, as conv2AVX2 with one VPDPWSSD per VPMADDWD and VPADDD
// pair: each output row in two passes of 16 filters, the 5 pixels'
// accumulators in Y0-Y9 (pixel x: Y(2x) filters 0-7 of the pass, Y(2x+1)
// filters 8-15). In: DI dst, SI src, DX weights, R8 the tanh table.
	XORQ R9, R9 // y

wrow2:
	XORQ CX, CX // pass: 0 or 64 (bytes of 16 filters' pair weights / factors)

wpass2:
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

wky2:
	MOVQ R10, R13
	MOVQ $96, R14

wp2:
	VMOVDQU      (R11), Y10
	VMOVDQU      32(R11), Y11
	VPBROADCASTD (R13), Y12
	VPBROADCASTD 128(R13), Y13
	VPBROADCASTD 256(R13), Y14
	VPBROADCASTD 384(R13), Y15
	DOTW(10, 12, 0)
	DOTW(11, 12, 1)
	DOTW(10, 13, 2)
	DOTW(11, 13, 3)
	VPBROADCASTD 512(R13), Y12
	DOTW(10, 14, 4)
	DOTW(11, 14, 5)
	DOTW(10, 15, 6)
	DOTW(11, 15, 7)
	DOTW(10, 12, 8)
	DOTW(11, 12, 9)
	ADDQ $128, R11
	ADDQ $4, R13
	DECQ R14
	JNZ  wp2

	ADDQ $896, R10
	DECQ R12
	JNZ  wky2

	MOVQ mult+24(FP), R11
	STOREROW8

	ADDQ $64, CX
	CMPQ CX, $128
	JLT  wpass2
	INCQ R9
	CMPQ R9, $5
	JLT  wrow2
	VZEROUPPER
	RET
#endif

#ifdef YMM_CONV3W
// Layer 3 in int16: per output row the 16 filters of the 3 pixels in Y0-Y5
// (pixel x: Y(2x) filters 0-7, Y(2x+1) filters 8-15) for even channel pairs
// and Y6-Y11 for odd ones (twelve dependency chains instead of six), added
// at the end. In: DI dst, SI src, DX weights.
	XORQ R9, R9

wrow3:
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
	VPXOR Y10, Y10, Y10
	VPXOR Y11, Y11, Y11
	MOVQ  R9, AX
	IMULQ $320, AX
	LEAQ  (SI)(AX*1), R10
	MOVQ  DX, R11
	MOVQ  $3, R12

wky3:
	MOVQ R10, R13
	MOVQ $24, R14

wp3:
	VMOVDQU      (R11), Y12
	VMOVDQU      32(R11), Y13
	VPBROADCASTD (R13), Y14
	VPBROADCASTD 64(R13), Y15
	DOTW(12, 14, 0)
	DOTW(13, 14, 1)
	DOTW(12, 15, 2)
	DOTW(13, 15, 3)
	VPBROADCASTD 128(R13), Y14
	DOTW(12, 14, 4)
	DOTW(13, 14, 5)
	VMOVDQU      64(R11), Y12
	VMOVDQU      96(R11), Y13
	VPBROADCASTD 4(R13), Y14
	VPBROADCASTD 68(R13), Y15
	DOTW(12, 14, 6)
	DOTW(13, 14, 7)
	DOTW(12, 15, 8)
	DOTW(13, 15, 9)
	VPBROADCASTD 132(R13), Y14
	DOTW(12, 14, 10)
	DOTW(13, 14, 11)
	ADDQ $128, R11
	ADDQ $8, R13
	DECQ R14
	JNZ  wp3

	ADDQ $320, R10
	DECQ R12
	JNZ  wky3

	VPADDD  Y6, Y0, Y0
	VPADDD  Y7, Y1, Y1
	VPADDD  Y8, Y2, Y2
	VPADDD  Y9, Y3, Y3
	VPADDD  Y10, Y4, Y4
	VPADDD  Y11, Y5, Y5
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
	JLT  wrow3
	VZEROUPPER
	RET
#endif

#ifdef YMM_CONV2B
// Layer 2 in int8 with VPDPBUSD on the activations of narrowAVXVNNI (a+128):
// each output row in two passes of 16 filters, the 5 pixels' accumulators in
// Y0-Y9 started at the filters' offset corrections. In: DI dst, SI src, DX
// weights, R8 the tanh table; the offset corrections are read at each pass,
// since STOREROW8 takes BX.
	XORQ R9, R9 // y

brow2:
	XORQ CX, CX // pass: 0 or 64 (bytes of 16 filters' quad weights / factors / corrections)

bpass2:
	MOVQ    bias+40(FP), BX
	VMOVDQU (BX)(CX*1), Y10
	VMOVDQU 32(BX)(CX*1), Y11
	VMOVDQA Y10, Y0
	VMOVDQA Y11, Y1
	VMOVDQA Y10, Y2
	VMOVDQA Y11, Y3
	VMOVDQA Y10, Y4
	VMOVDQA Y11, Y5
	VMOVDQA Y10, Y6
	VMOVDQA Y11, Y7
	VMOVDQA Y10, Y8
	VMOVDQA Y11, Y9
	MOVQ    R9, AX
	IMULQ   $448, AX
	LEAQ    (SI)(AX*1), R10
	LEAQ    (DX)(CX*1), R11
	MOVQ    $3, R12

bky2:
	MOVQ R10, R13
	MOVQ $48, R14

bp2:
	VMOVDQU      (R11), Y10
	VMOVDQU      32(R11), Y11
	VPBROADCASTD (R13), Y12
	VPBROADCASTD 64(R13), Y13
	VPBROADCASTD 128(R13), Y14
	VPBROADCASTD 192(R13), Y15
	DOTB(10, 12, 0)
	DOTB(11, 12, 1)
	DOTB(10, 13, 2)
	DOTB(11, 13, 3)
	VPBROADCASTD 256(R13), Y12
	DOTB(10, 14, 4)
	DOTB(11, 14, 5)
	DOTB(10, 15, 6)
	DOTB(11, 15, 7)
	DOTB(10, 12, 8)
	DOTB(11, 12, 9)
	ADDQ $128, R11
	ADDQ $4, R13
	DECQ R14
	JNZ  bp2

	ADDQ $448, R10
	DECQ R12
	JNZ  bky2

	MOVQ mult+24(FP), R11
	STOREROW8

	ADDQ $64, CX
	CMPQ CX, $128
	JLT  bpass2
	INCQ R9
	CMPQ R9, $5
	JLT  brow2
	VZEROUPPER
	RET
#endif

#ifdef YMM_CONV3B
// Layer 3 in int8 with VPDPBUSD: per output row the 16 filters of the 3
// pixels in Y0-Y5 for even quads (started at the offset corrections) and
// Y6-Y11 for odd ones (started at zero), added at the end. In: DI dst, SI
// src, DX weights, BX the offset corrections.
	VMOVDQU (BX), Y14
	VMOVDQU 32(BX), Y15
	XORQ    R9, R9

brow3:
	VMOVDQA Y14, Y0
	VMOVDQA Y15, Y1
	VMOVDQA Y14, Y2
	VMOVDQA Y15, Y3
	VMOVDQA Y14, Y4
	VMOVDQA Y15, Y5
	VPXOR   Y6, Y6, Y6
	VPXOR   Y7, Y7, Y7
	VPXOR   Y8, Y8, Y8
	VPXOR   Y9, Y9, Y9
	VPXOR   Y10, Y10, Y10
	VPXOR   Y11, Y11, Y11
	MOVQ    R9, AX
	IMULQ   $160, AX
	LEAQ    (SI)(AX*1), R10
	MOVQ    DX, R11
	MOVQ    $3, R12

bky3:
	MOVQ R10, R13
	MOVQ $12, R14

bp3:
	VMOVDQU      (R11), Y12
	VMOVDQU      32(R11), Y13
	VPBROADCASTD (R13), Y14
	VPBROADCASTD 32(R13), Y15
	DOTB(12, 14, 0)
	DOTB(13, 14, 1)
	DOTB(12, 15, 2)
	DOTB(13, 15, 3)
	VPBROADCASTD 64(R13), Y14
	DOTB(12, 14, 4)
	DOTB(13, 14, 5)
	VMOVDQU      64(R11), Y12
	VMOVDQU      96(R11), Y13
	VPBROADCASTD 4(R13), Y14
	VPBROADCASTD 36(R13), Y15
	DOTB(12, 14, 6)
	DOTB(13, 14, 7)
	DOTB(12, 15, 8)
	DOTB(13, 15, 9)
	VPBROADCASTD 68(R13), Y14
	DOTB(12, 14, 10)
	DOTB(13, 14, 11)
	ADDQ $128, R11
	ADDQ $8, R13
	DECQ R14
	JNZ  bp3

	ADDQ $160, R10
	DECQ R12
	JNZ  bky3

	VPADDD  Y6, Y0, Y0
	VPADDD  Y7, Y1, Y1
	VPADDD  Y8, Y2, Y2
	VPADDD  Y9, Y3, Y3
	VPADDD  Y10, Y4, Y4
	VPADDD  Y11, Y5, Y5
	MOVQ    R9, AX
	IMULQ   $192, AX
	ADDQ    DI, AX
	VMOVDQU Y0, (AX)
	VMOVDQU Y1, 32(AX)
	VMOVDQU Y2, 64(AX)
	VMOVDQU Y3, 96(AX)
	VMOVDQU Y4, 128(AX)
	VMOVDQU Y5, 160(AX)
	VMOVDQU (BX), Y14
	VMOVDQU 32(BX), Y15

	INCQ R9
	CMPQ R9, $3
	JLT  brow3
	VZEROUPPER
	RET
#endif
