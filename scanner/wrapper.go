package scanner

import (
	"bytes"
	"encoding/binary"
)

// The fullwidth brackets, in UTF-8.
const (
	fullOpen  = "\uFF1C"
	fullClose = "\uFF1E"
)

// bracket returns 1 or 3 when buf[i] starts an opening ('<') or closing
// ('>') bracket, 0 when it starts none, and -1 when the data ends too
// soon to tell.
func (s *Scanner) bracket(i int, which byte) int {
	c := s.buf[i]
	switch {
	case c == which:
		return 1
	case c != 0xEF || s.mode&fullwidthBrackets == 0:
		return 0
	case i+3 > s.w:
		if s.eof || s.err != nil {
			return 0
		}
		return -1
	}
	full := fullOpen
	if which == '>' {
		full = fullClose
	}
	if string(s.buf[i:i+3]) == full {
		return 3
	}
	return 0
}

// findOpen looks for the next opening bracket and opens a candidate
// there, or decides it at once when it closes on its line (s.ready). It
// returns false when the data holds none.
func (s *Scanner) findOpen() bool {
	for {
		i := s.lt.find(s.buf[:s.w], s.r, s.w)
		if s.mode&fullwidthBrackets != 0 {
			if found, wait := s.findFullwidth(i); found || wait {
				return found
			}
		}
		if i < 0 {
			s.r = s.w
			return false
		}
		if s.mode&skipEmpty != 0 {
			var wait bool
			if i, wait = s.passEmpty(i); wait {
				return false
			} else if i < 0 {
				continue
			}
		}
		if s.quick && !noQuick {
			// The short candidates that close on their line, dropped
			// or not, and the text between them, 32 bytes at a time.
			r, k := skipHopeless(s.buf[:s.w], i, s.max, s.mode&skipUnfit != 0)
			if k >= 0 {
				s.closeNow(r, k)
				return true
			}
			if r != i {
				s.r = r
				continue
			}
		}
		colon := -1 // a ":" or 0xEF after the "<" at i, where passColonless found it
		if s.mode&skipColonless != 0 {
			if i, colon = s.passColonless(i); i < 0 {
				continue
			}
		}
		stop := -1 // where the first stop after i is, when passOneLine looked
		if s.mode&(skipAbandoned|skipEmpty|skipColonless|skipUnfit) != 0 {
			var decided bool
			if i, stop, decided = s.passOneLine(i, colon); decided {
				return true
			} else if i < 0 {
				continue
			}
		}
		s.start(i, 1)
		// scanOpen goes on from the first stop, which passOneLine found:
		// the bytes before it would not stop it.
		s.r = max(s.r, stop)
		if stop >= 0 && s.quote != "" && !s.prose.on && !noQuick && s.closeQuoted(stop) {
			if s.ready {
				return true
			}
			continue // dropped: the scan goes on after it
		}
		return true
	}
}

// closeQuoted decides at once the open candidate of a quoted line whose
// first stop is the LF at buf offset k, when the next line starts with
// the same quote prefix and a "<" right after it, as in a reply that
// quotes lines cut before their ">": scanOpen would pass over the LF and
// the prefix, taking its ">" for the fallback (within the maximum
// length), and stop at that "<", which opens another candidate (or at
// the maximum length), to close this one at the fallback
// (closeAtQuote). The "<" decides, even where the data ends after it. It
// reports whether it did; otherwise nothing is changed, and scanOpen
// goes on from k. k is the end of the data where passOneLine found no
// stop before it. FuzzQuick and TestQuickLong compare it with scanOpen.
func (s *Scanner) closeQuoted(k int) bool {
	b := k + 1
	if k >= s.w || s.buf[k] != '\n' || b >= s.w || b >= s.open+s.max || s.buf[b] != '>' {
		return false
	}
	end, ok := matchQuote(s.buf[b:s.w], s.quote)
	if j := b + end; !ok || j >= s.w || s.buf[j] != '<' {
		return false
	}
	s.fallback = b
	s.closeAtQuote()
	return true
}

// findFullwidth opens a candidate at the first "＜" before buf offset end
// (the next "<", or -1 for none) and reports it found; wait is true when
// the data ends inside what may be one.
func (s *Scanner) findFullwidth(end int) (found, wait bool) {
	if end < 0 {
		end = s.w
	}
	for from := s.r; ; {
		j := s.ef.find(s.buf[:s.w], from, end)
		if j < 0 {
			return false, false
		}
		switch s.bracket(j, '<') {
		case 3:
			s.start(j, 3)
			return true, false
		case -1:
			// Keep what may be the start of "＜", cut by the end of the
			// data.
			s.r = j
			return false, true
		}
		from = j + 1
	}
}

// passEmpty passes over the empty candidates that start at the "<" at buf
// offset i (skipEmpty): a run of "<>", or each "<" of a run but the last.
// It returns the "<" to go on with, or -1 when it passed over a run of
// "<>" (the scan goes on at s.r); wait is true when the data ends inside a
// run of "<".
func (s *Scanner) passEmpty(i int) (next int, wait bool) {
	if i+1 >= s.w {
		return i, false
	}
	switch s.buf[i+1] {
	case '>':
		// "<>": an empty candidate, maybe the first of many.
		j := i + 2
		for j+8 <= s.w && binary.LittleEndian.Uint64(s.buf[j:]) == 0x3e3c3e3c3e3c3e3c {
			j += 8
		}
		for j+1 < s.w && s.buf[j] == '<' && s.buf[j+1] == '>' {
			j += 2
		}
		s.r = j
		return -1, false
	case '<':
		// Each "<" of a run but the last is an empty candidate.
		j := i + 1
		for j+8 <= s.w && binary.LittleEndian.Uint64(s.buf[j:]) == 0x3c3c3c3c3c3c3c3c {
			j += 8
		}
		for j < s.w && s.buf[j] == '<' {
			j++
		}
		if j == s.w && !s.eof && s.err == nil {
			s.r = j - 1 // the run may go on
			return j - 1, true
		}
		return j - 1, false
	}
	return i, false
}

// passColonless passes over the candidates from the "<" at buf offset i
// on that skipColonless drops. A candidate with no colon before the next
// "<", wherever it ends (at that "<" at the latest), is dropped; scanning
// would go on at that "<" in every case. So is one with no colon before a
// ">" on its line, which closes it: scanning goes on after it (s.r), and
// i is -1. Nothing between can open a candidate either (no 0xEF). It
// returns the "<" to go on with, and the ":" or 0xEF after it where it
// found one (-1 otherwise).
func (s *Scanner) passColonless(i int) (next, colon int) {
	for run := 0; ; {
		// Nearby, one pass finds the "<", ":" or 0xEF that comes first,
		// or the ">" before any line break; further on, the searches
		// below.
		j, c := nextOf(s.buf[i+1 : min(s.w, i+1+min(nearby, s.max))])
		switch {
		case c == '>' && j+1 < s.max:
			s.r = i + 2 + j
			return -1, -1
		case c == '<':
			i += 1 + j
			if run++; run > 1 {
				// A run of them, as in lines of quoted text with a "<"
				// each: to its last by searches.
				i = s.lastOfRun(i, colons)
			}
			continue
		case c != 0:
			return i, i + 1 + j
		}
		j = s.lt.find(s.buf[:s.w], i+1, s.w)
		if j < 0 || j > i+s.max || !colonless(s.buf[i+1:j]) {
			return i, -1
		}
		i = j
	}
}

// passOneLine drops a candidate on one line, from the "<" at buf offset i,
// that another "<" abandons or a ">" closes with nothing worth returning,
// before any of the machinery of start and scanOpen; colon is where
// passColonless found a ":" after i, or -1. It returns the "<" to go on
// with, -1 when it dropped one closed by a ">" (the scan goes on at s.r),
// or decided true when a ">" closes one that it made current. With the
// "<" to go on with, stop is where the first stop after it is, or the end
// of what it looked at (-1 otherwise).
func (s *Scanner) passOneLine(i, colon int) (next, stop int, decided bool) {
	for abandoned := 0; ; {
		k, lim := i+1, min(s.w, i+s.max+1)
		for ; k+8 <= lim; k += 8 {
			// Eight bytes a step, none of them a stop.
			b := s.buf[k : k+8 : k+8]
			if s.stop[b[0]]|s.stop[b[1]]|s.stop[b[2]]|s.stop[b[3]]|s.stop[b[4]]|s.stop[b[5]]|s.stop[b[6]]|s.stop[b[7]] != 0 {
				break
			}
		}
		for k < lim && s.stop[s.buf[k]] == 0 {
			k++
		}
		switch {
		case k == lim:
			return i, k, false
		case s.buf[k] == '<' && s.mode&skipAbandoned != 0:
			i = k
			if abandoned++; abandoned > 1 {
				// A run of them, as a line of "<" and words may be: to
				// its last by searches.
				i = s.lastOfRun(i, s.others)
			}
		case s.buf[k] == '>' && k < i+s.max:
			if s.hopeless(s.buf[i+1:k], false, i < colon && colon < k) {
				s.r = k + 1
				return -1, -1, false
			}
			// A candidate that this ">" closes, with no byte between that
			// scanOpen would stop at: decided now.
			s.closeNow(i, k)
			return i, -1, true
		default:
			return i, k, false
		}
	}
}

// lastOfRun returns the last "<" of the run of candidates that opens at
// buf offset i, each of them followed by the next "<" within the maximum
// length and before any of the bytes ends. Run on the stops but "<"
// (s.others), it passes over candidates that skipAbandoned drops; run
// on ":" and 0xEF (the first byte of "：", colons), over candidates that
// skipColonless drops, whether or not a ">" closes them on their line
// first, and between which nothing opens a candidate. The candidate at
// the last "<" is decided by what comes after it, as it would have been
// had the "<"s been walked to one by one. A window of the maximum length
// at a time is searched for the first of ends, and for the last "<"
// before it; every "<" up to that one is followed by another within the
// window, so within the maximum length.
func (s *Scanner) lastOfRun(i int, ends []byte) int {
	done := i + 1 // buf[i+1:done] holds none of ends
	for {
		hi := min(s.w, i+s.max+1)
		q := hi
		for _, c := range ends {
			if k := bytes.IndexByte(s.buf[done:q], c); k >= 0 {
				q = done + k
			}
		}
		l := bytes.LastIndexByte(s.buf[i+1:q], '<')
		if l < 0 {
			return i
		}
		i += 1 + l
		if q < hi {
			return i // one of ends comes before the next "<"
		}
		done = hi // the next window searches only past this one
	}
}

// colons are the bytes that skipColonless takes for a colon: ":" and
// 0xEF, the first byte of "：".
var colons = []byte{':', 0xEF}

// closeNow makes the candidate from "<" at buf offset at to ">" at gt
// current, when nothing between them stops scanOpen: start and emit in
// one, the quote prefix read from the lead, which fix works out anyway.
func (s *Scanner) closeNow(at, gt int) {
	s.open, s.openLen, s.fixed = at, 1, false
	s.fix()
	quote := ""
	if s.mode&quotePrefixes != 0 && len(s.lead) > 0 && (s.lead[0] == '>' || s.lead[0] == '|') {
		quote = leadQuote(s.lead)
	}
	s.setPend(at, s.buf[at:gt+1], Span{1, gt - at}, nil, quote, nil, false)
	s.open, s.r, s.ready = -1, gt+1, true
}

// setPend makes the wrapper at buf offset at, with its fields, the
// pending candidate. Each field is set in place: a composite literal was
// built on the stack and copied, and the copy stalled on the stores just
// made (a tenth of the time of never-closed quoted wrappers, NoLines).
// TestSetPend checks that it sets every field of Candidate.
func (s *Scanner) setPend(at int, raw []byte, body Span, err error, quote string, prefixes []Span, unquoted bool) {
	c := &s.pend
	c.Pos = s.openPos
	c.Kind = Bare
	c.Raw = raw
	c.Body = body
	c.Err = err
	l := &c.Layout
	l.Lead = s.lead
	l.Quote = quote
	l.Prefixes = prefixes
	l.QuoteClosed = false
	l.Unquoted = unquoted
	s.pendAt = at
}

// start opens a candidate at buf offset at, whose bracket takes n bytes.
func (s *Scanner) start(at, n int) {
	s.open, s.openLen, s.fixed = at, n, false
	s.quote = ""
	if s.mode&quotePrefixes != 0 {
		s.quote = s.lineQuote()
	}
	s.prefixes = s.prefixes[:0]
	s.fallback = -1
	s.unquoted = false
	s.r = at + n
}

// lineQuote returns the quote markers of the line on which the open
// candidate opens, from the bytes before it when that line starts in the
// buffer, from the tracker's head when no line breaks between the tracker
// and the candidate; only otherwise does it work out the candidate's
// position.
func (s *Scanner) lineQuote() string {
	if s.noLines && !s.prose.on {
		// fix finds the line's start as the search below would, and
		// keeps it.
		s.fix()
		return leadQuote(s.lead)
	}
	at, t := s.open, &s.track
	if t.at <= at && s.lfLine.find(s.buf[:s.w], t.at, at) < 0 && s.crLine.find(s.buf[:s.w], t.at, at) < 0 {
		// The line goes on from the tracker's: its head is the
		// tracker's, and what follows it.
		var first byte
		switch {
		case t.headLen > 0:
			first = t.head[0]
		case t.at < at:
			first = s.buf[t.at]
		}
		if first != '>' && first != '|' {
			return ""
		}
	} else if lo := max(t.at, at-leadMax); t.at <= at {
		if k := lastBreak(s.buf[lo:at]); k >= 0 {
			return leadQuote(s.buf[lo+k+1 : at])
		}
	}
	s.fix()
	return leadQuote(s.lead)
}

// fix works out the position and the lead of the open candidate.
func (s *Scanner) fix() {
	if s.fixed {
		return
	}
	s.fixed = true
	if s.noLines && !s.prose.on && s.fixNear() {
		return
	}
	// The tracker moves to the candidate. With Prose, it also makes the
	// finder of URLs in prose catch up with it: NoLines does not go
	// around it then.
	s.openPos = s.pos(s.open)
	s.lead = s.leadBuf[:copy(s.leadBuf[:], s.track.head[:s.track.headLen])]
	if s.noLines {
		s.openPos.Line = 0
	}
}

// fixNear is fix without the tracker, for NoLines: the open candidate's
// column and lead from the start of its line, when a line break stands
// within nearLine bytes before it and after the tracker. It reports
// false otherwise, and the tracker counts on to the candidate: on the
// tracker's line, where the tracker's count is as cheap, and on a line
// that starts farther back, whose next candidates are then on the
// tracker's line. The lead is a view of the buffer, which fill copies
// before the bytes move (a copy for each candidate was a twentieth of
// the time of quoted wrappers).
func (s *Scanner) fixNear() bool {
	at, t := s.open, &s.track
	if s.lfLine.find(s.buf[:s.w], t.at, at) < 0 && s.crLine.find(s.buf[:s.w], t.at, at) < 0 {
		return false
	}
	lo := max(t.at, at-nearLine)
	k, ascii := lastBreakASCII(s.buf[lo:at])
	if k < 0 {
		return false
	}
	k += lo
	col := at - k
	if !ascii {
		col = 1 + runeCount(s.buf[k+1:at])
	}
	s.openPos = Position{Filename: s.name, Offset: s.base + int64(at), Column: col}
	s.lead = s.buf[k+1 : min(at, k+1+leadMax)]
	return true
}

// nearLine is how far back from a wrapper fixNear looks for the start of
// its line: lines of text are shorter.
const nearLine = 256

// skip reports whether the open candidate, if it ended at buf offset end
// with its body ending at bodyEnd, would not be returned; if so, it is
// dropped and the scan goes on at end.
func (s *Scanner) skip(end, bodyEnd int, abandoned bool) bool {
	if s.hopeless(s.buf[min(s.open+s.openLen, bodyEnd):bodyEnd], abandoned, false) {
		s.open, s.r = -1, end
		return true
	}
	return false
}

// hopeless reports whether the Skip... modes drop a candidate with this
// body; hasColon, that the body is known to hold a ":" or 0xEF.
func (s *Scanner) hopeless(body []byte, abandoned, hasColon bool) bool {
	return abandoned && s.mode&skipAbandoned != 0 ||
		len(body) == 0 && s.mode&skipEmpty != 0 ||
		s.mode&skipColonless != 0 && !hasColon && colonless(body) ||
		s.mode&skipUnfit != 0 && unfit(body)
}

// nearby is how far from a "<" findOpen looks byte by byte.
const nearby = 32

// colonStop marks "<", ":" and 0xEF, the first byte of "：" and "＜"; 1
// for those, 2 for ">" and the line breaks, which count only before the
// first line break.
var colonStop = [256]uint8{'<': 1, ':': 1, 0xEF: 1, '>': 2, '\n': 2, '\r': 2}

// nextOf returns the index in b of the first "<", ":" or 0xEF, or of a
// ">" that no line break comes before, and that byte; 0 when b holds
// none. Past a line break, a ">" may be a quote marker, not the end of
// a candidate.
func nextOf(b []byte) (int, byte) {
	j := 0
	for ; j < len(b); j++ {
		if t := colonStop[b[j]]; t != 0 {
			if c := b[j]; t == 1 || c == '>' {
				return j, c
			}
			break
		}
	}
	for ; j < len(b); j++ {
		if colonStop[b[j]] == 1 {
			return j, b[j]
		}
	}
	return 0, 0
}

// colonless reports whether b holds no ":" and no 0xEF, the first byte of
// the fullwidth "：": a loop for the few bytes between brackets, searches
// for more.
func colonless(b []byte) bool {
	if len(b) > 32 {
		return bytes.IndexByte(b, ':') < 0 && bytes.IndexByte(b, 0xEF) < 0
	}
	for _, c := range b {
		if c == ':' || c == 0xEF {
			return false
		}
	}
	return true
}

// unfitByte marks the bytes that no URL holds and that no rule removes
// from a wrapper's first line.
var unfitByte = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = c < '\t' || c > '\r' // not white space
	}
	t[0x7f], t[0xc0], t[0xc1] = true, true, true
	for c := 0xf5; c <= 0xff; c++ {
		t[c] = true // never in UTF-8
	}
	return t
}()

// unfit reports whether the first line of body holds an unfit byte.
func unfit(body []byte) bool {
	// Eight printable ASCII bytes (0x20 to 0x7E) at a time: none is
	// unfit, none breaks the line.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(body) >= 8 {
		x := binary.LittleEndian.Uint64(body)
		if x&highs != 0 || (x+ones)&highs != 0 || (x-0x20*ones)&^x&highs != 0 {
			break
		}
		body = body[8:]
	}
	for _, c := range body {
		switch {
		case c == '\n' || c == '\r':
			return false
		case unfitByte[c]:
			return true
		}
	}
	return false
}

// scanOpen goes on with the open candidate. It returns true when the
// candidate is decided and made current, false when more data is needed.
func (s *Scanner) scanOpen() bool {
	cut := s.open + s.max // the candidate may take the bytes before cut
	for {
		if s.r > cut { // a quote prefix ran past the maximum length
			s.tooLong()
			return true
		}
		lim := min(s.w, cut+1)
		at := s.nextStop(lim)
		if at == lim {
			s.r = lim
			if lim > cut {
				s.tooLong()
				return true
			}
			return false
		}
		s.r = at
		n := s.bracket(at, '<')
		if n < 0 {
			return false
		}
		if n > 0 && at <= cut {
			s.anotherOpen(at)
			return true
		}
		if at >= cut {
			s.tooLong()
			return true
		}
		if n = s.bracket(at, '>'); n < 0 {
			return false
		} else if n > 0 {
			if at+n > cut {
				s.tooLong()
			} else if !s.skip(at+n, at, false) {
				s.emit(at+n, nil)
				s.r = at + n
			}
			return true
		}
		if c := s.buf[at]; s.quote != "" && (c == '\n' || c == '\r') {
			next, ok, more := s.continuation(at)
			if more {
				return false
			}
			if !ok {
				// The quoted text ends before ">".
				if s.fallback >= 0 {
					s.closeAtQuote()
				} else if !s.skip(at, at, true) {
					s.emit(at, &Unterminated{Err: ErrQuoteEnded})
					s.r = at
				}
				return true
			}
			s.r = next
			continue
		}
		s.r = at + 1
	}
}

// nextStop returns the buf offset of the next byte before lim that may
// decide the open candidate, or lim: looked for byte by byte nearby, where
// it usually is, and beyond with the finders.
func (s *Scanner) nextStop(lim int) int {
	near := min(lim, s.r+64)
	for k := s.r; k < near; k++ {
		if c := s.buf[k]; s.stop[c] != 0 && (s.quote != "" || c != '\n' && c != '\r') {
			return k
		}
	}
	at := lim
	if near < lim {
		for _, f := range s.events() {
			if i := f.find(s.buf[:s.w], near, at); i >= 0 {
				at = i
			}
		}
	}
	return at
}

// anotherOpen decides the open candidate at another "<", at buf offset at,
// which opens the next one: closed at a quote marker, or abandoned.
func (s *Scanner) anotherOpen(at int) {
	if s.fallback >= 0 {
		s.closeAtQuote()
		return
	}
	if s.skip(at, at, true) {
		return
	}
	s.fix()
	next := s.pos(at)
	s.emit(at, &Unterminated{Err: ErrAnotherOpen, Next: next})
	s.r = at
}

// events returns the finders of the bytes that may decide the open
// candidate.
func (s *Scanner) events() []*finder {
	ev := s.evBuf[:0]
	ev = append(ev, &s.gt, &s.lt)
	if s.mode&fullwidthBrackets != 0 {
		ev = append(ev, &s.ef)
	}
	if s.quote != "" {
		ev = append(ev, &s.lf, &s.cr)
	}
	return ev
}

// continuation reads the line break at buf offset at and the quote
// prefix of the line after it. It returns where the wrapper goes on, or
// ok false when that line does not start with the candidate's prefix;
// more is true when the data ends too soon to tell.
func (s *Scanner) continuation(at int) (next int, ok, more bool) {
	b := at + 1
	if s.buf[at] == '\r' && b < s.w && s.buf[b] == '\n' {
		b++
	}
	// The prefix, and the marker after it that would make it deeper.
	if need := b + 2*len(s.quote) + 2; need > s.w && !s.eof && s.err == nil {
		return 0, false, true
	}
	if s.fallback < 0 && b < s.w && b < s.open+s.max && s.buf[b] == '>' {
		s.fallback = b // the first ">" that starts a line, prefix or not
	}
	end, ok := matchQuote(s.buf[b:s.w], s.quote)
	if !ok {
		if s.fallback >= 0 || s.unquoted {
			return 0, false, false
		}
		// A line without the prefix goes on with the wrapper only when
		// it closes it: the quoted line was re-wrapped by a mailer.
		closes, more := s.closesLine(b)
		if closes {
			s.unquoted = true
			return b, true, false
		}
		return 0, false, more
	}
	s.prefixes = append(s.prefixes, Span{b - s.open, b + end - s.open})
	return b + end, true, false
}

// closesLine reports whether the line that starts at buf offset b closes
// the open candidate as a line re-wrapped by a mailer does: it starts
// with a word that ends in ">" (a mailer breaks lines at white space, and
// a URL holds none), with no quote marker, "<" or white space before it;
// more is true when the data ends too soon to tell.
func (s *Scanner) closesLine(b int) (closes, more bool) {
	if b < s.w && (s.buf[b] == '>' || s.buf[b] == '|') {
		return false, false
	}
	lim := min(s.w, s.open+s.max)
	for k := b; k < lim; k++ {
		switch c := s.buf[k]; {
		case c == '>':
			return true, false
		case c == '<' || c <= ' ':
			return false, false
		case c == 0xEF:
			if n := s.bracket(k, '>'); n != 0 {
				return n > 0, n < 0
			}
			if s.bracket(k, '<') != 0 {
				return false, false
			}
		}
	}
	return false, lim == s.w && !s.eof && s.err == nil
}

// closeAtQuote closes the open candidate at the first ">" of a quote
// prefix, and goes on scanning after it.
func (s *Scanner) closeAtQuote() {
	fb := s.fallback
	keep := s.prefixes[:0]
	for _, p := range s.prefixes {
		if s.open+p.Start < fb {
			keep = append(keep, p)
		}
	}
	s.prefixes = keep
	if !s.skip(fb+1, fb, false) {
		s.emit(fb+1, nil)
		s.pend.Layout.QuoteClosed = true
	}
	s.r = fb + 1
}

// tooLong abandons the open candidate at its maximum length.
func (s *Scanner) tooLong() {
	if s.fallback >= 0 && s.fallback < s.open+s.max {
		s.closeAtQuote()
		return
	}
	cut := s.open + s.max
	if s.skip(cut, cut, true) {
		return
	}
	keep := s.prefixes[:0]
	for _, p := range s.prefixes {
		if p.End <= s.max {
			keep = append(keep, p)
		}
	}
	s.prefixes = keep
	s.emit(cut, &Unterminated{Err: ErrTooLong, Max: s.max})
	s.r = cut
}

// emit makes the candidate at s.open, ending at buf offset end, current,
// and closes it.
func (s *Scanner) emit(end int, err error) {
	s.fix()
	raw := s.buf[s.open:end]
	body := Span{min(s.openLen, len(raw)), len(raw)} // a maximum of 2 cuts "＜"
	if err == nil {
		body.End -= 1
		if bytes.HasSuffix(raw, []byte(fullClose)) {
			body.End -= 2
		}
	}
	s.setPend(s.open, raw, body, err, s.quote, s.prefixes, s.unquoted)
	s.open = -1
	s.ready = true
}

// quickMode and invalidMode are the modes in which findOpen decides
// short candidates with skipHopeless (softChars, which only URLs in prose
// read, aside): a library's without Prose, and the command's, which
// reports the invalid wrappers it can read, to count those the grammar
// rejects (ReportInvalid).
const (
	quickMode   = defaultMode | skipEmpty | skipAbandoned | skipColonless | skipUnfit
	invalidMode = defaultMode | skipEmpty | skipColonless
)

// noQuick turns skipHopeless and closeQuoted off: the tests check that it
// changes nothing but the speed.
var noQuick = false
