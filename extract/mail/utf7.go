package mail

import (
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"
)

// utf7 is UTF-7 (RFC 2152), which golang.org/x/text does not carry: Outlook
// Express wrote parts in it for years. Only its decoder does anything.
type utf7 struct{}

func (utf7) NewDecoder() *encoding.Decoder { return &encoding.Decoder{Transformer: &utf7Decoder{}} }

func (utf7) NewEncoder() *encoding.Encoder { return &encoding.Encoder{Transformer: transform.Nop} }

// utf7Decoder decodes UTF-7 to UTF-8. Outside a shift, bytes stand for
// themselves ("+-" for "+"); "+" starts a shift of modified base64 that
// holds UTF-16 code units, which "-" (absorbed) or any byte outside the
// base64 alphabet (read as itself) ends. A byte above 0x7F, a lone
// surrogate and bits left over that are not zero are errors, each read
// as U+FFFD.
type utf7Decoder struct {
	shifted bool
	bits    uint32 // the base64 bits of a shift not yet decoded: n of them
	n       uint
	high    rune // a high surrogate waiting for its low one, or 0
}

func (d *utf7Decoder) Reset() { *d = utf7Decoder{} }

func (d *utf7Decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		if len(dst)-nDst < 2*utf8.UTFMax {
			return nDst, nSrc, transform.ErrShortDst
		}
		c := src[nSrc]
		if !d.shifted {
			switch {
			case c == '+' && nSrc+1 == len(src) && !atEOF:
				return nDst, nSrc, transform.ErrShortSrc // "+-" or a shift?
			case c == '+' && nSrc+1 < len(src) && src[nSrc+1] == '-':
				dst[nDst] = '+'
				nDst, nSrc = nDst+1, nSrc+2
			case c == '+':
				d.shifted, d.bits, d.n = true, 0, 0
				nSrc++
			case c >= utf8.RuneSelf:
				nDst += utf8.EncodeRune(dst[nDst:], utf8.RuneError)
				nSrc++
			default:
				dst[nDst] = c
				nDst, nSrc = nDst+1, nSrc+1
			}
			continue
		}
		v := base64Value[c]
		if v < 0 {
			nDst += d.endShift(dst[nDst:])
			if c == '-' {
				nSrc++ // absorbed
			}
			continue
		}
		d.bits, d.n = d.bits<<6|uint32(v), d.n+6
		if d.n >= 16 {
			d.n -= 16
			u := rune(d.bits>>d.n) & 0xFFFF
			d.bits &= 1<<d.n - 1
			nDst += d.unit(dst[nDst:], u)
		}
		nSrc++
	}
	if atEOF && d.shifted {
		nDst += d.endShift(dst[nDst:])
	}
	return nDst, nSrc, nil
}

// unit writes the UTF-16 code unit u to dst, joining surrogates, and
// returns how many bytes it wrote.
func (d *utf7Decoder) unit(dst []byte, u rune) int {
	n := 0
	switch {
	case u >= 0xD800 && u < 0xDC00:
		if d.high != 0 {
			n = utf8.EncodeRune(dst, utf8.RuneError)
		}
		d.high = u
		return n
	case u >= 0xDC00 && u < 0xE000:
		if d.high == 0 {
			return utf8.EncodeRune(dst, utf8.RuneError)
		}
		u = 0x10000 + (d.high-0xD800)<<10 + (u - 0xDC00)
		d.high = 0
	case d.high != 0:
		n = utf8.EncodeRune(dst, utf8.RuneError)
		d.high = 0
	}
	return n + utf8.EncodeRune(dst[n:], u)
}

// endShift ends a shift, and returns how many bytes of errors it wrote:
// a high surrogate left alone, bits left over that are not zero.
func (d *utf7Decoder) endShift(dst []byte) int {
	n := 0
	if d.high != 0 {
		n = utf8.EncodeRune(dst, utf8.RuneError)
	}
	if d.bits != 0 {
		n += utf8.EncodeRune(dst[n:], utf8.RuneError)
	}
	*d = utf7Decoder{}
	return n
}

// base64Value maps the bytes of the base64 alphabet to their values, and
// every other byte to -1.
var base64Value = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/" {
		t[c] = int8(i)
	}
	return t
}()
