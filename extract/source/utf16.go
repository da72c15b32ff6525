package source

import (
	"bufio"
	"encoding/binary"
	"unicode/utf8"
)

// utf16Reader reads UTF-16 text as UTF-8, decoded as unicode/utf16's
// Decode decodes it: a surrogate that is not half of a pair is U+FFFD, and
// so is an odd last byte. It decodes straight from its bufio.Reader's
// buffer into the caller's, ASCII 32 characters at a time with AVX2
// (ascii16) and four at a time without: golang.org/x/text's decoder, one
// character at a time through its transform.Reader, took a third of the
// time of a UTF-16 input.
type utf16Reader struct {
	r   *bufio.Reader
	big bool  // big endian
	err error // the error that ends r, once seen

	// The bytes of a character that did not fit in the last Read.
	pend   [4]byte
	ip, np int
}

// reset makes u read r, whose byte-order mark is passed already.
func (u *utf16Reader) reset(r *bufio.Reader, big bool) {
	*u = utf16Reader{r: r, big: big}
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	n := copy(p, u.pend[u.ip:u.np])
	u.ip += n
	if n == len(p) {
		return n, nil
	}
	src, _ := u.r.Peek(u.r.Buffered())
	if len(src) < 4 && u.err == nil {
		// Too little for a surrogate pair: the buffer fills.
		src, u.err = u.r.Peek(4)
	}
	atEnd := u.err != nil
	dst := p[n:]
	if len(dst) < 4 {
		dst = u.pend[:]
	}
	nDst, nSrc := decodeUTF16(dst, src, u.big, atEnd)
	u.r.Discard(nSrc)
	if len(p[n:]) < 4 {
		// Decoded into pend: what p takes now, the rest at the next Read.
		u.ip, u.np = copy(p[n:], u.pend[:nDst]), nDst
		n += u.ip
	} else {
		n += nDst
	}
	if n == 0 && nSrc == 0 && atEnd {
		return 0, u.err
	}
	return n, nil
}

// decodeUTF16 decodes src into dst as far as dst holds whole characters.
// A high surrogate that ends src is left for more unless atEnd says that
// src ends the input, as is an odd last byte. It returns the bytes
// written and read.
func decodeUTF16(dst, src []byte, big, atEnd bool) (nDst, nSrc int) {
	ascii, shift := uint64(0xFF80FF80FF80FF80), 0 // the bits of four ASCII units
	if big {
		ascii, shift = 0x80FF80FF80FF80FF, 8
	}
	for nSrc+2 <= len(src) {
		u := unit(src[nSrc:], big)
		switch {
		case u < 0x80:
			if nDst == len(dst) {
				return nDst, nSrc
			}
			dst[nDst] = byte(u)
			nDst, nSrc = nDst+1, nSrc+2
			// ASCII goes on 32 units at a time where the processor
			// allows, then four at a time.
			if useASCII16 && len(src)-nSrc >= 64 && len(dst)-nDst >= 32 {
				k := ascii16(dst[nDst:], src[nSrc:], big)
				nDst, nSrc = nDst+k, nSrc+2*k
			}
			for nSrc+8 <= len(src) && nDst+4 <= len(dst) {
				x := binary.LittleEndian.Uint64(src[nSrc:])
				if x&ascii != 0 {
					break
				}
				x >>= shift
				dst[nDst], dst[nDst+1], dst[nDst+2], dst[nDst+3] = byte(x), byte(x>>16), byte(x>>32), byte(x>>48)
				nDst, nSrc = nDst+4, nSrc+8
			}
			continue
		case u < 0x800:
			if nDst+2 > len(dst) {
				return nDst, nSrc
			}
			dst[nDst], dst[nDst+1] = 0xC0|byte(u>>6), 0x80|byte(u)&0x3F
			nDst, nSrc = nDst+2, nSrc+2
			continue
		case threeBytes(u):
			// Characters of three bytes, as in CJK text, in one loop.
			n, k := decode3(dst[nDst:], src[nSrc:], big)
			if n == 0 {
				return nDst, nSrc
			}
			nDst, nSrc = nDst+n, nSrc+k
			continue
		}
		// A surrogate.
		r, size := utf8.RuneError, 2
		if u < 0xDC00 {
			if nSrc+4 <= len(src) {
				if v := unit(src[nSrc+2:], big); v >= 0xDC00 && v < 0xE000 {
					r, size = 0x10000+(rune(u)-0xD800)<<10+rune(v)-0xDC00, 4
				}
			} else if !atEnd {
				return nDst, nSrc // the other half may follow
			}
		}
		if nDst+utf8.RuneLen(r) > len(dst) {
			return nDst, nSrc
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc += size
	}
	if atEnd && nSrc+1 == len(src) && nDst+3 <= len(dst) {
		nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
		nSrc++
	}
	return nDst, nSrc
}

// decode3 decodes the characters of three bytes that src starts with, as
// many as dst holds, and returns the bytes written and read.
func decode3(dst, src []byte, big bool) (nDst, nSrc int) {
	for nSrc+4 <= len(src) && nDst+6 <= len(dst) {
		// Two characters at a time.
		x := binary.LittleEndian.Uint32(src[nSrc:])
		if big {
			x = x&0xFF00FF00>>8 | x&0x00FF00FF<<8
		}
		u, v := uint16(x), uint16(x>>16)
		if !threeBytes(u) || !threeBytes(v) {
			break
		}
		put3(dst[nDst:nDst+3], u)
		put3(dst[nDst+3:nDst+6], v)
		nDst, nSrc = nDst+6, nSrc+4
	}
	for nSrc+2 <= len(src) && nDst+3 <= len(dst) {
		u := unit(src[nSrc:], big)
		if !threeBytes(u) {
			break
		}
		put3(dst[nDst:nDst+3], u)
		nDst, nSrc = nDst+3, nSrc+2
	}
	return nDst, nSrc
}

// threeBytes reports whether the code unit u is a character of three
// bytes in UTF-8: from U+0800 on, and not a surrogate.
func threeBytes(u uint16) bool { return u >= 0x800 && u-0xD800 >= 0x800 }

// put3 writes u, a character of three bytes, to d.
func put3(d []byte, u uint16) {
	_ = d[2]
	d[0], d[1], d[2] = 0xE0|byte(u>>12), 0x80|byte(u>>6)&0x3F, 0x80|byte(u)&0x3F
}

// unit returns the UTF-16 code unit that b starts with.
func unit(b []byte, big bool) uint16 {
	if big {
		return binary.BigEndian.Uint16(b)
	}
	return binary.LittleEndian.Uint16(b)
}
