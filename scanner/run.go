package scanner

import (
	"encoding/binary"
	"unicode"
	"unicode/utf8"
)

// wordByte marks the bytes that make a word go on: a scheme, a host name
// or a local part never starts right after one.
var wordByte = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-32] = true, true
	}
	t['_'] = true
	return t
}()

// schemeByte marks the bytes of a scheme after its first letter.
var schemeByte = func() (t [256]bool) {
	t = wordByte
	t['_'] = false
	t['+'], t['-'], t['.'] = true, true, true
	return t
}()

// hostByte marks the bytes of a host name's labels.
var hostByte = func() (t [256]bool) {
	t = wordByte
	t['_'] = false
	t['-'] = true
	return t
}()

// localByte marks the bytes of an e-mail address's local part (RFC 5322
// atext, and "." between atoms).
var localByte = func() (t [256]bool) {
	t = wordByte
	for _, c := range "!#$%&'*+/=?^`{|}~-." {
		t[c] = true
	}
	return t
}()

// labels returns where the labels and dots of a host name that go on at
// buf offset k end, not after lim.
func (s *Scanner) labels(k, lim int) int {
	prev := -1 // the start of the label's last character
	for k < lim {
		if c := s.buf[k]; c == '.' {
			k++
			prev = -1
		} else if c < utf8.RuneSelf && (prev < 0 || s.buf[prev] < utf8.RuneSelf) {
			// Between two ASCII characters no label breaks (cjkBreak):
			// the common case, with no rune decoded.
			if !hostByte[c] {
				break
			}
			prev = k
			k++
		} else if n := s.hostRuneAt(k); n > 0 && k+n <= lim && (prev < 0 || !cjkBreak(s.buf[prev:k], s.buf[k:k+n])) {
			prev = k
			k += n
		} else {
			break
		}
	}
	return k
}

// cjkBreak reports whether a host name's label must not go on from the
// character that ends a to the one that starts b: when one is a CJK
// letter (Han, Hiragana, Katakana, Hangul) and the other ASCII. Text in
// those scripts has no spaces, and a host name written in it is glued to
// the words around it.
func cjkBreak(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	ra, _ := utf8.DecodeLastRune(a)
	rb, _ := utf8.DecodeRune(b)
	return ra < utf8.RuneSelf && isCJK(rb) || rb < utf8.RuneSelf && isCJK(ra)
}

// isCJK reports whether r is a letter of a script written without spaces
// between words: Han, Hiragana, Katakana or Hangul.
func isCJK(r rune) bool {
	return r >= 0x2E80 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// lastBreak returns the index of the last LF or CR in b, or -1. It looks
// at the bytes after that break only, eight at a time (two searches for
// LF and CR would each cross the whole of b when it holds only the other).
func lastBreak(b []byte) int {
	k, _ := lastBreakASCII(b)
	return k
}

// lastBreakASCII returns the index in b of its last LF or CR (-1 when it
// holds none), and whether the bytes after it are ASCII: eight bytes at a
// time, from the end.
func lastBreakASCII(b []byte) (int, bool) {
	var high uint64
	i := len(b)
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:])
		if hasByte(x, '\n') || hasByte(x, '\r') {
			break
		}
		high |= x
	}
	for ; i > 0; i-- {
		if c := b[i-1]; c == '\n' || c == '\r' {
			return i - 1, high&0x8080808080808080 == 0
		} else {
			high |= uint64(c)
		}
	}
	return -1, false
}

// hostRune reports whether a character other than ASCII belongs in a
// label of an internationalized host name: a letter, a digit or a mark.
func hostRune(r rune) bool { return unicode.In(r, unicode.L, unicode.Nd, unicode.Mn, unicode.Mc) }

// hostRuneAt returns the length of the character of a host name's label
// at buf offset i: an ASCII letter, digit or "-", or another letter or
// digit (an internationalized name); 0 for any other, or at the end of
// the data.
func (s *Scanner) hostRuneAt(i int) int {
	if i >= s.w {
		return 0
	}
	if c := s.buf[i]; c < utf8.RuneSelf {
		if hostByte[c] {
			return 1
		}
		return 0
	}
	if r, n := utf8.DecodeRune(s.buf[i:s.w]); hostRune(r) {
		return n
	}
	return 0
}

// hostRuneBefore is hostRuneAt for the character that ends at buf offset
// i, not before floor.
func (s *Scanner) hostRuneBefore(i, floor int) int {
	if c := s.buf[i-1]; c < utf8.RuneSelf {
		if hostByte[c] {
			return 1
		}
		return 0
	}
	if r, n := utf8.DecodeLastRune(s.buf[floor:i]); hostRune(r) {
		return n
	}
	return 0
}

// boundNot marks the bytes that, right before a host name or an e-mail
// address, make it part of something larger: a URL's path or authority,
// another address.
var boundNot = [256]bool{'.': true, '/': true, '@': true, ':': true, '-': true, '%': true,
	'&': true, '=': true, '?': true, '#': true, '+': true, '~': true, '\\': true}

// stopByte marks the ASCII bytes that end a URL written without a
// wrapper: white space and the other control characters, "<", ">", the
// double quote and the backquote.
var stopByte = func() (t [128]bool) {
	for c := 0; c <= ' '; c++ {
		t[c] = true
	}
	t[0x7f], t['<'], t['>'], t['"'], t['`'] = true, true, true, true, true
	return t
}()

// run returns the end of the run of URL characters that starts at buf
// offset i: up to white space, a stop byte, Unicode punctuation, a
// control or format character, or an invalid byte. more is true when the
// data ends before the run does, long when the run reaches buf offset
// cut, the most a candidate may take.
func (s *Scanner) run(i, cut int, final bool) (end int, more, long bool) {
	// What an earlier run crossed is not read again: a run longer than a
	// candidate may be holds the candidates of every scheme in it, each
	// dropped as too long ("mailto:mailto:..." with no space).
	p, from := &s.prose, i
	if p.runFrom <= i && i < p.runTo && !noShortcuts {
		i = p.runTo
	}
	end, to, more, long := s.runOn(i, cut, final)
	if long && !noShortcuts {
		// Read on, up to a candidate's length further: proseUpTo passes
		// over the events that this shows too long.
		_, to, _, _ = s.runOn(to, min(s.w, to+s.max), final)
	}
	if from <= p.runTo && to >= p.runFrom {
		from = min(from, p.runFrom)
	}
	p.runFrom, p.runTo = from, to
	return end, more, long
}

// runOn is run from buf offset i, a character's first byte; to is where
// it stopped reading, after the last URL character it read whole.
func (s *Scanner) runOn(i, cut int, final bool) (end, to int, more, long bool) {
	if i >= cut {
		return cut, i, false, true
	}
	// A character that starts before cut is read whole.
	n, stopped := runLen(s.buf[i:min(s.w, cut+utf8.UTFMax-1)], s.mode&softChars != 0)
	switch end = i + n; {
	case end >= cut:
		return cut, end, false, true
	case stopped:
		return end, end, false, false
	}
	// The data ends, maybe inside a character.
	return end, end, !final, false
}

// Run returns the length of the run of characters at the start of b that
// a URL written in prose may hold: up to white space, a control
// character, "<", ">", the double quote or the backquote, Unicode
// punctuation, a math symbol, fullwidth punctuation, a format character,
// an invalid byte, or a closing ")", "]" or "}" that no opening one in the
// run balances ("[text](http://a.example/)"). Under the Typography rule,
// soft hyphens and zero-width characters (U+00AD, U+200B, U+200D, U+2060,
// U+FEFF) do not stop it. The run still holds the punctuation that ends a
// sentence ("http://a.example/x." runs to the "."): where the URL ends is
// package wrap's rule.
func Run(b []byte, r Rule) int {
	n, _ := runLen(b, r&Typography != 0)
	return unbalanced(b[:n])
}

// unbalanced returns where b ends at a closing ")", "]" or "}" that no
// opening one before it in b balances: "(http://a.example/b)c".
func unbalanced(b []byte) int {
	var depth [3]int
	for i, c := range b {
		switch c {
		case '(':
			depth[0]++
		case '[':
			depth[1]++
		case '{':
			depth[2]++
		case ')', ']', '}':
			k := 0
			if c != ')' {
				k = 1 + int(c-']')/32
			}
			if depth[k] == 0 {
				return i
			}
			depth[k]--
		}
	}
	return len(b)
}

// runLen returns the length of the run at the start of b, and whether a
// character stopped it: false when it reaches the end of b, which may cut
// a character short. soft says soft hyphens and zero-width characters
// go on with it.
func runLen(b []byte, soft bool) (n int, stopped bool) {
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if stopByte[c] {
				return i, true
			}
			i++
			continue
		}
		if !utf8.FullRune(b[i:]) {
			return i, false
		}
		r, size := utf8.DecodeRune(b[i:])
		if runStops(r, size, soft) {
			return i, true
		}
		i += size
	}
	return len(b), false
}

// runStops reports whether the character r, of size bytes, stops a run.
func runStops(r rune, size int, soft bool) bool {
	switch {
	case soft && isSoft(r):
		return false
	case r == utf8.RuneError && size == 1, unicode.IsPunct(r), unicode.IsSpace(r),
		unicode.In(r, unicode.Cc, unicode.Cf, unicode.Sm):
		return true
	}
	return r >= 0xFF01 && r <= 0xFF20 || r >= 0xFF3B && r <= 0xFF40 || r >= 0xFF5B && r <= 0xFF65
}

// isSoft reports whether r is a soft hyphen or a zero-width character,
// which the Typography rule removes from a URL.
func isSoft(r rune) bool {
	return r == '\u00AD' || r == '\u200B' || r == '\u200D' || r == '\u2060' || r == '\uFEFF'
}
