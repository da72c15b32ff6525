//go:build !purego

package scanner

import "golang.org/x/sys/cpu"

// useHas2Vector says has2Vector may run: it uses AVX2.
var useHas2Vector = cpu.X86.HasAVX2

// has2Vector returns has2's answers as bits: 1 when b holds c1, 2 when it
// holds c2. b must be at least 64 bytes long.
//
//go:noescape
func has2Vector(b []byte, c1, c2 byte) int
