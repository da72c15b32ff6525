//go:build !amd64 || purego

package scanner

const useHas2Vector = false

func has2Vector(b []byte, c1, c2 byte) int { panic("unreachable") }
