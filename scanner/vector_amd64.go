//go:build !purego

package scanner

import "golang.org/x/sys/cpu"

// The kernels of vector_amd64.s use AVX2.
var useVector = cpu.X86.HasAVX2

// has2Vector returns has2's answers as bits: 1 when b holds c1, 2 when it
// holds c2. b must be at least 64 bytes long.
//
//go:noescape
func has2Vector(b []byte, c1, c2 byte) int

// skipHopeless passes over the candidates from the "<" at b[i] on that the
// skip modes of quickMode and invalidMode drop, 32 bytes at a time: one
// whose first stop ("<", ">", 0xEF, LF, CR), within its first 128 bytes,
// is a ">" at less than the maximum length max from its "<", with no ":"
// or, with dropUnfit (skipUnfit), with an unfit byte before it, the next
// "<" in the 32 bytes of that ">" and no 0xEF before it. It returns k, the
// offset of the ">" of the candidate at r that such a ">" closes and no
// rule drops, or k -1 and r, where the scan goes on: the "<" of a
// candidate that it leaves to findOpen's other steps (r == i when it
// passed over none), or the byte after the ">" of the last one it dropped.
//
//go:noescape
func skipHopeless(b []byte, i, max int, dropUnfit bool) (r, k int)

// leadFree returns the length of the longest start of b that is whole
// blocks of 32 bytes with no lead byte of UTF-8 (0xC2 to 0xF4): as many
// characters.
//
//go:noescape
func leadFree(b []byte) int
