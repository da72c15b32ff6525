//go:build !purego

package source

import "golang.org/x/sys/cpu"

// useASCII16 says whether ascii16 may be called: it uses AVX2.
var useASCII16 = cpu.X86.HasAVX2

// ascii16 decodes the UTF-16 text that src starts with while it is
// ASCII, 32 code units at a time, into dst, big endian or not, as long as
// src holds 64 bytes more and dst 32, and returns how many units it
// decoded (utf16_amd64.s).
//
//go:noescape
func ascii16(dst, src []byte, big bool) int
