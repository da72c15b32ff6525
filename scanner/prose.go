package scanner

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind says how a candidate was written.
type Kind uint8

const (
	// Wrapper is "<" ... ">", the Appendix's form.
	Wrapper Kind = iota
	// Unwrapped is a known scheme and ":" at the start of a word, with
	// no wrapper (Prose mode); "URL:http://..." is one too.
	Unwrapped
	// Quoted is an unwrapped URL between double quotes.
	Quoted
	// WWW is a host name that starts with "www." or "ftp.", written
	// without a scheme (Prose mode).
	WWW
	// Host is a bare host name, maybe with a port and a path
	// (Schemeless mode).
	Host
	// Email is an e-mail address (Schemeless mode).
	Email
)

// lookBack is the most bytes a prose candidate starts before the byte
// that finds it (its ":", ".", or "@"): the longest scheme, local part or
// label taken.
const lookBack = 64

// proseCand is a prose candidate found but not yet returned; its offsets
// are in buf.
type proseCand struct {
	start, end int
	kind       Kind
	pos        Position // set once worked out (pos.Line > 0)
	pre        [2]int   // its prefixes, in prose.spans
	quote      string
}

// prose is the state of the finder of URLs written without wrappers.
type prose struct {
	on, schemeless bool
	known          func(scheme []byte) (take, slashes bool)
	pr             int // buf offset from which the events are still to look at
	lastEnd        int // buf offset of the end of the last candidate taken
	colon, dot, at finder
	last           [16]byte // the last scheme asked of known, and its answer
	lastLen        int
	lastTake       bool
	lastSlashes    bool
	word           shortWord // the last word of up to 8 bytes mayScheme asked of known
	runFrom, runTo int       // buf offsets between which all are URL characters
	queue          []proseCand
	qhead          int
	spans          []Span
}

// ProseSchemes sets which schemes count for a URL written without a
// wrapper (Prose mode): known says whether to take a scheme (given as
// written) and whether "//" must follow its ":". Without it, Prose mode
// finds no scheme URLs, only "www." and "ftp." host names.
func ProseSchemes(known func(scheme []byte) (take, slashes bool)) Option {
	return func(s *Scanner) { s.prose.known = known }
}

// proseInit sets the prose finder's searches up, once for all scans.
func (s *Scanner) proseInit() {
	p := &s.prose
	p.colon = finder{c: ':', filter: schemes, p: p}
	p.dot, p.at = finder{c: '.', filter: www}, finder{c: '@'}
	if p.schemeless {
		p.dot.filter = all
	}
	if noShortcuts {
		p.colon.filter, p.dot.filter = all, all
	}
}

// proseReset starts the prose finder afresh, keeping its settings and
// its buffers.
func (s *Scanner) proseReset() {
	p := &s.prose
	p.pr, p.lastEnd = 0, 0
	p.colon.reset()
	p.dot.reset()
	p.at.reset()
	p.last, p.lastLen, p.lastTake, p.lastSlashes = [16]byte{}, 0, false, false
	p.word = shortWord{}
	p.runFrom, p.runTo = 0, 0
	p.queue, p.qhead, p.spans = p.queue[:0], 0, p.spans[:0]
}

// noShortcuts turns off the prose finder's shortcuts, the finders'
// filters and the memory of runs: the tests check that they change
// nothing but the speed.
var noShortcuts = false

// proseShift moves the prose finder's offsets when the buffer drops its
// first n bytes.
func (s *Scanner) proseShift(n int) {
	p := &s.prose
	p.pr -= n
	p.lastEnd = max(p.lastEnd-n, 0)
	p.runFrom, p.runTo = max(p.runFrom-n, 0), max(p.runTo-n, 0)
	for i := p.qhead; i < len(p.queue); i++ {
		p.queue[i].start -= n
		p.queue[i].end -= n
	}
	p.colon.shift(n)
	p.dot.shift(n)
	p.at.shift(n)
}

// proseKeep returns the first buf offset the prose finder still needs.
func (s *Scanner) proseKeep() int {
	p := &s.prose
	keep := max(p.pr-lookBack-1, p.lastEnd-1, 0)
	if p.qhead < len(p.queue) {
		keep = min(keep, p.queue[p.qhead].start)
	}
	return keep
}

// nextProse makes the first waiting prose candidate current when nothing
// found by the wrapper scan comes before it.
func (s *Scanner) nextProse() bool {
	p := &s.prose
	if p.qhead == len(p.queue) {
		return false
	}
	c := &p.queue[p.qhead]
	switch {
	case s.ready:
		if s.base+int64(c.start) >= s.pend.Pos.Offset {
			return false
		}
	case s.done:
	case s.open >= 0 && c.start >= s.open, c.start >= s.r:
		return false
	}
	if c.pos.Line == 0 {
		c.pos = s.at(c.start)
	}
	var pre []Span
	if c.pre[1] > c.pre[0] {
		pre = p.spans[c.pre[0]:c.pre[1]]
	}
	raw := s.buf[c.start:c.end]
	s.cand = Candidate{Pos: c.pos, Raw: raw, Body: Span{0, len(raw)}, Quote: c.quote, Prefixes: pre, Kind: c.kind}
	s.cur = &s.cand
	p.qhead++
	if p.qhead == len(p.queue) {
		p.queue, p.qhead = p.queue[:0], 0
		p.spans = p.spans[:0]
	}
	return true
}

// proseUpTo finds the prose candidates that start before buf offset
// limit, and works out their positions, which must come before limit's.
// When final, the data is all there is.
func (s *Scanner) proseUpTo(limit int, final bool) {
	p := &s.prose
	hi := min(s.w, limit+lookBack)
	if final {
		hi = s.w
	}
	for p.pr < hi {
		j := p.colon.find(s.buf[:s.w], p.pr, hi)
		if k := p.dot.find(s.buf[:s.w], p.pr, hi); k >= 0 && (j < 0 || k < j) {
			j = k
		}
		if p.schemeless {
			if k := p.at.find(s.buf[:s.w], p.pr, hi); k >= 0 && (j < 0 || k < j) {
				j = k
			}
		}
		if j < 0 {
			p.pr = hi
			break
		}
		c, more := s.proseAt(j, final)
		if more {
			p.pr = j
			if c.start >= s.track.at && c.start < limit {
				// Not finished for want of data, but the position of
				// what follows is asked for: this one's comes first.
				for i := p.qhead; i < len(p.queue); i++ {
					if p.queue[i].pos.Line == 0 {
						p.queue[i].pos = s.at(p.queue[i].start)
					}
				}
				s.advanceTo(c.start)
			}
			break
		}
		if c.start < 0 || c.end <= c.start {
			p.pr = j + 1
			if p.runFrom <= p.pr && !p.schemeless && !noShortcuts {
				// A scheme or "www." found at or before runTo-max, its
				// URL going on from after it, runs into its maximum
				// length: it would be dropped.
				p.pr = max(p.pr, p.runTo-s.max+1)
			}
			continue
		}
		p.queue = append(p.queue, c)
		p.lastEnd, p.pr = c.end, c.end
	}
	for i := p.qhead; i < len(p.queue); i++ {
		if c := &p.queue[i]; c.pos.Line == 0 && (c.start < limit || final) {
			c.pos = s.at(c.start)
		}
	}
}

// at returns the position of buf offset i, which must not be before the
// tracker's.
func (s *Scanner) at(i int) Position {
	if i < s.track.at {
		// Not expected; counted back from the tracker rather than lost.
		var c counter
		c.count(s.buf[i:s.track.at])
		p := Position{Filename: s.name, Offset: s.base + int64(i), Line: s.track.Line - (c.Line), Column: 1}
		if c.Line == 0 {
			p.Column = max(1, s.track.Column-(c.Column))
		} else if k := lastBreak(s.buf[:i]); k >= 0 {
			p.Column = 1 + runeCount(s.buf[k+1:i])
		}
		return p
	}
	s.advanceTo(i)
	return Position{Filename: s.name, Offset: s.base + int64(i), Line: s.track.Line, Column: s.track.Column}
}

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
	for k < lim {
		if s.buf[k] == '.' {
			k++
		} else if n := s.hostRuneAt(k); n > 0 && k+n <= lim {
			k += n
		} else {
			break
		}
	}
	return k
}

// lastBreak returns the index of the last LF or CR in b, or -1. It looks
// at the bytes after that break only (two searches for LF and CR would
// each cross the whole of b when it holds only the other).
func lastBreak(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' || b[i] == '\r' {
			return i
		}
	}
	return -1
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

// filter says which occurrences of its byte a finder keeps.
type filter uint8

const (
	all     filter = iota
	schemes        // ":" after a scheme byte, not followed by what ends a URL ("Note: ...")
	www            // "." after "www" or "ftp" at a word start (without Schemeless)
	// 0xEF followed by 0xBC, or last in the data: what starts "＜", "＞"
	// or "：". Searched for by its second byte, which text with many
	// characters of three bytes (CJK, or UTF-16 decoded) holds far less
	// often than the lead byte 0xEF.
	fullwidth
)

// filtered returns the offset of the first c from buf offset i on that
// the filter keeps, or -1. The rest of a run of c goes with one it does
// not keep ("....." in a table of contents).
func (f *finder) filtered(buf []byte, i int) int {
	dense := false
	for i < len(buf) {
		var k int
		if dense {
			// The last one was near: a loop over the next bytes costs
			// less than a call to IndexByte.
			end := min(i+64, len(buf))
			for k = i; k < min(i+8, end) && buf[k] != f.c; k++ {
			}
			if k == i+8 {
				if n := indexNear(buf[k:end], f.c); n >= 0 {
					k += n
				} else {
					k = end
				}
			}
			if k == end {
				i, dense = end, false
				continue
			}
		} else {
			k = bytes.IndexByte(buf[i:], f.c)
			if k < 0 {
				return -1
			}
			dense = k < 16
			k += i
		}
		switch f.filter {
		case schemes:
			if k > 0 && schemeByte[buf[k-1]] && (k+1 == len(buf) || !(buf[k+1] < 0x80 && stopByte[buf[k+1]])) &&
				f.p.mayScheme(buf, k) {
				return k
			}
		case www:
			if k >= 3 && isWWW(buf[k-3:k]) && (k == 3 || !wordByte[buf[k-4]] && !boundNot[buf[k-4]]) {
				return k
			}
		}
		for i = k + 1; i < len(buf) && buf[i] == f.c; i++ {
		}
	}
	return -1
}

// indexNear is bytes.IndexByte for a short b: eight bytes at a time,
// with no call to set up.
func indexNear(b []byte, c byte) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	rep := ones * uint64(c)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		// A byte of x is zero where b holds c; the lowest byte whose
		// high bit t sets is the first such.
		x := binary.LittleEndian.Uint64(b[i:]) ^ rep
		if t := (x - ones) &^ x & highs; t != 0 {
			return i + bits.TrailingZeros64(t)/8
		}
	}
	for ; i < len(b); i++ {
		if b[i] == c {
			return i
		}
	}
	return -1
}

// mayScheme is the schemes filter's look at the word before the ":" at
// buf offset j: false when it is no scheme that proseAt takes. It leaves
// to proseAt the words it cannot judge alone: those with ".", "+" or "-"
// (whose tails are tried), and those that reach back to the last
// candidate or too far.
func (p *prose) mayScheme(buf []byte, j int) bool {
	k := j
	var w uint64 // the word's bytes, while it has at most 8
	for k > 0 && j-k < lookBack && schemeByte[buf[k-1]] {
		k--
		b := buf[k]
		if b == '.' || b == '+' || b == '-' {
			return true
		}
		w = w<<8 | uint64(b)
	}
	if k <= p.lastEnd || j-k == lookBack || p.known == nil {
		return true
	}
	if !isLetter(buf[k]) || k > 0 && wordByte[buf[k-1]] {
		return false
	}
	var take, slashes bool
	if n := j - k; n == p.word.n && w == p.word.w {
		take, slashes = p.word.take, p.word.slashes
	} else {
		take, slashes = p.isKnown(buf[k:j])
		if n <= 8 {
			p.word = shortWord{w, n, take, slashes}
		}
	}
	if !take {
		return false
	}
	return !slashes || j+3 > len(buf) || buf[j+1] == '/' && buf[j+2] == '/'
}

// shortWord is a word of up to 8 bytes, as mayScheme reads it (n is 0
// for none), and known's answer.
type shortWord struct {
	w             uint64
	n             int
	take, slashes bool
}

// isKnown is known, remembering the last answer: a text that repeats a
// word before ":" asks once.
func (p *prose) isKnown(scheme []byte) (take, slashes bool) {
	if len(scheme) == p.lastLen && bytes.Equal(scheme, p.last[:p.lastLen]) {
		return p.lastTake, p.lastSlashes
	}
	take, slashes = p.known(scheme)
	if len(scheme) <= len(p.last) {
		p.lastLen = copy(p.last[:], scheme)
		p.lastTake, p.lastSlashes = take, slashes
	}
	return take, slashes
}

// isWWW reports whether b, three bytes, is "www" or "ftp" in any case.
func isWWW(b []byte) bool {
	w := [3]byte{b[0] | 0x20, b[1] | 0x20, b[2] | 0x20}
	return w == [3]byte{'w', 'w', 'w'} || w == [3]byte{'f', 't', 'p'}
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// proseAt looks at the event byte at buf offset j (":", "." or "@") and
// returns the candidate it starts, with end <= start when none; more is
// true when the data ends too soon to tell.
func (s *Scanner) proseAt(j int, final bool) (c proseCand, more bool) {
	c.start = -1 // none, or not known yet
	p := &s.prose
	floor := max(p.lastEnd, j-lookBack, 0)
	switch s.buf[j] {
	case ':':
		if p.known == nil {
			return c, false
		}
		// The scheme: the longest run of scheme bytes before ":" that
		// starts a word, or, when that is not a known one, its tails
		// after a ".", "+" or "-" ("e.g.http:").
		k := j
		for k > floor && schemeByte[s.buf[k-1]] {
			k--
		}
		if k == floor && k > 0 && k == j-lookBack {
			return c, false // longer than any scheme
		}
		for ; k < j; k++ {
			if k > floor && schemeByte[s.buf[k-1]] && s.buf[k-1] != '.' && s.buf[k-1] != '+' && s.buf[k-1] != '-' {
				continue
			}
			if !isLetter(s.buf[k]) || k > 0 && wordByte[s.buf[k-1]] {
				continue
			}
			take, slashes := p.isKnown(s.buf[k:j])
			if !take {
				continue
			}
			if slashes {
				if j+3 > s.w && !final {
					return c, true
				}
				if j+3 > s.w || s.buf[j+1] != '/' || s.buf[j+2] != '/' {
					return c, false
				}
			}
			c = proseCand{start: k, kind: Unwrapped}
			if k > 0 && s.buf[k-1] == '"' {
				c.kind = Quoted
			}
			from := j + 1
			if slashes {
				from = j + 3 // "scheme://" alone is no URL
			}
			return s.proseEnd(c, from, final)
		}
		return c, false
	case '.':
		if j+1 >= s.w && !final {
			return c, true
		}
		// "www." or "ftp." at a word start.
		if k := j - 3; k >= floor && j+1 < s.w && hostByte[s.buf[j+1]] && s.buf[j+1] != '-' &&
			(k == 0 || !wordByte[s.buf[k-1]] && !boundNot[s.buf[k-1]]) && isWWW(s.buf[k:j]) {
			return s.proseEnd(proseCand{start: k, kind: WWW}, j+1, final)
		}
		if !p.schemeless {
			return c, false
		}
		k := j
		for k > floor {
			if n := s.hostRuneBefore(k, floor); n > 0 {
				k -= n
				continue
			}
			break
		}
		if k == j || (k == j-lookBack && k > 0) || s.buf[k] == '-' || k > 0 && (wordByte[s.buf[k-1]] || boundNot[s.buf[k-1]]) {
			return c, false
		}
		if s.hostRuneAt(j+1) <= 0 || s.buf[j+1] == '-' {
			if j+utf8.UTFMax > s.w && !final {
				return c, true
			}
			return c, false
		}
		return s.proseEnd(proseCand{start: k, kind: Host}, j+1, final)
	case '@':
		if !p.schemeless {
			return c, false
		}
		k := j
		for k > floor && localByte[s.buf[k-1]] {
			k--
		}
		for k < j && s.buf[k] == '.' {
			k++
		}
		if k == j || (k == j-lookBack && k > 0) || k > 0 && (wordByte[s.buf[k-1]] || boundNot[s.buf[k-1]]) {
			return c, false
		}
		return s.proseEnd(proseCand{start: k, kind: Email}, j+1, final)
	}
	return c, false
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
	for {
		if i >= cut {
			return cut, i, false, true
		}
		if i >= s.w {
			return i, i, !final, false
		}
		c := s.buf[i]
		if c < utf8.RuneSelf {
			if stopByte[c] {
				return i, i, false, false
			}
			i++
			continue
		}
		if !utf8.FullRune(s.buf[i:s.w]) && !final {
			return i, i, true, false
		}
		r, n := utf8.DecodeRune(s.buf[i:s.w])
		if r == utf8.RuneError && n == 1 || unicode.IsPunct(r) || unicode.IsSpace(r) ||
			unicode.In(r, unicode.Cc, unicode.Cf, unicode.Sm) || r >= 0xFF01 && r <= 0xFF20 ||
			r >= 0xFF3B && r <= 0xFF40 || r >= 0xFF5B && r <= 0xFF65 {
			return i, i, false, false
		}
		if i+n > cut {
			return cut, i, false, true
		}
		i += n
	}
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

// TrimEnd returns the length of b without what ends a URL in prose but is
// not part of it: sentence punctuation (".", ",", ";", ":", "!", "?"),
// quotes and "*", and a closing ")", "]" or "}" that no opening one in b
// balances.
func TrimEnd(b []byte) int {
	n := len(b)
	for n > 0 {
		switch c := b[n-1]; c {
		case '.', ',', ';', ':', '!', '?', '"', '*', '@':
			n--
			continue
		case '\'':
			// Kept when it closes a quote opened inside ("it's 'a'").
			if bytes.Count(b[:n], []byte{'\''})%2 == 1 {
				n--
				continue
			}
		case ')', ']', '}':
			open := byte('(')
			if c != ')' {
				open = c - 2 // "[" and "{" stand two before "]" and "}"
			}
			depth := 0
			for _, d := range b[:n] {
				switch d {
				case open:
					depth++
				case c:
					depth--
				}
			}
			if depth < 0 {
				n--
				continue
			}
		}
		break
	}
	return n
}

// proseEnd finds where the candidate c, whose text goes on at buf offset
// from, ends: the run of URL characters, without its trailing
// punctuation, and, when it ends a line right after a hyphen, the first
// word of the lines that follow (the Appendix's hyphen rule).
func (s *Scanner) proseEnd(c proseCand, from int, final bool) (proseCand, bool) {
	// A candidate that reaches the maximum length is dropped, as an
	// abandoned wrapper is: where it would end is not known.
	cut := c.start + s.max
	lim := min(s.w, cut)
	end := -1
	if c.kind == Host {
		// A host name, then maybe a port, then maybe a path: what
		// follows the host name otherwise must end the URL.
		k := s.labels(from, lim)
		if k < s.w && s.buf[k] >= utf8.RuneSelf && !utf8.FullRune(s.buf[k:s.w]) && !final {
			return c, true // a character cut by the end of the data
		}
		if k < lim && s.buf[k] == ':' {
			d := k + 1
			for d < lim && s.buf[d] >= '0' && s.buf[d] <= '9' {
				d++
			}
			if d == s.w && d < cut && !final {
				return c, true
			}
			if d > k+1 {
				k = d
			}
		}
		switch {
		case k == cut:
			return c, false
		case k == s.w && !final:
			return c, true
		case k < s.w && s.buf[k] != '/':
			if b := s.buf[k]; b < utf8.RuneSelf && !stopByte[b] && !strings.ContainsRune(".,;:!?'\")]}*", rune(b)) {
				return c, false
			}
			end = k // the URL ends here
		}
	}
	if end < 0 {
		var more, long bool
		end, more, long = s.run(from, cut, final)
		switch {
		case more:
			return c, true
		case long:
			return c, false
		}
		end = c.start + unbalanced(s.buf[c.start:end])
	}
	end = c.start + TrimEnd(s.buf[c.start:end])
	switch c.kind {
	case Quoted:
		if end >= s.w || s.buf[end] != '"' {
			c.kind = Unwrapped
		}
	case Email:
		// The domain: labels and dots, up to anything else.
		k := s.labels(from, end)
		for k > from && (s.buf[k-1] == '.' || s.buf[k-1] == '-') {
			k--
		}
		end = k
	case Host:
		if bytes.IndexByte(s.buf[c.start:end], '@') >= 0 {
			return c, false // an e-mail address, found at its "@"
		}
	}
	if end <= from {
		c.end = c.start
		return c, false
	}
	c.end = end
	if c.kind == Email {
		return c, false
	}
	p := &s.prose
	pre0 := len(p.spans)
	gutter := false
	for hyphens := 0; hyphens < 4 && s.buf[c.end-1] == '-'; hyphens++ {
		// The hyphen must end its line: then the first word of the next
		// line, after its indentation, quote prefix and line number,
		// goes on with the URL.
		k := c.end
		for k < s.w && (s.buf[k] == ' ' || s.buf[k] == '\t') {
			k++
		}
		if k+2 > s.w && !final {
			p.spans = p.spans[:pre0]
			return c, true
		}
		if k >= s.w || s.buf[k] != '\n' && s.buf[k] != '\r' {
			break
		}
		b := k + 1
		if s.buf[k] == '\r' && b < s.w && s.buf[b] == '\n' {
			b++
		}
		if hyphens == 0 {
			c.quote = s.lineHeadQuote(c.start)
			gutter = s.hasGutter(c.start)
		}
		w := s.skipLineHead(b, c.quote, gutter)
		if w+1 > s.w && !final {
			p.spans = p.spans[:pre0]
			return c, true
		}
		e, more, long := s.run(w, cut, final)
		if more {
			p.spans = p.spans[:pre0]
			return c, true
		}
		if long {
			break // too long with the next line's word: without it
		}
		e = w + TrimEnd(s.buf[w:e])
		if e == w || s.startsWithScheme(w, e) {
			break
		}
		p.spans = append(p.spans, Span{b - c.start, w - c.start})
		c.end = e
	}
	c.pre = [2]int{pre0, len(p.spans)}
	return c, false
}

// lineHead returns the start of the line of buf offset i, at most LeadMax
// bytes: from the buffer when the line starts there, or else from the
// tracker, whose line it is: its head, then the bytes from it up to i.
// After a reset the tracker stands at the buffer's start with an empty
// head, the start of a line, wherever in a larger input that is.
func (s *Scanner) lineHead(i int) []byte {
	if k := lastBreak(s.buf[:i]); k >= 0 {
		return s.buf[k+1 : min(i, k+1+LeadMax)]
	}
	t := &s.track
	if t.at >= i || t.headLen == LeadMax {
		return t.head[:t.headLen]
	}
	n := copy(s.headBuf[:], t.head[:t.headLen])
	n += copy(s.headBuf[n:], s.buf[t.at:i])
	return s.headBuf[:n]
}

// lineHeadQuote returns the quote markers of the line on which buf offset
// i stands.
func (s *Scanner) lineHeadQuote(i int) string {
	if s.mode&QuotePrefixes == 0 {
		return ""
	}
	return leadQuote(s.lineHead(i))
}

// hasGutter reports whether the line of buf offset i starts with a line
// number gutter: spaces, digits, maybe "." or ":", and a space.
func (s *Scanner) hasGutter(i int) bool {
	h := s.lineHead(i)
	k := 0
	for k < len(h) && h[k] == ' ' {
		k++
	}
	d := k
	for k < len(h) && h[k] >= '0' && h[k] <= '9' {
		k++
	}
	if k == d {
		return false
	}
	if k < len(h) && (h[k] == '.' || h[k] == ':') {
		k++
	}
	return k < len(h) && (h[k] == ' ' || h[k] == '\t')
}

// skipLineHead returns where the text of the line at buf offset b starts,
// after its indentation, its quote prefix and its line number.
func (s *Scanner) skipLineHead(b int, quote string, gutter bool) int {
	k := b
	skip := func() {
		for k < s.w && (s.buf[k] == ' ' || s.buf[k] == '\t') {
			k++
		}
	}
	skip()
	if quote != "" {
		if n, ok := matchQuote(s.buf[k:s.w], quote); ok {
			k += n
		}
		skip()
	}
	if gutter {
		d := k
		for k < s.w && s.buf[k] >= '0' && s.buf[k] <= '9' {
			k++
		}
		if k > d && k < s.w && (s.buf[k] == '.' || s.buf[k] == ':') {
			k++
		}
		if k > d && k < s.w && (s.buf[k] == ' ' || s.buf[k] == '\t') {
			skip()
		} else {
			k = d
		}
	}
	return k
}

// startsWithScheme reports whether buf[i:e] starts with a scheme taken in
// prose and ":".
func (s *Scanner) startsWithScheme(i, e int) bool {
	if s.prose.known == nil {
		return false
	}
	for k := i; k < e; k++ {
		if s.buf[k] == ':' {
			take, _ := s.prose.known(s.buf[i:k])
			return k > i && take
		}
		if !schemeByte[s.buf[k]] {
			return false
		}
	}
	return false
}
