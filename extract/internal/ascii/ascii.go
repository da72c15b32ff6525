// Package ascii holds the byte-level helpers that the grammars, the
// extractor and the mail reader share: hex digits of escapes and of
// quoted-printable, the case of scheme names, and line ends trimmed.
package ascii

// HexDigit returns the value of a hex digit of either case, and false
// for any other byte.
func HexDigit(c byte) (byte, bool) {
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

// HexByte returns the byte that two hex digits stand for, and false when
// either is no hex digit.
func HexByte(hi, lo byte) (byte, bool) {
	h, ok1 := HexDigit(hi)
	l, ok2 := HexDigit(lo)
	return h<<4 | l, ok1 && ok2
}

// Lower appends s to dst with its upper-case ASCII letters in lower
// case. Given a buffer on the stack that s fits in, it allocates nothing.
func Lower[T string | []byte](dst []byte, s T) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// IsLower reports whether s holds no upper-case ASCII letter.
func IsLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return false
		}
	}
	return true
}

// TrimRight returns b without the bytes a and b2 at its end, in any
// order, as bytes.TrimRight(b, string([]byte{a, b2})) does without
// building a set at each call: mail trims every line of a header and of
// quoted-printable this way.
func TrimRight(b []byte, a, b2 byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == a || b[len(b)-1] == b2) {
		b = b[:len(b)-1]
	}
	return b
}

// Only reports whether s holds only US-ASCII bytes: a host name that
// needs no IDNA, a string with nothing to escape.
func Only(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
