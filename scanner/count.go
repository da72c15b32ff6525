package scanner

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// counter counts lines and columns over text given to it in pieces, as
// positions count them: lines break at LF, CR LF or a lone CR (a CR LF
// cut between two pieces counts once), and a column counts characters.
// A piece must not end inside a UTF-8 sequence.
type counter struct {
	Line, Column int
	prevCR       bool // the last byte seen is a CR
}

// newCounter returns a counter at line 1, column 1.
func newCounter() counter { return counter{Line: 1, Column: 1} }

// count moves the counter over b. It returns the index in b of the last
// byte of its last line break, or -1 when b breaks no line.
func (c *counter) count(b []byte) int { return c.countKnown(b, false) }

// countKnown is count, told by noCR that b is known to hold no CR.
func (c *counter) countKnown(b []byte, noCR bool) int {
	if len(b) == 0 {
		return -1
	}
	if len(b) <= 32 {
		return c.countShort(b)
	}
	last, n := -1, 0
	if noCR || bytes.IndexByte(b, '\r') < 0 {
		if n = bytes.Count(b, nl); n > 0 {
			last = bytes.LastIndexByte(b, '\n')
			if c.prevCR && b[0] == '\n' {
				n-- // the LF of a CR LF whose CR was counted
			}
		}
	} else {
		prevCR := c.prevCR
		for i, ch := range b {
			switch ch {
			case '\r':
				n++
				last = i
			case '\n':
				if !prevCR {
					n++
				}
				last = i
			}
			prevCR = ch == '\r'
		}
	}
	c.prevCR = b[len(b)-1] == '\r'
	c.Line += n
	if last >= 0 {
		c.Column = 1 + runeCount(b[last+1:])
	} else {
		c.Column += runeCount(b)
	}
	return last
}

// countShort is count for a few bytes, one loop instead of several
// searches: eight ASCII bytes with no CR at a time, their LFs found and
// counted together, and the rest byte by byte (countRest).
func (c *counter) countShort(b []byte) int {
	last, i := -1, 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		if x&0x8080808080808080 != 0 || hasByte(x, '\r') {
			break
		}
		lf := byteMask(x, '\n')
		if lf == 0 {
			c.Column += 8
			c.prevCR = false
			continue
		}
		n := bits.OnesCount64(lf)
		if c.prevCR && b[i] == '\n' {
			n-- // the LF of a CR LF whose CR was counted
		}
		k := (63 - bits.LeadingZeros64(lf)) / 8 // the last LF
		c.Line += n
		c.Column = 8 - k
		c.prevCR = false
		last = i + k
	}
	if i < len(b) {
		if l := c.countRest(b[i:]); l >= 0 {
			return i + l
		}
	}
	return last
}

// byteMask returns the high bit of each byte of x, all ASCII, that is c,
// and of no other: with no carry from one byte to the next, unlike
// hasByte's test.
func byteMask(x uint64, c byte) uint64 {
	const lows, highs = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	v := x ^ (0x0101010101010101 * uint64(c))
	return ^((v&lows + lows) | v) & highs
}

// hasByte reports whether one of the bytes of x, all ASCII, is c.
func hasByte(x uint64, c byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	y := x ^ (ones * uint64(c))
	return (y-ones)&^y&highs != 0
}

// countRest is countShort without its eight-byte steps.
func (c *counter) countRest(b []byte) int {
	last, prevCR := -1, c.prevCR
	for i, ch := range b {
		switch ch {
		case '\n':
			if !prevCR {
				c.Line++
			}
			last = i
		case '\r':
			c.Line++
			last = i
		}
		prevCR = ch == '\r'
	}
	c.prevCR = prevCR
	if last >= 0 {
		c.Column = 1 + runeCount(b[last+1:])
	} else {
		c.Column += runeCount(b)
	}
	return last
}

// runeCount counts the characters of b as utf8.DecodeRune reads them (an
// invalid byte is one), 32 or 64 bytes at a time where they hold no lead
// byte (leadFree, with AVX2), eight bytes at a time otherwise where they
// are ASCII, and without the copy that utf8.RuneCount may make.
func runeCount(b []byte) int {
	if !useVector || len(b) < 64 {
		n, _ := countFrom(b, 0, len(b))
		return n
	}
	n, i := 0, 0
	wait := 64 // how far countFrom goes after leadFree found no block
	for i < len(b) {
		if len(b)-i >= 64 {
			// Blocks of 32 bytes with no lead byte, as many characters;
			// past a lead byte, the other way for a while, longer each
			// time the blocks hold lead bytes from their start.
			k := leadFree(b[i:])
			n, i = n+k, i+k
			if k == 0 {
				wait = min(2*wait, 4096)
			} else {
				wait = 64
			}
		}
		k, j := countFrom(b, i, min(i+wait, len(b)))
		n, i = n+k, j
	}
	return n
}

// countFrom counts the characters of b from b[i] on, whole ones, until it
// reaches end or passes it: it returns their number and where it stopped.
func countFrom(b []byte, i, end int) (n, j int) {
	for i < end {
		if i+8 <= len(b) {
			// Eight bytes with no lead byte (0xC2 to 0xF4) are eight
			// characters, invalid bytes included. So are eight with no
			// continuation byte (0x80 to 0xBF): their lead bytes are all
			// invalid, but for a last one, which the bytes after it may
			// continue, and which is left to the next step.
			x := binary.LittleEndian.Uint64(b[i:])
			if !hasLead(x) {
				n += 8
				i += 8
				continue
			}
			if !hasContinuation(x) {
				k := 8
				if c := byte(x >> 56); c >= 0xC2 && c <= 0xF4 {
					k = 7
				}
				n += k
				i += k
				continue
			}
		}
		// Otherwise the next eight bytes, one by one, the common valid
		// sequences of two and three bytes tested inline.
		for stop := min(i+8, len(b)); i < stop; n++ {
			c := b[i]
			switch {
			case c < 0xC2 || c > 0xF4:
				i++ // not a lead byte: one character
			case c < 0xE0:
				if i+1 < len(b) && b[i+1]&0xC0 == 0x80 {
					i += 2
				} else {
					i++
				}
			case common3(b, i):
				// A run of them, as in CJK text, in one loop, two at a
				// time while eight bytes are left.
				for i += 3; i+8 <= len(b); i += 6 {
					x := binary.LittleEndian.Uint64(b[i:])
					if x&0xC0C000C0C000 != 0x808000808000 || commonLead[byte(x)] != 3 || commonLead[byte(x>>24)] != 3 {
						break
					}
					n += 2
				}
				for ; common3(b, i); i += 3 {
					n++
				}
			default:
				i += seqLen(b[i:])
			}
		}
	}
	return n, i
}

// common3 reports whether b[i:] starts with a valid sequence of three
// bytes whose lead byte is one of commonLead's.
func common3(b []byte, i int) bool {
	return i+2 < len(b) && commonLead[b[i]] == 3 && binary.LittleEndian.Uint16(b[i+1:])&0xC0C0 == 0x8080
}

// commonLead is 3 for the lead bytes of three-byte sequences whose second
// byte may be any continuation byte: 0xE1 to 0xEC, 0xEE and 0xEF.
var commonLead = func() (t [256]uint8) {
	for c := 0xE1; c <= 0xEF; c++ {
		if c != 0xED {
			t[c] = 3
		}
	}
	return t
}()

// hasLead reports whether one of the eight bytes of x is a lead byte of
// UTF-8, 0xC2 to 0xF4: a byte whose top bit is set and whose low seven
// bits lie strictly between 0x41 and 0x75, tested on the eight at once
// (the "hasbetween" of Sean Eron Anderson's Bit Twiddling Hacks, exact
// for bytes below 0x80).
func hasLead(x uint64) bool {
	const ones, highs, low7 = 0x0101010101010101, 0x8080808080808080, 0x7F7F7F7F7F7F7F7F
	y := x & low7
	between := (ones*(127+0x75) - y) &^ y & (y + ones*(127-0x41)) & highs
	return between&x != 0
}

// hasContinuation reports whether one of the eight bytes of x is a
// continuation byte of UTF-8, 0x80 to 0xBF: its top bit set and the next
// one clear.
func hasContinuation(x uint64) bool {
	const highs = 0x8080808080808080
	return x&^(x<<1)&highs != 0
}

// seqLen returns the length of the UTF-8 sequence that b starts with, a
// lead byte (0xC2 to 0xF4): its whole length when it is valid, and 1 when
// it is not, as utf8.DecodeRune reads it, without its call.
func seqLen(b []byte) int {
	c := b[0]
	lo, hi := byte(0x80), byte(0xBF) // the second byte's range
	switch c {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	switch {
	case c < 0xE0:
		if len(b) >= 2 && b[1] >= lo && b[1] <= hi {
			return 2
		}
	case c < 0xF0:
		if len(b) >= 3 && b[1] >= lo && b[1] <= hi && b[2]&0xC0 == 0x80 {
			return 3
		}
	default:
		if len(b) >= 4 && b[1] >= lo && b[1] <= hi && b[2]&0xC0 == 0x80 && b[3]&0xC0 == 0x80 {
			return 4
		}
	}
	return 1
}

var nl = []byte{'\n'}

// advanceTo moves the tracker to buf offset i.
func (s *Scanner) advanceTo(i int) {
	t := &s.track
	b := s.buf[t.at:i]
	t.advance(b, i, len(b) > 32 && s.crLine.none(t.at, i))
}

// runeSafe returns how many bytes of b can be decoded without knowing
// what follows: all of b but a final incomplete UTF-8 sequence.
func runeSafe(b []byte) int {
	for k := len(b) - 1; k >= 0 && k >= len(b)-utf8.UTFMax+1; k-- {
		if utf8.RuneStart(b[k]) {
			if !utf8.FullRune(b[k:]) {
				return k
			}
			break
		}
	}
	return len(b)
}

// tracker counts lines and columns up to a buffer offset, and keeps the
// head of the line.
type tracker struct {
	counter
	at      int // buf offset the counts are at
	head    [leadMax]byte
	headLen int // the first headLen bytes of the line, up to at
}

// advance moves the tracker over b, which ends at buf offset to; noCR
// says b is known to hold no CR.
func (t *tracker) advance(b []byte, to int, noCR bool) {
	t.at = to
	if last := t.countKnown(b, noCR); last >= 0 {
		t.headLen = copy(t.head[:], b[last+1:])
	} else {
		t.headLen += copy(t.head[t.headLen:], b)
	}
}
