//go:build amd64 && !purego

package cnn

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// vnniOp is one VPDPWSSD or VPDPBUSD decoded from its VEX or EVEX form: acc
// += act . w, 256 bits.
type vnniOp struct {
	op, acc, act, w byte
}

func (o vnniOp) String() string {
	name := map[byte]string{0x50: "VPDPBUSD", 0x52: "VPDPWSSD"}[o.op]
	return fmt.Sprintf("%s Y%d, Y%d, Y%d", name, o.w, o.act, o.acc)
}

// decodeVEX decodes a register-only VEX.256.66.0F38.W0 50/52 at c, or ok
// false.
func decodeVEX(c []byte) (o vnniOp, ok bool) {
	if len(c) < 5 || c[0] != 0xC4 || c[1]&0x5F != 0x42 || c[2]&0x87 != 0x05 || c[4]&0xC0 != 0xC0 {
		return o, false // X set, another map, W1, L0 or another prefix, a memory operand
	}
	r, b := (c[1]>>7^1)<<3, (c[1]>>5&1^1)<<3
	return vnniOp{c[3], r | c[4]>>3&7, c[2]>>3&15 ^ 15, b | c[4]&7}, c[3] == 0x50 || c[3] == 0x52
}

// decodeEVEX decodes a register-only EVEX.256.66.0F38.W0 50/52 at c with
// registers below 16 and no masking, or ok false.
func decodeEVEX(c []byte) (o vnniOp, ok bool) {
	if len(c) < 6 || c[0] != 0x62 || c[1]&0x5F != 0x52 || c[2]&0x87 != 0x05 || c[3] != 0x28 || c[5]&0xC0 != 0xC0 {
		return o, false
	}
	r, b := (c[1]>>7^1)<<3, (c[1]>>5&1^1)<<3
	return vnniOp{c[4], r | c[5]>>3&7, c[2]>>3&15 ^ 15, b | c[5]&7}, c[4] == 0x50 || c[4] == 0x52
}

// branchAt decodes a conditional or unconditional relative branch at c,
// short (7x or EB, rel8) or near (0F 8x or E9, rel32): its condition (16
// for JMP), length and displacement.
func branchAt(c []byte) (cond, n, disp int, ok bool) {
	switch {
	case len(c) >= 2 && c[0]&0xF0 == 0x70:
		return int(c[0] & 15), 2, int(int8(c[1])), true
	case len(c) >= 2 && c[0] == 0xEB:
		return 16, 2, int(int8(c[1])), true
	case len(c) >= 6 && c[0] == 0x0F && c[1]&0xF0 == 0x80:
		return int(c[1] & 15), 6, int(int32(binary.LittleEndian.Uint32(c[2:]))), true
	case len(c) >= 5 && c[0] == 0xE9:
		return 16, 5, int(int32(binary.LittleEndian.Uint32(c[1:]))), true
	}
	return 0, 0, 0, false
}

// ripTwins reports whether the bytes that differ at twin offset i and
// kernel offset j lie in the 32-bit displacements of the same RIP-relative
// operand (modrm 00 xxx 101, as for quantc<>, no immediate after it) that
// reach the same address, and returns the offsets after them.
func ripTwins(evex, vex []byte, i, j int) (int, int, bool) {
	for b := 0; b < 4; b++ {
		k, l := i-b, j-b
		if k < 1 || l < 1 || evex[k-1] != vex[l-1] || evex[k-1]&0xC7 != 0x05 || k+4 > len(evex) || l+4 > len(vex) {
			continue
		}
		de := int64(int32(binary.LittleEndian.Uint32(evex[k:])))
		dv := int64(int32(binary.LittleEndian.Uint32(vex[l:])))
		if int64(uintptr(unsafe.Pointer(&evex[k])))+4+de == int64(uintptr(unsafe.Pointer(&vex[l])))+4+dv {
			return k + 4, l + 4, true
		}
	}
	return 0, 0, false
}

// compareTwins walks the machine code of an EVEX twin and of its AVX-VNNI
// kernel side by side up to their VZEROUPPER; RET and checks that they are
// the same bytes except that each VNNI instruction of the twin is the VEX
// form of the same instruction on the same registers in the kernel, and
// that the backward branches (whose displacements and forms differ: the VEX
// forms are a byte shorter) have the same conditions and land on the same
// instructions, and the RIP-relative operands reach the same constants. It returns the VNNI instructions.
func compareTwins(t *testing.T, evex, vex []byte) []vnniOp {
	t.Helper()
	end := []byte{0xC5, 0xF8, 0x77, 0xC3} // VZEROUPPER; RET
	at := map[int]int{}                   // twin offset -> kernel offset
	var ops []vnniOp
	i, j := 0, 0
	for {
		require.Less(t, i+6, len(evex), "no VZEROUPPER; RET in the twin")
		require.Less(t, j+6, len(vex), "no VZEROUPPER; RET in the kernel")
		at[i] = j
		if string(evex[i:i+4]) == string(end) || string(vex[j:j+4]) == string(end) {
			require.Equal(t, end, evex[i:i+4], "the twin ends at %d, the kernel at %d", i, j)
			require.Equal(t, end, vex[j:j+4], "the kernel ends at %d, the twin at %d", j, i)
			return ops
		}
		if e, ok := decodeEVEX(evex[i:]); ok {
			v, ok := decodeVEX(vex[j:])
			require.True(t, ok, "twin offset %d is %v, kernel offset %d is % x", i, e, j, vex[j:j+5])
			require.Equal(t, e, v, "twin offset %d, kernel offset %d", i, j)
			ops = append(ops, e)
			i, j = i+6, j+5
			continue
		}
		ce, ne, de, okE := branchAt(evex[i:])
		cv, nv, dv, okV := branchAt(vex[j:])
		if target, mapped := at[i+ne+de]; okE && okV && ce == cv && mapped && target == j+nv+dv {
			i, j = i+ne, j+nv
			continue
		}
		if k, l, ok := ripTwins(evex, vex, i, j); ok {
			i, j = k, l
			continue
		}
		require.Equal(t, evex[i], vex[j], "the code differs at twin offset %d, kernel offset %d: % x and % x", i, j, evex[i:i+6], vex[j:j+6])
		i, j = i+1, j+1
	}
}

// TestVNNI256Twins checks the machine code of the AVX-VNNI kernels, which
// only a CPU with AVX-VNNI can run (checkKernelsEqual runs them there):
// each is its AVX-512 twin, which the equality tests run on AVX-512 VNNI
// CPUs, but for the VEX encoding of its VPDPWSSD or VPDPBUSD instructions,
// with the same registers. The test reads code and runs on any amd64 CPU.
func TestVNNI256Twins(t *testing.T) {
	vex, evex := vnni256Code()
	names := []string{"conv2", "conv3", "conv2Int8", "conv3Int8"}
	wantOps := []int{10, 12, 10, 12}
	for i := range vex {
		ops := compareTwins(t, unsafe.Slice(evex[i], 4096), unsafe.Slice(vex[i], 4096))
		require.Len(t, ops, wantOps[i], names[i])
		t.Logf("%s: %d VNNI instructions, the first %v", names[i], len(ops), ops[0])
	}
	// The encoder of the macros against hand-checked bytes (objdump -d:
	// "{vex} vpdpbusd %ymm10,%ymm12,%ymm9" and "vpdpbusd %ymm10,%ymm12,%ymm9").
	v, ok := decodeVEX([]byte{0xC4, 0x42, 0x1D, 0x50, 0xCA})
	require.True(t, ok)
	require.Equal(t, vnniOp{0x50, 9, 12, 10}, v)
	e, ok := decodeEVEX([]byte{0x62, 0x52, 0x1D, 0x28, 0x50, 0xCA})
	require.True(t, ok)
	require.Equal(t, vnniOp{0x50, 9, 12, 10}, e)
}

// BenchmarkLayers23 times layers 2 and 3 of every kernel of this machine
// and, where AVX-512 VNNI runs them, of the EVEX twins of the AVX-VNNI
// kernels ("avxvnni-evex"): their speed here hints at the AVX-VNNI kernels'
// on a CPU that has them.
func BenchmarkLayers23(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	q := quantizeLayers(NewRandom(r, 0.2))
	s := new(scratch)
	randomActivations(r, &s.a1)
	for i, a := range s.a1 {
		s.b1[i] = narrowOffset(a)
	}
	for _, k := range IntKernels() {
		b.Run(k.String(), func(b *testing.B) {
			for b.Loop() {
				q.layers23(s, k)
			}
		})
	}
	if !hasVNNI256 {
		return
	}
	for _, k := range []IntKernel{IntAVXVNNI, Int8AVXVNNI} {
		b.Run(k.String()+"-evex", func(b *testing.B) {
			for b.Loop() {
				q.layers23VNNI256(s, k, &evex256Kernels)
			}
		})
	}
}
