package scanner

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// lookBack is the most bytes a prose candidate starts before the byte
// that finds it (its ":", ".", or "@"): the longest scheme, local part or
// label taken.
const lookBack = 64

// proseCand is a prose candidate found but not yet returned; its offsets
// are in buf.
type proseCand struct {
	start int      // its first byte
	body  int      // the end of its run on its line
	end   int      // the end of its window: as far as the URL may reach, at a line end
	kind  Kind     // Unwrapped, Quoted, Schemeless or Email
	host  bool     // a Schemeless found by its shape alone (Hosts), not by "www." or "ftp."
	pos   Position // set once worked out (pos.Line > 0)
	lead  []byte   // its Lead, in prose.leads, once pos is worked out
}

// prose is the state of the finder of URLs written without wrappers.
type prose struct {
	on, schemeless bool
	schemes        *Schemes
	pr             int // buf offset from which the events are still to look at
	lastEnd        int // buf offset of the end of the run of the last candidate taken
	colon, dot, at finder
	lf, cr         finder   // the line breaks after a candidate's run
	last           [16]byte // the last scheme asked of the Schemes, and its answer
	lastLen        int
	lastTake       bool
	lastSlashes    bool
	word           shortWord // the last word of up to 8 bytes mayScheme asked of known
	runFrom, runTo int       // buf offsets between which all are URL characters
	queue          []proseCand
	qhead          int
	pending        proseCand // one that waits for data, its position worked out (start -1 when none)
	leads          []byte    // the Leads of the queued candidates, in block
	block, spare   []byte    // the block that leads is in, from its start, and the other one
}

// proseInit sets the prose finder's searches up, once for all scans.
func (s *Scanner) proseInit() {
	p := &s.prose
	p.colon = finder{c: ':', filter: schemes, p: p}
	p.dot, p.at = finder{c: '.', filter: www}, finder{c: '@'}
	p.lf, p.cr = finder{c: '\n'}, finder{c: '\r'}
	if p.schemeless {
		p.dot.filter = label
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
	p.lf.reset()
	p.cr.reset()
	p.last, p.lastLen, p.lastTake, p.lastSlashes = [16]byte{}, 0, false, false
	p.word = shortWord{}
	p.runFrom, p.runTo = 0, 0
	p.queue, p.qhead, p.leads = p.queue[:0], 0, p.block[:0]
	p.pending.start = -1
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
		c := &p.queue[i]
		c.start, c.body, c.end = c.start-n, c.body-n, c.end-n
	}
	if p.pending.start >= 0 {
		p.pending.start -= n
	}
	p.colon.shift(n)
	p.dot.shift(n)
	p.at.shift(n)
	p.lf.shift(n)
	p.cr.shift(n)
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
	s.proseFix(c)
	lead := c.lead
	quote := ""
	if s.mode&quotePrefixes != 0 && len(lead) > 0 && (lead[0] == '>' || lead[0] == '|') {
		quote = leadQuote(lead)
	}
	s.cand = Candidate{Pos: c.pos, Kind: c.kind, Raw: s.buf[c.start:c.end], Body: Span{0, c.body - c.start},
		Layout: Layout{Lead: lead, Quote: quote}}
	if s.noLines {
		s.cand.Pos.Line = 0
	}
	s.cur = &s.cand
	p.qhead++
	if p.qhead == len(p.queue) {
		p.queue, p.qhead = p.queue[:0], 0
		p.dropLeads()
	}
	return true
}

// dropLeads lets the Leads of the queue, all returned, be written over:
// a candidate is valid until the next Scan. The Lead of one that waits
// for data stays where it is, and leads goes on past it (a new block
// when it is full). A new block for every 4 KiB of Leads made 10 MiB of
// garbage, and its page faults, on 16 MiB of dense host names.
func (p *prose) dropLeads() {
	if p.pending.start >= 0 && p.pending.pos.Line > 0 || noShortcuts {
		p.leads = p.leads[len(p.leads):]
		return
	}
	p.leads = p.leads[:0]
}

// proseFix works out the position and the lead of a queued candidate,
// once: both from the tracker, which it moves to the candidate.
func (s *Scanner) proseFix(c *proseCand) {
	if c.pos.Line > 0 {
		return
	}
	p := &s.prose
	c.pos = s.at(c.start)
	var lead []byte
	if t := &s.track; t.at == c.start {
		lead = t.head[:t.headLen] // the tracker stands at the candidate
	} else {
		lead = s.lineHead(c.start)
	}
	if cap(p.leads)-len(p.leads) < len(lead) {
		p.moveLeads(len(lead))
	}
	n := len(p.leads)
	p.leads = append(p.leads, lead...)
	c.lead = p.leads[n:len(p.leads):len(p.leads)]
}

// moveLeads makes room for need bytes of Leads more: it copies the Leads
// of the candidates still to return, queued or pending, to the start of
// the spare block, and makes it the current one. The block it leaves then
// holds only Leads of candidates that earlier calls of Scan returned,
// which are no longer valid (moveLeads runs within Scan), and becomes the
// spare. A spare too small for twice what it must hold is made anew. On
// text whose queue seldom empties (wrappers and URLs in prose, dense, as
// in the memory row of BENCHMARKS.md), a new block for every 4 KiB of
// Leads made 440 MB of garbage for 1 GiB, and a collection for every 14
// MB read.
func (p *prose) moveLeads(need int) {
	live := need
	for i := p.qhead; i < len(p.queue); i++ {
		live += len(p.queue[i].lead)
	}
	if p.pending.start >= 0 {
		live += len(p.pending.lead)
	}
	dst := p.spare[:0]
	if cap(dst) < 2*live {
		dst = make([]byte, 0, max(4096, 2*live))
	}
	move := func(c *proseCand) {
		n := len(dst)
		dst = append(dst, c.lead...)
		c.lead = dst[n:len(dst):len(dst)]
	}
	for i := p.qhead; i < len(p.queue); i++ {
		if c := &p.queue[i]; c.pos.Line > 0 {
			move(c)
		}
	}
	if p.pending.start >= 0 && p.pending.pos.Line > 0 {
		move(&p.pending)
	}
	p.spare, p.block = p.block, dst[:cap(dst)]
	p.leads = dst
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
		j := s.nextEvent(hi)
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
					s.proseFix(&p.queue[i])
				}
				if p.pending.start != c.start {
					p.pending = proseCand{start: c.start}
					s.proseFix(&p.pending)
				}
			}
			break
		}
		if c.start < 0 || c.body <= c.start {
			p.pr = j + 1
			if p.runFrom <= p.pr && !p.schemeless && !noShortcuts {
				// A scheme or "www." found at or before runTo-max-1, its
				// URL going on from after it, runs past its maximum
				// length: it would be dropped.
				p.pr = max(p.pr, p.runTo-s.max)
			}
			continue
		}
		if c.start == p.pending.start {
			c.pos, c.lead = p.pending.pos, p.pending.lead
		}
		p.pending.start = -1
		if len(p.queue) == cap(p.queue) && p.qhead > 0 {
			// The candidates returned make room, where the queue
			// seldom empties.
			p.queue, p.qhead = p.queue[:copy(p.queue, p.queue[p.qhead:])], 0
		}
		p.queue = append(p.queue, c)
		p.lastEnd, p.pr = c.body, c.body
	}
	for i := p.qhead; i < len(p.queue); i++ {
		if c := &p.queue[i]; c.start < limit {
			s.proseFix(c)
		}
	}
}

// nextEvent returns the buf offset of the next byte from p.pr on, before
// hi, that may find a prose candidate: a ":", a "." or (Hosts) an "@";
// -1 when there is none.
func (s *Scanner) nextEvent(hi int) int {
	p := &s.prose
	j := p.colon.find(s.buf[:s.w], p.pr, hi)
	if k := p.dot.find(s.buf[:s.w], p.pr, hi); k >= 0 && (j < 0 || k < j) {
		j = k
	}
	if p.schemeless {
		if k := p.at.find(s.buf[:s.w], p.pr, hi); k >= 0 && (j < 0 || k < j) {
			j = k
		}
	}
	return j
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
		} else {
			p.Column = s.col0 + runeCount(s.buf[:i])
		}
		return p
	}
	s.advanceTo(i)
	return Position{Filename: s.name, Offset: s.base + int64(i), Line: s.track.Line, Column: s.track.Column}
}

// mayScheme is the schemes filter's look at the word before the ":" at
// buf offset j: false when it is no scheme that proseAt takes. It leaves
// to proseAt the words it cannot judge alone: those with ".", "+" or "-"
// (proseAt tries the tails after a "." or "-"), and those that reach back to the
// last candidate or too far.
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
	if k <= p.lastEnd || j-k == lookBack || p.schemes == nil {
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
	return !slashes || j+3 > len(buf) || buf[j+1] == '/' && buf[j+2] == '/' || breaksAt(buf, j+1)
}

// breaksAt reports whether only spaces and tabs stand between buf offset k
// and a line break, or the end of buf: a URL that a line break cuts right
// after its ":" ("http:") may go on on the next line.
func breaksAt(buf []byte, k int) bool {
	for k < len(buf) && (buf[k] == ' ' || buf[k] == '\t') {
		k++
	}
	return k == len(buf) || buf[k] == '\n' || buf[k] == '\r'
}

// shortWord is a word of up to 8 bytes, as mayScheme reads it (n is 0
// for none), and the Schemes' answer.
type shortWord struct {
	w             uint64
	n             int
	take, slashes bool
}

// isKnown is the Schemes' Prose, remembering the last answer: a text that
// repeats a word before ":" asks once.
func (p *prose) isKnown(scheme []byte) (take, slashes bool) {
	if len(scheme) == p.lastLen && bytes.Equal(scheme, p.last[:p.lastLen]) {
		return p.lastTake, p.lastSlashes
	}
	take, slashes = p.schemes.Prose(scheme)
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
// returns the candidate it starts, with body <= start when none; more is
// true when the data ends too soon to tell.
func (s *Scanner) proseAt(j int, final bool) (c proseCand, more bool) {
	c.start = -1 // none, or not known yet
	floor := max(s.prose.lastEnd, j-lookBack, 0)
	switch s.buf[j] {
	case ':':
		return s.schemeAt(j, floor, final)
	case '.':
		if j+1 >= s.w && !final {
			return c, true
		}
		// "www." or "ftp." at a word start.
		if k := j - 3; k >= floor && j+1 < s.w && hostByte[s.buf[j+1]] && s.buf[j+1] != '-' &&
			(k == 0 || !wordByte[s.buf[k-1]] && !boundNot[s.buf[k-1]]) && isWWW(s.buf[k:j]) {
			return s.proseEnd(proseCand{start: k, kind: Schemeless}, j+1, final)
		}
		if s.prose.schemeless {
			return s.hostAt(j, floor, final)
		}
	case '@':
		if s.prose.schemeless {
			return s.emailAt(j, floor, final)
		}
	}
	return c, false
}

// schemeAt is proseAt for a ":": the scheme before it is the longest run
// of scheme bytes that starts a word, or, when that is not one the
// Schemes take, a tail of it after a "." or a "-" ("e.g.http:",
// "-https:"), never after a "+" ("svn+ssh:" is no "ssh:").
func (s *Scanner) schemeAt(j, floor int, final bool) (c proseCand, more bool) {
	c.start = -1
	p := &s.prose
	if p.schemes == nil {
		return c, false
	}
	k := j
	for k > floor && schemeByte[s.buf[k-1]] {
		k--
	}
	// A word that runs back past lookBack is longer than any scheme: not
	// one, but its tails may be.
	cut := k == floor && k > 0 && k == j-lookBack && schemeByte[s.buf[k-1]]
	for ; k < j; k++ {
		if k > floor && schemeByte[s.buf[k-1]] && s.buf[k-1] != '.' && s.buf[k-1] != '-' ||
			cut && k == j-lookBack && s.buf[k-1] != '.' && s.buf[k-1] != '-' {
			continue
		}
		if !isLetter(s.buf[k]) || k > 0 && wordByte[s.buf[k-1]] {
			continue
		}
		take, slashes := p.isKnown(s.buf[k:j])
		if !take {
			continue
		}
		from := j + 1
		if slashes {
			if j+3 > s.w && !final {
				return c, true
			}
			switch {
			case j+3 <= s.w && s.buf[j+1] == '/' && s.buf[j+2] == '/':
				from = j + 3 // "scheme://" alone is no URL
			case !breaksAt(s.buf[:s.w], j+1):
				return c, false
			}
		}
		c = proseCand{start: k, kind: Unwrapped}
		if k > 0 && s.buf[k-1] == '"' {
			c.kind = Quoted
		}
		return s.proseEnd(c, from, final)
	}
	return c, false
}

// hostAt is proseAt for a "." with the Hosts rule: a bare host name, its
// labels around the dot. A label does not run from CJK letters into
// ASCII ones or back: a host name glued to CJK text takes none of it.
func (s *Scanner) hostAt(j, floor int, final bool) (c proseCand, more bool) {
	c.start = -1
	k := j
	for k > floor {
		if b := s.buf[k-1]; b < utf8.RuneSelf && (k == j || s.buf[k] < utf8.RuneSelf) {
			// Between two ASCII bytes no label breaks (cjkBreak): the
			// common case, a byte at a time with no rune decoded.
			if !hostByte[b] {
				break
			}
			k--
			continue
		}
		n := s.hostRuneBefore(k, floor)
		if n == 0 || k < j && cjkBreak(s.buf[k-n:k], s.buf[k:]) {
			break
		}
		k -= n
	}
	// A label of 64 bytes or more is none of DNS (RFC 1035 section 2.3.4).
	if k == j || k == j-lookBack || s.buf[k] == '-' || k > 0 && (wordByte[s.buf[k-1]] || boundNot[s.buf[k-1]]) {
		return c, false
	}
	if s.hostRuneAt(j+1) <= 0 || s.buf[j+1] == '-' {
		if j+utf8.UTFMax > s.w && !final {
			return c, true
		}
		return c, false
	}
	return s.proseEnd(proseCand{start: k, kind: Schemeless, host: true}, j+1, final)
}

// emailAt is proseAt for an "@" with the Hosts rule: an e-mail address,
// its local part before the "@".
func (s *Scanner) emailAt(j, floor int, final bool) (c proseCand, more bool) {
	c.start = -1
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

// proseEnd finds where the run of the candidate c, whose text goes on at
// buf offset from, stops on its line, and its window: the lines after it
// that the URL may go on over, as far as it may reach.
func (s *Scanner) proseEnd(c proseCand, from int, final bool) (proseCand, bool) {
	// A candidate that runs past the maximum length is dropped, as an
	// abandoned wrapper is: where it would end is not known.
	cut := c.start + s.max + 1
	var end int
	switch {
	case c.host:
		var ok, more bool
		if end, ok, more = s.hostEnd(from, cut, final); !ok || more {
			return c, more
		}
	default:
		var more, long bool
		end, more, long = s.run(from, cut, final)
		if more || long {
			return c, more
		}
		end = c.start + unbalanced(s.buf[c.start:end])
	}
	if c.kind == Email {
		// The domain: labels and dots, up to anything else.
		k := s.labels(from, end)
		for k > from && (s.buf[k-1] == '.' || s.buf[k-1] == '-') {
			k--
		}
		end = k
	}
	if end <= from && (c.kind == Email || c.host || !breaksAt(s.buf[:s.w], end)) {
		// Nothing after the scheme, but where a line break cuts the URL
		// right after its ":" or its "//": the next line may go on with
		// it.
		c.body = c.start
		return c, false
	}
	c.body = end
	return s.window(c, final)
}

// hostEnd finds where a bare host name whose labels go on at buf offset
// from ends: its labels, then maybe a port, then maybe a path (to the end
// of the run). What follows the host name otherwise must end the URL,
// or it is none (ok false): "foo.bar=baz". Neither is a host name whose
// last label is a scheme before its ":" ("e.g.http:"): that ":" starts a
// URL.
func (s *Scanner) hostEnd(from, cut int, final bool) (end int, ok, more bool) {
	lim := min(s.w, cut)
	k := s.labels(from, lim)
	if k < s.w && s.buf[k] >= utf8.RuneSelf && !utf8.FullRune(s.buf[k:s.w]) && !final {
		return 0, false, true // a character cut by the end of the data
	}
	if k < lim && s.buf[k] == ':' {
		d := k + 1
		for d < lim && s.buf[d] >= '0' && s.buf[d] <= '9' {
			d++
		}
		if d == s.w && d < cut && !final {
			return 0, false, true
		}
		if d > k+1 {
			k = d
		} else if dot := bytes.LastIndexByte(s.buf[from-1:k], '.'); dot >= 0 && s.prose.schemes != nil {
			// from-1 is the "." that found the host name.
			if take, _ := s.prose.isKnown(s.buf[from+dot : k]); take {
				return 0, false, false
			}
		}
	}
	switch {
	case k >= cut:
		return 0, false, false
	case k == s.w && !final:
		return 0, false, true
	case k < s.w && s.buf[k] != '/':
		if b := s.buf[k]; b < utf8.RuneSelf && !stopByte[b] && !strings.ContainsRune(".,;:!?'\")]}*", rune(b)) {
			return 0, false, false
		}
		return k, true, false // the URL ends here
	}
	end, more, long := s.run(k, cut, final)
	return k + unbalanced(s.buf[k:end]), !more && !long, more
}

// window gives c, whose run stops on its line at c.body, its window: the
// rest of its line, and when the line ends there (but for spaces and
// tabs), the lines after it up to the last line break within the maximum
// length from its start, or to the end of the input. more is true when
// the data ends too soon to tell.
func (s *Scanner) window(c proseCand, final bool) (proseCand, bool) {
	reach := c.start + s.max // no URL takes more
	lim := min(s.w, reach)
	e := s.prose.lineEnd(s.buf[:s.w], c.body, lim)
	switch {
	case e < 0 && reach > s.w && !final:
		return c, true
	case e < 0:
		c.end = lim // the line goes on past the reach, or the input ends
	case c.kind == Email || !spaces(s.buf[c.body:e]):
		c.end = e
	case reach >= s.w && !final:
		return c, true // whether the input ends at the reach, or a line is cut there
	default:
		c.end = lim
		if c.end < s.w || !final {
			// A line cut by the reach is not in the window, nor the CR of
			// a CR LF.
			c.end = e + lastBreak(s.buf[e:c.end])
			if c.end > e && s.buf[c.end] == '\n' && s.buf[c.end-1] == '\r' {
				c.end--
			}
		}
	}
	return c, false
}

// lineEnd returns the buf offset of the first line break in buf[i:j], or
// -1.
func (p *prose) lineEnd(buf []byte, i, j int) int {
	k := p.lf.find(buf, i, j)
	if l := p.cr.find(buf, i, j); l >= 0 && (k < 0 || l < k) {
		k = l
	}
	return k
}

// spaces reports whether b holds only spaces and tabs.
func spaces(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// lineHead returns the start of the line of buf offset i, at most leadMax
// bytes: from the buffer when the line starts there, or else from the
// tracker, whose line it is: its head, then the bytes from it up to i.
// After a reset the tracker stands at the buffer's start with an empty
// head, the start of a line, wherever in a larger input that is.
func (s *Scanner) lineHead(i int) []byte {
	if k := lastBreak(s.buf[:i]); k >= 0 {
		return s.buf[k+1 : min(i, k+1+leadMax)]
	}
	t := &s.track
	switch {
	case t.at > i && t.headLen < leadMax:
		// The tracker stands further on the same line: its head holds the
		// whole line up to it.
		return t.head[:max(0, t.headLen-(t.at-i))]
	case t.at >= i || t.headLen == leadMax:
		return t.head[:t.headLen]
	}
	n := copy(s.headBuf[:], t.head[:t.headLen])
	n += copy(s.headBuf[n:], s.buf[t.at:i])
	return s.headBuf[:n]
}
