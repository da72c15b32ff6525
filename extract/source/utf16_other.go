//go:build !amd64 || purego

package source

const useASCII16 = false

func ascii16(dst, src []byte, big bool) int { panic("unreachable") }
