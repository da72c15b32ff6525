// Package hex reads the escapes of URLs and of quoted-printable: the
// grammars and the mail reader share it.
package hex

// Digit returns the value of a hex digit of either case, and false for
// any other byte.
func Digit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// Byte returns the byte that two hex digits stand for, and false when
// either is no hex digit.
func Byte(hi, lo byte) (byte, bool) {
	h, ok1 := Digit(hi)
	l, ok2 := Digit(lo)
	return h<<4 | l, ok1 && ok2
}
