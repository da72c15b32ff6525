//go:build !purego

#include "textflag.h"

// The bytes that the kernels compare with, 32 of each.
#define CONST32(name, b) \
	DATA name<>+0(SB)/8, $b; \
	DATA name<>+8(SB)/8, $b; \
	DATA name<>+16(SB)/8, $b; \
	DATA name<>+24(SB)/8, $b; \
	GLOBL name<>(SB), RODATA|NOPTR, $32

CONST32(lt, 0x3c3c3c3c3c3c3c3c)
CONST32(gt, 0x3e3e3e3e3e3e3e3e)
CONST32(ef, 0xefefefefefefefef)
CONST32(lf, 0x0a0a0a0a0a0a0a0a)
CONST32(cr, 0x0d0d0d0d0d0d0d0d)
CONST32(colon, 0x3a3a3a3a3a3a3a3a)
CONST32(x1f, 0x1f1f1f1f1f1f1f1f)
CONST32(x09, 0x0909090909090909)
CONST32(x04, 0x0404040404040404)
CONST32(x7f, 0x7f7f7f7f7f7f7f7f)
CONST32(xfe, 0xfefefefefefefefe)
CONST32(xc0, 0xc0c0c0c0c0c0c0c0)
CONST32(xf5, 0xf5f5f5f5f5f5f5f5)
CONST32(xc2, 0xc2c2c2c2c2c2c2c2)
CONST32(x32, 0x3232323232323232)

// func skipHopeless(b []byte, i, max int, dropUnfit bool) (r, k int)
//
// Register use: SI the data, AX the "<" of the candidate (i), DI the
// block of 32 bytes looked at, DX and BX whether a ":" and an unfit byte
// came before it; the masks of the block: R8 stops ("<", ">", 0xEF, LF,
// CR), R9 ":", R10 unfit bytes, R11 "<" and 0xEF, R12 ">", R13 0xEF; then
// R8 the first stop. The next candidate's "<" is the first "<" or 0xEF of
// the block after the stop when that is a ">", as both are stops: the
// next load waits on that alone, and the checks of the candidate run
// beside it. A candidate is looked at for four blocks at most.
TEXT ·skipHopeless(SB), NOSPLIT, $0-64
	MOVQ b_base+0(FP), SI
	MOVQ i+24(FP), AX
	VMOVDQU lt<>(SB), Y1
	VMOVDQU gt<>(SB), Y2
	VMOVDQU ef<>(SB), Y3
	VMOVDQU lf<>(SB), Y4
	VMOVDQU cr<>(SB), Y5
	VMOVDQU colon<>(SB), Y6

candidate:
	LEAQ 1(AX), DI
	XORL DX, DX
	XORL BX, BX

block:
	// The block must be in b.
	LEAQ 32(DI), CX
	CMPQ CX, b_len+8(FP)
	JA undecided

	VMOVDQU (SI)(DI*1), Y0
	VPCMPEQB Y0, Y1, Y7  // "<"
	VPCMPEQB Y0, Y3, Y8  // 0xEF
	VPOR Y7, Y8, Y9      // "<" or 0xEF
	VPCMPEQB Y0, Y2, Y10 // ">"
	VPCMPEQB Y0, Y4, Y11 // LF
	VPCMPEQB Y0, Y5, Y12 // CR
	VPOR Y11, Y12, Y11
	VPOR Y10, Y11, Y11
	VPOR Y9, Y11, Y11    // the stops
	VPMOVMSKB Y9, R11
	VPMOVMSKB Y11, R8
	VPMOVMSKB Y10, R12
	VPMOVMSKB Y8, R13
	VPCMPEQB Y0, Y6, Y11 // ":"
	VPMOVMSKB Y11, R9
	// Unfit: up to 0x1F but for TAB to CR (x-9 up to 4), 0x7F, 0xC0
	// and 0xC1, 0xF5 and above.
	VPMINUB x1f<>(SB), Y0, Y12
	VPCMPEQB Y12, Y0, Y12
	VPSUBB x09<>(SB), Y0, Y13
	VPMINUB x04<>(SB), Y13, Y14
	VPCMPEQB Y14, Y13, Y13
	VPANDN Y12, Y13, Y12 // up to 0x1F and not white space
	VPCMPEQB x7f<>(SB), Y0, Y13
	VPOR Y13, Y12, Y12
	VPAND xfe<>(SB), Y0, Y13
	VPCMPEQB xc0<>(SB), Y13, Y13
	VPOR Y13, Y12, Y12
	VPMAXUB xf5<>(SB), Y0, Y13
	VPCMPEQB Y13, Y0, Y13
	VPOR Y13, Y12, Y12
	VPMOVMSKB Y12, R10

	BSFL R8, CX
	JNZ stop
	// No stop: the whole block comes before it. The next block, if the
	// candidate may still close within the maximum length there.
	ORL R9, DX
	ORL R10, BX
	ADDQ $32, DI
	MOVQ DI, CX
	SUBQ AX, CX
	CMPQ CX, $129
	JAE undecided
	CMPQ CX, max+32(FP)
	JGE undecided
	JMP block

stop:
	// The first stop, at DI+CX, must be a ">" closing the candidate
	// within the maximum length (its offset from the "<" under max), not
	// right after the "<": the empty ones are left to the caller.
	BTL CX, R12
	JCC undecided
	LEAQ (DI)(CX*1), R8 // the ">"
	LEAQ 1(AX), R12
	CMPQ R8, R12
	JEQ undecided
	MOVQ R8, R12
	SUBQ AX, R12
	CMPQ R12, max+32(FP)
	JGE undecided

	// Hopeless: no ":" before the ">", or with dropUnfit an unfit byte.
	// R12 = 1<<CX - 1.
	MOVL $1, R12
	SHLL CX, R12
	DECL R12
	ANDL R12, R9
	ORL R9, DX
	ANDL R12, R10
	ORL R10, BX
	TESTL DX, DX
	JZ hopeless
	CMPB dropUnfit+40(FP), $0
	JEQ fit
	TESTL BX, BX
	JNZ hopeless

fit:
	// Closed at R8.
	MOVQ AX, r+48(FP)
	MOVQ R8, k+56(FP)
	VZEROUPPER
	RET

hopeless:
	// The next "<" or 0xEF, after the ">" (both are stops).
	BSFL R11, CX
	JZ after
	BTL CX, R13
	JCS after // 0xEF: left to the caller
	LEAQ (DI)(CX*1), AX // the next candidate
	JMP candidate

after:
	// Go on after the ">".
	LEAQ 1(R8), AX
	MOVQ AX, r+48(FP)
	MOVQ $-1, k+56(FP)
	VZEROUPPER
	RET

undecided:
	MOVQ AX, r+48(FP)
	MOVQ $-1, k+56(FP)
	VZEROUPPER
	RET

// func has2Vector(b []byte, c1, c2 byte) int
//
// 64 bytes a step, each compared with both bytes and the results kept
// by OR; the last step reads the last 64 bytes of b, which may overlap
// the step before. No branch depends on the data: an occurrence found
// early does not end the pass, which costs less than the test would on
// text that holds neither byte, the case it is for.
//
// The bytes are broadcast from memory: a MOVD into X1 first, an SSE
// instruction without the VEX prefix, cost about 100 ns a call on the
// machine of the README's figures (the penalty of mixing the two
// encodings), 15 times what a call on 121 bytes costs without it.
TEXT ·has2Vector(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), CX
	VPBROADCASTB c1+24(FP), Y1
	VPBROADCASTB c2+25(FP), Y2
	VPXOR Y3, Y3, Y3 // the c1 found
	VPXOR Y4, Y4, Y4 // the c2 found
	LEAQ -64(SI)(CX*1), DI // the last step's start
loop:
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
	CMPQ SI, DI
	JAE done
	ADDQ $64, SI
	CMPQ SI, DI
	JBE loop
	MOVQ DI, SI // the last step
	JMP loop
done:
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

// func leadFree(b []byte) int
//
// 64 bytes a step while they hold no lead byte (x-0xC2 up to 0x32), then
// 32.
TEXT ·leadFree(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), DX
	VMOVDQU xc2<>(SB), Y1
	VMOVDQU x32<>(SB), Y2
	XORQ AX, AX
loop64:
	LEAQ 64(AX), CX
	CMPQ CX, DX
	JA loop32
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y5
	VPSUBB Y1, Y0, Y3
	VPMINUB Y2, Y3, Y4
	VPCMPEQB Y4, Y3, Y4
	VPSUBB Y1, Y5, Y6
	VPMINUB Y2, Y6, Y7
	VPCMPEQB Y7, Y6, Y7
	VPOR Y4, Y7, Y7
	VPTEST Y7, Y7
	JNZ loop32
	MOVQ CX, AX
	JMP loop64
loop32:
	LEAQ 32(AX), CX
	CMPQ CX, DX
	JA done
	VMOVDQU (SI)(AX*1), Y0
	VPSUBB Y1, Y0, Y3
	VPMINUB Y2, Y3, Y4
	VPCMPEQB Y4, Y3, Y4
	VPTEST Y4, Y4
	JNZ done
	MOVQ CX, AX
done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET
