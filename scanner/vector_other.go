//go:build !amd64 || purego

package scanner

const useVector = false

func has2Vector(b []byte, c1, c2 byte) int { panic("unreachable") }

func skipHopeless(b []byte, i, max int, dropUnfit bool) (r, k int) { panic("unreachable") }

func leadFree(b []byte) int { panic("unreachable") }
