// Package arena hands out strings carved from shared blocks, so that the
// strings of a match, or of a message, cost no allocation of their own.
package arena

import (
	"strings"
	"unsafe"
)

// Size is the size of the blocks: a string kept after the next ones are
// handed out pins at most one block.
const Size = 16 << 10

// Arena hands out strings from its current block. A block is only ever
// appended to, and a new one is taken when it is full, so a string stays
// as it was for as long as anybody holds it. The zero Arena is ready.
type Arena struct{ buf []byte }

// String returns a copy of s; a long one, over Size/8 bytes, gets its
// own allocation.
func (a *Arena) String(s string) string {
	if len(s) > Size/8 {
		return strings.Clone(s)
	}
	return a.carve(unsafe.Slice(unsafe.StringData(s), len(s)))
}

// Bytes returns b as a string, copied as String copies.
func (a *Arena) Bytes(b []byte) string {
	if len(b) > Size/8 {
		return string(b)
	}
	return a.carve(b)
}

// carve copies b, at most Size bytes, into the current block.
func (a *Arena) carve(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(a.buf)-len(a.buf) < len(b) {
		a.buf = make([]byte, 0, Size)
	}
	start := len(a.buf)
	a.buf = append(a.buf, b...)
	return unsafe.String(&a.buf[start], len(b))
}
