//go:build !purego

#include "textflag.h"

// func ascii16(dst, src []byte, big bool) int
//
// 64 bytes of src a step: when no code unit of them is past 0x7F, they
// are packed into 32 bytes of dst (VPACKUSWB packs each 128-bit lane, and
// VPERMQ puts the lanes back in order); big-endian units are shifted into
// their low byte first.
TEXT ·ascii16(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ dst_len+8(FP), DX
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), CX
	MOVBLZX big+48(FP), R8
	XORQ AX, AX
	MOVQ $0xFF80FF80FF80FF80, R9 // the bits that no ASCII unit has
	TESTQ R8, R8
	JZ mask
	MOVQ $0x80FF80FF80FF80FF, R9
mask:
	MOVQ R9, X15
	VPBROADCASTQ X15, Y15
loop:
	CMPQ CX, $64
	JB done
	CMPQ DX, $32
	JB done
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VPOR Y0, Y1, Y2
	VPTEST Y15, Y2
	JNZ done
	TESTQ R8, R8
	JZ pack
	VPSRLW $8, Y0, Y0
	VPSRLW $8, Y1, Y1
pack:
	VPACKUSWB Y1, Y0, Y3
	VPERMQ $0xD8, Y3, Y3
	VMOVDQU Y3, (DI)
	ADDQ $64, SI
	SUBQ $64, CX
	ADDQ $32, DI
	SUBQ $32, DX
	ADDQ $32, AX
	JMP loop
done:
	VZEROUPPER
	MOVQ AX, ret+56(FP)
	RET
