//go:build !purego

#include "textflag.h"

// func has2Vector(b []byte, c1, c2 byte) int
//
// 64 bytes a step, each compared with both bytes and the results kept
// by OR; the last step reads the last 64 bytes of b, which may overlap
// the step before. No branch depends on the data: an occurrence found
// early does not end the pass, which costs less than the test would on
// text that holds neither byte, the case it is for.
TEXT ·has2Vector(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), CX
	MOVBLZX c1+24(FP), AX
	MOVBLZX c2+25(FP), BX
	MOVD AX, X1
	VPBROADCASTB X1, Y1
	MOVD BX, X2
	VPBROADCASTB X2, Y2
	VPXOR Y3, Y3, Y3 // the c1 found
	VPXOR Y4, Y4, Y4 // the c2 found
	LEAQ -64(SI)(CX*1), DI // the last step's start
loop:
	CMPQ SI, DI
	JAE last
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y5
	VPCMPEQB Y0, Y1, Y6
	VPCMPEQB Y5, Y1, Y7
	VPOR Y6, Y3, Y3
	VPOR Y7, Y3, Y3
	VPCMPEQB Y0, Y2, Y6
	VPCMPEQB Y5, Y2, Y7
	VPOR Y6, Y4, Y4
	VPOR Y7, Y4, Y4
	ADDQ $64, SI
	JMP loop
last:
	VMOVDQU (DI), Y0
	VMOVDQU 32(DI), Y5
	VPCMPEQB Y0, Y1, Y6
	VPCMPEQB Y5, Y1, Y7
	VPOR Y6, Y3, Y3
	VPOR Y7, Y3, Y3
	VPCMPEQB Y0, Y2, Y6
	VPCMPEQB Y5, Y2, Y7
	VPOR Y6, Y4, Y4
	VPOR Y7, Y4, Y4
	XORQ R9, R9
	VPTEST Y3, Y3
	JZ no1
	ORQ $1, R9
no1:
	VPTEST Y4, Y4
	JZ no2
	ORQ $2, R9
no2:
	VZEROUPPER
	MOVQ R9, ret+32(FP)
	RET
